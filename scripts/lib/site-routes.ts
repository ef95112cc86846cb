/**
 * The site's URL space as data, for everything outside the browser: which
 * pages the build prerenders, which paths the servers answer with 200 (the SPA
 * shell) or 404, what the sitemap lists and what robots.txt keeps crawlers out
 * of. tests/node/site-routes.test.ts holds it against src/app/routes.tsx, so
 * a route added there without being added here fails the suite.
 */
import { defaultFlags, type FlagName } from '../../src/lib/flags/flag-names.ts';

export type SiteRoute = {
  /** The English path; `:param` matches one segment, a trailing `/*` any rest (including none). */
  path: string;
  /** Both languages (French under /fr) or English only (staff pages, D14). */
  locales: 'both' | 'en';
  /** Rendered to HTML at build with the default flags. */
  prerender?: boolean;
  /** Listed in sitemap.xml (when its flag, if any, is on by default). */
  indexable?: boolean;
  /** The route exists only while this flag is on (spec 2.2). */
  flag?: FlagName;
};

export const SITE_ROUTES: readonly SiteRoute[] = [
  { path: '/', locales: 'both', prerender: true, indexable: true },
  { path: '/privacy', locales: 'both', prerender: true, indexable: true },
  { path: '/terms', locales: 'both', prerender: true, indexable: true },
  { path: '/insights/news', locales: 'both', indexable: true, flag: 'insights' },
  { path: '/insights/blog', locales: 'both', indexable: true, flag: 'insights' },
  { path: '/insights/blog/:slug', locales: 'both', flag: 'insights' },
  { path: '/teams', locales: 'both', indexable: true, flag: 'teams' },
  { path: '/partnerships', locales: 'both', indexable: true, flag: 'partnerships' },
  { path: '/solutions', locales: 'both', indexable: true, flag: 'solutions' },
  { path: '/admin/login', locales: 'both', prerender: true },
  { path: '/client/login', locales: 'both', prerender: true, indexable: true, flag: 'client_portal' },
  { path: '/client/dashboard', locales: 'both', flag: 'client_portal' },
  { path: '/admin-portal/*', locales: 'en' },
  { path: '/simple-admin', locales: 'en' },
];

/** Kept out of search engines: sign-in pages and every signed-in area. */
export const DISALLOWED_PATHS = ['/admin', '/admin-portal', '/client', '/fr/admin', '/fr/client', '/simple-admin'] as const;

export const NOT_FOUND_FILES = { en: '404.html', fr: 'fr/404.html' } as const;

/** The SPA shell: served for app routes that have no prerendered HTML (dist/index.html is the prerendered home). */
export const SHELL_FILE = 'app-shell.html';

export type Locale = 'en' | 'fr';

export function localized(path: string, locale: Locale): string {
  if (locale === 'en') return path;
  return path === '/' ? '/fr' : `/fr${path}`;
}

function localesOf(route: SiteRoute): Locale[] {
  return route.locales === 'both' ? ['en', 'fr'] : ['en'];
}

export type PrerenderTarget = {
  /** The URL rendered. */
  url: string;
  /** Where its HTML goes, relative to the output directory. */
  file: string;
  locale: Locale;
  notFound: boolean;
};

function fileFor(url: string): string {
  return url === '/' ? 'index.html' : `${url.slice(1)}/index.html`;
}

export function prerenderTargets(routes: readonly SiteRoute[] = SITE_ROUTES): PrerenderTarget[] {
  const pages = routes
    .filter((route) => route.prerender)
    .flatMap((route) =>
      localesOf(route).map((locale) => {
        const url = localized(route.path, locale);
        return { url, file: fileFor(url), locale, notFound: false };
      }),
    );
  // Any path the router does not know renders the 404 page; this one is
  // reserved so that it never becomes a real route.
  const notFound = (['en', 'fr'] as const).map((locale) => ({
    url: localized('/__not-found__', locale),
    file: NOT_FOUND_FILES[locale],
    locale,
    notFound: true,
  }));
  return [...pages, ...notFound];
}

/** Every concrete URL pattern, in both languages where the route has both. */
export function localizedPatterns(routes: readonly SiteRoute[] = SITE_ROUTES): string[] {
  return routes.flatMap((route) => localesOf(route).map((locale) => localized(route.path, locale)));
}

function patternToRegExp(pattern: string): RegExp {
  const splat = pattern.endsWith('/*');
  const base = splat ? pattern.slice(0, -2) : pattern;
  const body = base
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}/?$`);
}

const knownPatterns = localizedPatterns().map(patternToRegExp);

/** True when the app has a route for the path (whatever the flags say at run time). */
export function isKnownRoute(pathname: string, patterns: readonly RegExp[] = knownPatterns): boolean {
  return patterns.some((re) => re.test(pathname));
}

/** The status a static host should answer for a path that has no file of its own. */
export function statusForPath(pathname: string): 200 | 404 {
  return isKnownRoute(pathname) ? 200 : 404;
}

/** The routes the sitemap lists: indexable and on by default. */
export function sitemapRoutes(routes: readonly SiteRoute[] = SITE_ROUTES): SiteRoute[] {
  return routes.filter((route) => route.indexable && (!route.flag || defaultFlags[route.flag]) && !route.path.includes(':'));
}
