import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { localeTags, type Locale } from './locales';
import { en, type Messages } from './messages/en';
import { fr } from './messages/fr';

const catalogs: Record<Locale, Messages> = { en, fr };

export type I18n = { locale: Locale; tag: 'en-CA' | 'fr-CA'; t: Messages };

const I18nContext = createContext<I18n | null>(null);

export function messagesFor(locale: Locale): Messages {
  return catalogs[locale];
}

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo<I18n>(() => ({ locale, tag: localeTags[locale], t: catalogs[locale] }), [locale]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

/** The current language and its catalog. */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>.');
  return value;
}
