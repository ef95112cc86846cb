import { useI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import { forms as en, type FormsMessages } from '@/i18n/messages/en/forms';
import { forms as fr } from '@/i18n/messages/fr/forms';

/** Both languages' form strings, kept out of the eager catalog (they ship with the lazy forms). */
export const formsMessages: Record<Locale, FormsMessages> = { en, fr };

/** The lead forms' strings in the page's language. */
export function useFormsMessages(): FormsMessages {
  return formsMessages[useI18n().locale];
}
