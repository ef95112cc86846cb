import { EMPTY_CATALOGUE } from '../../../src/lib/catalogue/published.ts';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteContent } from '../../../src/lib/content/build-page-content.ts';
import type { PublishedItem, PublishedTranslation } from '../../../src/lib/content/published.ts';
import { defaultFlags, type FlagMap } from '../../../src/lib/flags/defaults.ts';
import { parseRedirectsFile, redirectsFile, vercelConfig } from '../hosting-config.ts';
import { sitemapXml } from '../seo-files.ts';
import { SITE_ROUTES, statusForPath } from '../site-routes.ts';
import { contentRedirects, feedXml, planContentPublish, postPaths, redirectLookup } from './content.ts';
import { writeContentData } from './pages.ts';

const on: FlagMap = { ...defaultFlags, insights: true };
const SITE = 'https://example.ca';

function tr(lang: 'en' | 'fr', slug: string, title = `Title ${slug}`): PublishedTranslation {
  return {
    lang,
    title,
    slug,
    excerpt: `About ${slug} & more`,
    bodyMd: 'Body',
    imageAlt: '',
    date: '2026-11-01',
    authorRole: null,
    authorBio: null,
    tag: null,
    readingMinutes: 1,
  };
}

function item(id: string, kind: 'news' | 'blog', translations: PublishedTranslation[]): PublishedItem {
  return {
    id,
    kind,
    publishAt: '2026-11-01T12:00:00.000Z',
    featured: false,
    category: null,
    image: null,
    authorName: 'Eleni',
    translations: Object.fromEntries(translations.map((t) => [t.lang, t])),
  };
}

const post = item('p1', 'blog', [tr('en', 'olive-oil'), tr('fr', 'huile-olive')]);
const other = item('p2', 'blog', [tr('en', 'feta')]);
const news = item('n1', 'news', [tr('en', 'trade-show'), tr('fr', 'salon')]);
const base: SiteContent = { items: [post, other, news], redirects: [], catalogue: EMPTY_CATALOGUE };
const urls = (targets: { url: string }[]) => targets.map((t) => t.url).sort();

describe('planContentPublish', () => {
  it('does nothing when nothing changed', () => {
    const plan = planContentPublish(base, base, on);
    expect(plan).toEqual({ items: [], render: [], remove: [], siteFiles: false });
  });

  it('publishing a post renders its article in each language and the blog lists, not the news or home page', () => {
    const plan = planContentPublish({ ...base, items: [other, news] }, base, on);
    expect(plan.items).toEqual(['p1']);
    expect(urls(plan.render)).toEqual([
      '/fr/insights/blog',
      '/fr/insights/blog/huile-olive',
      '/insights/blog',
      '/insights/blog/olive-oil',
    ]);
    expect(plan.remove).toEqual([]);
    expect(plan.siteFiles).toBe(true);
  });

  it('editing a news item renders the news lists of its languages only', () => {
    const edited = item('n1', 'news', [tr('en', 'trade-show', 'New title'), tr('fr', 'salon')]);
    const plan = planContentPublish(base, { ...base, items: [post, other, edited] }, on);
    expect(urls(plan.render)).toEqual(['/fr/insights/news', '/insights/news']);
  });

  it('unpublishing (or deleting) a post removes its pages and renders the lists', () => {
    const plan = planContentPublish(base, { ...base, items: [other, news] }, on);
    expect(urls(plan.render)).toEqual(['/fr/insights/blog', '/insights/blog']);
    expect(plan.remove).toEqual(['fr/insights/blog/huile-olive/index.html', 'insights/blog/olive-oil/index.html']);
  });

  it('a slug change renders the new page and removes the old one', () => {
    const renamed = item('p1', 'blog', [tr('en', 'extra-virgin'), tr('fr', 'huile-olive')]);
    const next = {
      items: [renamed, other, news],
      redirects: [{ kind: 'blog' as const, lang: 'en' as const, oldSlug: 'olive-oil', slug: 'extra-virgin' }],
      catalogue: EMPTY_CATALOGUE,
    };
    const plan = planContentPublish(base, next, on);
    expect(urls(plan.render)).toContain('/insights/blog/extra-virgin');
    expect(plan.remove).toEqual(['insights/blog/olive-oil/index.html']);
  });

  it('a change listed by the publish hook is re-rendered even when the snapshots agree', () => {
    const plan = planContentPublish(base, base, on, [
      { item: 'p2', kind: 'blog', action: 'edit', before: { en: 'feta' }, after: { en: 'feta' } },
    ]);
    expect(urls(plan.render)).toEqual(['/insights/blog', '/insights/blog/feta']);
  });

  it('renders nothing while the insights pages are off', () => {
    const plan = planContentPublish({ ...base, items: [] }, base, defaultFlags);
    expect(plan.render).toEqual([]);
  });
});

