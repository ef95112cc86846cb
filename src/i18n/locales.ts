export const locales = ['en', 'fr'] as const;
export type Locale = (typeof locales)[number];

/** BCP 47 tags for `<html lang>`, hreflang and Intl. */
export const localeTags: Record<Locale, 'en-CA' | 'fr-CA'> = { en: 'en-CA', fr: 'fr-CA' };

export const FRENCH_PREFIX = '/fr';

/** The URL decides the language: anything under /fr is French. */
export function localeFromPath(pathname: string): Locale {
  return pathname === FRENCH_PREFIX || pathname.startsWith(`${FRENCH_PREFIX}/`) ? 'fr' : 'en';
}
