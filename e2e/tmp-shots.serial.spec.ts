import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { apiAs } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { saveSignedInState, signInAs } from './support/sign-in.ts';

const adminState = join(tmpdir(), `e2e-shots-${process.pid}.json`);
test.use({ cookieConsent: 'declined' });
test.beforeAll(async ({ browser }) => {
  await saveSignedInState(browser, 'admin', adminState, E2E_SITE_URL);
});

test('shots', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const client = await apiAs('client');
  const first = await client.rpc('start_conversation', {
    subject: 'Livraison de jeudi prochain pour la succursale de Québec',
    body: 'Bonjour,\n\nPouvez-vous livrer jeudi avant midi? Les détails de la commande : https://exemple.ca/commandes/2026/11/commande-numero-123456789-tres-longue-adresse\n\nMerci!',
  });
  const second = await client.rpc('start_conversation', { subject: 'Invoice 1042', body: 'Is invoice 1042 paid?' });
  const admin = await apiAs('admin');
  await admin.rpc('post_conversation_message', { conversation_id: first.data!, body: 'Oui, jeudi avant 11 h. Suivi : https://track.example/abc' });
  await admin.rpc('post_conversation_message', { conversation_id: second.data!, body: 'Yes, paid on Nov 20.' });
  await admin.rpc('set_conversation_status', { conversation_id: second.data!, status: 'closed' });
  await client.rpc('post_conversation_message', { conversation_id: first.data!, body: 'Parfait, merci! Une dernière question : livrez-vous aussi le samedi?' });
  await client.rpc('start_conversation', { subject: 'Certificat bio expiré?', body: 'Le certificat affiché semble expiré.' });

  await page.goto('/client/dashboard');
  await signInAs(page, 'client', { at: 'here' });
  await expect(page.getByText('Ada Admin')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const prefix of ['', '/fr']) {
      const lang = prefix ? 'fr' : 'en';
      await page.goto(`${prefix}/client/dashboard`);
      await expect(page.getByTestId('unread-replies')).toBeVisible();
      await page.screenshot({ path: `screenshots/msg-dashboard-${lang}-${width}.png`, fullPage: true });
      await page.goto(`${prefix}/client/messages`);
      await expect(page.getByTestId('conversation').first()).toBeVisible();
      await page.getByRole('button', { name: /Send|Envoyer/ }).click();
      await page.screenshot({ path: `screenshots/msg-client-new-${lang}-${width}.png`, fullPage: true });
      await page.goto(`${prefix}/client/messages?c=${first.data}`);
      await expect(page.getByTestId('message').first()).toBeVisible();
      await page.screenshot({ path: `screenshots/msg-client-thread-${lang}-${width}.png`, fullPage: true });
    }
  }
  const staffContext = await browser.newContext({ baseURL: E2E_SITE_URL, storageState: adminState });
  const staff = await staffContext.newPage();
  for (const width of [375, 1280]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.goto('/admin-portal/notifications');
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
    await staff.waitForLoadState('networkidle');
    await staff.screenshot({ path: `screenshots/msg-admin-notifications-${width}.png`, fullPage: true });
    await staff.goto('/admin-portal/messages');
    await expect(staff.getByTestId('conversation').first()).toBeVisible();
    await staff.screenshot({ path: `screenshots/msg-admin-inbox-${width}.png`, fullPage: true });
    await staff.goto(`/admin-portal/messages/${first.data}`);
    await expect(staff.getByTestId('message').first()).toBeVisible();
    await staff.screenshot({ path: `screenshots/msg-admin-thread-${width}.png`, fullPage: true });
  }
});
