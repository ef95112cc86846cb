/**
 * sitemap.xml and robots.txt, generated at build from the route table and the
 * site's public URL (VITE_SITE_URL).
 */
import { defaultFlags, type FlagMap } from '../../src/lib/flags/defaults.ts';
import {
  SITE_ROUTES,
  allowedInsideDisallowed,
  disallowedPaths,
  localized,
  sitemapRoutes,
  type Locale,
  type SiteRoute,
} from './site-routes.ts';

const HREFLANG: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function absolute(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/$/, '')}${path}`;
}

export function sitemapXml(
  siteUrl: string,
  flags: FlagMap = defaultFlags,
  routes: readonly SiteRoute[] = SITE_ROUTES,
): string {
  const entries = sitemapRoutes(flags, routes).flatMap((route) => {
    const locales: Locale[] = route.locales === 'both' ? ['en', 'fr'] : ['en'];
    const alternates =
      route.locales === 'both'
        ? [
            ...locales.map((l) => ({ hreflang: HREFLANG[l], href: absolute(siteUrl, localized(route.path, l)) })),
            { hreflang: 'x-default', href: absolute(siteUrl, route.path) },
          ]
        : [];
    return locales.map((locale) =>
      [
        '  <url>',
        `    <loc>${escapeXml(absolute(siteUrl, localized(route.path, locale)))}</loc>`,
        ...alternates.map(
          (a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`,
        ),
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Crawlers stay out of the sign-in pages and every signed-in and staff area,
 * except the indexable pages inside them (the client sign-in page carries the
 * B2B access request, a lead form prospects should be able to find).
 */
export function robotsTxt(siteUrl: string, routes: readonly SiteRoute[] = SITE_ROUTES): string {
  return [
    '# Generated at build (scripts/lib/seo-files.ts).',
    'User-agent: *',
    ...allowedInsideDisallowed(routes).map((path) => `Allow: ${path}`),
    ...disallowedPaths(routes).map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absolute(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
