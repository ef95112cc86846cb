import { useI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import { orders as en, type OrderMessages } from '@/i18n/messages/en/orders';
import { orders as fr } from '@/i18n/messages/fr/orders';

/** Both languages' ordering strings, kept out of the eager catalog (they ship with the portal's pages). */
export const orderMessages: Record<Locale, OrderMessages> = { en, fr };

/** The ordering strings in the page's language. */
export function useOrderMessages(): OrderMessages {
  return orderMessages[useI18n().locale];
}
