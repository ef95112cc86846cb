/**
 * Typed, locale-aware route builders over the route table (./routes.ts).
 * Links are built here, never by gluing `/fr` by hand.
 */
import { FRENCH_PREFIX, localeFromPath, type Locale } from '@/i18n/locales';
import { routeBase, routeById, type RouteId } from './routes';

export type SectionAnchor = 'home' | 'brand-story' | 'products' | 'services' | 'process' | 'founder' | 'contact';

/**
 * Removes the /fr prefix: the path as the English site spells it, always with
 * one leading slash. A URL such as /fr//evil.example would otherwise give
 * "//evil.example", which a link treats as another site.
 */
export function stripLocale(pathname: string): string {
  const french = pathname === FRENCH_PREFIX || pathname.startsWith(`${FRENCH_PREFIX}/`);
  const rest = french ? pathname.slice(FRENCH_PREFIX.length) : pathname;
  return `/${rest.replace(/^[/\\]+/, '')}`;
}

/** The same page in the given language. */
export function localizePath(pathname: string, locale: Locale): string {
  const base = stripLocale(pathname);
  if (locale === 'en') return base;
  return base === '/' ? FRENCH_PREFIX : `${FRENCH_PREFIX}${base}`;
}

/** The other language's URL for the current location, keeping query and hash. */
export function switchLanguageHref(pathname: string, search = '', hash = ''): string {
  const target: Locale = localeFromPath(pathname) === 'fr' ? 'en' : 'fr';
  return `${localizePath(pathname, target)}${search}${hash}`;
}

/** The URL of a route of the table (src/config/routes.ts) in `locale`, with its `:params` filled in. */
export function routePath(id: RouteId, locale: Locale, params: Record<string, string> = {}): string {
  const route = routeById(id);
  const path = routeBase(route).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return localizePath(path, route.locales === 'both' ? locale : 'en');
}

export const paths = {
  home: (l: Locale) => routePath('home', l),
  section: (l: Locale, anchor: SectionAnchor) => `${routePath('home', l)}#${anchor}`,
  privacy: (l: Locale) => routePath('privacy', l),
  terms: (l: Locale) => routePath('terms', l),
  news: (l: Locale) => routePath('news', l),
  blog: (l: Locale) => routePath('blog', l),
  article: (l: Locale, slug: string) => routePath('article', l, { slug }),
  teams: (l: Locale) => routePath('teams', l),
  partnerships: (l: Locale) => routePath('partnerships', l),
  solutions: (l: Locale) => routePath('solutions', l),
  clientLogin: (l: Locale) => routePath('clientLogin', l),
  clientDashboard: (l: Locale) => routePath('clientDashboard', l),
  signIn: (l: Locale) => routePath('signIn', l),
  clientConfirm: (l: Locale) => routePath('clientConfirm', l),
  accountStatus: (l: Locale) => routePath('accountStatus', l),
  resetPassword: (l: Locale) => routePath('resetPassword', l),
  adminPortal: (section: AdminSection = 'dashboard') => `${routePath('adminPortal', 'en')}/${section}`,
  simpleAdmin: () => routePath('simpleAdmin', 'en'),
} as const;

/**
 * The admin portal's section slugs. The portal's section table
 * (src/features/admin-portal/admin-sections.ts) fills this in by declaration
 * merging, so links into the portal are type-checked while the public bundle
 * holds neither the table nor a copy of its slugs.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the admin feature
export interface AdminPortalRegister {}
export type AdminSection = AdminPortalRegister extends { section: infer S extends string } ? S : never;
