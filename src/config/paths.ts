/**
 * Typed, locale-aware route builders over the route table (./routes.ts).
 * Links are built here, never by gluing `/fr` by hand.
 */
import { FRENCH_PREFIX, localeFromPath, type Locale } from '@/i18n/locales';
import type { HomeSectionName } from '@/lib/flags/defaults';
import { routeBase, routeById, type RouteId, type RouteRow } from './routes';

/** A place on the home page a link can scroll to: its top, or a section its flag declaration names. */
export type SectionAnchor = 'home' | HomeSectionName;

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

/** The names of the `:params` of a path pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a route's path needs: none, or one string per `:param` of its pattern. */
export type RouteParams<Id extends RouteId> = [ParamNames<Extract<RouteRow, { id: Id }>['path']>] extends [never]
  ? []
  : [params: Record<ParamNames<Extract<RouteRow, { id: Id }>['path']>, string>];

/**
 * The URL of a route of the table (src/config/routes.ts) in `locale` (an
 * English-only route is always in English), with its `:params` filled in.
 */
export function routePath<Id extends RouteId>(id: Id, locale: Locale, ...[params]: RouteParams<Id>): string {
  const route = routeById(id);
  const values: Record<string, string> = params ?? {};
  const path = routeBase(route).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  return localizePath(path, route.locales === 'both' ? locale : 'en');
}

/** A section of the home page, in the page's language: the home path plus the anchor. */
export function sectionPath(locale: Locale, anchor: SectionAnchor): string {
  return `${routePath('home', locale)}#${anchor}`;
}

/** The admin portal's screens (English only). */
export const paths = {
  adminPortal: (section: AdminSection = 'dashboard') => `${routePath('adminPortal', 'en')}/${section}`,
} as const;

/**
 * The admin portal's section slugs. The portal's section table
 * (src/features/admin-portal/layout/admin-sections.ts) fills this in by declaration
 * merging, so links into the portal are type-checked while the public bundle
 * holds neither the table nor a copy of its slugs.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the admin feature
export interface AdminPortalRegister {}
export type AdminSection = AdminPortalRegister extends { section: infer S extends string } ? S : never;
