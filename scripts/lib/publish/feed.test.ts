import { EMPTY_CATALOGUE } from '../../../src/lib/catalogue/published.ts';
// @vitest-environment jsdom
/**
 * The RSS feeds stay well-formed XML whatever a title holds: a feed reader
 * parses them strictly, and one character XML 1.0 cannot carry makes the
 * whole feed unreadable. Parsed here with the DOM's own XML parser (jsdom's,
 * which follows XML 1.0 to the letter).
 */
import { describe, expect, it } from 'vitest';
import type { SiteContent } from '../../../src/lib/content/build-page-content.ts';
import type { PublishedItem, PublishedTranslation } from '../../../src/lib/content/published.ts';
import { feedXml } from './content.ts';

function translation(lang: 'en' | 'fr', title: string, excerpt: string): PublishedTranslation {
  return {
    lang,
    title,
    slug: lang === 'en' ? 'olive-oil' : 'huile-olive',
    excerpt,
    bodyMd: 'Body',
    imageAlt: '',
    date: '2026-11-01',
    authorRole: null,
    authorBio: null,
    tag: null,
    readingMinutes: 1,
  };
}

function content(title: string, excerpt = 'About oil & more'): SiteContent {
  const post: PublishedItem = {
    id: 'p1',
    kind: 'blog',
    publishAt: '2026-11-01T12:00:00.000Z',
    featured: false,
    category: null,
    image: null,
    authorName: null,
    translations: { en: translation('en', title, excerpt), fr: translation('fr', title, excerpt) },
  };
  return { items: [post], redirects: [], catalogue: EMPTY_CATALOGUE };
}

function parse(xml: string): Document {
  return new DOMParser().parseFromString(xml, 'application/xml');
}

describe('the RSS feed of published content', () => {
  it('is well-formed XML when a title or an excerpt holds characters XML cannot carry', () => {
    const hostile = content('Olive \u0001oil\u001f <extra> & "virgin"\uffff', 'About\u000b oil \ud800and\u0008 more');
    for (const locale of ['en', 'fr'] as const) {
      const feed = parse(feedXml(hostile, locale, 'https://example.ca'));
      expect(feed.getElementsByTagName('parsererror')).toHaveLength(0);
      const item = feed.querySelector('item');
      expect(item?.querySelector('title')?.textContent).toBe('Olive oil <extra> & "virgin"');
      expect(item?.querySelector('description')?.textContent).toBe('About oil and more');
    }
  });

  it('keeps what XML carries: tabs, line breaks, accents, emoji', () => {
    const feed = parse(
      feedXml(content('Huile d’olive — “extra” 🫒', 'Un\ttexte\nsur deux lignes'), 'fr', 'https://example.ca'),
    );
    expect(feed.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(feed.querySelector('item title')?.textContent).toBe('Huile d’olive — “extra” 🫒');
    expect(feed.querySelector('item description')?.textContent).toBe('Un\ttexte\nsur deux lignes');
  });

  it('the parser used here does refuse such a character (so the first test can fail)', () => {
    expect(parse('<rss><title>a\u0001b</title></rss>').getElementsByTagName('parsererror').length).toBeGreaterThan(0);
  });
});
