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
    await openOnPhone(page, path);
    // The session starts following supabase-js once the page has hydrated.
    await expect
      .poll(async () => find((await timings(page)).resources, supabase).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const { resources, hydrated } = await timings(page);
    const [app] = find(resources, application);
    const [own] = find(resources, loginPage);
    expect(app && own).toBeTruthy();
    // Requested while the application was still on its way, not after it ran.
    expect(own?.startTime ?? Number.NaN).toBeLessThan(app?.responseEnd ?? Number.NaN);
    for (const chunk of find(resources, supabase)) {
      expect(chunk.startTime, `${chunk.name} requested before the page had hydrated`).toBeGreaterThan(hydrated);
    }
  });
}

test('a page the browser renders itself (no prerendered HTML) waits for the stylesheet', async ({ page }) => {
  // Whether the stylesheet was there when the application first put anything on the page.
  await page.addInitScript(() => {
    const w = window as { __styledAtFirstRender?: boolean };
    new MutationObserver((_records, observer) => {
      const root = document.getElementById('root');
      if (!root || root.childElementCount === 0) return;
      observer.disconnect();
      w.__styledAtFirstRender = [...document.styleSheets].some(
        (sheet) => sheet.href !== null && /\/assets\/stylesheet-[^/]+\.css$/.test(sheet.href),
      );
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/client/confirm');
  await expect
    .poll(() => page.evaluate(() => (window as { __styledAtFirstRender?: boolean }).__styledAtFirstRender), {
      timeout: 30_000,
    })
    .toBe(true);
  // With nothing prerendered to paint, the boot script starts at once (not on its one-second
  // fallback), and asks for the stylesheet alongside the application rather than after it.
  const { resources } = await timings(page);
  const [app] = find(resources, chunksWith(/(^|\/)src\/main\.tsx$/));
  const [stylesheet] = resources.filter((resource) => /\/assets\/stylesheet-[^/]+\.css$/.test(resource.name));
  expect(app?.startTime ?? Number.NaN).toBeLessThan(500);
  expect(stylesheet?.startTime ?? Number.NaN).toBeLessThan(app?.responseEnd ?? Number.NaN);
});
