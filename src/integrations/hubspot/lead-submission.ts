/**
 * The one home of the Forms API request a lead makes: which HubSpot form a
 * lead goes to and the body it sends (fields, page context, legal consent).
 * The public forms send a new lead with it. The server's deliveries and staff
 * resends (supabase/functions/deliver-leads, docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md)
 * build the same body from the stored lead; tests/backend/lead-delivery.test.ts
 * holds the two together, so HubSpot receives the same request either way.
 */
import { env } from '@/config/env';
import { legalConsentOptions } from './legal-consent';
import { submitHubspotForm, type HubspotContext, type HubspotField, type HubspotSubmission } from './submit-form';

export type LeadFormKind = 'contact' | 'b2b_request';

export type HubspotLead = {
  form: LeadFormKind;
  fields: HubspotField[];
  context: HubspotContext;
  /** The notice about processing the submission the visitor saw. */
  processingText: string;
  /** The marketing-consent checkbox's text the visitor saw, ticked or not. */
  communicationText: string;
  marketingConsent: boolean;
};

/** The HubSpot form (GUID from the environment) that receives this kind of lead. */
export function hubspotFormId(form: LeadFormKind): string {
  return form === 'contact' ? env.hubspot.contactFormId : env.hubspot.b2bFormId;
}

export function hubspotLeadSubmission(lead: HubspotLead): HubspotSubmission {
  return {
    fields: lead.fields,
    context: lead.context,
    legalConsentOptions: legalConsentOptions({
      processingText: lead.processingText,
      communicationText: lead.communicationText,
      marketingConsent: lead.marketingConsent,
      subscriptionTypeId: env.hubspot.subscriptionTypeId,
    }),
  };
}

/** Sends a lead to its HubSpot form; rejects with HubspotSubmissionError as submitHubspotForm does. */
export function sendLeadToHubspot(
  lead: HubspotLead,
  send: typeof submitHubspotForm = submitHubspotForm,
): Promise<void> {
  return send(hubspotFormId(lead.form), hubspotLeadSubmission(lead));
}
