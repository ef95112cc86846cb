/**
 * The client portal (spec 2.9, 2.10, D3, D14): sign-in to the dashboard and
 * sign-out, in both languages; request mode with the real B2B form; the
 * forgotten-password message; axe on every screen at phone and desktop sizes.
 */
import { account, axeViolations, expect, test, VIEWPORTS } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
});

test('a client signs in on /client/login, reaches the dashboard, signs out to /admin/login', async ({ page }) => {
  const { email, password } = account('client');
  await page.goto('/client/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/client/dashboard');
  await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
  for (const title of ['Orders', 'Analytics', 'Documents', 'Your B2B Services']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Contact Your Account Manager' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/admin/login');
  // The session really ended: the dashboard asks to sign in again.
  await page.goto('/client/dashboard');
  await expect(page).toHaveURL('/admin/login?from=%2Fclient%2Fdashboard');
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth-token')));
  expect(stored).toEqual([]);
});

test('in French: /fr/client/login → /fr/client/dashboard → sign out to /fr/admin/login', async ({ page }) => {
  const { email, password } = account('client');
  await page.goto('/fr/client/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Portail client' })).toBeVisible();
  await page.getByLabel('Courriel').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/fr/client/dashboard');
  await expect(page.getByRole('heading', { name: 'Vos services B2B' })).toBeVisible();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL('/fr/admin/login');
});

test('request mode shows the B2B request form and switches back; forgot password explains', async ({ page }) => {
  await page.goto('/client/login');
  // The prerendered page answers clicks once hydrated (its submit button is enabled then).
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByText('Password reset functionality coming soon. Please contact support.')).toBeVisible();
  await page.getByRole('button', { name: 'Request it here' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request B2B access' })).toBeFocused();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`axe finds nothing on the client pages (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const path of ['/client/login', '/fr/client/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
    await page.getByRole('button', { name: 'Faites-en la demande ici' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demander un accès B2B' })).toBeVisible();
    expect(await axeViolations(page), 'request mode').toEqual([]);

    const { email, password } = account('client');
    await page.goto('/client/dashboard');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/client/dashboard');
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
    expect(await axeViolations(page), '/client/dashboard').toEqual([]);
  });
}
