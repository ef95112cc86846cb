import type { Site } from '@/config/site';
import type { Locale } from '@/i18n/locales';

/** The postal address on one line, in the page's language conventions (Canada Post style). */
export function formatAddress(address: Site['address'], locale: Locale): string {
  const { street, city, region, postalCode, country } = address;
  return locale === 'fr'
    ? `${street}, ${city} (${region}) ${postalCode}, ${country}`
    : `${street}, ${city}, ${region} ${postalCode}, ${country}`;
}
