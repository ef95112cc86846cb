import { describe, expect, it } from 'vitest';
import { legalConsentOptions } from './legal-consent';

const texts = { processingText: 'We use what you send to answer you.', communicationText: 'Yes, email me offers.' };

describe('legalConsentOptions', () => {
  it('always consents to processing and carries the communication consent with its subscription type', () => {
    expect(legalConsentOptions({ ...texts, marketingConsent: true, subscriptionTypeId: 4242 })).toEqual({
      consent: {
        consentToProcess: true,
        text: 'We use what you send to answer you.',
        communications: [{ value: true, subscriptionTypeId: 4242, text: 'Yes, email me offers.' }],
      },
    });
  });

  it('says no when the box was not ticked, with the same text', () => {
    expect(
      legalConsentOptions({ ...texts, marketingConsent: false, subscriptionTypeId: 4242 }).consent.communications,
    ).toEqual([{ value: false, subscriptionTypeId: 4242, text: 'Yes, email me offers.' }]);
  });

  it('sends no communication consent without a subscription type to subscribe to', () => {
    expect(
      legalConsentOptions({ ...texts, marketingConsent: true, subscriptionTypeId: null }).consent.communications,
    ).toEqual([]);
  });
});
