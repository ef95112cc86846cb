import { createContext, useContext, type ReactNode } from 'react';
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

// One context value per catalog, so consumers re-render only when the language changes.
const contextValues = new WeakMap<Messages, I18n>();

function contextValue(locale: Locale, t: Messages): I18n {
  let value = contextValues.get(t);
  if (!value) {
    value = { locale, tag: localeTags[locale], t };
    contextValues.set(t, value);
  }
  return value;
}

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  // Reading the catalog is the provider's only hook (see localeResource).
  const t = catalogs.useContent(locale);
  return <I18nContext value={contextValue(locale, t)}>{children}</I18nContext>;
}

/** The current language and its catalog. */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>.');
  return value;
}
