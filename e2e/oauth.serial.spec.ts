/**
 * Sign-in with Microsoft and Google (docs/decisions/142-continue-with-microsoft-or-google.md),
 * through the local backend's stand-in provider page (no request leaves the
 * machine): a newcomer continues with Microsoft, sends the prefilled request,
 * is approved and comes back straight to the dashboard; a client connects
 * Google on the account page and signs in with it; Cancel at the provider
 * comes back with the message in the page's language.
 * Serial: staff approval signs the admin in through the API.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { en } from '../src/i18n/messages/en.ts';
import { fr } from '../src/i18n/messages/fr.ts';
import { join } from 'node:path';
import { apiAs } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { mailTo, uniqueAddress } from './support/inbox';

type Identity = { email: string; name: string; id: string };

/** Answers the stand-in provider's page as the given person, or cancels. */
async function atProvider(page: Page, provider: 'Microsoft' | 'Google', person: Identity | 'cancel'): Promise<void> {
  await expect(page.getByRole('heading', { name: `Sign in with ${provider} (local stand-in)` })).toBeVisible();
  if (person === 'cancel') {
    await page.getByRole('button', { name: 'Cancel' }).click();
    return;
  }
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel(provider === 'Microsoft' ? 'Object id (oid)' : 'Subject (sub)').fill(person.id);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The screen as it is now, at phone, tablet and desktop widths: no sideways scrolling, nothing for axe. */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    const where = `${name} at ${viewport.width} px`;
    expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(viewport.width);
    expect(await axeViolations(page), where).toEqual([]);
    if (viewport.width !== VIEWPORTS.tablet.width) {
      await page.screenshot({ path: join('screenshots', `${name}-${viewport.width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** The prerendered sign-in page answers once hydrated (its submit button is enabled then). */
async function openSignIn(page: Page, prefix: '' | '/fr'): Promise<void> {
  await page.goto(`${prefix}/client/login`);
  const text = prefix === '/fr' ? fr : en;
  await expect(page.getByRole('button', { name: text.auth.form.submit, exact: true })).toBeEnabled();
}

test('a newcomer continues with Microsoft, sends the prefilled request, is approved, and the next sign-in opens the dashboard', async ({
  page,
}) => {
  test.slow();
  const person: Identity = { email: uniqueAddress('oauth-ms'), name: 'Marta Oliveira', id: randomUUID() };
  await openSignIn(page, '');
  await page.getByRole('button', { name: 'Continue with Microsoft' }).click();
  await atProvider(page, 'Microsoft', person);

  // Back on the site, signed in without a role: the request form, named as Microsoft said.
  await expect(page).toHaveURL('/client/account');
  await expect(page.getByText(`Signed in as ${person.email}.`)).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Marta');
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Oliveira');
  await checkScreen(page, 'account-request-en');
  await page.getByRole('button', { name: 'Send my request' }).click();
  // Company is required: a message, and what was filled stays.
  await expect(page.getByText('Fill in this field.')).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Marta');
  await page.getByLabel('Company', { exact: true }).fill('Oliveira Fine Foods');
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('heading', { name: 'Your request is under review' })).toBeVisible();

  // Staff approve it, as they approve a request sent from the inbox.
  const api = await apiAs('admin');
  const requests = await api.from('access_requests').select('user_id,status').eq('email', person.email);
  expect(requests.data).toEqual([expect.objectContaining({ status: 'pending' })]);
  const approved = await api.rpc('admin_approve_access_request', { target: requests.data?.[0]?.user_id ?? '' });
  expect(approved.error).toBeNull();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/admin/login');
  await openSignIn(page, '');
  await page.getByRole('button', { name: 'Continue with Microsoft' }).click();
  await atProvider(page, 'Microsoft', person);
  await expect(page).toHaveURL('/client/dashboard');
});

/** An approved client with a password, made through the API as the request flow makes one. */
async function approvedClient(email: string, password: string): Promise<void> {
  const anon = await apiAs('anon');
  const signUp = await anon.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: 'http://localhost/fr/client/confirm', data: { locale: 'fr' } },
  });
  expect(signUp.error).toBeNull();
  const tokenHash = /token_hash=([0-9a-f]+)/.exec((await mailTo(email, /Confirmez/)).html)?.[1] ?? '';
  const confirmed = await anon.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  expect(confirmed.error).toBeNull();
  const sent = await anon.rpc('submit_access_request', {
    first_name: 'Louise',
    last_name: 'Lien',
    company: 'Lien Alimentation',
    locale: 'fr',
  });
  expect(sent.error).toBeNull();
  const approved = await (
    await apiAs('admin')
  ).rpc('admin_approve_access_request', {
    target: confirmed.data.user?.id ?? '',
  });
  expect(approved.error).toBeNull();
}

test('a client connects Google on the account page (in French), signs out, and signs in with Google', async ({
  page,
}) => {
  test.slow();
  const email = uniqueAddress('oauth-link');
  const password = 'Linked#Pass1';
  await approvedClient(email, password);
  await openSignIn(page, '/fr');
  await page.getByLabel('Courriel', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL('/fr/client/dashboard');

  await page.getByRole('link', { name: 'Votre compte' }).click();
  await expect(page.getByRole('heading', { name: 'Méthodes de connexion' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dissocier Google' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Associer Google' }).click();
  // A Google account with another address than the portal's: linking does not need them to match.
  const google: Identity = { email: uniqueAddress('oauth-gmail'), name: 'Louise Lien', id: randomUUID() };
  await atProvider(page, 'Google', google);
  await expect(page).toHaveURL('/fr/client/account?connected=google');
  await expect(page.getByRole('status')).toHaveText('Google est maintenant associé.');
  await expect(page.getByRole('button', { name: 'Dissocier Google' })).toBeEnabled();
  await expect(page.getByText(google.email)).toBeVisible();
  await checkScreen(page, 'account-methods-fr');

  await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL('/fr/admin/login');
  await openSignIn(page, '/fr');
  await page.getByRole('button', { name: 'Continuer avec Google' }).click();
  await atProvider(page, 'Google', google);
  await expect(page).toHaveURL('/fr/client/dashboard');
});

test('Cancel at the provider comes back to the sign-in page with the message in its language', async ({ page }) => {
  await openSignIn(page, '/fr');
  await page.getByRole('button', { name: 'Continuer avec Microsoft' }).click();
  await atProvider(page, 'Microsoft', 'cancel');
  await expect(page).toHaveURL('/fr/client/login');
  await expect(page.getByRole('alert')).toHaveText(fr.auth.providers.problems.cancelled);
  // The page still offers every way in.
  await expect(page.getByRole('button', { name: 'Continuer avec Microsoft' })).toBeEnabled();
  await expect(page.getByLabel('Courriel', { exact: true })).toBeVisible();
  await checkScreen(page, 'sign-in-cancelled-fr');
});
