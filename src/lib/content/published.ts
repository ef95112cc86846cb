/**
 * Published news items and blog posts as the public pages need them
 * (docs/decisions/160-content-in-the-database.md). Reads through whichever
 * supabase-js client the caller has (the build's anon client, the browser's
 * after hydration); imports only the client's type, so it adds no client to
 * a bundle.
 * Drafts, scheduled and unpublished items are filtered out here too, not only
 * by row-level security, so a signed-in staff member's client never shows one
 * on a public page.
 */
import type { AppSupabaseClient } from '@/lib/supabase/client';
import { newsCategories, blogCategories, type BlogCategory, type NewsCategory } from '@/content/types';

export type ContentKind = 'news' | 'blog';
export type ContentLang = 'en' | 'fr';

export interface PublishedTranslation {
  lang: ContentLang;
  title: string;
  slug: string;
  excerpt: string;
  /** Markdown; render with src/lib/markdown/render.ts at build time. */
  bodyMd: string;
  imageAlt: string;
  /** The displayed date, YYYY-MM-DD. */
  date: string;
  authorRole: string | null;
  authorBio: string | null;
  /** News only: the short label on the card. */
  tag: string | null;
  readingMinutes: number;
}

export interface PublishedItem {
  id: string;
  kind: ContentKind;
  /** ISO timestamp (UTC) of the first publication. */
  publishAt: string;
  featured: boolean;
  category: NewsCategory | BlogCategory | null;
  /** `path` is a site file (/images/...) or a content-images object name; see contentImageUrl. */
  image: { path: string; width: number; height: number } | null;
  authorName: string | null;
  /** Only the languages the item is published in: no `fr`, not on the French pages. */
  translations: Partial<Record<ContentLang, PublishedTranslation>>;
}

export interface SlugRedirect {
  kind: ContentKind;
  lang: ContentLang;
  oldSlug: string;
  /** The item's current slug in that language. */
  slug: string;
}

type Client = AppSupabaseClient;

/** The URL of an item's image: site files as they are, bucket objects under the Storage origin. */
export function contentImageUrl(path: string, storageOrigin: string): string {
  if (path.startsWith('/')) return path;
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${storageOrigin.replace(/\/+$/, '')}/storage/v1/object/public/content-images/${encoded}`;
}

function isCategory(kind: ContentKind, value: string | null): value is NewsCategory | BlogCategory {
  if (value === null) return false;
  return kind === 'news'
    ? (newsCategories as readonly string[]).includes(value)
    : (blogCategories as readonly string[]).includes(value);
}

/**
 * Every published item (of one kind, if given), newest publication first,
 * with its published translations. Throws on a failed read: a build must not
 * publish pages from a partial answer.
 */
export async function fetchPublishedContent(
  client: Client,
  options: { kind?: ContentKind; now?: Date } = {},
): Promise<PublishedItem[]> {
  const now = (options.now ?? new Date()).toISOString();
  let query = client
    .from('content_items')
    .select('id, kind, publish_at, featured, category, image_path, image_width, image_height, author_name')
    .eq('status', 'published')
    .lte('publish_at', now)
    .order('publish_at', { ascending: false })
    .order('id');
  if (options.kind) query = query.eq('kind', options.kind);
  const items = await query;
  if (items.error) throw new Error(`content_items: ${items.error.message}`);
  if (items.data.length === 0) return [];

  const translations = await client
    .from('content_translations')
    .select(
      'item_id, lang, title, slug, excerpt, body_md, image_alt, date, author_role, author_bio, tag, reading_minutes',
    )
    .in(
      'item_id',
      items.data.map((item) => item.id),
    );
  if (translations.error) throw new Error(`content_translations: ${translations.error.message}`);

  const byItem = new Map<string, Partial<Record<ContentLang, PublishedTranslation>>>();
  for (const row of translations.data) {
    const lang = row.lang as ContentLang;
    const entry = byItem.get(row.item_id) ?? {};
    entry[lang] = {
      lang,
      title: row.title,
      slug: row.slug,
      excerpt: row.excerpt,
      bodyMd: row.body_md,
      imageAlt: row.image_alt,
      date: row.date,
      authorRole: row.author_role,
      authorBio: row.author_bio,
      tag: row.tag,
      readingMinutes: row.reading_minutes,
    };
    byItem.set(row.item_id, entry);
  }

  return items.data.map((row) => {
    const kind = row.kind as ContentKind;
    return {
      id: row.id,
      kind,
      publishAt: row.publish_at ?? now,
      featured: row.featured,
      category: isCategory(kind, row.category) ? row.category : null,
      image:
        row.image_path && row.image_width && row.image_height
          ? { path: row.image_path, width: row.image_width, height: row.image_height }
          : null,
      authorName: row.author_name,
      translations: byItem.get(row.id) ?? {},
    };
  });
}

/**
 * Old slugs of published items that redirect permanently, each resolved to
 * the item's current slug in the same language. An old slug that is some
 * published item's current slug is left out: the current slug always wins.
 */
export function resolveSlugRedirects(
  redirects: readonly { kind: string; lang: string; old_slug: string; item_id: string }[],
  items: readonly PublishedItem[],
): SlugRedirect[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const current = new Set(
    items.flatMap((item) =>
      Object.values(item.translations).map((translation) => `${item.kind}/${translation.lang}/${translation.slug}`),
    ),
  );
  const resolved: SlugRedirect[] = [];
  for (const redirect of redirects) {
    const lang = redirect.lang as ContentLang;
    const target = byId.get(redirect.item_id)?.translations[lang];
    if (!target || current.has(`${redirect.kind}/${lang}/${redirect.old_slug}`)) continue;
    resolved.push({ kind: redirect.kind as ContentKind, lang, oldSlug: redirect.old_slug, slug: target.slug });
  }
  return resolved.sort((a, b) => `${a.kind}/${a.lang}/${a.oldSlug}`.localeCompare(`${b.kind}/${b.lang}/${b.oldSlug}`));
}

/** The redirects of the published items given (read them with fetchPublishedContent first). */
export async function fetchSlugRedirects(client: Client, items: readonly PublishedItem[]): Promise<SlugRedirect[]> {
  if (items.length === 0) return [];
  const { data, error } = await client
    .from('content_slug_redirects')
    .select('kind, lang, old_slug, item_id')
    .in(
      'item_id',
      items.map((item) => item.id),
    );
  if (error) throw new Error(`content_slug_redirects: ${error.message}`);
  return resolveSlugRedirects(data, items);
}
