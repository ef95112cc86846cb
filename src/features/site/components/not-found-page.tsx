import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';

export function NotFoundPage() {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <div>
      <title>{t.common.notFound.title}</title>
      <h1>{t.common.notFound.heading}</h1>
      <Link to={paths.home(locale)}>{t.common.notFound.home}</Link>
    </div>
  );
}
