/**
 * The posts and news the site published before they moved into the database
 * (docs/decisions/161-existing-content-moves-by-migration.md), read as a
 * visitor with the public read module: the counts, languages, slugs,
 * categories, authors, images and bodies the public pages rely on.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('the content published so far', () => {
  // What the site published before its news and posts moved into the database, held there now
  // (docs/decisions/161-existing-content-moves-by-migration.md): the counts, languages, categories
  // and shapes the public pages rely on.
  it('has six English and two French posts, one featured, each with a structured body and its image', () => {
    const blog = items.filter((item) => item.kind === 'blog');
    expect(blog).toHaveLength(6);
    expect(blog.filter((item) => item.translations.fr)).toHaveLength(2);
    expect(blog.filter((item) => item.featured)).toHaveLength(1);
    expect(blog.find((item) => item.featured)?.translations.fr).toBeDefined();
    for (const item of blog) {
      expect(item.category, item.id).not.toBeNull();
      expect(item.authorName, item.id).toBeTruthy();
      expect(item.image?.path, item.id).toMatch(/^\/images\//);
      expect(existsSync(resolve('public', `.${item.image!.path}`)), item.image!.path).toBe(true);
      const english = item.translations.en!;
      // A French post keeps its English original's slug, so switching language lands on it.
      if (item.translations.fr) expect(item.translations.fr.slug).toBe(english.slug);
      for (const translation of Object.values(item.translations)) {
        expect(translation.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(translation.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(translation.authorRole).toBeTruthy();
        expect(markdownToPlainText(translation.bodyMd).split(/\s+/).length, translation.slug).toBeGreaterThan(300);
        expect(translation.readingMinutes).toBeGreaterThanOrEqual(2);
        expect(renderMarkdown(translation.bodyMd)).toContain('<h2>');
      }
    }
  });

  it('has five English and four French news items, every category in English and all but trade in French', () => {
    const news = items.filter((item) => item.kind === 'news');
    expect(news).toHaveLength(5);
    const french = news.filter((item) => item.translations.fr);
    expect(french).toHaveLength(4);
    expect(new Set(news.map((item) => item.category))).toEqual(
      new Set(['product-launch', 'partnership', 'expansion', 'trade', 'sustainability']),
    );
    expect(new Set(french.map((item) => item.category))).toEqual(
      new Set(['product-launch', 'partnership', 'expansion', 'sustainability']),
    );
    for (const item of news) {
      expect(existsSync(resolve('public', `.${item.image!.path}`)), item.image!.path).toBe(true);
      expect(item.translations.en!.tag).toBeTruthy();
      // The same story on the same date, under the same slug, in both languages.
      if (item.translations.fr) {
        expect(item.translations.fr.slug).toBe(item.translations.en!.slug);
        expect(item.translations.fr.date).toBe(item.translations.en!.date);
      }
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
    expect(mine).toHaveLength(6);

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

describe('the due schedule run of the local publisher', () => {
  it('runs for the service role only, without the publish token', async () => {
    // Revoked from everyone else: not found or not allowed, never run.
    expect((await backend.client().rpc('publish_due_content_as_service')).error).not.toBeNull();
    const admin = await backend.signIn('admin');
    expect((await admin.rpc('publish_due_content_as_service')).error).not.toBeNull();
    expect((await backend.serviceClient().rpc('publish_due_content_as_service')).data).toBe(0);
  });
});
