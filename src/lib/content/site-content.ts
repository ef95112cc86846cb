/**
 * What the public pages of news items and blog posts show, in the shape the
 * prerenderer hands them (docs/decisions/165-published-content-on-the-site.md):
 * each prerendered list or article page receives its own `PageContent`, built
 * at build/publish time from the published rows, and carries it in its HTML so
 * the browser hydrates with exactly the same data. No supabase-js, no
 * Markdown here: an article's body is already sanitised HTML.
 */
import { localizePath } from '@/config/paths';
import type { BlogCategory, NewsCategory } from '@/content/types';
import type { CataloguePageContent } from '@/lib/catalogue/catalogue-content';
import type { Locale } from '@/i18n/locales';

export type ContentImageData = { src: string; width: number; height: number; alt: string };

/** A blog post as its card on the blog list shows it. */
export type PostCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** YYYY-MM-DD. */
  date: string;
  category: BlogCategory | null;
  featured: boolean;
  image: ContentImageData | null;
  authorName: string;
  readingMinutes: number;
};

/** A news item as its card on the news page shows it. */
export type NewsCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  category: NewsCategory | null;
  tag: string;
  image: ContentImageData | null;
};

/** A blog article's page. */
export type ArticleData = PostCard & {
  /** Sanitised HTML rendered from the Markdown at build time (src/lib/markdown/render.ts). */
  bodyHtml: string;
  authorRole: string;
  authorBio: string;
  /** The article's path in each language it is published in (its own included). */
  paths: Partial<Record<Locale, string>>;
};

/** The content of a prerendered list, article or catalogue page (docs/decisions/191-catalogue-on-the-public-site.md). */
export type PageContent = { path: string } & (
  | { page: 'blog'; posts: PostCard[] }
  | { page: 'news'; items: NewsCard[] }
  | { page: 'article'; article: ArticleData }
  | CataloguePageContent
);

export type PageContentKind = PageContent['page'];

/** The public path of a blog article. */
export function articlePath(locale: Locale, slug: string): string {
  return localizePath(`/insights/blog/${encodeURIComponent(slug)}`, locale);
}

/** The paths of the list pages (as the route table spells them). */
export const LIST_PATHS = { blog: '/insights/blog', news: '/insights/news' } as const;

/** The RSS feed of a language (written by the build next to the list pages). */
export function feedPath(locale: Locale): string {
  return localizePath('/insights/feed.xml', locale);
}

/** A path without its trailing slash (a host may serve /insights/blog/ too). */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/**
 * Where the publish writes each list's and article's content as JSON, for a
 * page the browser renders itself (a link followed inside the app, the SPA
 * shell): `/content-data/insights/blog.json`, `/content-data/fr/insights/blog/<slug>.json`.
 * Written whatever the flags say: it is what the Data API gives anyone.
 */
export const CONTENT_DATA_DIR = 'content-data';

export function contentDataPath(pagePath: string): string {
  const path = normalizePath(pagePath);
  return `/${CONTENT_DATA_DIR}${path === '/' ? '/index' : path}.json`;
}

/** The element id of the JSON a prerendered page carries its content in. */
export const PAGE_CONTENT_ID = 'page-content';

/** JSON safe to place inside a <script type="application/json"> element. */
export function serializePageContent(content: PageContent): string {
  return JSON.stringify(content)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
