/**
 * The admin portal's Leads page against the real build and backend
 * (docs/decisions/080-leads-stored-before-hubspot.md, 082-lead-retention-on-staff-read.md,
 * 084-leads-page-resend-and-aal2.md): a visitor sends the contact form while
 * HubSpot fails and is told it was received; the admin, signed in through
 * the browser with the second factor, finds the lead marked failed, sends it
 * to HubSpot again (the stand-in receives the same request the form makes)
 * and sees it become sent; filters live in the URL; the CSV download holds
 * the filtered leads, safely; the page works at phone, tablet and desktop
 * sizes, by keyboard, and passes axe. Nobody else reaches the page or reads
 * a lead. A lead whose tab closed before HubSpot answered is delivered by the
 * server and listed with that attempt
 * (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md).
 * Serial: it signs the admin in through the browser.
 */
import { readFile } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import { E2E_BACKEND_URL } from '../scripts/lib/ports.ts';
import type { Database } from '../src/lib/supabase/database.types.ts';
import { LOCAL_ANON_KEY } from '../supabase/local/keys.ts';
import { account, apiAs, CAPTCHA_TOKEN } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { answerCookieBanner } from './support/cookie-consent.ts';
import { expect, test } from './support/fixtures.ts';
import {
  contactFields,
  deliverFromServer,
  expectedConsent,
  expectReceived,
  fill,
  humanPause,
  installClock,
  openContactForm,
  resetLeadThrottle,
  storedLead,
  storedSubmission,
  storedSubmissions,
  SUBMIT_URL,
  text,
  unique,
} from './support/lead-forms.ts';
import { atFirstStep } from './support/sign-in-lock.ts';
import { signInAs } from './support/sign-in.ts';

test.use({ cookieConsent: 'declined' });

const LEADS = '/admin-portal/leads';

/** The visitor sends the French contact form while HubSpot answers 500; returns the email typed. */
async function sendWhileHubspotFails(page: Page, message: string): Promise<string> {
  await resetLeadThrottle();
  await installClock(page);
  await page.route(SUBMIT_URL, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error"}' }),
  );
  const email = unique('leads-page-fr');
  const form = await openContactForm(page, 'fr');
  await fill(contactFields(form, 'fr'), {
    firstName: 'Hélène',
    lastName: 'Tremblay',
    email,
    phone: '+1 613 555 0142',
    message,
  });
  await form.getByRole('checkbox', { name: text.fr.consentLabel }).check();
  await humanPause(page);
  await form.getByRole('button', { name: text.fr.send }).click();
  // The lead is stored, so the visitor is thanked although HubSpot failed.
  await expectReceived(page, form, 'contact', 'fr');
  await page.unroute(SUBMIT_URL);
  return email;
}

const rowOf = (page: Page, email: string) => page.getByTestId('lead-row').filter({ hasText: email });

