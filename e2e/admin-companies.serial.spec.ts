/**
 * Companies and documents in the admin portal (docs/decisions/111-companies-and-documents.md):
 * staff approve a fresh access request and create its company in the same
 * dialog, upload two certificates for that company and a price list for
 * every client; the new client reads all three, the seeded client only the
 * price list. Then axe and widths on Companies, a company and Documents.
 * Serial: it writes shared state, and staff sign-ins end other first-step sessions.
 */
import { readFile } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { E2E_BACKEND_URL, E2E_SITE_URL } from '../scripts/lib/ports.ts';
import type { Database } from '../src/lib/supabase/database.types.ts';
import { LOCAL_ANON_KEY } from '../supabase/local/keys.ts';
import { apiAs, CAPTCHA_TOKEN } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { linkPath, mailTo, uniqueAddress } from './support/inbox.ts';
import { saveSignedInState, signInAs, signedInStateFile } from './support/sign-in.ts';
import { atEveryWidth, expectNoSidewaysScroll, lookAt } from './support/widths.ts';

const adminState = signedInStateFile('admin-companies');
const PASSWORD = 'Requested#Pass1';
const stamp = Date.now().toString(36);
const COMPANY = `Épicerie Test ${stamp} Inc.`;
const titles = {
  en: `Organic certificate ${stamp}`,
  fr: `Certificat biologique ${stamp}`,
  prices: `Price list ${stamp}`,
};
/** The same three documents under their French titles. */
const frenchTitles = {
  en: `Certificat biologique (anglais) ${stamp}`,
  fr: `Certificat biologique (français) ${stamp}`,
  prices: `Liste de prix ${stamp}`,
};
let companyPath = '';

test.use({ cookieConsent: 'declined', storageState: adminState });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await saveSignedInState(browser, 'admin', adminState, E2E_SITE_URL);
});

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

