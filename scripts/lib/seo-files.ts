/**
 * sitemap.xml and robots.txt, generated at build from the route table and the
 * site's public URL (VITE_SITE_URL).
 */
import { DISALLOWED_PATHS, SITE_ROUTES, localized, sitemapRoutes, type Locale, type SiteRoute } from './site-routes.ts';

const HREFLANG: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

/**
 * Crawlable exceptions inside the disallowed areas: the client sign-in page
 * also carries the B2B access request (spec 2.9), a lead form prospects
 * should be able to find. Everything behind it stays out.
 */
export const ALLOWED_INSIDE_DISALLOWED = ['/client/login', '/fr/client/login'] as const;

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function absolute(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/$/, '')}${path}`;
}

export function sitemapXml(siteUrl: string, routes: readonly SiteRoute[] = SITE_ROUTES): string {
  const entries = sitemapRoutes(routes).flatMap((route) => {
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
        ...alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`),
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

export function robotsTxt(siteUrl: string): string {
  return [
    '# Generated at build (scripts/lib/seo-files.ts).',
    'User-agent: *',
    ...ALLOWED_INSIDE_DISALLOWED.map((path) => `Allow: ${path}`),
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absolute(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
