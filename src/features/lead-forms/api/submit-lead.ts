/**
 * Sending a lead (docs/decisions/080-leads-stored-before-hubspot.md): store it
 * in the database first, then (unless it is spam) send it to HubSpot with the
 * consent, then record HubSpot's answer on the stored lead.
 *
 * What the visitor is told:
 * - HubSpot took it, or it is spam: success (a bot learns nothing).
 * - The database refused it (too many leads from this client, or a request
 *   it judged wrong): nothing goes to HubSpot; the limit's own message, or
 *   the form's error (docs/decisions/121-lead-limits-per-network-never-to-hubspot-when-refused.md).
 * - HubSpot refused a value the visitor can fix (e.g. INVALID_EMAIL): that
 *   field's message, everything typed kept.
 * - HubSpot failed otherwise but the lead is stored: success; staff follow
 *   up from the admin portal, where they can send it again.
 * - Neither the database nor HubSpot has it: the form's error, values kept.
 * Only a store that got no answer or a server failure (network, timeout, 5xx)
 * falls back to sending to HubSpot directly.
 */
import { useMutation } from '@tanstack/react-query';
import type { Locale } from '@/i18n/locales';
import { hubspotFormId, hubspotLeadSubmission } from '@/integrations/hubspot/lead-submission';
import { hubspotOutcome } from '@/integrations/hubspot/outcome';
import {
  HubspotSubmissionError,
  pageContext,
  submitHubspotForm,
  type HubspotError,
  type HubspotField,
} from '@/integrations/hubspot/submit-form';
import { CONSENT_VERSION, type ConsentTexts } from '../consent';
import type { B2BRequest, Contact, FormErrorKey } from '../schema';
import { spamReason } from '../spam';
import { recordLeadOutcome, storeLead, storeRefusal, type LeadForm, type StoredLead } from './lead-store';

/** Each form field's HubSpot property, in the order HubSpot receives them. */
export const contactProperties = {
  firstName: 'firstname',
  lastName: 'lastname',
  email: 'email',
  phone: 'phone',
  message: 'message',
} as const satisfies Partial<Record<keyof Contact, string>>;

export const b2bRequestProperties = {
  firstName: 'firstname',
  lastName: 'lastname',
  email: 'email',
  phone: 'phone',
  companyName: 'company',
  jobTitle: 'jobtitle',
  companySize: 'company_size',
  industry: 'industry',
  website: 'website',
  businessNeeds: 'business_needs',
} as const satisfies Partial<Record<keyof B2BRequest, string>>;

type Properties = Record<string, string>;

function toFields<V extends Record<string, unknown>>(values: V, properties: Properties): HubspotField[] {
  return Object.entries(properties).map(([key, name]) => ({ name, value: String(values[key] ?? '') }));
}

export const contactFields = (values: Contact) => toFields(values, contactProperties);
export const b2bRequestFields = (values: B2BRequest) => toFields(values, b2bRequestProperties);

/** What the visitor sees as success: HubSpot has it, the database has it, or it was spam. */
export type LeadOutcome = 'sent' | 'received' | 'spam';

/** HubSpot refused values the visitor can correct; `fields` maps form field → catalog message key. */
export class LeadFieldsRejectedError extends Error {
  readonly fields: ReadonlyArray<{ field: string; message: FormErrorKey }>;

  constructor(fields: Array<{ field: string; message: FormErrorKey }>) {
    super('HubSpot refused some of the values.');
    this.name = 'LeadFieldsRejectedError';
    this.fields = fields;
  }
}

/** The database refused the lead: too many from this client. Nothing was sent anywhere. */
export class LeadRateLimitedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Too many leads from this client; nothing was sent.', options);
    this.name = 'LeadRateLimitedError';
  }
}

const requiredMessage: Record<string, FormErrorKey> = {
  firstName: 'firstNameRequired',
  lastName: 'lastNameRequired',
  email: 'emailRequired',
  phone: 'phoneRequired',
  message: 'messageRequired',
  companyName: 'companyNameRequired',
  jobTitle: 'jobTitleRequired',
  companySize: 'companySizeRequired',
  industry: 'industryRequired',
  website: 'websiteRequired',
  businessNeeds: 'businessNeedsRequired',
};

/** The message for an error the visitor can fix in `field`, or null when only staff can fix it. */
function fixableMessage(error: HubspotError, field: string): FormErrorKey | null {
  switch (error.errorType) {
    case 'INVALID_EMAIL':
      return field === 'email' ? 'emailRejected' : 'fieldRejected';
    case 'BLOCKED_EMAIL':
      return field === 'email' ? 'emailBlocked' : 'fieldRejected';
    case 'REQUIRED_FIELD':
      return requiredMessage[field] ?? 'fieldRejected';
    case 'INVALID_NUMBER':
    case 'NUMBER_OUT_OF_RANGE':
    case 'INPUT_TOO_LARGE':
      return 'fieldRejected';
    // FIELD_NOT_IN_FORM_DEFINITION and anything unknown: the HubSpot form is at fault, not the visitor.
    default:
      return null;
  }
}

