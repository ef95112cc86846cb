import { useI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import { portal as en, type PortalMessages } from '@/i18n/messages/en/portal';
import { portal as fr } from '@/i18n/messages/fr/portal';

/** Both languages' portal strings, kept out of the eager catalog (they ship with the portal's pages). */
export const portalMessages: Record<Locale, PortalMessages> = { en, fr };

/** The client portal's strings in the page's language. */
export function usePortalMessages(): PortalMessages {
  return portalMessages[useI18n().locale];
}
