/**
 * The database side of a lead, through the tiny REST client (supabase-js
 * never loads on public pages): store it first, then record what HubSpot
 * answered with the one-time token the store returned
 * (docs/decisions/080-leads-stored-before-hubspot.md).
 */
import type { HubspotOutcome } from '@/integrations/hubspot/outcome';
import type { HubspotField } from '@/integrations/hubspot/submit-form';
import type { Locale } from '@/i18n/locales';
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
  consentVersion: string;
  consentText: string;
  processingText: string;
  honeypot: string;
  fillMs: number;
};

export type StoredLead = { id: string; token: string | null; spam: boolean };

const STORE_TIMEOUT_MS = 10_000;
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
      consent_text: lead.consentText,
      processing_text: lead.processingText,
      fill_ms: Math.max(0, Math.min(Math.round(lead.fillMs), 2_147_483_647)),
      ...(lead.hutk ? { hutk: clip(lead.hutk, 128) } : {}),
      honeypot: clip(lead.honeypot, 1000),
    },
    { signal: AbortSignal.timeout(STORE_TIMEOUT_MS) },
  );
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
