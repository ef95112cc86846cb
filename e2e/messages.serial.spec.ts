/**
 * Conversations between a client and its account manager
 * (docs/decisions/114-account-manager-conversations.md, 117, 118): the seeded
 * client writes in French; the account manager (the seeded admin, with its
 * second factor) finds it in Notifications, in the local inbox and in
 * Messages, and answers; the client sees the reply marked unread on the
 * dashboard and gets a French mail whose link opens the conversation; a
 * client of another company sees nothing of it, in the page or through the
 * API. Serial: the admin signs in through the browser, which would end
 * another worker's admin session.
 */
import type { Browser, Page } from '@playwright/test';
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { account, apiAs, CAPTCHA_TOKEN } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { linkPath, mailTo, uniqueAddress } from './support/inbox.ts';
import { saveSignedInState, signInAs, signedInStateFile } from './support/sign-in.ts';

const adminState = signedInStateFile('messages');
const stamp = Date.now().toString(36);
const SUBJECT = `Livraison de jeudi ${stamp}`;
const BODY = `Bonjour, pouvez-vous livrer jeudi? Détails : https://exemple.ca/commande-${stamp}/une-adresse-assez-longue-pour-devoir-passer-a-la-ligne-sur-un-telephone`;
const REPLY = `Oui, jeudi avant midi. ${stamp}`;
const PASSWORD = 'Other#Company1';
const SEEDED_COMPANY = '00000000-0000-4000-8000-0000000c0a01';

test.use({ cookieConsent: 'declined' });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await saveSignedInState(browser, 'admin', adminState, E2E_SITE_URL);
});

/** A fresh page in a browser context of its own, signed out. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_SITE_URL, storageState: { cookies: [], origins: [] } });
  await context.route('https://embed.tawk.to/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  return context.newPage();
}

/** A client of a company of its own, made through the API: sign-up, confirmation, approval, company. */
async function otherCompanyClient(): Promise<{ email: string }> {
  const email = uniqueAddress('other-company');
  const anon = await apiAs('anon');
  await anon.auth.signUp({
    email,
    password: PASSWORD,
    options: {
      emailRedirectTo: `${E2E_SITE_URL}/client/confirm`,
      data: { company: 'Other Co', locale: 'en' },
      captchaToken: CAPTCHA_TOKEN,
    },
  });
  const tokenHash = /token_hash=([0-9a-f]+)/.exec((await mailTo(email, /Confirm/)).html)?.[1] ?? '';
  const confirmed = await anon.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  // The confirmation removed the sign-up's password: the owner sets it, as the confirm page does.
  await anon.auth.updateUser({ password: PASSWORD });
  const userId = confirmed.data.user?.id ?? '';
  const admin = await apiAs('admin');
  const ok = (result: { error: { message: string } | null }, what: string) => {
    if (result.error) throw new Error(`${what}: ${result.error.message}`);
  };
  ok(await admin.rpc('admin_approve_access_request', { target: userId }), 'approve');
  const company = await admin
    .from('companies')
    .insert({
      legal_name: `Other Co ${stamp}`,
      country: 'CA',
      region: 'ON',
      customer_type: 'retail',
      preferred_language: 'en',
    })
    .select('id')
    .single();
  ok(company, 'company');
  ok(await admin.from('company_clients').insert({ company_id: company.data!.id, user_id: userId }), 'attach');
  await admin.auth.signOut({ scope: 'local' });
  return { email };
}

let conversationId = '';

/** The seeded client's unread conversations, through the API. */
async function unreadCount(): Promise<number> {
  const client = await apiAs('client');
  const { data, error } = await client.rpc('client_unread_conversation_count');
  if (error) throw new Error(error.message);
  await client.auth.signOut({ scope: 'local' });
  return data ?? 0;
}

const unreadText = (count: number) => (count === 1 ? '1 réponse non lue' : `${count} réponses non lues`);

