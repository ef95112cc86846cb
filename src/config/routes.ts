/**
 * The site's one route table, as plain data (docs/decisions/040-one-route-table.md).
 * Everything that needs to know the URL space derives from it: the router
 * (src/app/routes.tsx maps each id to its component), preloading before
 * hydration, who may open a path after sign-in, the prerender list, the
 * sitemap, robots.txt, the static hosts' rules, the servers' status codes
 * and the test route lists. Adding a page is one row here plus its component
 * in src/app/pages.tsx.
 *
 * No React and no component here: the public bundle and the build scripts
 * both read this file.
 */
import { FRENCH_PREFIX, type Locale } from '@/i18n/locales';
import type { FlagName } from '@/lib/flags/defaults';

/**
 * Who may open a route:
 * - public: anyone;
 * - sign-in: anyone, but never a destination after signing in;
 * - client / admin: a signed-in account with that role (others are sent to sign in);
 * - password: the simple admin, behind its own password form.
 */
export type RouteAccess = 'public' | 'sign-in' | 'client' | 'admin' | 'password';

export type RouteDef = {
  /** Names the page component in src/app/pages.tsx. */
  id: string;
  /** The English path; `:param` matches one segment, a trailing `/*` any rest (including none). */
  path: string;
  /** Both languages (French under /fr) or English only (staff pages, docs/decisions/014-both-languages-for-clients-and-visitors.md). */
  locales: 'both' | 'en';
  access: RouteAccess;
  /** Inside the site's header and footer, or a staff screen of its own. */
  layout: 'site' | 'staff';
  /** The route exists only while this flag is on; off, the path is the 404 page. */
  flag?: FlagName;
  /** Listed in sitemap.xml (while its flag, if any, is on). */
  indexable?: boolean;
  /** Rendered to HTML at build (while its flag, if any, is on). */
  prerendered?: boolean;
};

const TABLE = [
  { id: 'home', path: '/', locales: 'both', access: 'public', layout: 'site', indexable: true, prerendered: true },
  {
    id: 'privacy',
    path: '/privacy',
    locales: 'both',
    access: 'public',
    layout: 'site',
    indexable: true,
    prerendered: true,
  },
  {
    id: 'terms',
    path: '/terms',
    locales: 'both',
    access: 'public',
    layout: 'site',
    indexable: true,
    prerendered: true,
  },
  {
    id: 'news',
    path: '/insights/news',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'insights',
    indexable: true,
  },
  {
    id: 'blog',
    path: '/insights/blog',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'insights',
    indexable: true,
  },
  { id: 'article', path: '/insights/blog/:slug', locales: 'both', access: 'public', layout: 'site', flag: 'insights' },
  { id: 'teams', path: '/teams', locales: 'both', access: 'public', layout: 'site', flag: 'teams', indexable: true },
  {
    id: 'partnerships',
    path: '/partnerships',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'partnerships',
    indexable: true,
  },
  {
    id: 'solutions',
    path: '/solutions',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'solutions',
    indexable: true,
  },
  { id: 'signIn', path: '/admin/login', locales: 'both', access: 'sign-in', layout: 'site', prerendered: true },
  // Carries the B2B access request, a lead form prospects should find: indexable.
  {
    id: 'clientLogin',
    path: '/client/login',
    locales: 'both',
    access: 'sign-in',
    layout: 'site',
    flag: 'client_portal',
    indexable: true,
    prerendered: true,
  },
  {
    id: 'clientDashboard',
    path: '/client/dashboard',
    locales: 'both',
    access: 'client',
    layout: 'site',
    flag: 'client_portal',
  },
  // Self-service accounts (docs/decisions/070-accounts-run-themselves.md, 071-password-reset-by-email.md).
  { id: 'clientConfirm', path: '/client/confirm', locales: 'both', access: 'sign-in', layout: 'site' },
  { id: 'accountStatus', path: '/client/account', locales: 'both', access: 'sign-in', layout: 'site' },
  { id: 'resetPassword', path: '/reset-password', locales: 'both', access: 'sign-in', layout: 'site' },
  { id: 'adminPortal', path: '/admin-portal/*', locales: 'en', access: 'admin', layout: 'staff' },
  { id: 'simpleAdmin', path: '/simple-admin', locales: 'en', access: 'password', layout: 'staff' },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof TABLE)[number]['id'];
export type SiteRoute = RouteDef & { id: RouteId };
export const ROUTES: readonly SiteRoute[] = TABLE;

export function routeById(id: RouteId): SiteRoute {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`No route "${id}".`);
  return route;
}

export function localesOf(route: Pick<RouteDef, 'locales'>): Locale[] {
  return route.locales === 'both' ? ['en', 'fr'] : ['en'];
}

/** `path` (English) as the given language spells it. */
export function localized(path: string, locale: Locale): string {
  if (locale === 'en') return path;
  return path === '/' ? FRENCH_PREFIX : `${FRENCH_PREFIX}${path}`;
}

/** The route pattern without the router's `/*` tail, for links and prefixes. */
export function routeBase(route: Pick<RouteDef, 'path'>): string {
  return route.path.endsWith('/*') ? route.path.slice(0, -2) || '/' : route.path;
}

const compiled = new Map<string, RegExp>();

/** A pattern of the table as a regular expression: `:x` is one segment, `/*` any rest; a trailing slash is allowed. */
export function patternRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    const splat = pattern.endsWith('/*');
    const base = splat ? pattern.slice(0, -2) : pattern;
    const body = base
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    re = new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}/?$`);
    compiled.set(pattern, re);
  }
  return re;
}

export type RouteMatch = { route: SiteRoute; locale: Locale };

/** The route that renders `pathname` (a path without query or hash), in the language of its URL, or null. */
export function matchRoute(pathname: string, routes: readonly SiteRoute[] = ROUTES): RouteMatch | null {
  for (const route of routes) {
    for (const locale of localesOf(route)) {
      if (patternRegExp(localized(route.path, locale)).test(pathname)) return { route, locale };
    }
  }
  return null;
}
