/**
 * Accounts that run themselves (docs/decisions/070-accounts-run-themselves.md,
 * 071-password-reset-by-email.md, 072-staff-second-factor.md,
 * 125-accounts-set-up-from-the-inbox.md): request access, then from the link
 * in the local inbox choose the password and send the reviewed details, staff
 * approval with a TOTP sign-in, sign-in with that password, decline with a
 * note, password reset, and staff second-factor enrolment.
 * Serial: staff sign-ins end the admin's other aal1 sessions, as GoTrue does.
 */
import type { Page } from '@playwright/test';
import { totpCode } from '../supabase/local/auth/totp.ts';
import { E2E_BACKEND_URL } from '../scripts/lib/ports.ts';
import { apiAs, CAPTCHA_TOKEN } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/sign-in.ts';
import { linkPath, mailTo, uniqueAddress } from './support/inbox';

const PASSWORD = 'Requested#Pass1';

const texts = {
  en: {
    prefix: '',
    needAccess: 'Request it here',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Business email',
    phone: 'Phone',
    company: 'Company name',
    jobTitle: 'Job title',
    size: 'Company size',
    industry: 'Industry',
    needs: 'Business needs',
    password: 'Password',
    submit: 'Submit request',
    accountNote: /We will email you a link/,
    confirmSubject: /^Confirm your email address$/,
    confirmFirstName: 'First name',
    confirmCompany: 'Company',
    confirmButton: 'Confirm and send my request',
    underReview: 'Your request is under review',
    declined: 'Your request was declined',
    almostDone: /Almost done/,
  },
  fr: {
    prefix: '/fr',
    needAccess: 'Faites-en la demande ici',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Courriel professionnel',
    phone: 'Téléphone',
    company: 'Nom de l’entreprise',
    jobTitle: 'Titre du poste',
    size: 'Taille de l’entreprise',
    industry: 'Secteur d’activité',
    needs: 'Besoins de l’entreprise',
    password: 'Mot de passe',
    submit: 'Soumettre la demande',
    accountNote: /Nous vous enverrons un lien/,
    confirmSubject: /^Confirmez votre adresse courriel$/,
    confirmFirstName: 'Prénom',
    confirmCompany: 'Entreprise',
    confirmButton: 'Confirmer et envoyer ma demande',
    underReview: 'Votre demande est à l’étude',
    declined: 'Votre demande a été refusée',
    almostDone: /Presque terminé/,
  },
} as const;

