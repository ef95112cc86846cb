/**
 * What the servers, sitemap and prerenderer think the routes are
 * (scripts/lib/site-routes.ts, from the route table) must be what the app
 * renders (src/app/routes.tsx, from the same table).
 */
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { createRoutesFromChildren, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  NOT_FOUND_FILES,
  SITE_ROUTES,
  fileFor,
  isPerPublishedPage,
  isKnownRoute,
  localized,
  localizedPatterns,
  prerenderTargets,
  routeIsOn,
  sitemapRoutes,
  statusForPath,
} from '../../scripts/lib/site-routes.ts';
import { localesOf } from '../../src/config/routes.ts';
import { defaultFlags } from '../../src/lib/flags/defaults.ts';
import { AppRoutes } from '../../src/app/routes.tsx';

type AppRoute = { path: string; flags: string[] };

function join(prefix: string, path: string): string {
  const joined = `${prefix.replace(/\/$/, '')}/${path}`.replace(/\/+/g, '/');
  return joined.replace(/(\/\*)+$/, '/*');
}

/** Flattens the route objects to leaf paths, with the flags of the FlagGates above each. */
function leaves(routes: RouteObject[], prefix = '/', flags: string[] = []): AppRoute[] {
  return routes.flatMap((route) => {
    const element = route.element as ReactElement<{ flag?: string }> | undefined;
    const gate = isValidElement(element) && typeof element.props.flag === 'string' ? [element.props.flag] : [];
    const path = route.index ? prefix : route.path ? join(prefix, route.path) : prefix;
    if (route.children?.length) return leaves(route.children, path, [...flags, ...gate]);
    return [{ path: path === '' ? '/' : path, flags: [...flags, ...gate] }];
  });
}

function appRoutes(): AppRoute[] {
  // AppRoutes is a plain function of no hooks returning <Suspense><Routes>…;
  // reading its element tree is how React Router itself builds the table.
  const suspense = AppRoutes() as ReactElement<{ children: ReactElement<{ children: ReactNode }> }>;
  const routes = createRoutesFromChildren(suspense.props.children.props.children);
  return leaves(routes).filter((route) => route.path !== '/*' && route.path !== '/fr/*');
}

describe('the route table', () => {
  it('lists every route of src/app/routes.tsx, and no other', () => {
    const fromApp = [...new Set(appRoutes().map((r) => r.path))].sort();
    expect(localizedPatterns().sort()).toEqual(fromApp);
  });

  it('names the flag of each flag-gated route', () => {
    const fromApp = new Map(appRoutes().map((r) => [r.path, r.flags]));
    for (const route of SITE_ROUTES) {
      expect(fromApp.get(route.path), route.path).toEqual(route.flag ? [route.flag] : []);
    }
  });

  it('answers 200 for app routes, whatever their flags, 404 for a post that was never published, and 404 for anything else', () => {
    for (const route of SITE_ROUTES) {
      for (const locale of localesOf(route)) {
        const path = localized(route.path.replace(/:\w+/g, 'any-value').replace(/\/\*$/, '/any/rest'), locale);
        // A published post's page is a file the publish writes; any other slug is no post.
        expect(statusForPath(path), path).toBe(isPerPublishedPage(route) ? 404 : 200);
      }
    }
    for (const path of ['/', '/fr', '/privacy', '/fr/terms', '/admin-portal', '/admin-portal/feature-flags']) {
      expect(statusForPath(path), path).toBe(200);
    }
    for (const path of [
      '/nope',
      '/fr/nope',
      '/fr/admin-portal',
      '/fr/simple-admin',
      '/insights/blog/a/b',
      '/privacy/x',
      '/teamsx',
      '/frx',
    ]) {
      expect(statusForPath(path), path).toBe(404);
    }
    expect(isKnownRoute('/privacy/')).toBe(true);
  });

  it('prerenders the rows marked prerendered whose flag is on, in each of their languages, plus both 404 pages', () => {
    const targets = prerenderTargets();
    const files = targets.map((t) => t.file);
    expect(new Set(files).size).toBe(files.length);
    const expected = SITE_ROUTES.filter((route) => route.prerendered && routeIsOn(route)).flatMap((route) =>
      localesOf(route).map((locale) => fileFor(localized(route.path, locale))),
    );
    expect(expected).toEqual(expect.arrayContaining(['index.html', 'fr/index.html', 'client/login/index.html']));
    expect(files.sort()).toEqual([...expected, ...Object.values(NOT_FOUND_FILES)].sort());
    // Nothing private, or off with the default flags, is rendered to HTML.
    for (const route of SITE_ROUTES.filter((r) => !r.prerendered || !routeIsOn(r) || r.layout === 'staff')) {
      for (const locale of localesOf(route)) expect(files).not.toContain(fileFor(localized(route.path, locale)));
    }
    for (const target of targets) expect(target.locale).toBe(target.url.startsWith('/fr') ? 'fr' : 'en');
    // The reserved 404 URL must stay unknown to the app.
    for (const target of targets.filter((t) => t.notFound)) expect(statusForPath(target.url)).toBe(404);
  });

  it('lists in the sitemap the indexable rows without params whose flag is on', () => {
    const listed = sitemapRoutes().map((route) => route.id);
    expect(listed).toEqual(
      SITE_ROUTES.filter((r) => r.indexable && routeIsOn(r) && !r.path.includes(':')).map((r) => r.id),
    );
    const allOn = Object.fromEntries(SITE_ROUTES.flatMap((r) => (r.flag ? [[r.flag, true]] : [])));
    expect(sitemapRoutes({ ...defaultFlags, ...allOn }).map((route) => route.id)).toEqual(
      SITE_ROUTES.filter((r) => r.indexable && !r.path.includes(':')).map((r) => r.id),
    );
  });
});
