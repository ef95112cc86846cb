import { defineConfig, devices } from '@playwright/test';
import { testChromiumPath, TEST_CHROMIUM_ARGS } from './scripts/lib/chromium.ts';
import { E2E_SITE_URL } from './scripts/lib/ports.ts';

/**
 * End-to-end tests drive the system Chromium against the production build
 * (dist/) and an in-memory local backend. Specs that change shared state
 * (flags, sessions revoked globally) are named *.serial.spec.ts and run one at
 * a time after the others, restoring what they changed.
 */
export default defineConfig({
  testDir: 'e2e',
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
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_SITE_URL,
    // A trace only for a failed test's retry: recording every test costs a busy machine minutes.
    trace: 'on-first-retry',
    launchOptions: { executablePath: testChromiumPath(), args: TEST_CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'parallel',
      testIgnore: /\.serial\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'serial',
      testMatch: /\.serial\.spec\.ts$/,
      dependencies: ['parallel'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `${E2E_SITE_URL}/health.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
