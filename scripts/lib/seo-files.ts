/**
 * sitemap.xml, robots.txt and the RSS feeds, generated at build (and at each
 * publish) from the route table, the published posts and the site's public
 * URL (VITE_SITE_URL).
 */
import type { Locale as ContentLocale } from '../../src/i18n/locales.ts';
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

/**
 * Everything XML 1.0 cannot carry, escaped or not: control characters other
 * than tab and line breaks, lone surrogates, U+FFFE and U+FFFF. One of them
 * in a title made a feed unreadable, so they are dropped (the editor and the
 * database refuse them too: docs/decisions/186-page-views-per-network-analytics-events-dropped-clean-feeds-image-paths.md).
 */
const NOT_XML_CHARACTERS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value. */
function escapeXml(value: string): string {
  return value
    .replace(NOT_XML_CHARACTERS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function absolute(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/$/, '')}${path}`;
}

/** A published post's page in each language it has (the sitemap pairs them with hreflang). */
export type PostPaths = Partial<Record<ContentLocale, string>>;

function postEntries(siteUrl: string, posts: readonly PostPaths[]): string[] {
  return posts.flatMap((paths) => {
    const both = paths.en && paths.fr;
    const alternates = both
      ? [
          { hreflang: HREFLANG.en, href: absolute(siteUrl, paths.en ?? '') },
          { hreflang: HREFLANG.fr, href: absolute(siteUrl, paths.fr ?? '') },
          { hreflang: 'x-default', href: absolute(siteUrl, paths.en ?? '') },
        ]
      : [];
    return (['en', 'fr'] as const).flatMap((locale) => {
      const path = paths[locale];
      if (!path) return [];
      return [
        [
          '  <url>',
          `    <loc>${escapeXml(absolute(siteUrl, path))}</loc>`,
          ...alternates.map(
            (a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`,
          ),
          '  </url>',
        ].join('\n'),
      ];
    });
  });
}

export function sitemapXml(
  siteUrl: string,
  flags: FlagMap = defaultFlags,
  routes: readonly SiteRoute[] = SITE_ROUTES,
  /** The published posts' pages (only while their route is on). */
  posts: readonly PostPaths[] = [],
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
    ...postEntries(siteUrl, posts),
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

/** One entry of a feed: a blog post (its page) or a news item (its card on the news page). */
export type FeedEntry = {
  id: string;
  title: string;
  /** Site path. */
  path: string;
  excerpt: string;
  /** ISO time of publication. */
  published: string;
  category?: string;
};

/** RFC 822 dates, as RSS 2.0 wants them. */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/**
 * The RSS 2.0 feed of one language: its published posts and news items,
 * newest first (docs/decisions/167-slug-redirects-and-feeds.md).
 */
export function rssFeed({
  siteUrl,
  locale,
  title,
  description,
  feedPath,
  homePath,
  entries,
}: {
  siteUrl: string;
  locale: ContentLocale;
  title: string;
  description: string;
  feedPath: string;
  homePath: string;
  entries: readonly FeedEntry[];
}): string {
  const sorted = [...entries].sort((a, b) => b.published.localeCompare(a.published) || a.id.localeCompare(b.id));
  const items = sorted.map((entry) =>
    [
      '    <item>',
      `      <title>${escapeXml(entry.title)}</title>`,
      `      <link>${escapeXml(absolute(siteUrl, entry.path))}</link>`,
      `      <guid isPermaLink="false">${escapeXml(`${entry.id}:${locale}`)}</guid>`,
      `      <pubDate>${rfc822(entry.published)}</pubDate>`,
      ...(entry.category ? [`      <category>${escapeXml(entry.category)}</category>`] : []),
      `      <description>${escapeXml(entry.excerpt)}</description>`,
      '    </item>',
    ].join('\n'),
  );
  const updated = sorted[0]?.published;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(absolute(siteUrl, homePath))}</link>`,
    `    <description>${escapeXml(description)}</description>`,
    `    <language>${HREFLANG[locale].toLowerCase()}</language>`,
    `    <atom:link href="${escapeXml(absolute(siteUrl, feedPath))}" rel="self" type="application/rss+xml"/>`,
    ...(updated ? [`    <lastBuildDate>${rfc822(updated)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
