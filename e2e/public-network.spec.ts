/**
 * What a public page asks for once it is running
 * (docs/decisions/021-session-and-flags-in-lib.md): after the page has
 * hydrated and stayed idle, the home page in English and French has
 * downloaded no supabase-js, session, sign-in or portal code, and its only
 * calls to the backend's APIs are the flag read and the page-load event.
 * The chunks to look for come from the build's bundle report (the chunk →
 * source modules map scripts/build.ts writes), so a renamed chunk is still
 * recognised by what it contains.
 */
import { basename } from 'node:path';
import { bundleReportPath, FORBIDDEN_ON_PUBLIC_PAGES, readBundleReport } from '../scripts/lib/budgets.ts';
import { hydrated } from './public-support.ts';
import { expect, test } from './support/fixtures.ts';

const buildDir = process.env.E2E_DIST || 'dist';

/** Code a running public page must not fetch (the lead forms load with the contact section, so they may). */
const NEVER_ON_PUBLIC_PAGES = FORBIDDEN_ON_PUBLIC_PAGES.filter(
  (rule) => !['lead forms', 'zod', 'react-hook-form'].includes(rule.label),
);

/** Built files holding code of NEVER_ON_PUBLIC_PAGES, by file name, with the first module that put them there. */
function forbiddenChunks(): Map<string, string> {
  const report = readBundleReport(bundleReportPath(buildDir));
  if (!report) throw new Error(`No bundle report for ${buildDir}: build it with "npm run build".`);
  const found = new Map<string, string>();
  for (const [file, modules] of Object.entries(report.chunks)) {
    for (const module of modules) {
      const rule = NEVER_ON_PUBLIC_PAGES.find((r) => r.pattern.test(module));
      if (rule) {
        found.set(basename(file), `${rule.label} (${module})`);
        break;
      }
    }
  }
  return found;
}

/** The backend's APIs: Data, Auth, Realtime, Storage, Functions. */
const BACKEND_API = /\/(rest|auth|realtime|storage|functions)\/v1\//;

/** What a public page may ask the backend for: the flag list, and its page view (130-page-views-without-tracking.md). */
const EXPECTED_CALLS = [/^GET \/rest\/v1\/feature_flags\?/, /^POST \/rest\/v1\/rpc\/record_page_view$/];

test.use({ cookieConsent: 'accepted' });

for (const path of ['/', '/fr']) {
  test(`${path} downloads no supabase-js or portal code and calls only the flags and analytics after hydration and idle time`, async ({
    page,
  }) => {
    const forbidden = forbiddenChunks();
    // Without these the check below would hold whatever the page loads.
    expect(
      [...forbidden.values()].some((what) => what.startsWith('supabase-js')),
      'supabase-js chunks in the build',
    ).toBe(true);
    expect(
      [...forbidden.values()].some((what) => what.startsWith('session/auth code')),
      'session chunks in the build',
    ).toBe(true);

    const scripts: string[] = [];
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' || url.pathname.endsWith('.js')) scripts.push(basename(url.pathname));
      if (BACKEND_API.test(url.pathname)) apiCalls.push(`${request.method()} ${url.pathname}${url.search}`);
    });

    await page.goto(path);
    await hydrated(page);
    // Idle time: whatever the page would fetch on its own (idle callbacks, timers, prefetching) has had its chance.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.setTimeout(() => window.requestIdleCallback(() => resolve(), { timeout: 2_000 }), 3_000);
        }),
    );
    await page.waitForLoadState('networkidle');

    // The watch saw the page's own code and its flag read…
    expect(scripts.length, 'scripts seen').toBeGreaterThan(0);
    expect(
      apiCalls.filter((call) => call.startsWith('GET /rest/v1/feature_flags?')).length,
      'flag reads seen',
    ).toBeGreaterThan(0);
    // …and nothing else.
    expect(scripts.filter((file) => forbidden.has(file)).map((file) => `${file}: ${forbidden.get(file)}`)).toEqual([]);
    expect(apiCalls.filter((call) => !EXPECTED_CALLS.some((pattern) => pattern.test(call)))).toEqual([]);
  });
}
