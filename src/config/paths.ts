/**
 * Typed, locale-aware route builders. Links are built here, never by gluing
 * `/fr` by hand.
 */
import { FRENCH_PREFIX, localeFromPath, type Locale } from '@/i18n/locales';

export type SectionAnchor = 'home' | 'brand-story' | 'products' | 'services' | 'process' | 'founder' | 'contact';

/** Removes the /fr prefix: the path as the English site spells it. */
export function stripLocale(pathname: string): string {
  if (pathname === FRENCH_PREFIX) return '/';
  if (pathname.startsWith(`${FRENCH_PREFIX}/`)) return pathname.slice(FRENCH_PREFIX.length) || '/';
  return pathname || '/';
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

export const paths = {
  home: (l: Locale) => localizePath('/', l),
  section: (l: Locale, anchor: SectionAnchor) => `${localizePath('/', l)}#${anchor}`,
  privacy: (l: Locale) => localizePath('/privacy', l),
  terms: (l: Locale) => localizePath('/terms', l),
  news: (l: Locale) => localizePath('/insights/news', l),
  blog: (l: Locale) => localizePath('/insights/blog', l),
  article: (l: Locale, slug: string) => localizePath(`/insights/blog/${encodeURIComponent(slug)}`, l),
  teams: (l: Locale) => localizePath('/teams', l),
  partnerships: (l: Locale) => localizePath('/partnerships', l),
  solutions: (l: Locale) => localizePath('/solutions', l),
  clientLogin: (l: Locale) => localizePath('/client/login', l),
  clientDashboard: (l: Locale) => localizePath('/client/dashboard', l),
  signIn: (l: Locale) => localizePath('/admin/login', l),
  adminPortal: (sub: AdminSection = 'dashboard') => `/admin-portal/${sub}`,
  simpleAdmin: () => '/simple-admin',
} as const;

export const adminSections = [
  'dashboard',
  'sections',
  'feature-flags',
  'users',
  'companies',
  'content',
  'analytics',
  'settings',
  'notifications',
] as const;
export type AdminSection = (typeof adminSections)[number];
