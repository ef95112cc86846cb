/**
 * The content of the list or article page being shown
 * (docs/decisions/165-published-content-on-the-site.md). A prerendered page
 * carries its own in its HTML (read once by src/main.tsx, handed to the
 * prerenderer's render directly); a page the browser renders itself (reached
 * by a link inside the app) reads the JSON the same publish wrote beside the
 * pages (contentDataPath), fetched once per path. Either way it is what the
 * last publish wrote, never a draft, and never a second version of the page
 * that would replace the first one.
 *
 * Once the browser is idle after hydration, it asks the Data API (the anon
 * key, so row-level security decides) which of the page's items are still
 * published in its language. One that is not any more (unpublished or
 * deleted since this copy of the page was written: a cached page, or one the
 * rebuild has not replaced yet) leaves the page: its card disappears, its
 * article becomes the 404 page. Nothing else changes, so a page whose items
 * are all still published never re-renders
 * (docs/decisions/176-pages-check-their-items-are-still-published.md).
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, use, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { localeFromPath, type Locale } from '@/i18n/locales';
import { catalogueProductIds, withoutWithdrawnProducts } from '@/lib/catalogue/catalogue-content';
import { whenIdle } from '@/lib/hydration/when-idle';
import { restSelect } from '@/lib/supabase/rest';
import { contentDataPath, normalizePath, type PageContent, type PageContentKind } from './site-content';

/** The content the page was prerendered with (null: none, e.g. a client-rendered page). */
export const PageContentContext = createContext<PageContent | null>(null);

const fetched = new Map<string, Promise<PageContent | null>>();

/** The publish's JSON of the page at `path` (in development, the rows rendered on the spot); null when it has none. */
function readPageContent(path: string, signal?: AbortSignal): Promise<PageContent | null> {
  return import.meta.env.MODE === 'development'
    ? import('./dev-page-content').then((module) => module.devPageContent(path))
    : fetch(contentDataPath(path), { headers: { Accept: 'application/json' }, signal }).then(async (response) =>
        response.ok ? ((await response.json()) as PageContent) : null,
      );
}

function fetchPageContent(path: string): Promise<PageContent | null> {
  let promise = fetched.get(path);
  if (!promise) {
    promise = readPageContent(path).catch(() => {
      // Not cached: the next visit of the path tries again.
      fetched.delete(path);
      return null;
    });
    fetched.set(path, promise);
  }
  return promise;
}

/** What a page shows that may leave the site: news items and posts, or products. */
type Withdrawable = { kind: 'content' | 'products'; ids: string[] };

/** The ids of the items a page shows. */
function itemIds(content: PageContent | null): Withdrawable {
  if (!content) return { kind: 'content', ids: [] };
  switch (content.page) {
    case 'article':
      return { kind: 'content', ids: [content.article.id] };
    case 'blog':
      return { kind: 'content', ids: content.posts.map((post) => post.id) };
    case 'news':
      return { kind: 'content', ids: content.items.map((item) => item.id) };
    default:
      return { kind: 'products', ids: catalogueProductIds(content) };
  }
}

/**
 * Which of `ids` are published (in `lang`) now: anon reads only published,
 * due items' translations, and only published products of published categories.
 */
async function fetchStillPublished({ kind, ids }: Withdrawable, lang: Locale, signal?: AbortSignal) {
  // A category page may show hundreds of products: a few ids per request keeps each address short (proxies cap them near 8 KiB).
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += STILL_PUBLISHED_BATCH) batches.push(ids.slice(i, i + STILL_PUBLISHED_BATCH));
  const answers = await Promise.all(
    batches.map(async (batch) => {
      const list = batch.map(encodeURIComponent).join(',');
      if (kind === 'products') {
        const rows = await restSelect<{ id: string }>('products', `select=id&id=in.(${list})`, { signal });
        return rows.map((row) => row.id);
      }
      const rows = await restSelect<{ item_id: string }>(
        'content_translations',
        `select=item_id&lang=eq.${lang}&item_id=in.(${list})`,
        { signal },
      );
      return rows.map((row) => row.item_id);
    }),
  );
  return new Set(answers.flat());
}

/** Ids per still-published request: 100 uuids make an address of about 3.7 KiB. */
const STILL_PUBLISHED_BATCH = 100;

/** The ids among `ids` that are no longer published (empty until the idle-time check answers, or when it fails). */
function useWithdrawn(shown: Withdrawable, lang: Locale): ReadonlySet<string> {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  const check = useQuery({
    queryKey: [shown.kind, 'still-published', lang, [...shown.ids].sort().join(',')],
    queryFn: ({ signal }) => fetchStillPublished(shown, lang, signal),
    enabled: idle && shown.ids.length > 0,
    staleTime: 5 * 60_000,
    // A failed check changes nothing: the page as published stands.
    retry: false,
  });
  const published = check.data;
  return published ? new Set(shown.ids.filter((id) => !published.has(id))) : NONE;
}

const NONE: ReadonlySet<string> = new Set();

function withoutWithdrawn(content: PageContent, withdrawn: ReadonlySet<string>): PageContent | null {
  if (withdrawn.size === 0) return content;
  switch (content.page) {
    case 'article':
      return withdrawn.has(content.article.id) ? null : content;
    case 'blog':
      return { ...content, posts: content.posts.filter((post) => !withdrawn.has(post.id)) };
    case 'news':
      return { ...content, items: content.items.filter((item) => !withdrawn.has(item.id)) };
    default:
      return withoutWithdrawnProducts(content, withdrawn);
  }
}

/** The page's content when it is of `kind`; null when the path has none (an unpublished article: the 404 page). */
export function usePageContent<K extends PageContentKind>(kind: K): Extract<PageContent, { page: K }> | null {
  const initial = use(PageContentContext);
  const pathname = useLocation().pathname;
  const path = normalizePath(pathname);
  let content: PageContent | null = null;
  if (initial && initial.path === path) content = initial;
  else if (typeof window !== 'undefined') content = use(fetchPageContent(path));
  const withdrawn = useWithdrawn(itemIds(content), localeFromPath(pathname));
  const shown = content ? withoutWithdrawn(content, withdrawn) : null;
  return shown?.page === kind ? (shown as Extract<PageContent, { page: K }>) : null;
}

/**
 * The page's content when it is of `kind`, without suspending: what the page
 * was prerendered with, or, for a page the browser renders itself, null until
 * the publish's JSON arrives (and when it cannot be read). For a part of a
 * page that can wait, such as the links of the home page's category cards.
 */
export function usePageContentWhenReady<K extends PageContentKind>(kind: K): Extract<PageContent, { page: K }> | null {
  const initial = use(PageContentContext);
  const path = normalizePath(useLocation().pathname);
  const prerendered = initial && initial.path === path ? initial : null;
  const later = useQuery({
    queryKey: ['page-content', path],
    queryFn: ({ signal }) => readPageContent(path, signal).catch(() => null),
    enabled: !prerendered && typeof window !== 'undefined',
    staleTime: Infinity,
    retry: false,
  });
  const content = prerendered ?? later.data ?? null;
  return content?.page === kind ? (content as Extract<PageContent, { page: K }>) : null;
}
