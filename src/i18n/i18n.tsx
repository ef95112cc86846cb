import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { localeResource } from './locale-resource';
import { localeTags, type Locale } from './locales';
import type { Messages } from './messages/en';

/**
 * One chunk per language (docs/decisions/102-one-catalog-per-page.md): an
 * English page never downloads the French strings, nor the reverse. The
 * browser entry loads the page's catalog before hydrating, so a prerendered
 * page never suspends on it; a client-side switch of language suspends until
 * the other catalog arrives.
 */
const catalogs = localeResource<Messages>({
  en: () => import('./messages/en').then((module) => module.en),
  fr: () => import('./messages/fr').then((module) => module.fr),
});

/** Loads the catalog of `locale` (before hydrating, and in tests before rendering). */
export const loadMessages = catalogs.load;

export type I18n = { locale: Locale; tag: 'en-CA' | 'fr-CA'; t: Messages };

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = catalogs.useContent(locale);
  const value = useMemo<I18n>(() => ({ locale, tag: localeTags[locale], t }), [locale, t]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

/** The current language and its catalog. */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>.');
  return value;
}
