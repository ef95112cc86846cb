import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { I18nProvider } from '@/i18n/i18n';
import { localeTags, type Locale } from '@/i18n/locales';

/** Everything under it speaks `locale`; keeps `<html lang>` in step. */
export function LocaleRoot({ locale }: { locale: Locale }) {
  useEffect(() => {
    document.documentElement.lang = localeTags[locale];
  }, [locale]);
  return (
    <I18nProvider locale={locale}>
      <Outlet />
    </I18nProvider>
  );
}
