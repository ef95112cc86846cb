/**
 * Leads for staff (docs/decisions/082-lead-retention-on-staff-read.md,
 * docs/decisions/084-leads-page-resend-and-aal2.md): every list read first
 * purges the leads past their retention period, then reads one page, newest
 * first; a failed lead is sent to HubSpot again with the same request the
 * public form makes, and what HubSpot answered is recorded on the lead.
 * The database lets only an admin at aal2 read, record and purge.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { hubspotOutcome, type HubspotOutcome } from '@/integrations/hubspot/outcome';
import { sendLeadToHubspot, type LeadFormKind } from '@/integrations/hubspot/lead-submission';
import type { HubspotField } from '@/integrations/hubspot/submit-form';
import { supabase } from '@/lib/supabase/client';
import type { Tables } from '@/lib/supabase/database.types';
import { DataApiError, unwrap } from '@/lib/supabase/errors';
import type { LeadFilters } from '../lead-filters';

export type Lead = Tables<'leads'>;

/** Leads per page of the list. */
export const LEADS_PER_PAGE = 50;
/** At most this many leads go into one CSV export; narrow the filters for the rest. */
export const EXPORT_LIMIT = 5000;
const EXPORT_CHUNK = 1000;

/** A lead the visitor's browser has not answered for within this long will not be answered (its outcome token expired). */
export const STALE_PENDING_MS = 60 * 60 * 1000;

export type LeadPage = { leads: Lead[]; total: number; purged: number };

export type RetentionPeriods = { retention: string; spamRetention: string };

function leadsQuery(filters: LeadFilters, count?: 'exact') {
  let query = supabase.from('leads').select('*', count ? { count } : undefined);
  if (filters.form) query = query.eq('form', filters.form);
  if (filters.language) query = query.eq('language', filters.language);
  if (filters.consent !== null) query = query.eq('marketing_consent', filters.consent);
  if (filters.outcome) query = query.eq('hubspot_status', filters.outcome);
  if (filters.spam !== 'include') query = query.eq('spam', filters.spam === 'only');
  return query.order('created_at', { ascending: false }).order('id', { ascending: false });
}

/** "24 months", "30 days", "18 months and 15 days". */
export function describePeriod(months: number, days: number): string {
  const parts = [
    months > 0 ? `${months} ${months === 1 ? 'month' : 'months'}` : null,
    days > 0 || months === 0 ? `${days} ${days === 1 ? 'day' : 'days'}` : null,
  ].filter(Boolean);
  return parts.join(' and ');
}

export const leadQueries = {
  all: () => ['admin', 'leads'] as const,
  list: (filters: LeadFilters) =>
    queryOptions({
      queryKey: [...leadQueries.all(), 'list', filters] as const,
      queryFn: async (): Promise<LeadPage> => {
        // Expired leads are deleted before anyone reads the list (decision 082).
        const purged = unwrap<number>(await supabase.rpc('purge_expired_leads'));
        const from = (filters.page - 1) * LEADS_PER_PAGE;
        const result = await leadsQuery(filters, 'exact').range(from, from + LEADS_PER_PAGE - 1);
        // Past the last page PostgREST answers 416 (PGRST103): that page is simply empty.
        if (result.error?.code === 'PGRST103') return { leads: [], total: result.count ?? 0, purged };
        const leads = unwrap<Lead[]>(result);
        return { leads, total: result.count ?? leads.length, purged };
      },
      placeholderData: keepPreviousData,
    }),
  retention: () =>
    queryOptions({
      queryKey: [...leadQueries.all(), 'retention'] as const,
      queryFn: async (): Promise<RetentionPeriods | null> => {
        const rows = unwrap<Array<Record<string, number>>>(await supabase.rpc('lead_retention_periods'));
        const row = rows[0];
        if (!row) return null;
        return {
          retention: describePeriod(row.retention_months ?? 0, row.retention_days ?? 0),
          spamRetention: describePeriod(row.spam_retention_months ?? 0, row.spam_retention_days ?? 0),
        };
      },
      staleTime: 5 * 60 * 1000,
    }),
};

