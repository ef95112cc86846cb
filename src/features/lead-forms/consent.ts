/**
 * The consent texts of the lead forms, in the page's language, with the
 * business details from the site config (docs/decisions/083-casl-consent-on-lead-forms.md).
 * What is shown is exactly what is stored with the lead and sent to HubSpot,
 * so the consent can be proven later.
 */
import { site } from '@/config/site';
import type { Locale } from '@/i18n/locales';
import type { FormsMessages } from '@/i18n/messages/en/forms';

/** Bump whenever a consent text changes in either language: stored leads keep the version they were given. */
export const CONSENT_VERSION = '2026-11-23';

export type ConsentTexts = {
  /** The checkbox's label. */
  marketingLabel: string;
  /** Under the label: how to withdraw, and who is asking. */
  marketingDetails: string;
  /** Label and details together: the communication consent's text. */
  communication: string;
  /** The notice about processing the submission. */
  processing: string;
};

/** The address on one line, as Canada Post writes it in each language. */
export function consentAddress(locale: Locale): string {
  const { street, city, region, postalCode, country } = site.address;
  return locale === 'fr'
    ? `${street}, ${city} (${region}) ${postalCode}, ${country}`
    : `${street}, ${city}, ${region} ${postalCode}, ${country}`;
}

export function consentTexts(messages: FormsMessages, locale: Locale): ConsentTexts {
  const marketingLabel = messages.consent.marketingLabel(site.legalName);
  const marketingDetails = messages.consent.marketingDetails({
    legalName: site.legalName,
    address: consentAddress(locale),
    phone: site.phone.display,
    privacyEmail: site.email.privacy,
  });
  return {
    marketingLabel,
    marketingDetails,
    communication: `${marketingLabel} ${marketingDetails}`,
    processing: messages.consent.processing,
  };
}
