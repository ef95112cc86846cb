/**
 * The client's documents (docs/decisions/111-companies-and-documents.md,
 * 112-client-dashboard-shows-only-real-content.md): the seeded client sees the
 * seeded documents in both languages and downloads one byte for byte through
 * the link the document-link function gives it (184-document-links-made-by-the-server.md);
 * an expired certificate says so; an account without a role gets none; axe
 * and no sideways scrolling on the Documents page, the dashboard and Messages
 * (in both languages) at every width.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { account, apiAs } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { signInAs } from './support/sign-in.ts';
import { expect, test } from './support/fixtures.ts';
import { atEveryWidth, expectNoSidewaysScroll } from './support/widths.ts';

test.use({ cookieConsent: 'declined' });

const SEED_FILES = join(import.meta.dirname, '../supabase/seed-files/documents');
const SEEDED_COMPANY = '00000000-0000-4000-8000-0000000c0a01';
const PRICE_LIST_FILE = '00000000-0000-4000-8000-0000000d0c03/00000000-0000-4000-8000-0000000e0c03/price-list-2026.pdf';
const SEEDED_EN = ['Organic certificate 2026', 'Extra virgin olive oil spec sheet', 'Price list 2026'];
const SEEDED_FR = ['Certificat biologique 2026', 'Fiche technique : huile d’olive extra vierge', 'Liste de prix 2026'];

async function openSignedIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await signInAs(page, 'client', { at: 'here' });
  await expect(page).toHaveURL(path);
}

const documentTitles = (page: Page) => page.getByTestId('document').getByRole('heading', { level: 3 });
/** The document titled exactly so (the catalogue's certificates have longer titles that begin the same). */
const titled = (page: Page, title: string) =>
  page.getByTestId('document').getByRole('heading', { level: 3, name: title, exact: true });

