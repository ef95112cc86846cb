/**
 * The content of the list or article page being shown
 * (docs/decisions/165-published-content-on-the-site.md). A prerendered page
 * carries its own in its HTML (read once by src/main.tsx, handed to the
 * prerenderer's render directly); a page the browser renders itself (reached
 * by a link inside the app) reads the JSON the same publish wrote beside the
 * pages (contentDataPath), fetched once per path. Either way it is what the
 * last publish wrote, never a draft, and never a second version of the page
 * that would replace the first one.
 */
import { createContext, use } from 'react';
import { useLocation } from 'react-router';
import { contentDataPath, normalizePath, type PageContent, type PageContentKind } from './site-content';

/** The content the page was prerendered with (null: none, e.g. a client-rendered page). */
export const PageContentContext = createContext<PageContent | null>(null);

const fetched = new Map<string, Promise<PageContent | null>>();

function fetchPageContent(path: string): Promise<PageContent | null> {
  let promise = fetched.get(path);
  if (!promise) {
    const read =
      import.meta.env.MODE === 'development'
        ? import('./dev-page-content').then((module) => module.devPageContent(path))
        : fetch(contentDataPath(path), { headers: { Accept: 'application/json' } }).then(async (response) =>
            response.ok ? ((await response.json()) as PageContent) : null,
          );
    promise = read.catch(() => {
      // Not cached: the next visit of the path tries again.
      fetched.delete(path);
      return null;
    });
    fetched.set(path, promise);
  }
  return promise;
}

/** The page's content when it is of `kind`; null when the path has none (an unpublished article: the 404 page). */
export function usePageContent<K extends PageContentKind>(kind: K): Extract<PageContent, { page: K }> | null {
  const initial = use(PageContentContext);
  const path = normalizePath(useLocation().pathname);
  let content: PageContent | null = null;
  if (initial && initial.path === path) content = initial;
  else if (typeof window !== 'undefined') content = use(fetchPageContent(path));
  return content?.page === kind ? (content as Extract<PageContent, { page: K }>) : null;
}
