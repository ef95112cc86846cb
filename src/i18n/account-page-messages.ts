import { useI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import { accountPages as en, type AccountPageMessages } from '@/i18n/messages/en/account-pages';
import { accountPages as fr } from '@/i18n/messages/fr/account-pages';

/** Both languages' account page strings, kept out of the eager catalog (they ship with the account pages). */
export const accountPageMessages: Record<Locale, AccountPageMessages> = { en, fr };

/** The account pages' strings in the page's language. */
export function useAccountPageMessages(): AccountPageMessages {
  return accountPageMessages[useI18n().locale];
}
