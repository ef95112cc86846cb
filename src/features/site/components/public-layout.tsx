import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useI18n } from '@/i18n/i18n';
import { PageHydrated } from '@/lib/hydration/early-clicks';
import { CookieBanner } from './cookie-banner';
import { PageErrorBoundary } from './error-boundary';
import { PageSkeleton } from './page-skeleton';
import { ScrollManager } from './scroll-manager';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Every public page: skip link, fixed navigation, the page, footer, cookie banner and scroll behaviour. */
export function PublicLayout() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-sand-50">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-3 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t.common.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
            {/* Presses made before hydration are replayed once the page has hydrated (docs/decisions/100-no-lost-clicks-before-hydration.md). */}
            <PageHydrated />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
      <CookieBanner />
      <ScrollManager />
    </div>
  );
}
