/**
 * Sign-in and guards (decisions 001, 014) through the real build and local backend: every guard
 * redirect (with `from`), where each role lands after signing in, signed-in
 * visits to the sign-in pages, the wrong-password message, a session that
 * survives a reload, and axe on the sign-in pages.
 * Serial: verifying the seeded admin's TOTP code ends that admin's other
 * aal1 sessions (as GoTrue does), so admin sign-ins here must not interleave
 * with another test's.
 */
import { account, type Role } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { answerCookieBanner } from './support/cookie-consent.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/sign-in.ts';

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
    ['admin', 'en', '/admin-portal/dashboard'],
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

  test('a `from` off the site is ignored (no open redirect)', async ({ page }) => {
    await page.goto('/admin/login?from=https%3A%2F%2Fevil.example%2Fphish');
    await signInAs(page, 'admin', { at: 'here' });
    await expect(page).toHaveURL('/admin-portal/dashboard');
    await page.goto('/admin/login?from=%2F%2Fevil.example');
    await expect(page).toHaveURL('/admin-portal/dashboard');
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

test('the session survives a reload', async ({ page }) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL('/admin-portal/dashboard');
  await page.goto('/admin-portal/feature-flags');
  await expect(page.getByRole('switch', { name: 'insights' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL('/admin-portal/feature-flags');
  await expect(page.getByRole('switch', { name: 'insights' })).toBeVisible();
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

test('the two-step code screen fills a phone, a tablet and a desktop, with nothing for axe to report', async ({
  page,
}) => {
  const { email, password } = account('admin');
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    // The sand page reaches the bottom of the screen: no white band under it.
    const bottom = await page.evaluate(() => {
      const card = document.querySelector('h1')?.closest('[data-card-page]');
      return card ? card.getBoundingClientRect().bottom : 0;
    });
    expect(bottom, `${name}: the page's background stops short of the screen`).toBeGreaterThanOrEqual(size.height);
    await page.screenshot({ path: test.info().outputPath(`two-step-${name}.png`) });
    expect(await axeViolations(page), name).toEqual([]);
  }
});