const anonClient = () =>
  createClient<Database>(E2E_BACKEND_URL, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

test('approve a request, create its company, upload documents; each client reads what is theirs', async ({
  page,
  browser,
}) => {
  test.slow();
  // A fresh access request, as the request form makes it (a password nobody keeps), confirmed
  // through the local inbox, where the owner chooses the password and sends the details.
  const email = uniqueAddress('company-client');
  const signUp = await anonClient().auth.signUp({
    email,
    password: `${crypto.randomUUID()}aA1!`,
    options: {
      emailRedirectTo: `${E2E_SITE_URL}/client/confirm`,
      data: { locale: 'en' },
      captchaToken: CAPTCHA_TOKEN,
    },
  });
  expect(signUp.error).toBeNull();
  const mail = await mailTo(email, /^Confirm your email address$/);
  // Confirming signs the requester in: in a browser of their own, not the staff one.
  const requester = await browser.newContext({ baseURL: E2E_SITE_URL, storageState: { cookies: [], origins: [] } });
  const requesterPage = await requester.newPage();
  await requesterPage.goto(linkPath(mail.html));
  await requesterPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await requesterPage.getByLabel('First name').fill('Rita');
  await requesterPage.getByLabel('Last name').fill('Request');
  await requesterPage.getByLabel('Company', { exact: true }).fill(COMPANY);
  await requesterPage.getByLabel('Industry').selectOption('retail');
  await requesterPage.getByRole('button', { name: 'Confirm and send my request' }).click();
  await expect(requesterPage.getByRole('heading', { name: 'Your request is under review' })).toBeVisible();
  await requester.close();

  // Staff approve and create the company from the request.
  await page.goto('/admin-portal/users');
  await page.getByRole('searchbox', { name: 'Search by email or company' }).fill(email);
  await page.getByRole('button', { name: `Approve ${email}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Approve access' }).click();
  await expect(dialog.getByText(`Approved ${email}.`)).toBeVisible();
  await expect(dialog.getByRole('radio', { name: `Create company «${COMPANY}»` })).toBeChecked();
  await expect(dialog.getByLabel('Legal name')).toHaveValue(COMPANY);
  await expect(dialog.getByLabel('Customer type')).toHaveValue('retail');
  await dialog.getByLabel('Province or territory').selectOption('QC');
  await dialog.getByRole('button', { name: 'Create company and attach' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Created ${COMPANY}; ${email} is its client.`);
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

  // The company's page: its client, then two certificates for it.
  await page.goto(`/admin-portal/companies?q=${encodeURIComponent(stamp)}`);
  await page.getByRole('link', { name: COMPANY }).click();
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
  companyPath = new URL(page.url()).pathname;
  await expect(page.getByRole('list', { name: 'Clients of this company' })).toContainText(email);
  await page.getByLabel('Choose files to upload').setInputFiles([
    { name: 'organic-certificate.pdf', mimeType: 'application/pdf', buffer: pdf('en') },
    { name: 'certificat-biologique.pdf', mimeType: 'application/pdf', buffer: pdf('fr') },
  ]);
  for (const [file, title, frenchTitle, language] of [
    ['organic-certificate.pdf', titles.en, frenchTitles.en, 'en'],
    ['certificat-biologique.pdf', titles.fr, frenchTitles.fr, 'fr'],
  ] as const) {
    const item = page.getByTestId(`pending-${file}`);
    await item.getByLabel('Title (English)').fill(title);
    await item.getByLabel('Title (French)').fill(frenchTitle);
    await item.getByLabel('File language').selectOption(language);
    await item.getByLabel('Expiry date (optional)').fill('2030-06-30');
    await item.getByRole('button', { name: `Upload ${file}` }).click();
    await expect(item).toHaveCount(0);
    await expect(page.getByTestId(`document-${title}`)).toBeVisible();
  }
  await expect(page.getByRole('list', { name: 'Change history' })).toContainText('added a document');

  // A price list for every client, from the Documents page.
  await page.goto('/admin-portal/documents');
  await page.getByLabel('Choose files to upload').setInputFiles({
    name: 'price-list.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('prices'),
  });
  const prices = page.getByTestId('pending-price-list.pdf');
  await prices.getByLabel('Title (English)').fill(titles.prices);
  await prices.getByLabel('Title (French)').fill(frenchTitles.prices);
  await prices.getByLabel('Category').selectOption('price_list');
  await prices.getByLabel('Who sees it').selectOption({ label: 'Every approved client' });
  await prices.getByRole('button', { name: 'Upload price-list.pdf' }).click();
  await expect(prices).toHaveCount(0);
  await expect(page.getByTestId(`document-${titles.prices}`)).toBeVisible();

  // The new client, in a browser of their own, finds all three on the portal,
  // in English and in French, and downloads one: the bytes are the ones uploaded.
  const clientContext = await browser.newContext({
    baseURL: E2E_SITE_URL,
    storageState: { cookies: [], origins: [] },
  });
  const clientPage = await clientContext.newPage();
  await clientPage.goto(`/client/documents?q=${stamp}`);
  await clientPage.getByLabel('Email', { exact: true }).fill(email);
  await clientPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await clientPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(clientPage).toHaveURL(`/client/documents?q=${stamp}`);
  const listed = clientPage.getByTestId('document').getByRole('heading', { level: 3 });
  await expect(listed).toHaveCount(3);
  for (const title of Object.values(titles)) await expect(listed.filter({ hasText: title })).toHaveCount(1);
  const downloading = clientPage.waitForEvent('download');
  await clientPage.getByRole('button', { name: `Download ${titles.en}` }).click();
  const saved = await readFile(await (await downloading).path());
  expect(saved.equals(pdf('en'))).toBe(true);
  await clientPage.goto(`/fr/client/documents?q=${stamp}`);
  await expect(listed).toHaveCount(3);
  for (const title of Object.values(frenchTitles)) await expect(listed.filter({ hasText: title })).toHaveCount(1);
  await clientContext.close();

  // A client of another company (the seeded one) finds only the price list.
  const seededContext = await browser.newContext({
    baseURL: E2E_SITE_URL,
    storageState: { cookies: [], origins: [] },
  });
  const seededPage = await seededContext.newPage();
  await seededPage.goto(`/client/documents?q=${stamp}`);
  await signInAs(seededPage, 'client', { at: 'here' });
  await expect(seededPage).toHaveURL(`/client/documents?q=${stamp}`);
  await expect(seededPage.getByTestId('document').getByRole('heading', { level: 3 })).toHaveText([titles.prices]);
  // Nor can it fetch the others' file through the API.
  const seeded = await apiAs('client');
  const certificate = await apiAs('admin').then((admin) =>
    admin.from('documents').select('id').eq('title_en', titles.en).single(),
  );
  expect((await seeded.rpc('request_document_download', { document_id: certificate.data!.id })).error?.code).toBe(
    'PT404',
  );
  await seededContext.close();
});

for (const [name, path] of [
  ['Companies', () => '/admin-portal/companies'],
  ['a company', () => companyPath || '/admin-portal/companies'],
  ['Documents', () => '/admin-portal/documents'],
] as const) {
  test(`${name} fits every width, with nothing for axe to report`, async ({ page }) => {
    test.slow();
    await atEveryWidth(
      page,
      () => page.goto(path()),
      async (width) => {
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.getByRole('status').filter({ hasNot: page.getByTestId('publish-status') })).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        const where = `${name} at ${width} px`;
        await expectNoSidewaysScroll(page, where);
        expect(await axeViolations(page), where).toEqual([]);
        if (width !== VIEWPORTS.tablet.width) {
          await lookAt(page, `admin-${name.replace(/\s+/g, '-').toLowerCase()}-${width}`);
        }
      },
    );
  });
}
