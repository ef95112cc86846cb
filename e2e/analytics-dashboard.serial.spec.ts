/**
 * Page views end to end (docs/decisions/130-page-views-without-tracking.md,
 * 131-dashboard-and-analytics-from-rollups.md): three pages opened in a fresh
 * browser context, with cookies declined, move the dashboard's Monthly Views
 * by three and each page's row of today's Analytics by one. Serial: it counts
 * what every public page load adds.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/lib/supabase/database.types.ts';
import { expect, test } from './support/fixtures.ts';

type Api = SupabaseClient<Database>;
const PAGES = ['/privacy', '/terms', '/fr/terms'];

async function monthlyViews(api: Api): Promise<number> {
  const { data, error } = await api.rpc('admin_dashboard');
  if (error) throw error;
  return (data as { views: { value: number } }).views.value;
}

async function todaysPageViews(api: Api): Promise<Record<string, number>> {
  const today = new Date().toISOString().slice(0, 10);
  const { data, error } = await api.rpc('admin_analytics', { from_day: today, to_day: today });
  if (error) throw error;
  const pages = (data as { pages: { value: string; views: number }[] }).pages;
  return Object.fromEntries(PAGES.map((path) => [path, pages.find((p) => p.value === path)?.views ?? 0]));
}

test.use({ cookieConsent: 'declined' });

test('three pages in a fresh context move Monthly Views by three and each page’s row by one', async ({
  page,
  adminApi,
}) => {
  const viewsBefore = await monthlyViews(adminApi);
  const pagesBefore = await todaysPageViews(adminApi);
  const sent: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('/rest/v1/rpc/record_page_view')) sent.push(request.url());
  });
  for (const [index, path] of PAGES.entries()) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Each view is sent once the page is idle; wait for it before leaving the page.
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(index + 1);
  }
  await expect.poll(() => monthlyViews(adminApi), { timeout: 10_000 }).toBe(viewsBefore + 3);
  const pagesAfter = await todaysPageViews(adminApi);
  for (const path of PAGES) expect(pagesAfter[path], path).toBe((pagesBefore[path] ?? 0) + 1);
  // Nothing was stored in the browser for it.
  expect(await page.context().cookies()).toEqual([]);
});