async function requestAccess(page: Page, locale: 'en' | 'fr', email: string): Promise<void> {
  const t = texts[locale];
  // HubSpot is the local stand-in; nothing leaves the machine.
  await page.goto(`${t.prefix}/client/login`);
  await hydrated(page, locale);
  await page.getByRole('button', { name: t.needAccess }).click();
  await page.getByLabel(t.firstName, { exact: true }).fill('Rita');
  await page.getByLabel(t.lastName, { exact: true }).fill('Request');
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.phone).fill('613-555-0100');
  await page.getByLabel(t.company).fill('Épicerie Rita');
  await page.getByLabel(t.jobTitle).fill('Buyer');
  await page.getByLabel(t.size).selectOption('11-50');
  await page.getByLabel(t.industry).selectOption('retail');
  await page.getByLabel(t.needs).fill('Olive oil for three stores, monthly.');
  // No password here: the owner of the address chooses it from the mailed link.
  await expect(page.getByText(t.accountNote)).toBeVisible();
  await expect(page.getByLabel(t.password, { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByText(t.almostDone)).toBeVisible();
}

async function confirmFromInbox(page: Page, locale: 'en' | 'fr', email: string): Promise<void> {
  const t = texts[locale];
  const mail = await mailTo(email, t.confirmSubject);
  const path = linkPath(mail.html);
  expect(path.startsWith(`${t.prefix}/client/confirm?token_hash=`)).toBe(true);
  await page.goto(path);
  // The details typed in the form (this browser) are there to review; the password is chosen here.
  await expect(page.getByLabel(t.confirmFirstName, { exact: true })).toHaveValue('Rita');
  await expect(page.getByLabel(t.confirmCompany, { exact: true })).toHaveValue('Épicerie Rita');
  const password = page.getByLabel(t.password, { exact: true });
  await password.fill('Short');
  await expect(page.locator('[data-met="false"]')).toHaveCount(3);
  await password.fill(PASSWORD);
  await expect(page.locator('[data-met="false"]')).toHaveCount(0);
  // Nothing is verified until the button is pressed (mail scanners only load the page).
  await page.getByRole('button', { name: t.confirmButton }).click();
  await expect(page.getByRole('heading', { name: t.underReview })).toBeVisible();
}

/** The prerendered sign-in pages answer clicks once hydrated (their submit button is enabled then). */
async function hydrated(page: Page, locale: 'en' | 'fr'): Promise<void> {
  await expect(
    page.getByRole('button', { name: locale === 'fr' ? 'Se connecter' : 'Sign in', exact: true }),
  ).toBeEnabled();
}

test('request access in English → confirm from the inbox → under review → approved by staff → dashboard', async ({
  page,
  browser,
}) => {
  // Two browsers, a sign-in with a code and the Users table: slow on a loaded machine.
  test.slow();
  const email = uniqueAddress('request-en');
  await requestAccess(page, 'en', email);
  await confirmFromInbox(page, 'en', email);

  const staff = await browser.newPage();
  await signInAs(staff, 'admin');
  await staff.goto('/admin-portal/users');
  await staff.getByRole('searchbox', { name: 'Search by email or company' }).fill(email);
  await staff.getByRole('button', { name: `Approve ${email}` }).click();
  const approval = staff.getByRole('dialog');
  await approval.getByRole('button', { name: 'Approve access' }).click();
  await expect(approval.getByText(`Approved ${email}.`)).toBeVisible();
  await approval.getByRole('radio', { name: 'Decide later' }).check();
  await approval.getByRole('button', { name: 'Decide later' }).click();
  await approval.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(staff.getByRole('status')).toHaveText(`Approved ${email}.`);
  await expect(staff.getByRole('list', { name: 'Account changes' })).toContainText(
    `admin@example.com approved the request of ${email}`,
  );
  await staff.close();

  // Approved: the account page is now the client's own, one step from the dashboard.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL('/client/dashboard');
  // The password chosen on the confirmation page is the account's.
  const signIn = await (
    await apiAs('anon')
  ).auth.signInWithPassword({
    email,
    password: PASSWORD,
    options: { captchaToken: CAPTCHA_TOKEN },
  });
  expect(signIn.error).toBeNull();
});

test('request access in French → confirm → declined with a note, shown in French', async ({ page, browser }) => {
  test.slow();
  const email = uniqueAddress('request-fr');
  await requestAccess(page, 'fr', email);
  await confirmFromInbox(page, 'fr', email);
  await expect(page).toHaveURL('/fr/client/account');

  const staff = await browser.newPage();
  await signInAs(staff, 'admin');
  await staff.goto('/admin-portal/users');
  await staff.getByRole('searchbox', { name: 'Search by email or company' }).fill(email);
  await staff.getByRole('button', { name: `Decline ${email}` }).click();
  await staff.getByLabel('Note for the requester').fill('Nous servons seulement l’Ontario pour l’instant.');
  await staff.getByRole('button', { name: 'Send decline' }).click();
  await expect(staff.getByRole('status')).toHaveText(`Declined ${email}.`);
  await staff.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: texts.fr.declined })).toBeVisible();
  await expect(page.getByTestId('decision-note')).toHaveText('Nous servons seulement l’Ontario pour l’instant.');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/fr\/admin\/login/);
});

