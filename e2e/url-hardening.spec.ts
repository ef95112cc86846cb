/**
 * No URL the site is opened with can make it link off-site or blank a page:
 * the language link of a crafted French URL stays on the site, a malformed
 * percent-escape in the hash leaves every kind of page standing, and a
 * `?from=` that normalises to another host ends on the role's home after
 * signing in.
 */
import type { Page } from '@playwright/test';
import { ALL_PAGES_ON, hydrated, overrideFlags } from './public-support.ts';
import type { Role } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/sign-in.ts';

test.use({ cookieConsent: 'accepted' });

/** The 404 page logs the path it was asked for, and the host answers it with 404. */
function allow404(consoleErrors: { allow: (pattern: RegExp) => void }) {
  consoleErrors.allow(/404 Error: User attempted to access non-existent route/);
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
}

test.describe('the language link', () => {
  for (const path of [
    '/fr//evil.example/phish',
    '/fr///evil.example/phish',
    '/fr/\\evil.example/phish',
    '/fr//\\evil.example',
  ]) {
    test(`on ${path} stays on the site`, async ({ page, consoleErrors, baseURL }) => {
      allow404(consoleErrors);
      await page.goto(path);
      await hydrated(page);
      const link = page.getByTestId('language-switch').first();
      await expect(link).toBeVisible();
      const href = (await link.getAttribute('href')) ?? '';
      expect(new URL(href, page.url()).origin, href).toBe(new URL(baseURL ?? '').origin);
      await link.click();
      await expect(page).toHaveURL((url) => url.origin === new URL(baseURL ?? '').origin);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test.describe('a malformed escape in the hash', () => {
  const hashes = ['#%', '#%E0%A4%A'];
  const pages: { kind: string; path: string; heading: RegExp; notFound?: boolean; as?: Role }[] = [
    { kind: 'public', path: '/', heading: /your Mediterranean brand/ },
    { kind: 'public, French', path: '/fr/privacy', heading: /^Politique de confidentialité$/ },
    { kind: 'insights', path: '/insights/news', heading: /^News$/ },
    { kind: 'login', path: '/admin/login', heading: /^Sign in$/ },
    { kind: 'client login', path: '/fr/client/login', heading: /\S/ },
    { kind: 'admin portal', path: '/admin-portal/dashboard', heading: /\S/, as: 'admin' },
    { kind: 'client portal', path: '/client/dashboard', heading: /\S/, as: 'client' },
    { kind: '404', path: '/no-such-page', heading: /^Oops! Page not found$/, notFound: true },
  ];
  for (const target of pages) {
    for (const hash of hashes) {
      test(`leaves the ${target.kind} page standing (${target.path}${hash})`, async ({ page, consoleErrors }) => {
        if (target.notFound) allow404(consoleErrors);
        await overrideFlags(page, ALL_PAGES_ON);
        if (target.as) {
          await signInAs(page, target.as);
          await expect(page).not.toHaveURL(/\/admin\/login/);
        }
        // The page's clock is driven by the test, so its timers can be run through at once.
        await page.clock.install();
        await page.goto(`${target.path}${hash}`);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toHaveAccessibleName(target.heading);
        // Past the scroll manager's delay and all its retries: the page is still there.
        await page.clock.runFor(2_500);
        await expect(heading).toBeVisible();
        expect(((await page.locator('main, #root').first().innerText()) ?? '').trim().length).toBeGreaterThan(20);
      });
    }
  }
});

async function signInWithFrom(page: Page, role: Role, from: string, locale: 'en' | 'fr' = 'en') {
  const prefix = locale === 'fr' ? '/fr' : '';
  await page.goto(`${prefix}/admin/login?from=${encodeURIComponent(from)}`);
  await signInAs(page, role, { at: 'here' });
}

test.describe('a `from` that normalises to another host', () => {
  for (const from of ['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example', '/./\\evil.example']) {
    test(`${from} sends an admin to the dashboard after signing in`, async ({ page }) => {
      await signInWithFrom(page, 'admin', from);
      await expect(page).toHaveURL('/admin-portal/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    });
  }

  test('sends a client to the French dashboard from the French sign-in page', async ({ page }) => {
    await signInWithFrom(page, 'client', '/a/..//evil.example', 'fr');
    await expect(page).toHaveURL('/fr/client/dashboard');
    await expect(page.getByText('Bienvenue, client@example.com')).toBeVisible();
  });
});
