/**
 * How a page starts its application (docs/decisions/105-application-startup.md),
 * on the phone profile: nothing of the application is requested before the
 * first contentful paint; the sign-in page's own chunks come alongside the
 * application rather than after it; supabase-js is fetched only once the page
 * has hydrated; and a page rendered in the browser waits for the stylesheet.
 */
import type { Page } from '@playwright/test';
import { bundleReportPath, readBundleReport } from '../scripts/lib/budgets.ts';
import { applyPhoneProfile } from '../scripts/lib/phone-profile.ts';
import { expect, test } from './support/fixtures.ts';
import { holdRequests } from './support/hold-request.ts';

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
  test(`${path} fetches its own chunks alongside the application and supabase-js only after hydrating`, async ({
    page,
  }) => {
    const application = chunksWith(/(^|\/)src\/main\.tsx$/);
    const loginPage = chunksWith(/src\/features\/client-portal\/components\/client-login-page\.tsx$/);
    const supabase = chunksWith(/node_modules\/@supabase\/supabase-js\//);
    // The application is held until the page's own chunk has been asked for:
    // if that chunk waited for the application to run, the page would never hydrate.
    const held = await holdRequests(page, new RegExp(`(${application.map(escape).join('|')})$`));
    const ownRequested = page.waitForRequest((request) => loginPage.includes(new URL(request.url()).pathname));
    void held.requested.then(() => ownRequested).then(held.release);
    await openOnPhone(page, path);
    // The session starts following supabase-js once the page has hydrated.
    await expect
      .poll(async () => find((await timings(page)).resources, supabase).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const { resources, hydrated } = await timings(page);
    expect(find(resources, application), 'the application chunk was requested').toHaveLength(1);
    for (const chunk of find(resources, supabase)) {
      expect(chunk.startTime, `${chunk.name} requested before the page had hydrated`).toBeGreaterThan(hydrated);
    }
  });
}

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
