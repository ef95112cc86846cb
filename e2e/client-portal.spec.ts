/**
 * The client portal (decisions 003, 014): sign-in to the dashboard and
 * sign-out, in both languages; request mode with the real B2B form; the
 * forgotten-password message; axe on the sign-in screens at phone and desktop
 * sizes (the dashboard's are in client-documents.spec.ts).
 */
import { account, apiAs } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { signInAs } from './support/sign-in.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ cookieConsent: 'declined' });

test('a client signs in on /client/login, reaches the dashboard, signs out to /admin/login', async ({ page }) => {
  const { email } = account('client');
  await signInAs(page, 'client', { at: '/client/login' });
  await expect(page).toHaveURL('/client/dashboard');
  await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
  for (const title of ['Latest documents', 'Your account manager']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Contact your account manager' })).toHaveAttribute(
    'href',
    '/client/messages',
  );

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/admin/login');
  // The session really ended: the dashboard asks to sign in again.
  await page.goto('/client/dashboard');
  await expect(page).toHaveURL('/admin/login?from=%2Fclient%2Fdashboard');
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth-token')));
  expect(stored).toEqual([]);
});

test('signing out in the browser leaves the same client signed in on another device', async ({ page }) => {
  // The other device: the same account, signed in through supabase-js.
  const phone = await apiAs('client');
  const { data: before, error: beforeError } = await phone.auth.getUser();
  expect(beforeError).toBeNull();
  expect(before.user?.email).toBe(account('client').email);

  await signInAs(page, 'client', { at: '/client/login' });
  await expect(page).toHaveURL('/client/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/admin/login');

  // This browser is signed out…
  await page.goto('/client/dashboard');
  await expect(page).toHaveURL('/admin/login?from=%2Fclient%2Fdashboard');
  // …the other device's session is still valid, and it still reads what its role may read.
  const { data: after, error: afterError } = await phone.auth.getUser();
  expect(afterError).toBeNull();
  expect(after.user?.email).toBe(account('client').email);
  const roles = await phone.from('user_roles').select('role');
  expect(roles.error).toBeNull();
  expect(roles.data).toEqual([{ role: 'client' }]);
  await phone.auth.signOut({ scope: 'local' });
});

test('Sign Out pressed while the dashboard still loads: its requests finish signed in, then the session ends', async ({
  page,
}) => {
  // The account lookup makes three requests in turn; the first is held so Sign Out lands in the middle.
  await page.route('**/rest/v1/company_clients*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  const seen: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\/(rest|auth)\/v1\//.test(pathname)) seen.push(`${pathname} ${response.status()}`);
  });
  await signInAs(page, 'client', { at: '/client/login' });
  await expect(page).toHaveURL('/client/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signing out…' })).toBeVisible();
  await expect(page).toHaveURL('/admin/login');
  const logout = seen.indexOf('/auth/v1/logout 204');
  expect(logout, seen.join('\n')).toBeGreaterThan(-1);
  // The whole lookup answered before the sign-out, and nothing was refused (the fixture fails on a 401 too).
  for (const step of ['/rest/v1/company_clients 200', '/rest/v1/companies 200', '/rest/v1/staff_profiles 200']) {
    expect(seen.indexOf(step), seen.join('\n')).toBeGreaterThan(-1);
    expect(seen.indexOf(step), seen.join('\n')).toBeLessThan(logout);
  }
});

test('in French: /fr/client/login → /fr/client/dashboard → sign out to /fr/admin/login', async ({ page }) => {
  await page.goto('/fr/client/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Portail client' })).toBeVisible();
  await signInAs(page, 'client', { at: 'here' });
  await expect(page).toHaveURL('/fr/client/dashboard');
  await expect(page.getByRole('heading', { name: 'Votre gestionnaire de compte' })).toBeVisible();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL('/fr/admin/login');
});

test('request mode shows the B2B request form and switches back; forgot password opens the reset form', async ({
  page,
}) => {
  await page.goto('/client/login');
  // The prerendered page answers clicks once hydrated (its submit button is enabled then).
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByRole('button', { name: 'Request it here' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request B2B access' })).toBeFocused();
  // Request mode asks for no password: it is chosen from the mailed link
  // (docs/decisions/125-accounts-set-up-from-the-inbox.md).
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/We will email you a link/)).toBeVisible();
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    test('axe finds nothing on /client/login', async ({ page }) => {
      await page.goto('/client/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test('axe finds nothing on /fr/client/login, signing in or requesting access', async ({ page }) => {
      await page.goto('/fr/client/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeViolations(page), 'sign-in mode').toEqual([]);
      await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
      await page.getByRole('button', { name: 'Faites-en la demande ici' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Demander un accès B2B' })).toBeVisible();
      expect(await axeViolations(page), 'request mode').toEqual([]);
    });
  });
}
