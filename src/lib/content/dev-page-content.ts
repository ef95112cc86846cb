/**
 * `npm run dev` only: the dev server has no publish, so a list or article page
 * reads the published rows itself and renders them as the publish would
 * (docs/decisions/165-published-content-on-the-site.md). Never part of a
 * build: use-page-content.ts imports it behind a development-mode check the
 * bundler removes.
 */
import { env } from '@/config/env';
import { supabase } from '@/lib/supabase/client';
import { pageContentFor } from './build-page-content';
import { fetchPublishedCatalogue } from '@/lib/catalogue/published';
import { fetchPublishedContent, fetchSlugRedirects } from './published';
import type { PageContent } from './site-content';

export async function devPageContent(path: string): Promise<PageContent | null> {
  const [items, catalogue] = await Promise.all([fetchPublishedContent(supabase), fetchPublishedCatalogue(supabase)]);
  const redirects = await fetchSlugRedirects(supabase, items);
  return pageContentFor(
    path,
    { items, redirects, catalogue },
    { storageOrigin: env.supabaseUrl, siteOrigin: env.siteUrl },
  );
}