/** The errors that name a field the visitor sees, with their message; one per field. */
export function fieldRejections(
  error: unknown,
  properties: Properties,
): Array<{ field: string; message: FormErrorKey }> {
  if (!(error instanceof HubspotSubmissionError) || error.status !== 400) return [];
  const byProperty = new Map(Object.entries(properties).map(([field, property]) => [property, field]));
  const found = new Map<string, FormErrorKey>();
  for (const entry of error.errors) {
    const field = entry.field ? byProperty.get(entry.field) : undefined;
    if (!field || found.has(field)) continue;
    const message = fixableMessage(entry, field);
    if (message) found.set(field, message);
  }
  return [...found].map(([field, message]) => ({ field, message }));
}

export type LeadSubmission = {
  form: LeadForm;
  formId: string;
  properties: Properties;
  fields: HubspotField[];
  locale: Locale;
  consent: ConsentTexts;
  marketingConsent: boolean;
  honeypot: string;
  /** How long the form was usable, by the browser's clock: only decides spam when the database cannot be reached. */
  fillMs: number;
  /** The server's form token (see lead-store.ts), or null when it could not be fetched. */
  formToken: string | null;
};

export type LeadDependencies = {
  store: typeof storeLead;
  record: typeof recordLeadOutcome;
  send: typeof submitHubspotForm;
};

const defaultDependencies: LeadDependencies = { store: storeLead, record: recordLeadOutcome, send: submitHubspotForm };

export async function sendLead(
  lead: LeadSubmission,
  deps: LeadDependencies = defaultDependencies,
): Promise<LeadOutcome> {
  const context = pageContext();
  let stored: StoredLead | null = null;
  try {
    stored = await deps.store({
      form: lead.form,
      language: lead.locale,
      fields: lead.fields,
      pageUri: context.pageUri,
      pageName: context.pageName,
      hutk: context.hutk,
      marketingConsent: lead.marketingConsent,
      consentVersion: CONSENT_VERSION,
      honeypot: lead.honeypot,
      formToken: lead.formToken,
    });
  } catch (error) {
    const refusal = storeRefusal(error);
    // Refused by the database: a flood past the limit, or a request it judged wrong, never goes to HubSpot.
    if (refusal === 'limited') throw new LeadRateLimitedError({ cause: error });
    if (refusal === 'refused') throw error;
    // Not reached, or failed: HubSpot may still take it; only if both fail is the lead lost, and then the visitor is told.
    console.warn('The lead could not be stored.', error);
  }

  const spam = stored ? stored.spam : spamReason(lead.honeypot, lead.fillMs) !== null;
  if (spam) return 'spam';

  let failure: unknown = null;
  try {
    await deps.send(
      lead.formId,
      hubspotLeadSubmission({
        form: lead.form,
        fields: lead.fields,
        context,
        processingText: lead.consent.processing,
        communicationText: lead.consent.communication,
        marketingConsent: lead.marketingConsent,
      }),
    );
  } catch (error) {
    failure = error;
  }

  if (stored) {
    try {
      await deps.record(stored, hubspotOutcome(failure));
    } catch (error) {
      // The lead stays "pending" for staff, who can send it again.
      console.warn('The HubSpot outcome could not be recorded.', error);
    }
  }

  if (failure === null) return 'sent';
  const rejections = fieldRejections(failure, lead.properties);
  if (rejections.length > 0) throw new LeadFieldsRejectedError(rejections);
  // A warning, not an error: either staff have the lead, or the visitor sees the message and can retry.
  console.warn(`The ${lead.form} submission did not reach HubSpot.`, failure);
  if (stored) return 'received';
  throw failure;
}

/** The form-level message is shown for everything but a refusal the fields already explain. */
export function showsFormError(error: unknown): boolean {
  return !(error instanceof LeadFieldsRejectedError);
}

export type LeadVariables<V> = { values: V; fillMs: number; formToken: string | null };

export function useSubmitContact(locale: Locale, consent: ConsentTexts) {
  return useMutation({
    mutationKey: ['lead-forms', 'contact'],
    mutationFn: ({ values, fillMs, formToken }: LeadVariables<Contact>) =>
      sendLead({
        form: 'contact',
        formId: hubspotFormId('contact'),
        properties: contactProperties,
        fields: contactFields(values),
        locale,
        consent,
        marketingConsent: values.marketingConsent,
        honeypot: values.referralCode,
        fillMs,
        formToken,
      }),
  });
}

export function useSubmitB2BRequest(locale: Locale, consent: ConsentTexts) {
  return useMutation({
    mutationKey: ['lead-forms', 'b2b-request'],
    mutationFn: ({ values, fillMs, formToken }: LeadVariables<B2BRequest>) =>
      sendLead({
        form: 'b2b_request',
        formId: hubspotFormId('b2b_request'),
        properties: b2bRequestProperties,
        fields: b2bRequestFields(values),
        locale,
        consent,
        marketingConsent: values.marketingConsent,
        honeypot: values.referralCode,
        fillMs,
        formToken,
      }),
  });
}