test('the seeded client sees the seeded documents in English, newest first, with their facts', async ({ page }) => {
  await openSignedIn(page, '/client/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  for (const title of SEEDED_EN) await expect(titled(page, title)).toHaveCount(1);
  const certificate = page
    .getByTestId('document')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Organic certificate 2026', exact: true }) });
  await expect(certificate).toContainText('Certificate');
  await expect(certificate).toContainText('PDF');
  await expect(certificate).toContainText('Valid until December 31, 2030');
  await expect(certificate.getByText('Expired', { exact: true })).toHaveCount(0);

  // Filters live in the URL: a reload keeps them.
  await page.getByLabel('Category').selectOption('price_list');
  await expect(page).toHaveURL('/client/documents?category=price_list');
  await page.reload();
  await expect(documentTitles(page)).toHaveText(['Price list 2026']);
});

test('in French: the seeded documents under their French titles', async ({ page }) => {
  await openSignedIn(page, '/fr/client/documents');
  for (const title of SEEDED_FR) await expect(titled(page, title)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Télécharger Liste de prix 2026' })).toBeVisible();
});

test('downloads a document: the file saved is the seed file, named after the title', async ({ page }) => {
  await openSignedIn(page, '/client/documents');
  // The link comes from the server (docs/decisions/184-document-links-made-by-the-server.md): the page never signs one.
  const signedByPage: string[] = [];
  page.on('request', (request) => {
    if (/\/storage\/v1\/object\/sign\//.test(request.url()) && request.method() === 'POST')
      signedByPage.push(request.url());
  });
  const linked = page.waitForResponse(
    (response) => response.url().endsWith('/functions/v1/document-link') && response.request().method() === 'POST',
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Price list 2026' }).click();
  expect((await linked).status()).toBe(200);
  const download = await downloading;
  expect(signedByPage).toEqual([]);
  expect(download.suggestedFilename()).toBe('price-list-2026.pdf');
  const saved = await readFile(await download.path());
  expect(saved.equals(await readFile(join(SEED_FILES, PRICE_LIST_FILE)))).toBe(true);
  // The page stays, with no error.
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an expired certificate is marked Expired / Expiré', async ({ page }) => {
  const admin = await apiAs('admin');
  const documentId = randomUUID();
  const versionId = randomUUID();
  const path = `${documentId}/${versionId}/expired-certificate.pdf`;
  const title = `Expired certificate ${documentId.slice(0, 8)}`;
  const ok = <T>(result: { error: { message: string } | null; data: T }, what: string) => {
    if (result.error) throw new Error(`${what}: ${result.error.message}`);
    return result.data;
  };
  try {
    ok(
      await admin.from('documents').insert({
        id: documentId,
        title_en: title,
        title_fr: `Certificat expiré ${documentId.slice(0, 8)}`,
        category: 'certificate',
        file_language: 'en',
        expires_on: '2025-01-31',
        audience: 'company',
        company_id: SEEDED_COMPANY,
      }),
      'document',
    );
    const pdf = Buffer.from('%PDF-1.4\n% expired certificate\n%%EOF\n');
    ok(
      await admin.from('document_versions').insert({
        id: versionId,
        document_id: documentId,
        storage_path: path,
        size_bytes: pdf.length,
        mime_type: 'application/pdf',
        original_file_name: 'expired-certificate.pdf',
      }),
      'version',
    );
    ok(await admin.storage.from('documents').upload(path, pdf, { contentType: 'application/pdf' }), 'upload');
    ok(await admin.from('documents').update({ current_version_id: versionId }).eq('id', documentId), 'current');

    await openSignedIn(page, `/client/documents?q=${encodeURIComponent(title)}`);
    const item = page.getByTestId('document').filter({ hasText: title });
    await expect(item.getByText('Expired', { exact: true })).toBeVisible();
    await expect(item).toContainText('Expired on January 31, 2025');

    await page.goto(`/fr/client/documents?q=${encodeURIComponent('Certificat expiré')}`);
    const french = page.getByTestId('document').filter({ hasText: `Certificat expiré ${documentId.slice(0, 8)}` });
    await expect(french.getByText('Expiré', { exact: true })).toBeVisible();
    await expect(french).toContainText('Expiré le 31 janvier 2025');
  } finally {
    await admin.storage.from('documents').remove([path]);
    await admin.from('documents').delete().eq('id', documentId);
    await admin.auth.signOut({ scope: 'local' });
  }
});

test('an account without a role gets no documents: the API returns none, the page sends it to its account status', async ({
  page,
}) => {
  const member = await apiAs('member');
  const { data, error } = await member.from('documents').select('id');
  expect(error).toBeNull();
  expect(data).toEqual([]);
  const download = await member.rpc('request_document_download', {
    document_id: '00000000-0000-4000-8000-0000000d0c03',
  });
  expect(download.error?.message).toBe('No such document.');
  await member.auth.signOut({ scope: 'local' });

  await page.goto('/client/documents');
  await signInAs(page, 'member', { at: 'here' });
  // Signed in without the client role: sent to its account's status, never to the documents.
  await expect(page).toHaveURL('/client/account');
  await expect(page.getByTestId('document')).toHaveCount(0);
});

test('the dashboard lists the latest documents, names the company and the account manager', async ({ page }) => {
  await openSignedIn(page, '/client/dashboard');
  await expect(page.getByText(`Welcome, ${account('client').email}`)).toBeVisible();
  await expect(page.getByText('Company: Épicerie Chloé Inc.')).toBeVisible();
  await expect(page.getByText('Ada Admin')).toBeVisible();
  for (const title of SEEDED_EN) await expect(titled(page, title)).toHaveCount(1);
  await page.getByRole('link', { name: 'All documents' }).click();
  await expect(page).toHaveURL('/client/documents');
});

test('axe finds nothing and nothing scrolls sideways on /client/documents, at every width', async ({ page }) => {
  await atEveryWidth(
    page,
    () => openSignedIn(page, '/client/documents'),
    async (width) => {
      await expect(documentTitles(page).first()).toBeVisible();
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
      await expectNoSidewaysScroll(page, `at ${width} px`);
    },
  );
});

for (const [path, heading] of [
  ['/client/messages', 'Start a conversation'],
  ['/fr/client/messages', 'Commencer une conversation'],
] as const) {
  test(`axe finds nothing and nothing scrolls sideways on ${path}, at every width`, async ({ page }) => {
    await atEveryWidth(
      page,
      () => openSignedIn(page, path),
      async (width) => {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
        await expect(page.getByText('Ada Admin')).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await axeViolations(page), `at ${width} px`).toEqual([]);
        await expectNoSidewaysScroll(page, `at ${width} px`);
      },
    );
  });
}

test('axe finds nothing and nothing scrolls sideways on /client/dashboard, at every width', async ({ page }) => {
  await atEveryWidth(
    page,
    () => openSignedIn(page, '/client/dashboard'),
    async (width) => {
      await expect(page.getByText('Ada Admin')).toBeVisible();
      await expect(documentTitles(page).first()).toBeVisible();
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
      await expectNoSidewaysScroll(page, `at ${width} px`);
    },
  );
});
