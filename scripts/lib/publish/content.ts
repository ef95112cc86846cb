/**
 * What published news items and blog posts mean for the published site, as
 * pure functions (docs/decisions/166-publishing-content-changes.md): the
 * posts' pages, their former URLs' redirects, the feeds, and which pages a
 * content change affects.
 */
import { ROUTES } from '../../../src/config/routes.ts';
import { localizePath } from '../../../src/config/paths.ts';
import { insights as enInsights } from '../../../src/i18n/messages/en/insights.ts';
import { insights as frInsights } from '../../../src/i18n/messages/fr/insights.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import {
  catalogueRedirects,
  cataloguePaths,
  catalogueUrls,
} from '../../../src/lib/catalogue/build-catalogue-content.ts';
import { catalogueIndexPath } from '../../../src/lib/catalogue/catalogue-content.ts';
import type { PublishedCatalogue } from '../../../src/lib/catalogue/published.ts';
import { articlePaths, articleUrls, type SiteContent } from '../../../src/lib/content/build-page-content.ts';
import type { PublishedItem } from '../../../src/lib/content/published.ts';
import { LIST_PATHS, articlePath, feedPath } from '../../../src/lib/content/site-content.ts';
import type { FlagMap } from '../../../src/lib/flags/defaults.ts';
import type { PermanentRedirect } from '../hosting-config.ts';
import { rssFeed, type FeedEntry, type PostPaths } from '../seo-files.ts';
import { fileFor, prerenderTargets, routeIsOn, type PostPage, type PrerenderTarget } from '../site-routes.ts';

export { type SiteContent };

/**
 * One entry of `site_publishes.content`: a change of a public item, with its
 * public slugs before and after. A catalogue change (`kind` 'catalogue') only
 * says that the catalogue must be read again: the pages it affects are found
 * by comparing the catalogue before and after.
 */
export type ContentChange = {
  item: string;
  kind: 'news' | 'blog' | 'catalogue';
  action: string;
  before: Partial<Record<Locale, string>>;
  after: Partial<Record<Locale, string>>;
};

/** Whether the pages of news and posts are on with these flags (the blog route's flag). */
export function contentIsOn(flags: FlagMap): boolean {
  const blog = ROUTES.find((route) => route.id === 'blog');
  return blog ? routeIsOn(blog, flags) : true;
}

/** Whether the catalogue's pages are on with these flags (the catalogue route's flag). */
export function catalogueIsOn(flags: FlagMap): boolean {
  const catalogue = ROUTES.find((route) => route.id === 'catalogue');
  return catalogue ? routeIsOn(catalogue, flags) : true;
}

/** The pages of the published posts, categories and products (each exists while its route is on). */
export function postPages(content: SiteContent): PostPage[] {
  return [
    ...articleUrls(content).map(({ url, locale }) => ({ url, locale })),
    ...catalogueUrls(content.catalogue).map(({ url, locale }) => ({ url, locale })),
  ];
}

/** Each published post's, category's and product's paths whose route is on, for the sitemap. */
export function postPaths(content: SiteContent, flags?: FlagMap): PostPaths[] {
  return [
    ...(!flags || contentIsOn(flags) ? content.items.filter((item) => item.kind === 'blog').map(articlePaths) : []),
    ...(!flags || catalogueIsOn(flags) ? cataloguePaths(content.catalogue) : []),
  ];
}

/**
 * The permanent redirects of published posts' and products' former slugs
 * (news items have no page of their own), of the routes on with `flags`.
 */
export function contentRedirects(content: SiteContent, flags?: FlagMap): PermanentRedirect[] {
  const posts = content.redirects
    .filter((redirect) => redirect.kind === 'blog' && redirect.oldSlug !== redirect.slug)
    .map((redirect) => ({
      from: articlePath(redirect.lang, redirect.oldSlug),
      to: articlePath(redirect.lang, redirect.slug),
    }));
  return [
    ...(!flags || contentIsOn(flags) ? posts : []),
    ...(!flags || catalogueIsOn(flags) ? catalogueRedirects(content.catalogue) : []),
  ];
}

/** The feed files, by path relative to the output directory. */
export const FEED_FILES: Record<Locale, string> = { en: 'insights/feed.xml', fr: 'fr/insights/feed.xml' };

/** The RSS feed of a language: its posts (their pages) and news items (their card on the news page). */
export function feedXml(content: SiteContent, locale: Locale, siteUrl: string): string {
  const catalog = { insights: locale === 'fr' ? frInsights : enInsights };
  const entries: FeedEntry[] = content.items.flatMap((item) => {
    const tr = item.translations[locale];
    if (!tr) return [];
    const path =
      item.kind === 'blog'
        ? articlePath(locale, tr.slug)
        : `${localizePath(LIST_PATHS.news, locale)}#news-${encodeURIComponent(tr.slug)}`;
    const category = item.category
      ? item.kind === 'blog'
        ? catalog.insights.blog.categories[item.category as keyof typeof catalog.insights.blog.categories]
        : catalog.insights.news.categories[item.category as keyof typeof catalog.insights.news.categories]
      : undefined;
    return [{ id: item.id, title: tr.title, path, excerpt: tr.excerpt, published: item.publishAt, category }];
  });
  return rssFeed({
    siteUrl,
    locale,
    title: catalog.insights.feedTitle,
    description: catalog.insights.feedTitle,
    feedPath: feedPath(locale),
    homePath: localizePath(LIST_PATHS.blog, locale),
    entries,
  });
}

