/**
 * Sign-in with Microsoft and Google (docs/decisions/142-continue-with-microsoft-or-google.md),
 * through the local backend's stand-in provider page (no request leaves the
 * machine), each in English and in French: a newcomer continues with
 * Microsoft, sends the prefilled request, is approved and comes back straight
 * to the dashboard; a client connects Google on the account page and signs in
 * with it; Cancel at the provider comes back with the message in the page's
 * language.
 * Serial: staff approval signs the admin in through the API.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { en } from '../src/i18n/messages/en.ts';
import { fr } from '../src/i18n/messages/fr.ts';
import { accountPages as enAccount } from '../src/i18n/messages/en/account-pages.ts';
import { accountPages as frAccount } from '../src/i18n/messages/fr/account-pages.ts';
import { apiAs, CAPTCHA_TOKEN } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { mailTo, uniqueAddress } from './support/inbox';
import { lookAt } from './support/widths.ts';

/** The account pages' strings (kept out of the eager catalog) in the page's language. */
const accountText = (prefix: string) => (prefix === '/fr' ? frAccount : enAccount);

type Identity = { email: string; name: string; id: string };

/** Answers the stand-in provider's page as the given person (Google: `verified` ticks its e-mail verified), or cancels. */
async function atProvider(
  page: Page,
  provider: 'Microsoft' | 'Google',
  person: Identity | 'cancel',
  verified = true,
): Promise<void> {
  await expect(page.getByRole('heading', { name: `Sign in with ${provider} (local stand-in)` })).toBeVisible();
  if (person === 'cancel') {
    await page.getByRole('button', { name: 'Cancel' }).click();
    return;
  }
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel(provider === 'Microsoft' ? 'Object id (oid)' : 'Subject (sub)').fill(person.id);
  if (provider === 'Google') await page.getByLabel('The provider says the e-mail is verified').setChecked(verified);
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
      await lookAt(page, `${name}-${viewport.width}`);
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

/** Signs out, then signs in again with `provider` as `person`: an approved client lands on the dashboard. */
async function signOutAndComeBackWith(
  page: Page,
  prefix: '' | '/fr',
  provider: 'Microsoft' | 'Google',
  person: Identity,
): Promise<void> {
  const t = prefix === '/fr' ? fr : en;
  await page.getByRole('button', { name: accountText(prefix).account.signOut }).click();
  await expect(page).toHaveURL(`${prefix}/admin/login`);
  await openSignIn(page, prefix);
  await page.getByRole('button', { name: t.auth.providers.continueWith(provider) }).click();
  await atProvider(page, provider, person);
  await expect(page).toHaveURL(`${prefix}/client/dashboard`);
}

const LANGUAGES = [
  { lang: 'English', prefix: '', t: en, mail: /Confirm your email/ },
  { lang: 'French', prefix: '/fr', t: fr, mail: /Confirmez/ },
] as const;

/** An approved client with a password, made through the API as the request flow makes one. */
async function approvedClient(email: string, password: string, prefix: '' | '/fr', mail: RegExp): Promise<void> {
  const anon = await apiAs('anon');
  const locale = prefix === '/fr' ? 'fr' : 'en';
  const signUp = await anon.auth.signUp({
    email,
    password,
    options: {
      emailRedirectTo: `http://localhost${prefix}/client/confirm`,
      data: { locale },
      captchaToken: CAPTCHA_TOKEN,
    },
  });
  expect(signUp.error).toBeNull();
  const tokenHash = /token_hash=([0-9a-f]+)/.exec((await mailTo(email, mail)).html)?.[1] ?? '';
  const confirmed = await anon.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  expect(confirmed.error).toBeNull();
  // The confirmation removed the sign-up's password: the owner sets it, as the confirm page does.
  expect((await anon.auth.updateUser({ password })).error).toBeNull();
  const sent = await anon.rpc('submit_access_request', {
    first_name: 'Louise',
    last_name: 'Lien',
    company: 'Lien Alimentation',
    locale,
  });
  expect(sent.error).toBeNull();
  const approved = await (
    await apiAs('admin')
  ).rpc('admin_approve_access_request', {
    target: confirmed.data.user?.id ?? '',
  });
  expect(approved.error).toBeNull();
}

for (const { lang, prefix, t, mail } of LANGUAGES) {
  const microsoft = t.auth.providers.continueWith('Microsoft');
  const suffix = prefix === '/fr' ? 'fr' : 'en';

  test(`a newcomer continues with Microsoft, sends the prefilled request, is approved, and the next sign-in opens the dashboard (${lang})`, async ({
    page,
  }) => {
    test.slow();
    const person: Identity = { email: uniqueAddress('oauth-ms'), name: 'Marta Oliveira', id: randomUUID() };
    await openSignIn(page, prefix);
    await page.getByRole('button', { name: microsoft }).click();
    await atProvider(page, 'Microsoft', person);

    // Back on the site, signed in without a role: the request form, named as Microsoft said.
    await expect(page).toHaveURL(`${prefix}/client/account`);
    await expect(page.getByText(accountText(prefix).account.signedInAs(person.email))).toBeVisible();
    await expect(page.getByLabel(t.auth.confirm.firstName, { exact: true })).toHaveValue('Marta');
    await expect(page.getByLabel(t.auth.confirm.lastName, { exact: true })).toHaveValue('Oliveira');
    await checkScreen(page, `account-request-${suffix}`);
    await page.getByRole('button', { name: accountText(prefix).account.requestButton }).click();
    // Company is required: a message, and what was filled stays.
    await expect(page.getByText(t.auth.confirm.required)).toBeVisible();
    await expect(page.getByLabel(t.auth.confirm.firstName, { exact: true })).toHaveValue('Marta');
    await page.getByLabel(t.auth.confirm.company, { exact: true }).fill('Oliveira Fine Foods');
    await page.getByRole('button', { name: accountText(prefix).account.requestButton }).click();
    await expect(page.getByRole('heading', { name: accountText(prefix).account.pendingTitle })).toBeVisible();

    // Staff approve it, as they approve a request sent from the inbox.
    const api = await apiAs('admin');
    const requests = await api.from('access_requests').select('user_id,status').eq('email', person.email);
    expect(requests.data).toEqual([expect.objectContaining({ status: 'pending' })]);
    const approved = await api.rpc('admin_approve_access_request', { target: requests.data?.[0]?.user_id ?? '' });
    expect(approved.error).toBeNull();

    await signOutAndComeBackWith(page, prefix, 'Microsoft', person);
  });

  test(`a client connects Google on the account page, signs out, and signs in with Google (${lang})`, async ({
    page,
  }) => {
    test.slow();
    const email = uniqueAddress('oauth-link');
    const password = 'Linked#Pass1';
    await approvedClient(email, password, prefix, mail);
    await openSignIn(page, prefix);
    await page.getByLabel(t.auth.form.email, { exact: true }).fill(email);
    await page.getByLabel(t.auth.form.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: t.auth.form.submit, exact: true }).click();
    await expect(page).toHaveURL(`${prefix}/client/dashboard`);

    await page.getByRole('link', { name: accountText(prefix).account.heading }).click();
    await expect(page.getByRole('heading', { name: t.auth.methods.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: t.auth.methods.disconnect('Google') })).toHaveCount(0);
    await page.getByRole('button', { name: t.auth.methods.connect('Google') }).click();
    // A Google account with another address than the portal's: linking does not need them to match.
    const account: Identity = { email: uniqueAddress('oauth-gmail'), name: 'Louise Lien', id: randomUUID() };
    await atProvider(page, 'Google', account);
    await expect(page).toHaveURL(`${prefix}/client/account?connected=google`);
    await expect(page.getByRole('status')).toHaveText(t.auth.methods.connectedNow('Google'));
    await expect(page.getByRole('button', { name: t.auth.methods.disconnect('Google') })).toBeEnabled();
    await expect(page.getByText(account.email)).toBeVisible();
    await checkScreen(page, `account-methods-${suffix}`);

    await page.getByRole('link', { name: accountText(prefix).account.backToDashboard }).click();
    await signOutAndComeBackWith(page, prefix, 'Google', account);
  });

  test(`Cancel at the provider comes back to the sign-in page with the message in its language (${lang})`, async ({
    page,
  }) => {
    await openSignIn(page, prefix);
    await page.getByRole('button', { name: microsoft }).click();
    await atProvider(page, 'Microsoft', 'cancel');
    await expect(page).toHaveURL(`${prefix}/client/login`);
    await expect(page.getByRole('alert')).toHaveText(t.auth.providers.problems.cancelled);
    // The page still offers every way in.
    await expect(page.getByRole('button', { name: microsoft })).toBeEnabled();
    await expect(page.getByLabel(t.auth.form.email, { exact: true })).toBeVisible();
    await checkScreen(page, `sign-in-cancelled-${suffix}`);
  });

  test(`an unverified Google address that another account holds comes back saying so, with no mail promised (${lang})`, async ({
    page,
  }) => {
    await openSignIn(page, prefix);
    await page.getByRole('button', { name: t.auth.providers.continueWith('Google') }).click();
    const stranger: Identity = { email: 'client@example.com', name: 'Not The Client', id: randomUUID() };
    await atProvider(page, 'Google', stranger, false);
    await expect(page).toHaveURL(`${prefix}/client/login`);
    await expect(page.getByRole('alert')).toHaveText(t.auth.providers.problems.emailInUse);
    await expect(page.getByText(t.auth.providers.problems.verifyEmail)).toHaveCount(0);
  });
}
