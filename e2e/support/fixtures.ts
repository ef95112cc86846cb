/**
 * Shared Playwright fixtures: every test fails on a console error (unless it
 * declares the ones it expects), third-party scripts never reach the
 * internet, `cookieConsent` answers the cookie banner before the test
 * (`test.use({ cookieConsent: 'declined' })`), `adminApi` acts through
 * supabase-js as the seeded admin, and `setFlags` switches flags for one test
 * and restores them afterwards.
 */
import { test as base, expect } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import { apiAs } from './accounts.ts';
import { answerCookieBanner, type CookieConsent } from './cookie-consent.ts';

type Options = {
  /** The visitor's stored answer to the cookie banner; null: not answered (the banner shows). */
  cookieConsent: CookieConsent | null;
};

type Fixtures = {
  consoleErrors: { allow: (pattern: RegExp) => void; messages: string[] };
  adminApi: SupabaseClient<Database>;
  setFlags: (flags: Record<string, boolean>) => Promise<void>;
  storedCookieConsent: void;
};

/** The browser's report of a resource from outside the stack (Tawk.to's embed) that could not be fetched. */
function isThirdPartyLoadFailure(text: string, url: string): boolean {
  if (!text.startsWith('Failed to load resource: net::ERR_NAME_NOT_RESOLVED')) return false;
  try {
    return !['localhost', '127.0.0.1'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

export const test = base.extend<Fixtures & Options>({
  cookieConsent: [null, { option: true }],
  storedCookieConsent: [
    async ({ context, cookieConsent }, use) => {
      if (cookieConsent) await answerCookieBanner(context, cookieConsent);
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const messages: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (msg) => {
        // A third party's script cannot load: the suite's browser resolves no outside host
        // (TEST_CHROMIUM_ARGS), and the site carries on without it. A local file that fails still counts.
        if (msg.type() === 'error' && !isThirdPartyLoadFailure(msg.text(), msg.location().url))
          messages.push(msg.text());
      });
      page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
      // React reports an error it recovered from with the original as its `cause`, which the page
      // error above does not carry: log it too, so a failure names what threw.
      await page.addInitScript(() => {
        window.addEventListener('error', (event) => {
          const cause = (event.error as { cause?: unknown } | null)?.cause;
          if (cause)
            console.error(`(cause) ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`);
        });
      });
      await use({ allow: (p) => allowed.push(p), messages });
      // A route handler still waiting on a response (a flags refetch) when the
      // page closes would otherwise fail the run after the test has passed.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      const unexpected = messages.filter((m) => !allowed.some((p) => p.test(m)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  adminApi: async ({}, use) => {
    const client = await apiAs('admin');
    await use(client);
    await client.auth.signOut({ scope: 'local' });
  },
  setFlags: async ({ adminApi }, use) => {
    const touched = new Map<string, boolean>();
    await use(async (flags) => {
      for (const [name, enabled] of Object.entries(flags)) {
        const { data, error } = await adminApi.from('feature_flags').select('enabled').eq('name', name).single();
        if (error) throw error;
        if (!touched.has(name)) touched.set(name, data.enabled);
        const update = await adminApi.from('feature_flags').update({ enabled }).eq('name', name).select('name');
        if (update.error) throw update.error;
        if (update.data.length !== 1) throw new Error(`setFlags: ${name} was not changed`);
      }
    });
    // A flag left changed would leak into every later spec: a failed restore fails this test.
    const failures: string[] = [];
    for (const [name, enabled] of touched) {
      const restore = await adminApi.from('feature_flags').update({ enabled }).eq('name', name).select('name');
      if (restore.error) failures.push(`${name}: ${restore.error.message}`);
      else if (restore.data.length !== 1) failures.push(`${name}: no row restored`);
    }
    expect(failures, 'flags restored after the test').toEqual([]);
  },
});

export { expect };