export type ContentPlan = {
  /** The items whose public pages change. */
  items: string[];
  /** Pages to render again (or for the first time). */
  render: PrerenderTarget[];
  /** Page files to delete: the post left the site in that language, or its slug changed. */
  remove: string[];
  /** The sitemap, feeds and redirects change. */
  siteFiles: boolean;
};

function languagesOf(item: PublishedItem | undefined): Locale[] {
  return item ? (Object.keys(item.translations) as Locale[]) : [];
}

/**
 * The pages a content change affects: each changed item's article in each
 * language before and after (written, or deleted when gone), the list page
 * of its kind in those languages, and the sitemap, feeds and redirects. The
 * home page shows no news or posts, so it is never among them. `changes`
 * (from `site_publishes.content`) add items the two snapshots may not show as
 * changed (e.g. a change undone before the publish ran: re-rendered anyway).
 */
export function planContentPublish(
  previous: SiteContent,
  next: SiteContent,
  flags: FlagMap,
  changes: readonly ContentChange[] = [],
): ContentPlan {
  const before = new Map(previous.items.map((item) => [item.id, item]));
  const after = new Map(next.items.map((item) => [item.id, item]));
  const changed = new Set<string>();
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    if (JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id))) changed.add(id);
  }
  for (const change of changes) if (change.kind !== 'catalogue') changed.add(change.item);

  const lists = new Set<string>();
  for (const id of changed) {
    const kinds = new Set([
      before.get(id)?.kind,
      after.get(id)?.kind,
      ...changes.filter((c) => c.item === id).map((c) => c.kind),
    ]);
    const langs = new Set<Locale>([
      ...languagesOf(before.get(id)),
      ...languagesOf(after.get(id)),
      ...changes
        .filter((c) => c.item === id)
        .flatMap((c) => [...Object.keys(c.before), ...Object.keys(c.after)] as Locale[]),
    ]);
    for (const kind of kinds) {
      if (!kind || kind === 'catalogue') continue;
      for (const lang of langs) lists.add(localizePath(LIST_PATHS[kind], lang));
    }
  }

  const targets = prerenderTargets(flags, ROUTES, postPages(next));
  const changedPosts = new Set(
    articleUrls(next)
      .filter((page) => changed.has(page.itemId))
      .map((page) => page.url),
  );
  const catalogue = planCatalogue(previous.catalogue, next.catalogue);
  // Only pages whose route is on are targets: a post's page while insights is off, a product's while products is off are none.
  const render = targets.filter(
    (target) => lists.has(target.url) || changedPosts.has(target.url) || catalogue.render.has(target.url),
  );
  const afterFiles = new Set(
    prerenderTargets(flags, ROUTES, postPages(next))
      .filter((target) => !target.notFound)
      .map((target) => target.file),
  );
  const remove = postPages(previous)
    .map((page) => fileFor(page.url))
    .filter((file) => !afterFiles.has(file));
  const redirectsChanged = JSON.stringify(previous.redirects) !== JSON.stringify(next.redirects);
  return {
    items: [...changed, ...catalogue.items].sort(),
    render,
    remove: [...new Set(remove)].sort(),
    siteFiles: changed.size > 0 || redirectsChanged || catalogue.items.length > 0,
  };
}

/**
 * The catalogue pages a change affects: a changed product's page in both
 * languages, its category's page before and after, and the index (its
 * counts); a changed category's page, its products' pages (their
 * breadcrumb), every category page (their menu) and the index. Products are
 * compared as the publish read them, documents and pictures included.
 */
export function planCatalogue(
  previous: PublishedCatalogue,
  next: PublishedCatalogue,
): { items: string[]; render: Set<string> } {
  const items: string[] = [];
  const render = new Set<string>();
  const before = new Map(previous.products.map((product) => [product.id, product]));
  const after = new Map(next.products.map((product) => [product.id, product]));
  const changedCategories = new Set<string>();
  const touchedCategories = new Set<string>();
  const changedProducts = new Set<string>();
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(id);
    const b = after.get(id);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    changedProducts.add(id);
    if (a) touchedCategories.add(a.categoryId);
    if (b) touchedCategories.add(b.categoryId);
  }
  const categoriesBefore = new Map(previous.categories.map((category) => [category.id, category]));
  const categoriesAfter = new Map(next.categories.map((category) => [category.id, category]));
  for (const id of new Set([...categoriesBefore.keys(), ...categoriesAfter.keys()])) {
    if (JSON.stringify(categoriesBefore.get(id)) !== JSON.stringify(categoriesAfter.get(id))) changedCategories.add(id);
  }
  if (changedProducts.size === 0 && changedCategories.size === 0) return { items, render };
  items.push(...[...changedProducts, ...[...changedCategories].map((id) => `category:${id}`)]);
  for (const locale of ['en', 'fr'] as const) {
    render.add(catalogueIndexPath(locale));
    // The home page's cards lead to the categories.
    if (changedCategories.size > 0) render.add(localizePath('/', locale));
  }
  for (const page of catalogueUrls(next)) {
    const categoryOfProduct = page.kind === 'product' ? after.get(page.id)?.categoryId : undefined;
    if (
      (page.kind === 'product' && (changedProducts.has(page.id) || changedCategories.has(categoryOfProduct ?? ''))) ||
      (page.kind === 'category' && (touchedCategories.has(page.id) || changedCategories.size > 0))
    ) {
      render.add(page.url);
    }
  }
  return { items, render };
}

/** The redirect target of a former post or product URL, for the local static server. */
export function redirectLookup(content: () => SiteContent | null): (pathname: string) => string | null {
  return (pathname) => {
    const current = content();
    if (!current) return null;
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return contentRedirects(current).find((redirect) => redirect.from === path)?.to ?? null;
  };
}
