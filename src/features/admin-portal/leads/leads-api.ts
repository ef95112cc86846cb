/**
 * Leads for staff (docs/decisions/082-lead-retention-on-staff-read.md,
 * docs/decisions/084-leads-page-resend-and-aal2.md): every list read first
 * purges the leads past their retention period, then reads one page, newest
 * first; a lead that never reached HubSpot is sent again by the server when
 * staff ask (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md),
 * and every attempt (browser, server, staff) is listed with the lead.
 * The database lets only an admin at aal2 read, resend and purge.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HubspotField } from '@/integrations/hubspot/submit-form';
import { supabase } from '@/lib/supabase/client';
import type { Tables } from '@/lib/supabase/database.types';
import { DataApiError, functionErrorAnswer, unwrap } from '@/lib/supabase/errors';
import type { LeadFilters } from './lead-filters';

export type Lead = Tables<'leads'>;

/** Leads per page of the list. */
export const LEADS_PER_PAGE = 50;
/** At most this many leads go into one CSV export; narrow the filters for the rest. */
export const EXPORT_LIMIT = 5000;
const EXPORT_CHUNK = 1000;

/** A new lead is its visitor's browser's for this long; then the server delivers it (private.lead_settings.browser_report_grace). */
export const BROWSER_GRACE_MS = 2 * 60 * 1000;

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

/**
 * Whether staff may ask the server to send this lead again: it never reached
 * HubSpot, is not spam, no delivery is under way, and its visitor's browser
 * is no longer expected to report (decision 188).
 */
export function canResend(
  lead: Pick<Lead, 'spam' | 'hubspot_status' | 'created_at' | 'delivery_claim' | 'delivery_locked_until'>,
  now = Date.now(),
): boolean {
  if (lead.spam) return false;
  if (lead.delivery_claim && lead.delivery_locked_until && Date.parse(lead.delivery_locked_until) > now) return false;
  if (lead.hubspot_status === 'failed' || lead.hubspot_status === 'rejected') return true;
  return lead.hubspot_status === 'pending' && now - Date.parse(lead.created_at) > BROWSER_GRACE_MS;
}

/** What the server answered a resend: what became of the lead, or why it was not sent. */
export type ResendResult =
  'sent' | 'rejected' | 'retry' | 'gave_up' | 'busy' | 'stale' | 'too_soon' | 'spam' | 'not_found';

/**
 * Asks the server to send a stored lead to HubSpot again now, on this staff
 * member's behalf (the `deliver-leads` Edge Function; the database checks the
 * caller is staff at aal2). The server builds the same request the public
 * form makes and records the attempt with the staff member's name.
 */
export async function resendLead(lead: Pick<Lead, 'id'>): Promise<ResendResult> {
  const { data, error } = await supabase.functions.invoke<{ result?: ResendResult }>('deliver-leads', {
    body: { lead_id: lead.id },
  });
  if (error) {
    // 409: the database explained why it would not queue the lead.
    const answer = await functionErrorAnswer(error);
    const result = (answer.body as { result?: ResendResult } | null)?.result;
    if (answer.status === 409 && result) return result;
    throw new DataApiError({ message: error.message });
  }
  if (!data?.result) throw new DataApiError({ message: 'The server gave no answer.' });
  return data.result;
}

/** One lead as it is now, or null when it is gone. */
export async function fetchLead(id: string): Promise<Lead | null> {
  return unwrap<Lead | null>(await supabase.from('leads').select('*').eq('id', id).maybeSingle());
}

export type LeadAttempt = Pick<
  Tables<'lead_delivery_attempts'>,
  | 'id'
  | 'attempted_at'
  | 'actor'
  | 'staff_name'
  | 'staff_email'
  | 'outcome'
  | 'failure'
  | 'http_status'
  | 'error_types'
  | 'result'
>;

export const leadAttemptQueries = {
  forLead: (leadId: string) =>
    queryOptions({
      queryKey: [...leadQueries.all(), 'attempts', leadId] as const,
      queryFn: async (): Promise<LeadAttempt[]> =>
        unwrap<LeadAttempt[]>(
          await supabase
            .from('lead_delivery_attempts')
            .select(
              'id, attempted_at, actor, staff_name, staff_email, outcome, failure, http_status, error_types, result',
            )
            .eq('lead_id', leadId)
            .order('attempted_at', { ascending: true })
            .order('id', { ascending: true }),
        ),
    }),
};
