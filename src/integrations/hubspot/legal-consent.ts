/**
 * HubSpot's `legalConsentOptions` for explicit consent, as the Forms API v3
 * defines it: the consent to process the submission, and one communication
 * consent per subscription type, each with the exact text the visitor saw.
 * Canada's anti-spam law (CASL) needs express consent to be provable, so the
 * text travels with the answer (docs/decisions/083-casl-consent-on-lead-forms.md).
 */
export type CommunicationConsent = { value: boolean; subscriptionTypeId: number; text: string };

export type LegalConsentOptions = {
  consent: { consentToProcess: boolean; text: string; communications: CommunicationConsent[] };
};

export function legalConsentOptions(input: {
  /** The notice about processing what the visitor sends; submitting the form is the consent. */
  processingText: string;
  /** The marketing-consent checkbox's text, sent whether it was ticked or not. */
  communicationText: string;
  marketingConsent: boolean;
  /** Without a subscription type there is nothing to subscribe to, so no communication consent is sent. */
  subscriptionTypeId: number | null;
}): LegalConsentOptions {
  return {
    consent: {
      consentToProcess: true,
      text: input.processingText,
      communications:
        input.subscriptionTypeId === null
          ? []
          : [
              {
                value: input.marketingConsent,
                subscriptionTypeId: input.subscriptionTypeId,
                text: input.communicationText,
              },
            ],
    },
  };
}
