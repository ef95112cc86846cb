/**
 * app_initialized (decision 010): one row per page load in
 * analytics_events, read back as admin; none when cookie consent is declined.
 * Serial: it counts rows in a table every page load writes to.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/lib/supabase/database.types.ts';
import { expect, test } from './support/fixtures.ts';

async function rowsFor(adminApi: SupabaseClient<Database>, pathname: string, since: string) {
  const { data, error } = await adminApi
    .from('analytics_events')
    .select('name, pathname, user_agent, created_at')
    .eq('pathname', pathname)
    .gte('created_at', since);
  if (error) throw error;
  return data;
}

/** The server clock: rows are stamped by the database, not by this process. */
async function serverNow(adminApi: SupabaseClient<Database>): Promise<string> {
  const { data } = await adminApi
    .from('analytics_events')
    .select('created_at')
    .order('created_at', { ascending: false })
    .limit(1);
  const latest = data?.[0]?.created_at;
  return latest ? new Date(new Date(latest).getTime() + 1).toISOString() : new Date(0).toISOString();
}

test('a page load records one app_initialized row with its path and user agent', async ({ page, adminApi }) => {
  const since = await serverNow(adminApi);
  await page.goto('/fr/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(async () => (await rowsFor(adminApi, '/fr/terms', since)).length, { timeout: 10_000 }).toBe(1);
  const [row] = await rowsFor(adminApi, '/fr/terms', since);
  expect(row).toMatchObject({ name: 'app_initialized', pathname: '/fr/terms' });
  expect(row?.user_agent).toBe(await page.evaluate(() => navigator.userAgent));

  // A client-side navigation (the language switch) is not a page load: no new row.
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await page.waitForTimeout(4_000);
  expect(await rowsFor(adminApi, '/terms', since)).toEqual([]);
  expect(await rowsFor(adminApi, '/fr/terms', since)).toHaveLength(1);
});

test.describe('with cookie consent declined', () => {
  test.use({ cookieConsent: 'declined' });

  test('nothing is recorded', async ({ page, adminApi }) => {
    const since = await serverNow(adminApi);
    const inserts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rest/v1/analytics_events')) inserts.push(r.method());
    });
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Longer than the idle-callback bound (3 s) after which the event would be sent.
    await page.waitForTimeout(4_000);
    expect(inserts).toEqual([]);
    expect(await rowsFor(adminApi, '/privacy', since)).toEqual([]);

    // Control: the same page with consent accepted does record.
    await page.evaluate(() => localStorage.setItem('cookie-consent', 'accepted'));
    await page.reload();
    await expect.poll(async () => (await rowsFor(adminApi, '/privacy', since)).length, { timeout: 10_000 }).toBe(1);
  });
});
