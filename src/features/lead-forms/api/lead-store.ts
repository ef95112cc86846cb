/**
 * The database side of a lead, through the tiny REST client (supabase-js
 * never loads on public pages): a form token when the visitor approaches the
 * form (the server measures the fill time from it), store the lead, then
 * record what HubSpot answered with the one-time token the store returned
 * (docs/decisions/080-leads-stored-before-hubspot.md,
 * docs/decisions/122-lead-checks-the-server-makes.md).
 */
import type { HubspotOutcome } from '@/integrations/hubspot/outcome';
import type { HubspotField } from '@/integrations/hubspot/submit-form';
import type { Locale } from '@/i18n/locales';
import { DataApiError } from '@/lib/supabase/errors';
import { restRpc } from '@/lib/supabase/rest';

export type LeadForm = 'contact' | 'b2b_request';

export type LeadRecord = {
  form: LeadForm;
  language: Locale;
  fields: HubspotField[];
  pageUri: string;
  pageName: string;
  hutk?: string;
  marketingConsent: boolean;
  /** The server stores the consent texts it knows for this version and language, not ours. */
  consentVersion: string;
  honeypot: string;
  /** From lead_form_token() when the visitor approached the form; null when it could not be fetched. */
  formToken: string | null;
};

export type StoredLead = { id: string; token: string | null; spam: boolean };

const STORE_TIMEOUT_MS = 10_000;
const TOKEN_TIMEOUT_MS = 5_000;
const RECORD_TIMEOUT_MS = 5_000;

/** Clips to the database's bounds (by code point, as char_length counts) so a long page title never costs a lead. */
function clip(value: string, max: number): string {
  const points = Array.from(value);
  return points.length > max ? points.slice(0, max).join('') : value;
}

export async function storeLead(lead: LeadRecord): Promise<StoredLead> {
  return restRpc<StoredLead>(
    'submit_lead',
    {
      form: lead.form,
      language: lead.language,
      fields: lead.fields,
      page_uri: clip(lead.pageUri, 2048),
      page_name: clip(lead.pageName, 300),
      marketing_consent: lead.marketingConsent,
      consent_version: lead.consentVersion,
      form_token: lead.formToken ?? '',
      ...(lead.hutk ? { hutk: clip(lead.hutk, 128) } : {}),
      honeypot: clip(lead.honeypot, 1000),
    },
    { signal: AbortSignal.timeout(STORE_TIMEOUT_MS) },
  );
}

/** The signed time the form was approached; the server measures the fill time from it. */
export async function fetchFormToken(): Promise<string> {
  return restRpc<string>('lead_form_token', {}, { signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS) });
}

/**
 * Why the database would not store a lead, when it answered:
 * - 'limited': too many leads from this client (PT429, HTTP 429);
 * - 'refused': it judged the request itself wrong (any other 4xx).
 * null when it did not answer or failed (network, timeout, 5xx): only then may
 * the lead go to HubSpot directly.
 */
export function storeRefusal(error: unknown): 'limited' | 'refused' | null {
  if (!(error instanceof DataApiError)) return null;
  if (error.code === 'PT429' || error.status === 429) return 'limited';
  if (error.status !== undefined && error.status >= 400 && error.status < 500) return 'refused';
  return null;
}

export async function recordLeadOutcome(lead: StoredLead, outcome: HubspotOutcome): Promise<boolean> {
  if (!lead.token) return false;
  return restRpc<boolean>(
    'record_lead_outcome',
    {
      lead_id: lead.id,
      token: lead.token,
      status: outcome.status,
      failure: outcome.failure,
      http_status: outcome.httpStatus,
      error_types: outcome.errorTypes,
    },
    // keepalive: the visitor may leave as soon as they see the answer.
    { signal: AbortSignal.timeout(RECORD_TIMEOUT_MS), keepalive: true },
  );
}
