/**
 * Sign-in and guards for visitors, clients and accounts without a role
 * (decisions 001, 014) through the real build and local backend: guard
 * redirects keep the language, protected content never shows while the
 * session loads, where a client or a member lands, a `from` the account may
 * not open, role guards, signed-in visits to the sign-in pages, the
 * wrong-password message, and axe on the sign-in pages. The admin's share is
 * in auth-redirects.serial.spec.ts (an admin sign-in ends the admin's other
 * first-step sessions, so those run one at a time).
 */
import type { Role } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { answerCookieBanner } from './support/cookie-consent.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/sign-in.ts';

// The cookie banner is the public site's concern; keep it out of the way.
test.use({ cookieConsent: 'declined' });

test.describe('unauthenticated visitors', () => {
  test('keep their language: /fr/client/dashboard → /fr/admin/login, then back as a client', async ({ page }) => {
    await page.goto('/fr/client/dashboard');
    await expect(page).toHaveURL('/fr/admin/login?from=%2Ffr%2Fclient%2Fdashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await signInAs(page, 'client', { at: 'here' });
    await expect(page).toHaveURL('/fr/client/dashboard');
    await expect(page.getByText('Bienvenue, client@example.com')).toBeVisible();
  });

  test('never see protected content, not even for a frame, while the session loads', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __sawProtected: boolean };
      w.__sawProtected = false;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Total Users')) w.__sawProtected = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/admin-portal/dashboard');
    await expect(page).toHaveURL('/admin/login?from=%2Fadmin-portal%2Fdashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sawProtected: boolean }).__sawProtected)).toBe(false);
  });
});

test.describe('after signing in (decision 001)', () => {
  const landings: [Role, 'en' | 'fr', string][] = [
    ['client', 'en', '/client/dashboard'],
    ['client', 'fr', '/fr/client/dashboard'],
    // Without a role: where the request stands (docs/decisions/070-accounts-run-themselves.md).
    ['member', 'en', '/client/account'],
    ['member', 'fr', '/fr/client/account'],
  ];
  for (const [role, locale, landing] of landings) {
    test(`a ${role} signing in on the ${locale} page lands on ${landing}`, async ({ page }) => {
      await signInAs(page, role, { locale });
      await expect(page).toHaveURL(landing);
    });
  }

  test('a `from` the account may not open is ignored: a client goes to their dashboard', async ({ page }) => {
    await page.goto('/admin/login?from=%2Fadmin-portal%2Ffeature-flags');
    await signInAs(page, 'client', { at: 'here' });
    await expect(page).toHaveURL('/client/dashboard');
  });
});

test.describe('role guards', () => {
  test('a client is sent from the admin portal to /', async ({ page }) => {
    await signInAs(page, 'client');
    await expect(page).toHaveURL('/client/dashboard');
    await page.goto('/admin-portal/feature-flags');
    await expect(page).toHaveURL('/');
  });

  // An account without a role sees where its request stands (docs/decisions/070-accounts-run-themselves.md).
  test('a member is sent from the admin portal and the client dashboard to their request status', async ({ page }) => {
    await signInAs(page, 'member');
    await expect(page).toHaveURL('/client/account');
    await page.goto('/admin-portal/dashboard');
    await expect(page).toHaveURL('/client/account');
    await page.goto('/client/dashboard');
    await expect(page).toHaveURL('/client/account');
    await expect(page.getByRole('heading', { name: 'No access request' })).toBeVisible();
  });

  test('a member who comes back to /admin/login can sign out and switch accounts', async ({ page }) => {
    await signInAs(page, 'member');
    await expect(page).toHaveURL('/client/account');
    await page.goto('/admin/login');
    await expect(page.getByText('You are signed in as member@example.com.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/admin/login');
    await signInAs(page, 'client', { at: 'here' });
    await expect(page).toHaveURL('/client/dashboard');
  });

  test('a French member is sent from /fr/client/dashboard to their request status in French', async ({ page }) => {
    await signInAs(page, 'member', { locale: 'fr' });
    await expect(page).toHaveURL('/fr/client/account');
    await page.goto('/fr/client/dashboard');
    await expect(page).toHaveURL('/fr/client/account');
    await expect(page.getByRole('heading', { name: 'Aucune demande d’accès' })).toBeVisible();
  });
});

test.describe('signed-in visits to the sign-in pages', () => {
  test('a client on /fr/client/login goes to the French dashboard; a member on /client/login sees their request status', async ({
    page,
    browser,
  }) => {
    await signInAs(page, 'client');
    await expect(page).toHaveURL('/client/dashboard');
    await page.goto('/fr/client/login');
    await expect(page).toHaveURL('/fr/client/dashboard');

    const other = await browser.newPage();
    await answerCookieBanner(other, 'declined');
    await other.goto('/admin/login');
    await signInAs(other, 'member', { at: 'here' });
    await expect(other).toHaveURL('/client/account');
    await other.goto('/client/login');
    await expect(other).toHaveURL('/client/account');
    await other.close();
  });
});

// The browser itself logs the refused sign-in request (HTTP 400).
const refusedSignIn = /Failed to load resource: the server responded with a status of 400/;

test('a wrong password shows the invalid-credentials message and keeps what was typed', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(refusedSignIn);
  await page.goto('/admin/login');
  await signInAs(page, 'admin', { at: 'here', password: 'Not-the-password#1' });
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials or your account may not have B2B access.');
  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByLabel('Email')).toHaveValue('admin@example.com');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Not-the-password#1');
});

test('in French too', async ({ page, consoleErrors }) => {
  consoleErrors.allow(refusedSignIn);
  await page.goto('/fr/admin/login');
  await signInAs(page, 'client', { at: 'here', password: 'Mauvais#1' });
  await expect(page.getByRole('alert')).toHaveText(
    'Identifiants invalides ou votre compte n’a peut-être pas d’accès B2B.',
  );
});

for (const path of ['/admin/login', '/fr/admin/login']) {
  test(`axe finds nothing on the sign-in page ${path}, empty and with errors`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page), path).toEqual([]);
    await page.getByRole('button', { name: /^(sign in|se connecter)$/i }).click();
    await expect(page.getByLabel(/^(email|courriel)$/i)).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page), `${path} with errors`).toEqual([]);
  });
}
