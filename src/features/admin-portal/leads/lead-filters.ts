/**
 * The Leads page's filters, kept in the URL's query string so a filtered view
 * can be reloaded and shared. Unknown or malformed values are ignored (the
 * filter is then off), never an error.
 *
 *   ?form=contact|b2b  &language=en|fr  &consent=given|not-given
 *   &outcome=pending|sent|failed|rejected|not_sent  &spam=include|only  &page=2
 */
export const LEAD_FORMS = { contact: 'contact', b2b: 'b2b_request' } as const;
export type LeadFormParam = keyof typeof LEAD_FORMS;
export type LeadFormValue = (typeof LEAD_FORMS)[LeadFormParam];

/** The `leads.hubspot_status` values (supabase/migrations/20261123030000_leads.sql). */
export const LEAD_OUTCOMES = ['pending', 'sent', 'failed', 'rejected', 'not_sent'] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];

export type LeadFilters = {
  form: LeadFormValue | null;
  language: 'en' | 'fr' | null;
  consent: boolean | null;
  outcome: LeadOutcome | null;
  /** Spam is hidden unless asked for. */
  spam: 'hide' | 'include' | 'only';
  /** 1-based. */
  page: number;
};

export const NO_FILTERS: LeadFilters = {
  form: null,
  language: null,
  consent: null,
  outcome: null,
  spam: 'hide',
  page: 1,
};

/** The most pages one could want to skip to; anything larger is not a page number. */
const MAX_PAGE = 100_000;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export function parseLeadFilters(params: URLSearchParams): LeadFilters {
  const formParam = oneOf(Object.keys(LEAD_FORMS) as LeadFormParam[], params.get('form'));
  const consent = params.get('consent');
  const page = Number(params.get('page'));
  return {
    form: formParam ? LEAD_FORMS[formParam] : null,
    language: oneOf(['en', 'fr'] as const, params.get('language')),
    consent: consent === 'given' ? true : consent === 'not-given' ? false : null,
    outcome: oneOf(LEAD_OUTCOMES, params.get('outcome')),
    spam: oneOf(['include', 'only'] as const, params.get('spam')) ?? 'hide',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The query string for `filters`, with only what differs from no filter, in a stable order. */
export function leadFiltersSearch(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  const formParam = (Object.keys(LEAD_FORMS) as LeadFormParam[]).find((key) => LEAD_FORMS[key] === filters.form);
  if (formParam) params.set('form', formParam);
  if (filters.language) params.set('language', filters.language);
  if (filters.consent !== null) params.set('consent', filters.consent ? 'given' : 'not-given');
  if (filters.outcome) params.set('outcome', filters.outcome);
  if (filters.spam !== 'hide') params.set('spam', filters.spam);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Whether any filter narrows the list (the page number aside). */
export function isFiltered(filters: LeadFilters): boolean {
  return leadFiltersSearch({ ...filters, page: 1 }).size > 0;
}
