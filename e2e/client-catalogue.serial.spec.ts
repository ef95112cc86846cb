/**
 * The catalogue in the client portal
 * (docs/decisions/193-product-documents-for-visitors-and-clients.md): the
 * seeded client finds the PDO feta, sees its public spec sheet and its
 * clients-only PDO certificate, and downloads the certificate byte for byte
 * through the document-link function, in English and in French; wine says
 * why it is not ordered online; axe and no sideways scrolling at every width.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { signInAs } from './support/sign-in.ts';
import { expect, test } from './support/fixtures.ts';
import { atEveryWidth, expectNoSidewaysScroll, lookAt } from './support/widths.ts';

test.use({ cookieConsent: 'declined' });

const SEED_FILES = join(import.meta.dirname, '../supabase/seed-files/documents');
const FETA_CERTIFICATE_FILE =
  '00000000-0000-4000-8000-0000000d0c18/00000000-0000-4000-8000-0000000e0c18/pdo-certificate-feta.pdf';

async function openSignedIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await signInAs(page, 'client', { at: 'here' });
  await expect(page).toHaveURL(path);
}

const products = (page: Page) => page.getByTestId('catalogue-product');

const LANGUAGES = [
  {
    path: '/client/catalogue',
    heading: 'Catalogue',
    search: 'Search by name or SKU',
    feta: 'PDO Feta in Brine, 2 kg tin',
    details: 'Details of PDO Feta in Brine, 2 kg tin',
    spec: 'PDO feta spec sheet',
    certificate: 'PDO certificate, feta of Tzoumerka Dairy',
    clientsOnly: 'Clients only',
    download: 'Download',
    saved: 'pdo-certificate-feta-of-tzoumerka-dairy.pdf',
  },
  {
    path: '/fr/client/catalogue',
    heading: 'Catalogue',
    search: 'Rechercher par nom ou code',
    feta: 'Feta AOP en saumure, bidon de 2 kg',
    details: 'Détails de Feta AOP en saumure, bidon de 2 kg',
    spec: 'Fiche technique : feta AOP',
    certificate: 'Certificat AOP, feta de Tzoumerka Dairy',
    clientsOnly: 'Réservé aux clients',
    download: 'Télécharger',
    saved: 'certificat-aop-feta-de-tzoumerka-dairy.pdf',
  },
] as const;

for (const lang of LANGUAGES) {
  test(`${lang.path}: the client sees the feta's clients-only certificate and downloads it`, async ({ page }) => {
    await openSignedIn(page, lang.path);
    await expect(page.getByRole('heading', { level: 1, name: lang.heading })).toBeVisible();
    await page.getByLabel(lang.search).fill('CH-0001');
    await expect(products(page)).toHaveCount(1);
    await page.getByRole('button', { name: lang.details }).click();
    const feta = products(page).filter({ hasText: lang.feta });
    const documents = feta.getByTestId('product-document');
    await expect(documents).toHaveCount(2);
    await expect(documents.filter({ hasText: lang.spec })).toBeVisible();
    const certificate = documents.filter({ hasText: lang.certificate });
    await expect(certificate.getByText(lang.clientsOnly)).toBeVisible();

    const linked = page.waitForResponse(
      (response) => response.url().endsWith('/functions/v1/document-link') && response.request().method() === 'POST',
    );
    const downloading = page.waitForEvent('download');
    await certificate.getByRole('button', { name: `${lang.download} ${lang.certificate}` }).click();
    const response = await linked;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({
      product_id: '00000000-0000-4000-8000-0000000b0025',
      document_id: '00000000-0000-4000-8000-0000000d0c18',
    });
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(lang.saved);
    const saved = await readFile(await download.path());
    expect(saved.equals(await readFile(join(SEED_FILES, FETA_CERTIFICATE_FILE)))).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
}

test('wine says why it is not ordered online; the dashboard links to the catalogue', async ({ page }) => {
  await openSignedIn(page, '/client/dashboard');
  await page.getByRole('link', { name: 'Catalogue' }).click();
  await expect(page).toHaveURL('/client/catalogue');
  await page.getByLabel('Search by name or SKU').fill('WV-0001');
  await page.getByRole('button', { name: /^Details of Santorini/ }).click();
  await expect(products(page).first()).toContainText('Wine is sold through the provincial liquor boards');
});

for (const path of ['/client/catalogue?product=CH-0001', '/fr/client/catalogue?product=CH-0001']) {
  test(`axe finds nothing and nothing scrolls sideways on ${path}, at every width`, async ({ page }) => {
    await atEveryWidth(
      page,
      () => openSignedIn(page, path),
      async (width) => {
        await expect(page.getByTestId('product-document').first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await axeViolations(page), `at ${width} px`).toEqual([]);
        await expectNoSidewaysScroll(page, `at ${width} px`);
        if (width !== VIEWPORTS.tablet.width) {
          await page.getByTestId('product-document').first().scrollIntoViewIfNeeded();
          await lookAt(page, `client-catalogue-${width}${path.startsWith('/fr') ? '-fr' : ''}`, { fullPage: false });
          await page.evaluate(() => window.scrollTo(0, 0));
        }
      },
    );
  });
}
