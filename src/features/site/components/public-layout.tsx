import { Outlet } from 'react-router';
import { useI18n } from '@/i18n/i18n';

// STUB (issue 3 replaces): nav, footer, cookie banner, scroll manager.
export function PublicLayout() {
  const { t } = useI18n();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only">
        {t.common.skipToContent}
      </a>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
