import { describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { hubspotFormId, hubspotLeadSubmission, sendLeadToHubspot, type HubspotLead } from './lead-submission';

const lead: HubspotLead = {
  form: 'b2b_request',
  fields: [
    { name: 'firstname', value: 'Jean' },
    { name: 'email', value: 'jean@example.com' },
  ],
  context: { pageUri: 'http://localhost:4173/fr/client/login', pageName: 'Connexion', hutk: 'abc' },
  processingText: 'Nous conservons ce que vous envoyez.',
  communicationText: 'Oui, envoyez-moi des nouvelles.',
  marketingConsent: false,
};

describe('the Forms API request of a lead', () => {
  it('goes to the form of its kind', () => {
    expect(hubspotFormId('contact')).toBe(env.hubspot.contactFormId);
    expect(hubspotFormId('b2b_request')).toBe(env.hubspot.b2bFormId);
    expect(env.hubspot.contactFormId).not.toBe(env.hubspot.b2bFormId);
  });

  it('carries the fields, the page context and the consent texts the visitor saw', () => {
    expect(hubspotLeadSubmission(lead)).toEqual({
      fields: lead.fields,
      context: lead.context,
      legalConsentOptions: {
        consent: {
          consentToProcess: true,
          text: lead.processingText,
          communications: [
            { value: false, subscriptionTypeId: env.hubspot.subscriptionTypeId, text: lead.communicationText },
          ],
        },
      },
    });
  });

  it('is sent with the Forms API client', async () => {
    const send = vi.fn(() => Promise.resolve());
    await sendLeadToHubspot(lead, send);
    expect(send).toHaveBeenCalledWith(env.hubspot.b2bFormId, hubspotLeadSubmission(lead));
  });
});
