/**
 * The HTML every visitor and crawler receives follows the live flags
 * (docs/decisions/016-published-html-follows-live-flags.md,
 * 041-publishing-on-flag-change.md): flags switched through supabase-js as
 * the admin are, within seconds, in the raw HTML (fetched without running any
 * script), the status codes and the sitemap; switching them back undoes it.
 * Serial: it changes flags (restored by setFlags) and the published pages.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** Long enough for the publisher's poll (1 s) and a re-render, short enough to fail a publisher that never runs. */
const PUBLISHED_WITHIN = 15_000;

async function raw(request: APIRequestContext, path: string): Promise<{ status: number; html: string }> {
  const response = await request.get(path, { headers: { 'Cache-Control': 'no-cache' } });
  return { status: response.status(), html: await response.text() };
}

/** What a visitor sees of the two flags: the home page's founder section and link to /teams, and /teams itself. */
async function published(request: APIRequestContext) {
  const home = await raw(request, '/');
  return {
    founder: home.html.includes('id="founder"'),
    teamsLink: /href="\/teams"/.test(home.html),
    teamsStatus: (await raw(request, '/teams')).status,
  };
}

function rootFlags(html: string): string[] {
  return (/<div id="root"[^>]*\sdata-flags="([^"]*)"/.exec(html)?.[1] ?? '').split(',');
}

test('switching founder off and teams on republishes the HTML, status codes and sitemap, and back', async ({
  page,
  setFlags,
}) => {
  test.setTimeout(90_000);
  const request = page.request;

  // The seeded state: founder on, teams off.
  const before = await raw(request, '/');
  expect(before.html.includes('id="founder"'), 'founder section').toBe(true);
  expect(/href="\/teams"/.test(before.html), 'link to /teams').toBe(false);
  expect((await raw(request, '/teams')).status).toBe(404);

  await setFlags({ founder: false, teams: true });

  // A publish writes the pages one after another and the status codes last: wait for all of it.
  await expect
    .poll(() => published(request), { timeout: PUBLISHED_WITHIN })
    .toEqual({ founder: false, teamsLink: true, teamsStatus: 200 });
  const home = await raw(request, '/');
  expect(home.status).toBe(200);
  // The page carries the flags it was rendered with, for hydration.
  expect(rootFlags(home.html)).toContain('teams');
  expect(rootFlags(home.html)).not.toContain('founder');
  // The French home and another page's navigation and footer follow too.
  expect(/href="\/fr\/teams"/.test((await raw(request, '/fr')).html), '/fr links to /fr/teams').toBe(true);
  expect(/href="\/teams"/.test((await raw(request, '/privacy')).html), '/privacy links to /teams').toBe(true);
  expect((await raw(request, '/teams')).status).toBe(200);
  expect((await raw(request, '/fr/teams')).status).toBe(200);
  const sitemap = (await raw(request, '/sitemap.xml')).html;
  expect(/<loc>[^<]*\/teams<\/loc>/.test(sitemap), 'sitemap lists /teams').toBe(true);
  expect(/<loc>[^<]*\/fr\/teams<\/loc>/.test(sitemap), 'sitemap lists /fr/teams').toBe(true);

  await setFlags({ founder: true, teams: false });

  await expect
    .poll(() => published(request), { timeout: PUBLISHED_WITHIN })
    .toEqual({ founder: true, teamsLink: false, teamsStatus: 404 });
  expect(/\/teams<\/loc>/.test((await raw(request, '/sitemap.xml')).html), 'sitemap lists /teams').toBe(false);
});

test('a page whose flag goes off is the 404 page, in its HTML and its status', async ({ page, setFlags }) => {
  test.setTimeout(60_000);
  const request = page.request;
  expect((await raw(request, '/client/login')).status).toBe(200);

  await setFlags({ client_portal: false });

  await expect.poll(async () => (await raw(request, '/client/login')).status, { timeout: PUBLISHED_WITHIN }).toBe(404);
  const login = await raw(request, '/client/login');
  expect(login.html.includes('Oops! Page not found'), 'the 404 page at /client/login').toBe(true);
  expect((await raw(request, '/fr/client/login')).html.includes('Oups ! Page introuvable'), 'the French 404 page').toBe(
    true,
  );
  expect(/href="\/client\/login"/.test((await raw(request, '/')).html), 'home links to /client/login').toBe(false);
  expect(/\/client\/login<\/loc>/.test((await raw(request, '/sitemap.xml')).html), 'sitemap lists /client/login').toBe(
    false,
  );

  await setFlags({ client_portal: true });
  await expect.poll(async () => (await raw(request, '/client/login')).status, { timeout: PUBLISHED_WITHIN }).toBe(200);
});

test('a page published with non-default flags hydrates without a mismatch and keeps them until the live flags answer', async ({
  page,
  setFlags,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  await setFlags({ founder: false, teams: true });
  // Each flag's change may start its own publish: wait for the one that carries both.
  await expect
    .poll(() => published(page.request), { timeout: PUBLISHED_WITHIN })
    .toEqual({ founder: false, teamsLink: true, teamsStatus: 200 });

  // Hold the live flags back: the page shows what it was published with, hydrated.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/rest/v1/feature_flags*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });
  await expect(page.locator('#founder')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' })).toBeVisible();
  release();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#founder')).toHaveCount(0);
  expect(consoleErrors.messages.filter((message) => /hydrat|did not match/i.test(message))).toEqual([]);
});