test('a lead whose tab closed before HubSpot answered is delivered by the server, and the page says so', async ({
  browser,
  page,
  adminApi,
}) => {
  await resetLeadThrottle();
  // The visitor, in a browser of their own: HubSpot never answers, and the browser closes
  // (closing its whole context drops the held request; a closed page alone may still let it through).
  const visitorContext = await browser.newContext();
  await answerCookieBanner(visitorContext, 'declined');
  const visitor = await visitorContext.newPage();
  await installClock(visitor);
  await visitor.route(SUBMIT_URL, () => undefined);
  const email = unique('closed-tab-leads-page');
  const form = await openContactForm(visitor, 'en');
  await fill(contactFields(form, 'en'), {
    firstName: 'Nadia',
    lastName: 'Closedtab',
    email,
    phone: '',
    message: 'Sent, then the tab closed.',
  });
  await humanPause(visitor);
  const sent = visitor.waitForRequest((r) => SUBMIT_URL.test(r.url()) && r.method() === 'POST');
  await form.getByRole('button', { name: text.en.send }).click();
  await sent;
  await visitorContext.close();
  const lead = await storedLead(adminApi, email);
  expect(lead?.hubspot_status).toBe('pending');

  expect(await deliverFromServer(lead!.id)).toMatchObject({ sent: 1 });
  expect(await storedSubmissions(email)).toEqual([expect.objectContaining({ form_id: 'local-contact-form' })]);

  await signInAs(page, 'admin');
  await expect(page).toHaveURL('/admin-portal/dashboard');
  await page.goto(`${LEADS}?outcome=sent`);
  const row = rowOf(page, email);
  await expect(row).toContainText('Sent');
  await row.getByRole('button', { name: 'View the lead from Nadia Closedtab' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lead from Nadia Closedtab' });
  const attempts = dialog.getByTestId('lead-attempt');
  await expect(attempts).toHaveCount(1);
  await expect(attempts).toContainText('Server (automatic retry)');
  await expect(attempts).toContainText('Sent');
  await expect(dialog.getByRole('button', { name: 'Send to HubSpot again' })).toHaveCount(0);
});

test('a lead HubSpot failed is on the Leads page, is sent again, becomes sent, and exports as CSV', async ({
  page,
  adminApi,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 500/);
  const email = await sendWhileHubspotFails(page, '=1+1 olives, "feta", and oil');
  await expect.poll(async () => (await storedLead(adminApi, email))?.hubspot_status).toBe('failed');
  expect(await storedSubmission(email)).toBeUndefined();

  await signInAs(page, 'admin');
  await expect(page).toHaveURL('/admin-portal/dashboard');
  await page.getByRole('navigation', { name: 'Admin Portal' }).getByRole('link', { name: 'Leads' }).click();
  await expect(page).toHaveURL(LEADS);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(page.getByTestId('lead-retention')).toContainText(
    'Leads are deleted 24 months after they arrive, spam after 30 days',
  );

  // Filters go into the URL, and a reload keeps them.
  const filters = page.getByRole('search', { name: 'Filter leads' });
  await filters.getByLabel('HubSpot outcome').selectOption({ label: 'Failed' });
  await filters.getByLabel('Language').selectOption({ label: 'French' });
  await filters.getByLabel('Form').selectOption({ label: 'Contact' });
  await filters.getByLabel('Marketing consent').selectOption({ label: 'Given' });
  await expect(page).toHaveURL(`${LEADS}?form=contact&language=fr&consent=given&outcome=failed`);
  await page.reload();
  await expect(filters.getByLabel('HubSpot outcome')).toHaveValue('failed');
  const row = rowOf(page, email);
  await expect(row).toContainText('Hélène Tremblay');
  await expect(row).toContainText('Failed');
  // Filtered out: another language, or no consent.
  await page.goto(`${LEADS}?language=en&outcome=failed`);
  await expect(page.getByText(/^Showing|^No leads match/)).toBeVisible();
  await expect(rowOf(page, email)).toHaveCount(0);
  await page.goto(`${LEADS}?consent=not-given&language=fr`);
  await expect(page.getByText(/^Showing|^No leads match/)).toBeVisible();
  await expect(rowOf(page, email)).toHaveCount(0);
  await page.goto(`${LEADS}?form=contact&language=fr&consent=given&outcome=failed`);

  // The detail, by keyboard: focus the View button, Enter, everything stored, Escape returns the focus.
  const view = row.getByRole('button', { name: 'View the lead from Hélène Tremblay' });
  await view.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Lead from Hélène Tremblay' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Failed: HubSpot answered with an error; HTTP 500');
  await expect(dialog).toContainText(text.fr.consentText);
  await expect(dialog).toContainText(text.fr.processingText);
  await expect(dialog).toContainText('Given (box ticked)');
  await expect(dialog).toContainText('=1+1 olives, "feta", and oil');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();

  // Send to HubSpot again: the server sends the same request the form makes, now answered 200.
  await view.click();
  let fromBrowser = 0;
  page.on('request', (r) => {
    if (SUBMIT_URL.test(r.url())) fromBrowser += 1;
  });
  await dialog.getByRole('button', { name: 'Send to HubSpot again' }).click();
  await expect(dialog.getByRole('status')).toHaveText('HubSpot received the lead. Its outcome is now Sent.');
  expect(fromBrowser).toBe(0);
  const attempts = dialog.getByTestId('lead-attempt');
  await expect(attempts).toHaveCount(2);
  await expect(attempts.nth(0)).toContainText('Visitor’s browser');
  await expect(attempts.nth(0)).toContainText('Failed: HubSpot answered with an error; HTTP 500');
  await expect(attempts.nth(1)).toContainText(/Server, resend by .* <admin@example\.com>/);
  await expect(attempts.nth(1)).toContainText('Sent');
  await expect(dialog.getByRole('button', { name: 'Send to HubSpot again' })).toHaveCount(0);
  const received = await storedSubmission(email);
  expect(received?.form_id).toBe('local-contact-form');
  expect(received?.fields).toEqual([
    { name: 'firstname', value: 'Hélène' },
    { name: 'lastname', value: 'Tremblay' },
    { name: 'email', value: email },
    { name: 'phone', value: '+1 613 555 0142' },
    { name: 'message', value: '=1+1 olives, "feta", and oil' },
  ]);
  expect(received?.context).toMatchObject({ pageUri: expect.stringContaining('/fr'), pageName: expect.any(String) });
  expect(received?.legal_consent_options).toEqual(expectedConsent('fr', true));
  expect(await storedLead(adminApi, email)).toMatchObject({
    hubspot_status: 'sent',
    hubspot_failure: null,
    hubspot_http_status: 200,
    hubspot_attempts: 2,
  });
  await page.keyboard.press('Escape');
  // No longer failed: gone from this view, listed under Sent.
  await expect(rowOf(page, email)).toHaveCount(0);
  await filters.getByLabel('HubSpot outcome').selectOption({ label: 'Sent' });
  await expect(page).toHaveURL(`${LEADS}?form=contact&language=fr&consent=given&outcome=sent`);
  await expect(rowOf(page, email)).toContainText('Sent');

  // The CSV of the filtered list.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  expect(file.suggestedFilename()).toBe(
    `leads-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`,
  );
  const bytes = await readFile((await file.path()) ?? '');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toMatch(
    /^Received \(UTC\),Form,Language,First name,Last name,Email,Phone,Message,Marketing consent,/,
  );
  const line = lines.find((l) => l.includes(email)) ?? '';
  expect(line).toContain(
    `,Contact,fr,Hélène,Tremblay,${email},'+1 613 555 0142,"'=1+1 olives, ""feta"", and oil",given,`,
  );
  expect(line).toContain(',sent,,200,,no,2,');
  // Only what the filters show: every row is a French contact lead with consent, sent.
  for (const other of lines.slice(1).filter(Boolean)) expect(other).toMatch(/,Contact,fr,.*,given,.*,sent,/);
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toContainText(/Exported \d+ leads? to leads-/);
});

