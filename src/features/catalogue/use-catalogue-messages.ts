import { useI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import { catalogue as en, type CatalogueMessages } from '@/i18n/messages/en/catalogue';
import { catalogue as fr } from '@/i18n/messages/fr/catalogue';

/** Both languages' catalogue strings, kept out of the eager catalog (they ship with the catalogue's pages). */
export const catalogueMessages: Record<Locale, CatalogueMessages> = { en, fr };

/** The catalogue's strings in the page's language. */
export function useCatalogueMessages(): CatalogueMessages {
  return catalogueMessages[useI18n().locale];
}
