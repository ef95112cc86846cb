import { Fragment, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { matchRoute, ROUTES, type SiteRoute } from '@/config/routes';
import { NotFoundPage } from '@/features/site/components/not-found-page';
import { PublicLayout } from '@/features/site/components/public-layout';
import type { Locale } from '@/i18n/locales';
import { FlagGate } from './flag-gate';
import { lazyPage } from './lazy-page';
import { pageLoaders, type PageChunk } from './page-loaders';
import { LocaleRoot } from './locale-root';
import { PortalPrefetch } from './portal-prefetch';
import { PAGES, type PageEntry } from './pages';

// Signing in loads supabase-js: split out of the public bundle.
const SessionLayout = lazyPage(pageLoaders.sessionLayout);

type Pages = Partial<Record<SiteRoute['id'], PageEntry>>;

function needsSession(route: SiteRoute): boolean {
  return route.access !== 'public' && route.access !== 'password';
}

/** Lazy modules to load before hydrating a prerendered page at `pathname`. */
export function preloadFor(pathname: string, pages: Pages = PAGES): Promise<void>[] {
  const match = matchRoute(pathname);
  if (!match) return [];
  const page = pages[match.route.id]?.preload?.(match.locale);
  const layout = needsSession(match.route) ? SessionLayout.preload() : undefined;
  return [layout, page].filter((p): p is Promise<void> => p !== undefined);
}

/** The chunks `preloadFor` loads, by name, for the prerenderer to write into the page (page-loaders.ts). */
export function pageChunksFor(pathname: string, pages: Pages = PAGES): PageChunk[] {
  const match = matchRoute(pathname);
  if (!match) return [];
  const page = pages[match.route.id]?.chunks?.(match.locale) ?? [];
  return needsSession(match.route) ? ['sessionLayout', ...page] : page;
}

/** The access check of the table, as the layout around the page. */
function withAccess(route: SiteRoute, leaf: ReactNode): ReactNode {
  switch (route.access) {
    case 'sign-in':
      return <Route element={<SessionLayout />}>{leaf}</Route>;
    case 'client':
    case 'admin':
      return (
        <Route
          element={
            <>
              <PortalPrefetch />
              <SessionLayout guard={route.access} />
            </>
          }
        >
          {leaf}
        </Route>
      );
    default:
      return leaf;
  }
}

function routeTree(route: SiteRoute, page: PageEntry): ReactNode {
  const leaf =
    route.path === '/' ? (
      <Route index element={page.element} />
    ) : (
      <Route path={route.path.slice(1)} element={page.element} />
    );
  const guarded = withAccess(route, leaf);
  return (
    <Fragment key={route.id}>
      {route.flag ? <Route element={<FlagGate flag={route.flag} />}>{guarded}</Route> : guarded}
    </Fragment>
  );
}

function routesOf(locale: Locale, layout: SiteRoute['layout'], pages: Pages): ReactNode[] {
  return ROUTES.filter((route) => route.layout === layout && (locale === 'en' || route.locales === 'both')).flatMap(
    (route) => {
      const page = pages[route.id];
      return page ? [routeTree(route, page)] : [];
    },
  );
}

/** The site's pages in `locale` inside its header and footer, and the 404 page for any other path. */
export function siteRoutes(locale: Locale, pages: Pages = PAGES): ReactNode {
  return (
    <Route element={<PublicLayout />}>
      {routesOf(locale, 'site', pages)}
      <Route path="*" element={<NotFoundPage />} key={`${locale}-404`} />
    </Route>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSkeletonFallback />}>
      <Routes>
        <Route element={<LocaleRoot locale="en" />} key="staff">
          {routesOf('en', 'staff', PAGES)}
        </Route>
        <Route path="fr" element={<LocaleRoot locale="fr" />}>
          {siteRoutes('fr')}
        </Route>
        <Route element={<LocaleRoot locale="en" />}>{siteRoutes('en')}</Route>
      </Routes>
    </Suspense>
  );
}

function PageSkeletonFallback() {
  // Outside any LocaleRoot the skeleton has no catalog; the routes' own
  // Suspense boundaries (inside LocaleRoot) normally catch first.
  return <div className="min-h-screen" aria-busy="true" />;
}
