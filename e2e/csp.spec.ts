/**
 * The Content-Security-Policy the server sends blocks nothing the site itself
 * does: the sign-in and 404 pages, an article, the client portal and the
 * simple admin (the site's public pages are checked in the same visit as axe,
 * in public-a11y.spec.ts; the admin portal in admin-pages.serial.spec.ts) and
 * the interactions that load more code (lead forms and their HubSpot script)
 * run without a single `securitypolicyviolation`. A control proves a
 * violation would be seen.
 */
import type { Page } from '@playwright/test';
import { DEFAULT_SIMPLE_ADMIN_PASSWORD } from '../supabase/local/keys.ts';
import { flagNames } from '../src/lib/flags/defaults.ts';
import { prerenderTargets } from '../scripts/lib/site-routes.ts';
import { BOTH_LANGUAGES, servePagesAsOn } from './public-support.ts';
import { signInAs } from './support/sign-in.ts';
import { recordViolations, violations, visit } from './support/csp.ts';
import { expect, test } from './support/fixtures.ts';

/** Every flag on, answered from the network layer, so flag-gated pages exist without touching shared state. */
async function allFlagsOn(page: Page) {
  const flags = flagNames.map((name, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name,
    enabled: true,
    description: null,
  }));
  await page.route(/\/rest\/v1\/feature_flags\?/, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: flags }) : route.fallback(),
  );
  await servePagesAsOn(page, Object.fromEntries(flagNames.map((name) => [name, true])));
}

test.beforeEach(async ({ page }) => {
  await recordViolations(page);
});

test('a violation is recorded when something breaks the policy (control)', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Content Security Policy/);
  await visit(page, '/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(async () => (await violations(page)).map((v) => v.directive)).toContain('script-src-elem');
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});

const sitePages = new Set(BOTH_LANGUAGES);
const publicPaths = [
  ...prerenderTargets()
    .filter((t) => !t.notFound && !sitePages.has(t.url))
    .map((t) => t.url),
  '/no-such-page',
  '/fr/page-inexistante',
];

for (const path of publicPaths) {
  test(`the public page ${path} breaks no policy`, async ({ page, consoleErrors }) => {
    // The 404 pages log the unknown path; the browser logs the 404 status.
    consoleErrors.allow(/non-existent route|status of 404/);
    await visit(page, path);
    // Scroll through so lazily shown content loads too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(await violations(page), path).toEqual([]);
  });
}

for (const prefix of ['', '/fr']) {
  test(`a blog article breaks no policy (${prefix || 'English'})`, async ({ page }) => {
    await allFlagsOn(page);
    await visit(page, `${prefix}/insights/blog`);
    await page.locator(`main a[href^="${prefix}/insights/blog/"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/insights/blog/[^/]+$`));
    await page.waitForLoadState('networkidle');
    expect(await violations(page), `${prefix} article`).toEqual([]);
  });
}

test('sending the contact form and opening the B2B request break no policy', async ({ page }) => {
  await visit(page, '/');
  const contact = page.locator('#contact');
  await contact.scrollIntoViewIfNeeded();
  const form = contact.locator('form');
  await expect(form).toBeVisible();
  await form.getByLabel(/^First name/).fill('Csp');
  await form.getByLabel(/^Last name/).fill('Check');
  await form.getByLabel(/^Email/).fill('csp.check@example.com');
  await form.getByLabel(/^Message/).fill('Checking that sending a message breaks no security policy.');
  await form.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Thank you.')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await visit(page, '/client/login');
  await page.getByRole('button', { name: 'Request it here' }).click();
  await expect(page.getByLabel(/^Company name/)).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the client portal breaks no policy', async ({ page }) => {
  await signInAs(page, 'client');
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);
  await visit(page, '/fr/client/dashboard');
  expect(await violations(page)).toEqual([]);
});

test('the simple admin page, locked and unlocked, breaks no policy', async ({ page }) => {
  await visit(page, '/simple-admin');
  await page
    .getByLabel('Password', { exact: true })
    .fill(process.env.SIMPLE_ADMIN_PASSWORD || DEFAULT_SIMPLE_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('switch').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);
});
