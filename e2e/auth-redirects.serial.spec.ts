/**
 * Sign-in and guards for the admin (decisions 001, 014) through the real
 * build and local backend: the guard's redirect with `from` and back, where
 * the admin lands, a `from` off the site, the admin is not a client, signed-in
 * visits to the sign-in pages, a session that survives a reload, and the
 * two-step code screen at every width. Visitors', clients' and members' share
 * is in auth-redirects.spec.ts.
 * Serial: verifying the seeded admin's TOTP code ends that admin's other
 * aal1 sessions (as GoTrue does), so admin sign-ins here must not interleave
 * with another test's.
 */
import type { Page } from '@playwright/test';
import { account } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { atFirstStep } from './support/sign-in-lock.ts';
import { signInAs } from './support/sign-in.ts';
import { lookAt } from './support/widths.ts';

// The cookie banner is the public site's concern; keep it out of the way.
test.use({ cookieConsent: 'declined' });

test.describe('unauthenticated visitors', () => {
  test('are sent from the admin portal to /admin/login carrying `from`, and come back after signing in', async ({
    page,
  }) => {
    await page.goto('/admin-portal/sections');
    await expect(page).toHaveURL('/admin/login?from=%2Fadmin-portal%2Fsections');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await signInAs(page, 'admin', { at: 'here' });
    await expect(page).toHaveURL('/admin-portal/sections');
    await expect(page.getByRole('heading', { level: 1, name: 'Sections & Features' })).toBeVisible();
  });
});

test.describe('after signing in (decision 001)', () => {
  test('an admin signing in on the en page lands on /admin-portal/dashboard', async ({ page }) => {
    await signInAs(page, 'admin', { locale: 'en' });
    await expect(page).toHaveURL('/admin-portal/dashboard');
  });

  test('a `from` off the site is ignored (no open redirect)', async ({ page }) => {
    await page.goto('/admin/login?from=https%3A%2F%2Fevil.example%2Fphish');
    await signInAs(page, 'admin', { at: 'here' });
    await expect(page).toHaveURL('/admin-portal/dashboard');
    await page.goto('/admin/login?from=%2F%2Fevil.example');
    await expect(page).toHaveURL('/admin-portal/dashboard');
  });
});

test.describe('role guards', () => {
  test('an admin is not a client: /client/dashboard sends them to /', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL('/admin-portal/dashboard');
    await page.goto('/client/dashboard');
    await expect(page).toHaveURL('/');
  });
});

test.describe('signed-in visits to the sign-in pages', () => {
  test('an admin on /admin/login or /client/login goes to the portal', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL('/admin-portal/dashboard');
    await page.goto('/admin/login');
    await expect(page).toHaveURL('/admin-portal/dashboard');
    await page.goto('/client/login');
    await expect(page).toHaveURL('/admin-portal/dashboard');
  });
});

test('the session survives a reload', async ({ page }) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL('/admin-portal/dashboard');
  await page.goto('/admin-portal/feature-flags');
  await expect(page.getByRole('switch', { name: 'insights' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL('/admin-portal/feature-flags');
  await expect(page.getByRole('switch', { name: 'insights' })).toBeVisible();
});

test('the two-step code screen fills a phone, a tablet and a desktop, with nothing for axe to report', async ({
  page,
}) => {
  const { email, password } = account('admin');
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // This session stays at the first step: no other worker verifies a code meanwhile.
  await atFirstStep(email, async () => {
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
    await checkEveryWidth(page);
  });
});

async function checkEveryWidth(page: Page): Promise<void> {
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    // The sand page reaches the bottom of the screen: no white band under it.
    const bottom = await page.evaluate(() => {
      const card = document.querySelector('h1')?.closest('[data-card-page]');
      return card ? card.getBoundingClientRect().bottom : 0;
    });
    expect(bottom, `${name}: the page's background stops short of the screen`).toBeGreaterThanOrEqual(size.height);
    await lookAt(page, `two-step-${name}`, { fullPage: false });
    expect(await axeViolations(page), name).toEqual([]);
  }
}