test('a used or broken confirmation link offers a new one', async ({ page, consoleErrors }) => {
  // The browser itself logs GoTrue's 403 for the refused link.
  consoleErrors.allow(/status of 403/);
  await page.goto('/client/confirm?token_hash=0000&type=signup');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('First name').fill('Nobody');
  await page.getByLabel('Last name').fill('Here');
  await page.getByLabel('Company', { exact: true }).fill('None');
  await page.getByRole('button', { name: 'Confirm and send my request' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid, was already used or has expired.');
  await page.getByLabel('Email').fill(uniqueAddress('nobody'));
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByRole('status')).toContainText('a new link is on its way');
});

test('password reset end to end through the inbox, in French, for an approved client', async ({ page }) => {
  // A client made through the API: sign-up, confirmation, approval.
  const email = uniqueAddress('reset-fr');
  const anon = await apiAs('anon');
  await anon.auth.signUp({
    email,
    password: PASSWORD,
    options: {
      emailRedirectTo: 'http://localhost/fr/client/confirm',
      data: { company: 'Reset Inc', locale: 'fr' },
      captchaToken: CAPTCHA_TOKEN,
    },
  });
  const tokenHash = /token_hash=([0-9a-f]+)/.exec((await mailTo(email, /Confirmez/)).html)?.[1] ?? '';
  const confirmed = await anon.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  // The confirmation removed the sign-up's password: the owner sets it, as the confirm page does.
  expect((await anon.auth.updateUser({ password: PASSWORD })).error).toBeNull();
  const sent = await anon.rpc('submit_access_request', {
    first_name: 'Rémi',
    last_name: 'Reset',
    company: 'Reset Inc',
    locale: 'fr',
  });
  expect(sent.error).toBeNull();
  const admin = await apiAs('admin');
  const approved = await admin.rpc('admin_approve_access_request', { target: confirmed.data.user?.id ?? '' });
  expect(approved.error).toBeNull();

  await page.goto('/fr/client/login');
  await hydrated(page, 'fr');
  await page.getByRole('button', { name: 'Mot de passe oublié' }).click();
  await page.getByLabel('Courriel').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status')).toContainText('Si un compte existe pour cette adresse');

  // An unknown address gets exactly the same answer.
  await page.goto('/fr/client/login');
  await hydrated(page, 'fr');
  await page.getByRole('button', { name: 'Mot de passe oublié' }).click();
  await page.getByLabel('Courriel').fill(uniqueAddress('ghost'));
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status')).toContainText('Si un compte existe pour cette adresse');

  const mail = await mailTo(email, /Réinitialisez votre mot de passe/);
  await page.goto(linkPath(mail.html));
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Nouveau mot de passe').fill('Nouveau#Passe2');
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await expect(page).toHaveURL('/fr/client/dashboard');

  const signIn = await (
    await apiAs('anon')
  ).auth.signInWithPassword({
    email,
    password: 'Nouveau#Passe2',
    options: { captchaToken: CAPTCHA_TOKEN },
  });
  expect(signIn.error).toBeNull();
});

test('an admin without a factor is led to enrol, can toggle nothing until verified, and removing it leads back', async ({
  page,
}) => {
  const email = uniqueAddress('new-staff');
  const anon = await apiAs('anon');
  await anon.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { company: 'Olea' }, captchaToken: CAPTCHA_TOKEN },
  });
  const tokenHash = /token_hash=([0-9a-f]+)/.exec((await mailTo(email, /Confirm/)).html)?.[1] ?? '';
  const confirmed = await anon.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  // The confirmation removed the sign-up's password: the owner sets it, as the confirm page does.
  expect((await anon.auth.updateUser({ password: PASSWORD })).error).toBeNull();
  const admin = await apiAs('admin');
  const granted = await admin.rpc('admin_set_admin_role', { target: confirmed.data.user?.id ?? '', make_admin: true });
  expect(granted.error).toBeNull();

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/admin-portal/settings?enrol=required');
  await expect(page.getByRole('alert').first()).toContainText('Set up two-step verification to continue.');
  await page.goto('/admin-portal/feature-flags');
  await expect(page).toHaveURL('/admin-portal/settings?enrol=required');

  // Even straight through the API, this session changes nothing.
  const session = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string }).access_token : '';
  });
  const { LOCAL_ANON_KEY } = await import('../supabase/local/keys.ts');
  const attempt = await fetch(`${E2E_BACKEND_URL}/rest/v1/feature_flags?name=eq.teams&select=name`, {
    method: 'PATCH',
    headers: {
      apikey: LOCAL_ANON_KEY,
      Authorization: `Bearer ${session}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify({ description: 'changed by an aal1 admin' }),
  });
  expect(await attempt.json()).toEqual([]);

  await expect(
    page.getByText('Phone (SMS) is not offered: no SMS provider is configured for this site.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Your factors' })).toContainText('Authenticator app');
  await page.goto('/admin-portal/feature-flags');
  await expect(page).toHaveURL('/admin-portal/feature-flags');

  await page.goto('/admin-portal/settings');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Remove Authenticator app' }).click();
  await expect(page.getByText('Set up two-step verification to continue.')).toBeVisible();
  await page.goto('/admin-portal/feature-flags');
  await expect(page).toHaveURL('/admin-portal/settings?enrol=required');
});
