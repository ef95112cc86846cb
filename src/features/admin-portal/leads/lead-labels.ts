/**
 * How the Leads page names what the `leads` table stores (staff screens are
 * English only), and the CSV export of a list of leads.
 */
import type { Lead } from './leads-api';
import { fieldValue, leadFields } from './leads-api';
import { toCsv } from '@/features/admin-portal/shared/csv';

export const FORM_LABEL: Record<string, string> = { contact: 'Contact', b2b_request: 'B2B access' };
export const LANGUAGE_LABEL: Record<string, string> = { en: 'English', fr: 'French' };

export const OUTCOME_LABEL: Record<string, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  rejected: 'Rejected',
  not_sent: 'Not sent (spam)',
};

export const FAILURE_LABEL: Record<string, string> = {
  script: 'HubSpot’s script did not load',
  network: 'network error',
  timeout: 'no answer within 15 s',
  status: 'HubSpot answered with an error',
  rejected: 'HubSpot refused values',
};

export const SPAM_REASON_LABEL: Record<string, string> = {
  honeypot: 'hidden field filled in',
  too_fast: 'sent too fast for a person',
};

/** HubSpot properties as staff know them; any other is shown by its name. */
export const FIELD_LABEL: Record<string, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
  phone: 'Phone',
  message: 'Message',
  company: 'Company',
  jobtitle: 'Job title',
  company_size: 'Company size',
  industry: 'Industry',
  website: 'Website',
  business_needs: 'Business needs',
};

export const fieldLabel = (name: string) => FIELD_LABEL[name] ?? name;

/** The person's name, else their email, else a placeholder. */
export function leadName(lead: Pick<Lead, 'fields'>): string {
  const name = `${fieldValue(lead, 'firstname')} ${fieldValue(lead, 'lastname')}`.trim();
  return name || fieldValue(lead, 'email') || 'No name given';
}

/** "Failed: network error (HTTP 503)". */
export function outcomeSummary(
  lead: Pick<Lead, 'hubspot_status' | 'hubspot_failure' | 'hubspot_http_status' | 'hubspot_error_types'>,
): string {
  const label = OUTCOME_LABEL[lead.hubspot_status] ?? lead.hubspot_status;
  const details = [
    lead.hubspot_failure && lead.hubspot_status !== 'sent'
      ? (FAILURE_LABEL[lead.hubspot_failure] ?? lead.hubspot_failure)
      : null,
    lead.hubspot_http_status && lead.hubspot_status !== 'sent' ? `HTTP ${lead.hubspot_http_status}` : null,
    lead.hubspot_error_types.length > 0 ? lead.hubspot_error_types.join(', ') : null,
  ].filter(Boolean);
  return details.length > 0 ? `${label}: ${details.join('; ')}` : label;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The leads as CSV, one column per form field (in the order they first appear), every stored value. */
export function leadsCsv(leads: readonly Lead[]): string {
  const fieldNames: string[] = [];
  for (const lead of leads) {
    for (const { name } of leadFields(lead)) if (!fieldNames.includes(name)) fieldNames.push(name);
  }
  const header = [
    'Received (UTC)',
    'Form',
    'Language',
    ...fieldNames.map(fieldLabel),
    'Marketing consent',
    'Consent version',
    'Consent text',
    'Processing notice',
    'Page URL',
    'Page title',
    'HubSpot tracking token',
    'Spam',
    'Spam reason',
    'HubSpot outcome',
    'Failure',
    'HTTP status',
    'HubSpot error types',
    'Form mismatch',
    'Outcomes recorded',
    'Outcome recorded at (UTC)',
    'Lead id',
  ];
  const rows = leads.map((lead) => [
    lead.created_at,
    FORM_LABEL[lead.form] ?? lead.form,
    lead.language,
    ...fieldNames.map((name) => fieldValue(lead, name)),
    lead.marketing_consent ? 'given' : 'not given',
    lead.consent_version,
    lead.consent_text,
    lead.processing_text,
    lead.page_uri,
    lead.page_name,
    lead.hutk,
    yesNo(lead.spam),
    lead.spam_reason,
    lead.hubspot_status,
    lead.hubspot_failure,
    lead.hubspot_http_status,
    lead.hubspot_error_types.join(' '),
    yesNo(lead.form_mismatch),
    lead.hubspot_attempts,
    lead.hubspot_updated_at,
    lead.id,
  ]);
  return toCsv([header, ...rows]);
}