/** Every lead the filters match, newest first, up to EXPORT_LIMIT; `truncated` when there were more. */
export async function leadsForExport(filters: LeadFilters): Promise<{ leads: Lead[]; truncated: boolean }> {
  const leads: Lead[] = [];
  let total = 0;
  for (let from = 0; from < EXPORT_LIMIT; from += EXPORT_CHUNK) {
    const result = await leadsQuery(filters, 'exact').range(from, Math.min(from + EXPORT_CHUNK, EXPORT_LIMIT) - 1);
    if (result.error?.code === 'PGRST103') break;
    const chunk = unwrap<Lead[]>(result);
    total = result.count ?? total;
    leads.push(...chunk);
    if (chunk.length < EXPORT_CHUNK) break;
  }
  return { leads, truncated: total > leads.length };
}

/** The lead's `{name, value}` fields, tolerating anything else the column might hold. */
export function leadFields(lead: Pick<Lead, 'fields'>): HubspotField[] {
  if (!Array.isArray(lead.fields)) return [];
  return lead.fields.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [];
    const { name, value } = entry as Record<string, unknown>;
    return typeof name === 'string' && typeof value === 'string' ? [{ name, value }] : [];
  });
}

export const fieldValue = (lead: Pick<Lead, 'fields'>, name: string) =>
  leadFields(lead).find((field) => field.name === name)?.value ?? '';

/** Whether staff may send this lead to HubSpot again: it never reached HubSpot, is not spam, and no visitor will answer for it. */
export function canResend(lead: Pick<Lead, 'spam' | 'hubspot_status' | 'created_at'>, now = Date.now()): boolean {
  if (lead.spam) return false;
  if (lead.hubspot_status === 'failed' || lead.hubspot_status === 'rejected') return true;
  return lead.hubspot_status === 'pending' && now - Date.parse(lead.created_at) > STALE_PENDING_MS;
}

/** HubSpot answered, but its answer could not be recorded on the lead. */
export class OutcomeNotRecordedError extends Error {
  readonly outcome: HubspotOutcome;

  constructor(outcome: HubspotOutcome, cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The lead was not updated.');
    this.name = 'OutcomeNotRecordedError';
    this.outcome = outcome;
  }
}

export type ResendResult = { outcome: HubspotOutcome; lead: Lead };

/**
 * Sends a stored lead to HubSpot again, from the staff member's browser, with
 * the page, tracking token and consent texts the visitor's submission had;
 * then records HubSpot's answer on the lead (the database counts the attempt).
 */
export async function resendLead(
  lead: Lead,
  send: typeof sendLeadToHubspot = sendLeadToHubspot,
): Promise<ResendResult> {
  let failure: unknown = null;
  try {
    await send({
      form: lead.form as LeadFormKind,
      fields: leadFields(lead),
      context: { pageUri: lead.page_uri, pageName: lead.page_name, ...(lead.hutk ? { hutk: lead.hutk } : {}) },
      processingText: lead.processing_text,
      communicationText: lead.consent_text,
      marketingConsent: lead.marketing_consent,
    });
  } catch (error) {
    failure = error;
  }
  const outcome = hubspotOutcome(failure);
  try {
    const updated = unwrap<Lead[]>(
      await supabase
        .from('leads')
        .update({
          hubspot_status: outcome.status,
          hubspot_failure: outcome.failure,
          hubspot_http_status: outcome.httpStatus,
          hubspot_error_types: outcome.errorTypes,
        })
        .eq('id', lead.id)
        .select('*'),
    );
    const [row] = updated;
    // No row: the lead is gone, or the session may not change it (e.g. no second factor).
    if (!row)
      throw new DataApiError({
        message: 'The lead was not updated: it no longer exists or this session may not change it.',
      });
    return { outcome, lead: row };
  } catch (error) {
    throw new OutcomeNotRecordedError(outcome, error);
  }
}
