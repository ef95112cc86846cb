/**
 * How a page starts its application (docs/decisions/105-application-startup.md),
 * on the phone profile: nothing of the application is requested before the
 * first contentful paint; the sign-in page's own chunks come alongside the
 * application rather than after it; supabase-js is fetched only on the first
 * touch of the sign-in form (a Sign in pressed before it arrives still signs
 * in); and a page rendered in the browser waits for the stylesheet.
 */
import type { Page } from '@playwright/test';
import { bundleReportPath, readBundleReport } from '../scripts/lib/budgets.ts';
import { applyPhoneProfile } from '../scripts/lib/phone-profile.ts';
import { expect, test } from './support/fixtures.ts';
import { holdRequests } from './support/hold-request.ts';
import { account } from './support/accounts.ts';
import { en } from '../src/i18n/messages/en.ts';
import { fr } from '../src/i18n/messages/fr.ts';

test.describe.configure({ timeout: 90_000 });
test.use({ cookieConsent: 'declined' });

type Timing = { name: string; startTime: number; responseEnd: number };

/** The chunks of the e2e build holding a module that matches `pattern`, as URL paths. */
function chunksWith(pattern: RegExp): string[] {
  const report = readBundleReport(bundleReportPath(process.env.E2E_DIST || 'dist'));
  if (!report) throw new Error('No bundle report for the e2e build: build it first.');
  const files = Object.entries(report.chunks)
    .filter(([, modules]) => modules.some((module) => pattern.test(module)))
    .map(([file]) => `/${file}`);
  expect(files.length, `no chunk holds ${pattern}`).toBeGreaterThan(0);
  return files;
}

/** Opens `path` on the phone profile and waits until it has hydrated and the network is quiet. */
async function openOnPhone(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await applyPhoneProfile(cdp);
  await page.goto(path);
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('app-hydrated').length), { timeout: 30_000 })
    .toBe(1);
  await page.waitForLoadState('networkidle');
}

/** The page's resource timings and marks, on one clock. */
async function timings(page: Page) {
  return page.evaluate(() => {
    const resources = performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return { name: new URL(timing.name).pathname, startTime: timing.startTime, responseEnd: timing.responseEnd };
    });
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
    return { resources, firstContentfulPaint: at('first-contentful-paint'), hydrated: at('app-hydrated') };
  });
}

function find(resources: Timing[], files: string[]): Timing[] {
  return resources.filter((resource) => files.includes(resource.name));
}

test('the home page requests its application only after its first contentful paint', async ({ page }) => {
  const application = chunksWith(/(^|\/)src\/main\.tsx$/);
  await openOnPhone(page, '/');
  const { resources, firstContentfulPaint } = await timings(page);
  const scripts = resources.filter((resource) => resource.name.endsWith('.js'));
  const app = find(resources, application);
  expect(app, 'the application chunk was requested').toHaveLength(1);
  expect(firstContentfulPaint).toBeGreaterThan(0);
  for (const script of scripts) {
    // The boot script is the page's own module script; everything else waits for the paint.
    if (/\/assets\/index-[^/]+\.js$/.test(script.name)) continue;
    expect(script.startTime, `${script.name} requested before the first contentful paint`).toBeGreaterThanOrEqual(
      firstContentfulPaint,
    );
  }
});

for (const path of ['/client/login', '/fr/client/login']) {
  test(`${path} fetches its own chunks alongside the application, and supabase-js only on the first focus of the form`, async ({
    page,
  }) => {
    const application = chunksWith(/(^|\/)src\/main\.tsx$/);
    const loginPage = chunksWith(/src\/features\/auth\/components\/client-login-page\.tsx$/);
    const supabase = chunksWith(/node_modules\/@supabase\/supabase-js\//);
    const supabaseRequests: string[] = [];
    page.on('request', (request) => {
      if (supabase.includes(new URL(request.url()).pathname)) supabaseRequests.push(request.url());
    });
    // The application is held until the page's own chunk has been asked for:
    // if that chunk waited for the application to run, the page would never hydrate.
    const held = await holdRequests(page, new RegExp(`(${application.map(escape).join('|')})$`));
    const ownRequested = page.waitForRequest((request) => loginPage.includes(new URL(request.url()).pathname));
    void held.requested.then(() => ownRequested).then(held.release);
    await openOnPhone(page, path);
    const { resources } = await timings(page);
    expect(find(resources, application), 'the application chunk was requested').toHaveLength(1);
    // Hydrated and quiet, nobody signed in on this browser: no supabase-js
    // (docs/decisions/140-sign-in-pages-load-the-auth-client-on-first-touch.md).
    expect(supabaseRequests, 'supabase-js requested before any interaction').toEqual([]);
    const text = (path.startsWith('/fr') ? fr : en).auth.form;
    await page.getByLabel(text.email, { exact: true }).focus();
    await expect.poll(() => supabaseRequests.length, { timeout: 30_000 }).toBeGreaterThan(0);
  });
}

test('a Sign in pressed while supabase-js is still on its way signs in, with what was typed', async ({ page }) => {
  const supabase = chunksWith(/node_modules\/@supabase\/supabase-js\//);
  const held = await holdRequests(page, new RegExp(`(${supabase.map(escape).join('|')})$`));
  await page.goto('/client/login');
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('app-hydrated').length), { timeout: 30_000 })
    .toBe(1);
  const { email, password } = account('client');
  await page.getByLabel(en.auth.form.email, { exact: true }).fill(email);
  await page.getByLabel(en.auth.form.password, { exact: true }).fill(password);
  // The first focus asked for supabase-js, which is held: the press comes before it arrives.
  await held.requested;
  await page.getByRole('button', { name: en.auth.form.submit, exact: true }).click();
  await expect(page.getByRole('button', { name: en.auth.form.submitting, exact: true })).toBeVisible();
  held.release();
  await expect(page).toHaveURL('/client/dashboard', { timeout: 30_000 });
});

test('a page the browser renders itself (no prerendered HTML) starts at once and waits for the stylesheet', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as { __styledAtFirstRender?: boolean };
    // The boot script's one-second fallback never fires here: the page must start without it.
    const realSetTimeout = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) =>
      delay !== undefined && delay >= 1000 ? 0 : realSetTimeout(handler, delay, ...args)) as typeof window.setTimeout;
    // Whether the stylesheet was there when the application first put anything on the page.
    new MutationObserver((_records, observer) => {
      const root = document.getElementById('root');
      if (!root || root.childElementCount === 0) return;
      observer.disconnect();
      w.__styledAtFirstRender = [...document.styleSheets].some(
        (sheet) => sheet.href !== null && /\/assets\/stylesheet-[^/]+\.css$/.test(sheet.href),
      );
    }).observe(document, { childList: true, subtree: true });
  });
  // The application is held until the stylesheet has been asked for: the
  // stylesheet is requested alongside the application, not after it ran.
  const application = chunksWith(/(^|\/)src\/main\.tsx$/);
  const held = await holdRequests(page, new RegExp(`(${application.map(escape).join('|')})$`));
  const stylesheetRequested = page.waitForRequest((request) =>
    /\/assets\/stylesheet-[^/]+\.css$/.test(new URL(request.url()).pathname),
  );
  void held.requested.then(() => stylesheetRequested).then(held.release);
  await page.goto('/client/confirm');
  await expect
    .poll(() => page.evaluate(() => (window as { __styledAtFirstRender?: boolean }).__styledAtFirstRender), {
      timeout: 30_000,
    })
    .toBe(true);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
