/**
 * The route table (src/config/routes.ts) seen from outside the browser: which
 * pages the build prerenders, which paths the servers answer with 200 (the SPA
 * shell) or 404, what the sitemap lists and what robots.txt keeps crawlers out
 * of. Nothing here lists a route: each answer is derived from the table and,
 * where a route has a flag, from the flags the site is published with.
 */
import { ROUTES, localesOf, localized, matchRoute, type SiteRoute } from '../../src/config/routes.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { defaultFlags, type FlagMap } from '../../src/lib/flags/defaults.ts';

export { ROUTES as SITE_ROUTES, localized, type Locale, type SiteRoute };

export const NOT_FOUND_FILES = { en: '404.html', fr: 'fr/404.html' } as const;

/** The SPA shell: served for app routes that have no prerendered HTML (dist/index.html is the prerendered home). */
export const SHELL_FILE = 'app-shell.html';

/** Whether a route is on with these flags (a route without a flag always is). */
export function routeIsOn(route: SiteRoute, flags: FlagMap = defaultFlags): boolean {
  return !route.flag || flags[route.flag];
}

/**
 * Kept out of search engines: the first segment of every route that is not
 * public (sign-in pages and the signed-in and staff areas), in each language
 * the route has.
 */
export function disallowedPaths(routes: readonly SiteRoute[] = ROUTES): string[] {
  const prefixes = routes
    .filter((route) => route.access !== 'public')
    .flatMap((route) => localesOf(route).map((locale) => localized(`/${route.path.split('/')[1] ?? ''}`, locale)));
  return [...new Set(prefixes)].sort();
}

/** Indexable routes inside the disallowed areas (the client sign-in page carries the B2B access request). */
export function allowedInsideDisallowed(routes: readonly SiteRoute[] = ROUTES): string[] {
  return routes
    .filter((route) => route.access !== 'public' && route.indexable)
    .flatMap((route) => localesOf(route).map((locale) => localized(route.path, locale)));
}

export type PrerenderTarget = {
  /** The URL rendered. */
  url: string;
  /** Where its HTML goes, relative to the output directory. */
  file: string;
  locale: Locale;
  notFound: boolean;
};

/** Where the HTML of `url` goes in the build. */
export function fileFor(url: string): string {
  return url === '/' ? 'index.html' : `${url.slice(1)}/index.html`;
}

/** The reserved path the 404 pages are rendered at; never a route. */
export const NOT_FOUND_PATH = '/__not-found__';

/** One page of a published blog post (scripts/lib/publish/content.ts lists them). */
export type PostPage = { url: string; locale: Locale };

/** Whether a route is one page per published post (its pages exist only as the publish wrote them). */
export function isPerPublishedPage(route: SiteRoute): boolean {
  return 'perPublishedPage' in route && route.perPublishedPage === true;
}

export function prerenderTargets(
  flags: FlagMap = defaultFlags,
  routes: readonly SiteRoute[] = ROUTES,
  /** The published posts' pages, rendered while their route is on. */
  posts: readonly PostPage[] = [],
): PrerenderTarget[] {
  const pages = routes
    .filter((route) => route.prerendered && routeIsOn(route, flags))
    .flatMap((route) =>
      localesOf(route).map((locale) => {
        const url = localized(route.path, locale);
        return { url, file: fileFor(url), locale, notFound: false };
      }),
    );
  const postRoutes = routes.filter((route) => isPerPublishedPage(route) && routeIsOn(route, flags));
  for (const post of posts) {
    if (!postRoutes.some((route) => matchRoute(post.url, [route]))) continue;
    pages.push({ url: post.url, file: fileFor(post.url), locale: post.locale, notFound: false });
  }
  // Any path the router does not know renders the 404 page.
  const notFound = (['en', 'fr'] as const).map((locale) => ({
    url: localized(NOT_FOUND_PATH, locale),
    file: NOT_FOUND_FILES[locale],
    locale,
    notFound: true,
  }));
  return [...pages, ...notFound];
}

/** Every concrete URL pattern, in both languages where the route has both. */
export function localizedPatterns(routes: readonly SiteRoute[] = ROUTES): string[] {
  return routes.flatMap((route) => localesOf(route).map((locale) => localized(route.path, locale)));
}

/** True when the app has a route for the path (whatever the flags say at run time). */
export function isKnownRoute(pathname: string, routes: readonly SiteRoute[] = ROUTES): boolean {
  return matchRoute(pathname, routes) !== null;
}

/**
 * The status a server answers for a path that has no file of its own: 200 for
 * an app route, 404 otherwise. Given the flags the site is published with, a
 * route whose flag is off is a 404 too.
 */
export function statusForPath(pathname: string, flags?: FlagMap): 200 | 404 {
  const match = matchRoute(pathname);
  if (!match) return 404;
  // A published post's page is a file; a path without one is no published post.
  if (isPerPublishedPage(match.route)) return 404;
  return !flags || routeIsOn(match.route, flags) ? 200 : 404;
}

/** The routes the sitemap lists: indexable, on with these flags, and not a pattern. */
export function sitemapRoutes(flags: FlagMap = defaultFlags, routes: readonly SiteRoute[] = ROUTES): SiteRoute[] {
  return routes.filter((route) => route.indexable && routeIsOn(route, flags) && !route.path.includes(':'));
}
