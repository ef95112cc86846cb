/**
 * The posts and news the site published before they moved into the database
 * (docs/decisions/161-existing-content-moves-by-migration.md), read as a
 * visitor with the public read module: every item, translation pair, slug,
 * date, category, author, image and word of the former modules is there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsEn } from '../../src/content/blog/en.ts';
import { postsFr } from '../../src/content/blog/fr.ts';
import { newsEn } from '../../src/content/news/en.ts';
import { newsFr } from '../../src/content/news/fr.ts';
import type { RichBlock } from '../../src/content/types.ts';
import {
  contentImageUrl,
  fetchPublishedContent,
  fetchSlugRedirects,
  type PublishedItem,
} from '../../src/lib/content/published.ts';
import { markdownToPlainText, renderMarkdown } from '../../src/lib/markdown/render.ts';
import { ok, startTestBackend, type TestBackend } from './helpers.ts';

let backend: TestBackend;
let items: PublishedItem[];

beforeAll(async () => {
  backend = await startTestBackend({ outbox: { webhook: false, intervalMs: null } });
  items = await fetchPublishedContent(backend.client());
});

afterAll(async () => {
  await backend?.stop();
});

const textOf = (blocks: RichBlock[]) =>
  blocks
    .map((block) =>
      block.type === 'list'
        ? block.items.join(' ')
        : block.type === 'quote'
          ? `${block.text}${block.cite ? ` — ${block.cite}` : ''}`
          : block.text,
    )
    .join(' ')
    .replace(/\s+/g, ' ');

describe('the content published so far', () => {
  it('has every blog post in both languages where it had them, with the same slugs and words', () => {
    const blog = items.filter((item) => item.kind === 'blog');
    expect(blog).toHaveLength(postsEn.length);
    for (const post of postsEn) {
      const item = blog.find((candidate) => candidate.translations.en?.slug === post.slug);
      expect(item, post.slug).toBeDefined();
      expect(item).toMatchObject({
        featured: post.featured,
        category: post.category,
        authorName: post.author.name,
        image: { path: post.image.src, width: post.image.width, height: post.image.height },
      });
      const french = postsFr.find((candidate) => candidate.id === post.id);
      expect(Object.keys(item!.translations).sort()).toEqual(french ? ['en', 'fr'] : ['en']);
      for (const [lang, source] of [
        ['en', post],
        ['fr', french],
      ] as const) {
        if (!source) continue;
        const translation = item!.translations[lang]!;
        expect(translation).toMatchObject({
          title: source.title,
          slug: source.slug,
          excerpt: source.excerpt,
          date: source.date,
          authorRole: source.author.role,
          authorBio: source.author.bio,
        });
        expect(markdownToPlainText(translation.bodyMd)).toBe(textOf(source.content));
        expect(translation.readingMinutes).toBeGreaterThanOrEqual(1);
        expect(renderMarkdown(translation.bodyMd)).toContain('<h2>');
      }
    }
  });

  it('has every news item, the French ones where they existed, each slug its former id', () => {
    const news = items.filter((item) => item.kind === 'news');
    expect(news).toHaveLength(newsEn.length);
    for (const source of newsEn) {
      const item = news.find((candidate) => candidate.translations.en?.slug === source.id);
      expect(item, source.id).toBeDefined();
      expect(item).toMatchObject({ category: source.category, image: { path: source.image.src } });
      expect(item!.translations.en).toMatchObject({
        title: source.title,
        excerpt: source.excerpt,
        date: source.date,
        tag: source.tag,
      });
      const french = newsFr.find((candidate) => candidate.id === source.id);
      expect(item!.translations.fr ?? null).toEqual(
        french ? expect.objectContaining({ title: french.title, slug: source.id, tag: french.tag }) : null,
      );
    }
  });

  it('lists newest first, and site images keep their path', () => {
    const times = items.map((item) => item.publishAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(contentImageUrl('/images/illustrations/honey.svg', 'https://abc.supabase.co')).toBe(
      '/images/illustrations/honey.svg',
    );
    expect(contentImageUrl('2026/a b.webp', 'https://abc.supabase.co/')).toBe(
      'https://abc.supabase.co/storage/v1/object/public/content-images/2026/a%20b.webp',
    );
  });

  it('a signed-in admin at aal2 gets no draft from the read module, and redirects resolve to the current slug', async () => {
    const admin = await backend.signIn('admin');
    const draft = ok(
      await admin.rpc('save_content_item', {
        payload: {
          kind: 'blog',
          translations: { en: { title: 'Draft', slug: 'read-module-draft', date: '2026-11-27' } },
        },
      }),
      'draft',
    ) as string;
    const mine = await fetchPublishedContent(admin, { kind: 'blog' });
    expect(mine.map((item) => item.id)).not.toContain(draft);
    expect(mine).toHaveLength(postsEn.length);

    ok(await admin.rpc('publish_content_item', { item_id: draft }), 'publish');
    ok(
      await admin.rpc('save_content_item', {
        payload: {
          id: draft,
          translations: { en: { title: 'Draft', slug: 'read-module-renamed', date: '2026-11-27' } },
        },
      }),
      'rename',
    );
    const anon = backend.client();
    const published = await fetchPublishedContent(anon);
    expect(await fetchSlugRedirects(anon, published)).toEqual([
      { kind: 'blog', lang: 'en', oldSlug: 'read-module-draft', slug: 'read-module-renamed' },
    ]);
  });
});
