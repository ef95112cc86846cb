import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { testChromiumPath, TEST_CHROMIUM_ARGS } from './scripts/lib/chromium.ts';
import { E2E_SITE_URL } from './scripts/lib/ports.ts';

/**
 * End-to-end tests drive the system Chromium against the production build
 * (dist/) and an in-memory local backend. Specs that change shared state are
 * named *.serial.spec.ts and run after the others, restoring what they
 * changed: those listed in LANES two at a time, the rest (flags every page
 * reads, counts of what every page load adds) alone, last.
 */

/**
 * Lanes of serial specs: each lane runs one spec at a time, and two lanes run
 * side by side, because no spec reads what another lane's specs write. Staff
 * sign-ins take their account's first-step lock (e2e/support/sign-in-lock.ts).
 * A serial spec not listed here runs alone, after the lanes.
 */
const LANES: Record<'serial-orders' | 'serial-accounts' | 'serial-site', string[]> = {
  // The seeded client's cart and orders, the catalogue they are made of, the
  // admin pages, and the admin's own sign-ins (which read nothing another
  // lane writes, and sit here to even out the lanes' lengths).
  'serial-orders': [
    'client-orders',
    'admin-orders',
    'order-journey',
    'catalogue',
    'admin-product-editor',
    'admin-products',
    'admin-pages',
    'auth-redirects',
  ],
  // Accounts, access requests, leads (HubSpot's stand-in told to fail), conversations.
  'serial-accounts': ['oauth', 'admin-leads', 'accounts', 'admin-companies', 'client-catalogue', 'messages'],
  // Flags no lane's spec reads (the sections, the insights pages, the chat
  // widget) with their change history, and published news and posts.
  'serial-site': [
    'admin-portal',
    'simple-admin',
    'flag-history-api',
    'chat-widget-flag',
    'chat-widget',
    'admin-content',
    'content-publishing',
    'staff-roles',
  ],
};
const inLanes = Object.values(LANES).flat();
const missing = inLanes.filter((name) => !existsSync(new URL(`./e2e/${name}.serial.spec.ts`, import.meta.url)));
if (missing.length > 0) throw new Error(`playwright.config.ts: no serial spec named ${missing.join(', ')}`);
const specFile = (name: string) => new RegExp(`(^|/)${name}\\.serial\\.spec\\.ts$`);
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
export default defineConfig({
  testDir: 'e2e',
  // Specs only: the support modules' unit tests (*.test.ts) are Vitest's.
  testMatch: /\.spec\.ts$/,
  // Token-expiry specs (@expiry) need a backend with a 15 s token lifetime:
  // scripts/run-e2e.ts runs them beside the others, on a stack of their own,
  // with E2E_EXPIRY_PASS=1 and their own output directory.
  ...(process.env.E2E_EXPIRY_PASS === '1' ? { grep: /@expiry/ } : { grepInvert: /@expiry/ }),
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // In CI a test gets one retry to show whether a failure is flaky, but a test
  // that passes only on its retry still fails the run, and a stray `.only`
  // (which would skip everything else) is an error.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  forbidOnly: !!process.env.CI,
  workers: 2,
  // PLAYWRIGHT_JSON_OUTPUT_NAME adds a JSON report (each test's start, duration and worker) to measure the stage by.
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as const] : []),
  ],
  use: {
    baseURL: E2E_SITE_URL,
    // A trace only for a failed test's retry: recording every test costs a busy machine minutes.
    trace: 'on-first-retry',
    launchOptions: { executablePath: testChromiumPath(), args: TEST_CHROMIUM_ARGS },
  },
  projects: [
    { name: 'parallel', testIgnore: /\.serial\.spec\.ts$/, use: desktop },
    ...Object.entries(LANES).map(([name, specs]) => ({
      name,
      testMatch: specs.map(specFile),
      dependencies: ['parallel'],
      workers: 1,
      use: desktop,
    })),
    {
      name: 'serial',
      testMatch: /\.serial\.spec\.ts$/,
      testIgnore: inLanes.map(specFile),
      dependencies: Object.keys(LANES),
      workers: 1,
      use: desktop,
    },
  ],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `${E2E_SITE_URL}/health.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    // Ended by a signal it answers (not SIGKILL), the stack stops its backend,
    // which removes the temporary directory of the run's uploads.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