test('the Leads page fits phones, tablets and desktops, and passes axe, with and without leads', async ({ page }) => {
  // At least one lead, whatever ran before: a visitor's, stored through the public RPC.
  await resetLeadThrottle();
  const stored = await (
    await apiAs('anon')
  ).rpc('submit_lead', {
    form: 'b2b_request',
    language: 'en',
    fields: [
      { name: 'firstname', value: 'Layout' },
      { name: 'email', value: unique('leads-layout') },
      { name: 'business_needs', value: 'A very long message '.repeat(40) },
    ],
    page_uri: 'http://localhost/client/login',
    page_name: 'Client login',
    marketing_consent: false,
    consent_version: '2026-11-23',
    // No form token: stored as spam, which the page lists too (spam=include).
    form_token: '',
  });
  expect(stored.error).toBeNull();
  await signInAs(page, 'admin');
  await expect(page).toHaveURL('/admin-portal/dashboard');
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto(`${LEADS}?spam=include`);
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(page.getByTestId('lead-row').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, name).toBeLessThanOrEqual(0);
    expect(await axeViolations(page), name).toEqual([]);
  }
  await page.goto(`${LEADS}?language=fr&outcome=not_sent`);
  await expect(page.getByText('No leads match these filters.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('nobody but an admin with the second factor reaches the page or reads a lead', async ({ page }) => {
  await page.goto(LEADS);
  await expect(page).toHaveURL(/\/admin\/login\?from=/);

  await signInAs(page, 'client');
  await expect(page).toHaveURL('/client/dashboard');
  await page.goto(LEADS);
  await expect(page).toHaveURL('/');

  // Through the Data API: anon is refused; member, client and an admin with only a password read nothing.
  const anon = await apiAs('anon');
  expect((await anon.from('leads').select('id')).error?.code).toBe('42501');
  for (const role of ['member', 'client'] as const) {
    const db = await apiAs(role);
    expect(await db.from('leads').select('id'), role).toMatchObject({ data: [], error: null });
    await db.auth.signOut({ scope: 'local' });
  }
  const aal1 = createClient<Database>(E2E_BACKEND_URL, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  await atFirstStep(account('admin').email, async () => {
    const signedIn = await aal1.auth.signInWithPassword({
      ...account('admin'),
      options: { captchaToken: CAPTCHA_TOKEN },
    });
    expect(signedIn.error).toBeNull();
    expect(await aal1.from('leads').select('id')).toMatchObject({ data: [], error: null });
    expect(await aal1.rpc('purge_expired_leads')).toMatchObject({ data: 0, error: null });
    await aal1.auth.signOut({ scope: 'local' });
  });
  const admin = await apiAs('admin');
  expect((await admin.from('leads').select('id').limit(1)).data).toHaveLength(1);
  await admin.auth.signOut({ scope: 'local' });
});