test('a client writes in French; the account manager finds it, answers; the client is told in French', async ({
  page,
  browser,
}) => {
  test.slow();
  // The client writes, in French.
  const client = page;
  await client.goto('/fr/client/messages');
  await signInAs(client, 'client', { at: 'here' });
  await expect(client).toHaveURL('/fr/client/messages');
  await expect(client.getByRole('heading', { name: 'Commencer une conversation' })).toBeVisible();
  await client.getByLabel('Objet').fill(SUBJECT);
  await client.getByLabel('Message').fill(BODY);
  await client.getByRole('button', { name: 'Envoyer' }).click();
  await expect(client.getByText('Votre message a été envoyé à votre gestionnaire de compte.')).toBeVisible();
  await expect(client).toHaveURL(/\/fr\/client\/messages\?c=[0-9a-f-]{36}$/);
  conversationId = new URL(client.url()).searchParams.get('c') ?? '';
  await expect(client.getByRole('heading', { level: 2, name: SUBJECT })).toBeVisible();
  const link = client.getByTestId('message').getByRole('link', { name: /^https:\/\/exemple\.ca\/commande-/ });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');

  // The account manager is told by mail (English), with a link to the conversation.
  const managerMail = await mailTo(account('admin').email, new RegExp(stamp));
  expect(linkPath(managerMail.html)).toBe(`/admin-portal/messages/${conversationId}`);
  // The body stays behind the sign-in.
  expect(managerMail.html).not.toContain('pouvez-vous livrer');

  // In the portal: the unread count on the sidebar, the item in Notifications, the conversation in Messages.
  const admin = await browser.newContext({ baseURL: E2E_SITE_URL, storageState: adminState });
  const staff = await admin.newPage();
  await staff.goto('/admin-portal/notifications');
  const nav = staff.getByRole('navigation', { name: 'Admin Portal' });
  await expect(nav.getByRole('link', { name: /^Notifications \d+ unread$/ })).toBeVisible();
  const item = staff.getByTestId('notification').filter({ hasText: SUBJECT }).first();
  await expect(item).toHaveAttribute('data-read', 'false');
  expect(await axeViolations(staff), 'notifications with items').toEqual([]);
  await item.getByRole('link').click();
  await expect(staff).toHaveURL(`/admin-portal/messages/${conversationId}`);
  await expect(staff.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
  await expect(staff.getByText('Waiting for us')).toBeVisible();
  await expect(staff.getByRole('list', { name: `Messages of “${SUBJECT}”` })).toContainText(BODY);
  expect(await axeViolations(staff), 'admin thread').toEqual([]);
  // The seeded conversation may be unread too: the reply adds one to what the client had.
  const unreadBefore = await unreadCount();
  await staff.getByLabel('Reply').fill(REPLY);
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByRole('list', { name: `Messages of “${SUBJECT}”` })).toContainText(REPLY);
  await expect(staff.getByText('Waiting for client')).toBeVisible();
  // The company's page leads to its conversations.
  await staff.getByRole('link', { name: 'Épicerie Chloé Inc.' }).click();
  await staff.getByRole('link', { name: 'Conversations with this company' }).click();
  await expect(staff).toHaveURL(`/admin-portal/messages?company=${SEEDED_COMPANY}`);
  await expect(staff.getByTestId('conversation').filter({ hasText: SUBJECT })).toContainText('Waiting for client');
  await admin.close();

  // The client: the reply marked on the dashboard, a French mail whose link opens the conversation.
  await client.goto('/fr/client/dashboard');
  await expect(client.getByTestId('unread-replies')).toContainText(unreadText(unreadBefore + 1));
  const clientMail = await mailTo(account('client').email, new RegExp(`^Vous avez une réponse.*${stamp}`));
  expect(clientMail.html).toContain('lang="fr-CA"');
  expect(clientMail.html).toContain('Lire la réponse dans votre portail client');
  expect(clientMail.html).not.toContain(REPLY);
  const path = linkPath(clientMail.html);
  expect(path).toBe(`/fr/client/messages?c=${conversationId}`);
  await client.goto(path);
  const thread = client.getByRole('list', { name: `Messages de «\u00a0${SUBJECT}\u00a0»` });
  await expect(thread.getByTestId('message')).toHaveCount(2);
  await expect(thread.getByTestId('message').last()).toContainText(REPLY);
  await expect(thread.getByTestId('message').last()).toContainText('Ada Admin');
  // The thread, at every width: nothing for axe, nothing wider than the screen (long addresses wrap).
  for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.tablet, VIEWPORTS.desktop]) {
    await client.setViewportSize(viewport);
    const where = `client thread at ${viewport.width} px`;
    expect(await client.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(
      viewport.width,
    );
    expect(await axeViolations(client), where).toEqual([]);
  }
  // Opening it marked it read: the dashboard no longer counts it.
  await expect(client.getByTestId('conversation').filter({ hasText: SUBJECT }).getByText('Non lu')).toHaveCount(0);
  await client.goto('/fr/client/dashboard');
  await expect(client.getByText('Ada Admin')).toBeVisible();
  if (unreadBefore === 0) await expect(client.getByTestId('unread-replies')).toHaveCount(0);
  else await expect(client.getByTestId('unread-replies')).toContainText(unreadText(unreadBefore));
});

test('a client of another company sees nothing of the conversation', async ({ browser }) => {
  expect(conversationId).not.toBe('');
  const { email } = await otherCompanyClient();
  const other = await apiAs('anon');
  expect(
    (await other.auth.signInWithPassword({ email, password: PASSWORD, options: { captchaToken: CAPTCHA_TOKEN } }))
      .error,
  ).toBeNull();
  expect((await other.rpc('list_conversations')).data).toEqual([]);
  expect((await other.from('conversation_messages').select('id').eq('conversation_id', conversationId)).data).toEqual(
    [],
  );
  expect(
    (await other.rpc('post_conversation_message', { conversation_id: conversationId, body: 'Hello?' })).error?.code,
  ).toBe('PT404');
  await other.auth.signOut({ scope: 'local' });

  const page = await freshPage(browser);
  await page.goto(`/client/messages?c=${conversationId}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`/client/messages?c=${conversationId}`);
  await expect(page.getByRole('alert')).toHaveText(/This conversation does not exist or is not yours/);
  await expect(page.getByText('No conversations yet.', { exact: false })).toBeVisible();
  await expect(page.getByText(SUBJECT)).toHaveCount(0);
  await page.context().close();
});
