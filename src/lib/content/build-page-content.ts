/**
 * Published rows → the `PageContent` of each list and article page
 * (docs/decisions/165-published-content-on-the-site.md). Runs where pages are
 * prerendered (the build and the local publisher, in Node): it renders the
 * article bodies with the Markdown renderer, which never reaches a public
 * page's bundle.
 */
import { stripLocale } from '@/config/paths';
import { localeFromPath, type Locale } from '@/i18n/locales';
import { cataloguePageContentFor } from '@/lib/catalogue/build-catalogue-content';
import { EMPTY_CATALOGUE, type PublishedCatalogue } from '@/lib/catalogue/published';
import { renderMarkdown } from '@/lib/markdown/render';
import type { BlogCategory, NewsCategory } from '@/content/types';
import {
  contentImageUrl,
  type ContentLang,
  type PublishedItem,
  type PublishedTranslation,
  type SlugRedirect,
} from './published';
import {
  LIST_PATHS,
  articlePath,
  normalizePath,
  type ArticleData,
  type ContentImageData,
  type NewsCard,
  type PageContent,
  type PostCard,
} from './site-content';

/** Everything published, as the build read it: news and posts, and the catalogue. */
export type SiteContent = { items: PublishedItem[]; redirects: SlugRedirect[]; catalogue: PublishedCatalogue };

export const EMPTY_SITE_CONTENT: SiteContent = { items: [], redirects: [], catalogue: EMPTY_CATALOGUE };

export type ContentOrigins = {
  /** The Supabase project URL: bucket images are served under it. */
  storageOrigin: string;
  /** The site's own origin: links to it are not external. */
  siteOrigin: string;
};

function imageOf(
  item: PublishedItem,
  translation: PublishedTranslation,
  storageOrigin: string,
): ContentImageData | null {
  if (!item.image) return null;
  return {
    src: contentImageUrl(item.image.path, storageOrigin),
    width: item.image.width,
    height: item.image.height,
    alt: translation.imageAlt,
  };
}

/** Newest displayed date first, then newest publication. */
function byDate(
  a: { tr: PublishedTranslation; item: PublishedItem },
  b: { tr: PublishedTranslation; item: PublishedItem },
) {
  return (
    b.tr.date.localeCompare(a.tr.date) ||
    b.item.publishAt.localeCompare(a.item.publishAt) ||
    a.item.id.localeCompare(b.item.id)
  );
}

function published(content: SiteContent, kind: 'blog' | 'news', locale: Locale) {
  return content.items
    .filter((item) => item.kind === kind)
    .flatMap((item) => {
      const tr = item.translations[locale as ContentLang];
      return tr ? [{ item, tr }] : [];
    })
    .sort(byDate);
}

function postCard(item: PublishedItem, tr: PublishedTranslation, origins: ContentOrigins): PostCard {
  return {
    id: item.id,
    slug: tr.slug,
    title: tr.title,
    excerpt: tr.excerpt,
    date: tr.date,
    category: item.category as BlogCategory | null,
    featured: item.featured,
    image: imageOf(item, tr, origins.storageOrigin),
    authorName: item.authorName ?? '',
    readingMinutes: tr.readingMinutes,
  };
}

export function blogCards(content: SiteContent, locale: Locale, origins: ContentOrigins): PostCard[] {
  return published(content, 'blog', locale).map(({ item, tr }) => postCard(item, tr, origins));
}

export function newsCards(content: SiteContent, locale: Locale, origins: ContentOrigins): NewsCard[] {
  return published(content, 'news', locale).map(({ item, tr }) => ({
    id: item.id,
    slug: tr.slug,
    title: tr.title,
    excerpt: tr.excerpt,
    date: tr.date,
    category: item.category as NewsCategory | null,
    tag: tr.tag ?? '',
    image: imageOf(item, tr, origins.storageOrigin),
  }));
}

/** The paths of a blog post in each language it is published in. */
export function articlePaths(item: PublishedItem): Partial<Record<Locale, string>> {
  const paths: Partial<Record<Locale, string>> = {};
  for (const [lang, tr] of Object.entries(item.translations) as [Locale, PublishedTranslation][]) {
    paths[lang] = articlePath(lang, tr.slug);
  }
  return paths;
}

/** Every article page: one per published blog post and language. */
export function articleUrls(content: SiteContent): { url: string; locale: Locale; itemId: string }[] {
  return content.items
    .filter((item) => item.kind === 'blog')
    .flatMap((item) =>
      (Object.entries(item.translations) as [Locale, PublishedTranslation][]).map(([locale, tr]) => ({
        url: articlePath(locale, tr.slug),
        locale,
        itemId: item.id,
      })),
    )
    .sort((a, b) => a.url.localeCompare(b.url));
}

const ARTICLE = /^\/insights\/blog\/([^/]+)$/;

/** The content of the list or article page at `url`; null for any other page (or an unknown article). */
export function pageContentFor(url: string, content: SiteContent, origins: ContentOrigins): PageContent | null {
  const path = normalizePath(new URL(url, 'http://page.invalid').pathname);
  const locale = localeFromPath(path);
  const base = stripLocale(path);
  if (base === LIST_PATHS.blog) return { path, page: 'blog', posts: blogCards(content, locale, origins) };
  if (base === LIST_PATHS.news) return { path, page: 'news', items: newsCards(content, locale, origins) };
  const catalogue = cataloguePageContentFor(base, locale, content.catalogue, origins);
  if (catalogue) return { path, ...catalogue };
  const match = ARTICLE.exec(base);
  if (!match?.[1]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const found = published(content, 'blog', locale).find(({ tr }) => tr.slug === slug);
  if (!found) return null;
  const { item, tr } = found;
  const article: ArticleData = {
    ...postCard(item, tr, origins),
    // Body images load when near and never block the page; `.article-body img` reserves their box.
    bodyHtml: renderMarkdown(tr.bodyMd, origins).replace(/<img /g, '<img loading="lazy" decoding="async" '),
    authorRole: tr.authorRole ?? '',
    authorBio: tr.authorBio ?? '',
    paths: articlePaths(item),
  };
  return { path, page: 'article', article };
}