describe('the sitemap, feeds and redirects of published content', () => {
  it('lists each post in each language with hreflang pairs when it has both', () => {
    const xml = sitemapXml(SITE, on, SITE_ROUTES, postPaths(base));
    expect(xml).toContain('<loc>https://example.ca/insights/blog/olive-oil</loc>');
    expect(xml).toContain('<loc>https://example.ca/fr/insights/blog/huile-olive</loc>');
    expect(xml).toContain('hreflang="fr-CA" href="https://example.ca/fr/insights/blog/huile-olive"');
    expect(xml).toContain('<loc>https://example.ca/insights/blog/feta</loc>');
    expect(xml).not.toContain('/fr/insights/blog/feta');
  });

  it('writes one RSS 2.0 feed per language with its posts and news, escaped', () => {
    const en = feedXml(base, 'en', SITE);
    expect(en).toContain('<rss version="2.0"');
    expect(en).toContain('<link>https://example.ca/insights/blog/olive-oil</link>');
    expect(en).toContain('<link>https://example.ca/insights/news#news-trade-show</link>');
    expect(en).toContain('About olive-oil &amp; more');
    expect(en).toContain('<language>en-ca</language>');
    const fr = feedXml(base, 'fr', SITE);
    expect(fr).toContain('<link>https://example.ca/fr/insights/blog/huile-olive</link>');
    expect(fr).not.toContain('feta');
    expect(fr).toContain('atom:link href="https://example.ca/fr/insights/feed.xml"');
  });

  it('redirects a former slug permanently in _redirects, vercel.json and the local server', () => {
    const content: SiteContent = {
      ...base,
      redirects: [
        { kind: 'blog', lang: 'fr', oldSlug: 'ancien', slug: 'huile-olive' },
        { kind: 'news', lang: 'en', oldSlug: 'old-news', slug: 'trade-show' },
      ],
    };
    const redirects = contentRedirects(content);
    expect(redirects).toEqual([{ from: '/fr/insights/blog/ancien', to: '/fr/insights/blog/huile-olive' }]);
    const rules = parseRedirectsFile(redirectsFile(SITE_ROUTES, on, redirects));
    expect(rules[0]).toEqual({ from: '/fr/insights/blog/ancien', to: '/fr/insights/blog/huile-olive', status: 301 });
    // The article pattern gets no SPA rule: a slug without a page is a 404.
    expect(rules.some((rule) => rule.from.startsWith('/insights/blog/:'))).toBe(false);
    const vercel = vercelConfig({ VITE_SITE_URL: SITE } as never, SITE_ROUTES, on, redirects);
    expect(vercel.redirects).toEqual([
      { source: '/fr/insights/blog/ancien', destination: '/fr/insights/blog/huile-olive', permanent: true },
    ]);
    const lookup = redirectLookup(() => content);
    expect(lookup('/fr/insights/blog/ancien')).toBe('/fr/insights/blog/huile-olive');
    expect(lookup('/fr/insights/blog/ancien/')).toBe('/fr/insights/blog/huile-olive');
    expect(lookup('/insights/blog/ancien')).toBeNull();
  });

  it('answers 404 for an article path with no page of its own', () => {
    expect(statusForPath('/insights/blog/never-published', on)).toBe(404);
    expect(statusForPath('/insights/blog', on)).toBe(200);
  });
});

describe('writeContentData (what pages the browser renders itself read)', () => {
  it('writes each list and article as JSON, the body rendered, and deletes the files of posts that left', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'content-data-'));
    try {
      const env = { VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SITE_URL: SITE };
      await writeContentData(outDir, env, base);
      const article = JSON.parse(readFileSync(join(outDir, 'content-data/insights/blog/olive-oil.json'), 'utf8'));
      expect(article).toMatchObject({
        page: 'article',
        article: { title: 'Title olive-oil', bodyHtml: '<p>Body</p>' },
      });
      expect(article.article.paths).toEqual({ en: '/insights/blog/olive-oil', fr: '/fr/insights/blog/huile-olive' });
      const frenchNews = JSON.parse(readFileSync(join(outDir, 'content-data/fr/insights/news.json'), 'utf8'));
      expect(frenchNews.items.map((item: { slug: string }) => item.slug)).toEqual(['salon']);

      const changed = await writeContentData(outDir, env, { ...base, items: [other, news] });
      expect(changed).toContain('content-data/insights/blog/olive-oil.json');
      expect(existsSync(join(outDir, 'content-data/insights/blog/olive-oil.json'))).toBe(false);
      expect(existsSync(join(outDir, 'content-data/fr/insights/blog/huile-olive.json'))).toBe(false);
      expect(existsSync(join(outDir, 'content-data/insights/blog/feta.json'))).toBe(true);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('publishes a body image from the content-images bucket, never one that climbs out of it however encoded', async () => {
    const storage = 'http://127.0.0.1:54321';
    const bucket = `${storage}/storage/v1/object/public/content-images/`;
    const climbs = [
      '%2e%2e/%2e%2e/sign/documents/x',
      '%2E%2E/%2E%2E/sign/documents/x',
      '.%2e/%2E./sign/documents/x',
      '%252e%252e/%252e%252e/sign/documents/x',
      '%2e%2e%5c%2e%2e%5csign/documents/x',
      '%2e%2e\\\\%2e%2e\\\\sign/documents/x',
    ];
    const bodyMd = [`![ok](${bucket}2026/11/a.webp)`, ...climbs.map((path) => `![no](${bucket}${path})`)].join('\n\n');
    const withImages = item('p1', 'blog', [{ ...tr('en', 'olive-oil'), bodyMd }]);
    const outDir = mkdtempSync(join(tmpdir(), 'content-data-'));
    try {
      await writeContentData(
        outDir,
        { VITE_SUPABASE_URL: storage, VITE_SITE_URL: SITE },
        { items: [withImages], redirects: [], catalogue: EMPTY_CATALOGUE },
      );
      const article = JSON.parse(readFileSync(join(outDir, 'content-data/insights/blog/olive-oil.json'), 'utf8'));
      const bodyHtml: string = article.article.bodyHtml;
      expect(bodyHtml).toContain(`src="${bucket}2026/11/a.webp"`);
      expect(bodyHtml.match(/<img /g)).toHaveLength(1);
      expect(bodyHtml).not.toContain('sign/documents');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
