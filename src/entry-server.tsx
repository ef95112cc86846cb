/**
 * The prerenderer's entry (scripts/build.ts bundles it with Vite's SSR build):
 * renders one URL of the real app with the flags it is published with (the
 * database's, else the defaults), the same tree the browser hydrates in
 * src/main.tsx, and waits for every lazy route to load.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { pageChunksFor } from '@/app/routes';
import type { PageContent } from '@/lib/content/site-content';
import { defaultFlags, type FlagMap } from '@/lib/flags/defaults';

export async function renderPage(
  url: string,
  flags: FlagMap = defaultFlags,
  /** The list's or article's published content (scripts/lib/publish/pages.ts). */
  pageContent: PageContent | null = null,
): Promise<string> {
  const errors: unknown[] = [];
  // A fresh client per page: nothing fetched for one page leaks into another,
  // and on the server useQuery never fetches, so the page shows `flags`.
  const queryClient = createQueryClient();
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <App queryClient={queryClient} flagsLoadingMode="defaults" publishedFlags={flags} pageContent={pageContent} />
      </StaticRouter>
    </StrictMode>,
    {
      // React outlines large Suspense boundaries behind inline scripts ($RC),
      // which the CSP forbids; a static page needs none, so never outline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error);
      },
    },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  // A data block (JSON, JSON-LD) is not a script: the browser never runs it, and the CSP does not apply.
  if (/<script\b(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")/i.test(html)) {
    errors.push(new Error('the markup contains an inline <script>, which the Content-Security-Policy blocks'));
  }
  if (errors.length > 0) {
    throw new AggregateError(errors, `Prerendering ${url} failed: ${errors.map(String).join('; ')}`);
  }
  return html;
}

/** The lazy chunks the page at `url` loads before hydrating, for its `data-page-chunks` (src/app/page-loaders.ts). */
export function pageChunks(url: string): string[] {
  return pageChunksFor(new URL(url, 'http://prerender.invalid').pathname);
}
