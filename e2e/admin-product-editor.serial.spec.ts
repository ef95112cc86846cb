/**
 * The product editor (docs/decisions/192-product-editor.md): staff create a
 * product in English and French from the Products list, upload an image
 * (resized in the browser, stored in `product-images`), link the seeded
 * price list for everyone, publish, and read the change history; then axe
 * and widths on the editor. Serial: it writes shared state, and a staff
 * sign-in ends other first-step sessions. The product it creates is deleted
 * afterwards.
 */
import { join } from 'node:path';
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { saveSignedInState, signedInStateFile } from './support/sign-in.ts';
import {
  atEveryWidth,
  expectAdminPageSettled,
  expectControlsWithinWidth,
  expectNoSidewaysScroll,
  lookAt,
} from './support/widths.ts';

const adminState = signedInStateFile('admin-product-editor');
const stamp = Date.now().toString(36).toUpperCase();
const SKU = `E2E-${stamp}`;
const names = { en: `Cretan olive oil ${stamp}`, fr: `Huile d’olive crétoise ${stamp}` };
const slugs = {
  en: `cretan-olive-oil-${stamp.toLowerCase()}`,
  fr: `huile-dolive-cretoise-${stamp.toLowerCase()}`,
};
const PRICE_LIST = '00000000-0000-4000-8000-0000000d0c03';
const IMAGE = join(import.meta.dirname, 'fixtures', 'product-64x48.png');
let editorPath = '';

test.use({ cookieConsent: 'declined', storageState: adminState });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await saveSignedInState(browser, 'admin', adminState, E2E_SITE_URL);
});

test.afterAll(async ({ adminApi }) => {
  const product = await adminApi.from('products').select('id').eq('sku', SKU).maybeSingle();
  if (!product.data) return;
  const images = await adminApi.from('product_images').select('storage_path').eq('product_id', product.data.id);
  await adminApi.from('products').update({ status: 'draft' }).eq('id', product.data.id);
  await adminApi.from('products').delete().eq('id', product.data.id);
  const paths = (images.data ?? []).map((image) => image.storage_path);
  if (paths.length) await adminApi.storage.from('product-images').remove(paths);
});

test('staff create a product in both languages, add an image and a document, publish it and see the history', async ({
  page,
  adminApi,
}) => {
  test.slow();
  await page.goto('/admin-portal/products');
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page).toHaveURL('/admin-portal/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

  // Nothing filled in: every required field says what it needs, and nothing is written.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Some fields need attention: see the messages beside them.')).toBeVisible();
  await expect(page.getByText('Enter the SKU, e.g. OO-0001.')).toBeVisible();
  await expect(page.getByLabel('SKU')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('SKU').fill(SKU.toLowerCase());
  await page.getByLabel('Category').selectOption('olive-oils');
  await page.getByLabel('Brand').fill('Kritsa Cooperative');
  await page.getByLabel('Country of origin').selectOption('GR');
  await page.getByLabel('Region (English)').fill('Crete');
  await page.getByLabel('Region (French)').fill('Crète');
  await page.getByLabel('Unit size').fill('500');
  await page.getByLabel('Unit', { exact: true }).selectOption('mL');
  await page.getByLabel('Units per case').fill('12');
  await page.getByLabel('Lead time (business days)').fill('5');
  await page.getByLabel('Shelf life (days)').fill('540');
  await page.getByRole('checkbox', { name: 'PDO' }).check();
  // Wheat brings gluten with it.
  await page.getByRole('checkbox', { name: 'Wheat (or triticale)' }).check();
  await expect(page.getByRole('checkbox', { name: 'Gluten' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Wheat (or triticale)' }).uncheck();
  await page.getByRole('checkbox', { name: 'Gluten' }).uncheck();

  await page.getByLabel('Name (English)').fill(names.en);
  await expect(page.getByLabel('Slug (English)')).toHaveValue(slugs.en);
  await page.getByLabel('Short description (English)').fill('Early harvest, green and peppery.');
  await page.getByLabel('Description (English, Markdown)').fill('## Tasting\n\nGreen **fruit** and pepper.');
  await page.getByLabel('Name (French)').fill(names.fr);
  await expect(page.getByLabel('Slug (French)')).toHaveValue(slugs.fr);
  await page.getByLabel('Short description (French)').fill('Récolte précoce, verte et poivrée.');
  await page.getByLabel('Description (French, Markdown)').fill('## Dégustation\n\nFruité **vert**.');

  // The preview follows the form, in either language.
  const preview = page.getByTestId('product-preview');
  await expect(preview.getByRole('heading', { name: names.en })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Tasting' })).toBeVisible();
  await expect(preview).toContainText('12 × 500 mL per case');
  await expect(preview).toContainText('Crete, Greece');
  await page.getByRole('group', { name: 'Preview language' }).getByRole('button', { name: 'French' }).click();
  await expect(preview.getByRole('heading', { name: 'Dégustation' })).toBeVisible();
  await expect(preview).toContainText('Crète, Grèce');
  await expect(preview).toContainText('AOP');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin-portal\/products\/[0-9a-f-]{36}$/);
  editorPath = new URL(page.url()).pathname;
  const id = editorPath.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: names.en })).toBeVisible();
  await expect(page.getByTestId('product-status')).toHaveText('Draft');
  const stored = await adminApi.from('products').select('sku, status, certifications').eq('id', id).single();
  expect(stored.data).toEqual({ sku: SKU, status: 'draft', certifications: ['pdo'] });

  // An image, resized in the browser as content images are, stored under the product's id.
  await page.locator('input[type="file"]').setInputFiles(IMAGE);
  await expect(page.getByText('Image uploaded. Add its alt text in both languages.')).toBeVisible();
  await expect(page.getByTestId('product-image-size')).toHaveText('64 × 48 px');
  await page.getByLabel('Alt text (English), image 1 (main image)').fill('A tin of olive oil');
  await page.getByLabel('Alt text (French), image 1 (main image)').fill('Un bidon d’huile d’olive');
  await page.getByRole('button', { name: 'Save alt texts of image 1 (main image)' }).click();
  await expect(page.getByText('Alt texts saved.')).toBeVisible();
  const images = await adminApi.from('product_images').select('storage_path, width, alt_fr').eq('product_id', id);
  expect(images.data).toEqual([
    {
      storage_path: expect.stringMatching(new RegExp(`^${id}/[0-9a-f-]{36}\\.png$`)),
      width: 64,
      alt_fr: 'Un bidon d’huile d’olive',
    },
  ]);
  await expect(preview.getByRole('img', { name: 'A tin of olive oil' })).toBeVisible();

  // The seeded price list, for everyone.
  await page.getByLabel('Document to link').selectOption(PRICE_LIST);
  await page.getByLabel('Who sees it', { exact: true }).selectOption('public');
  await page.getByRole('button', { name: 'Link document' }).click();
  await expect(page.getByRole('list', { name: 'Linked documents' })).toContainText('Price list 2026');
  const links = await adminApi.from('product_documents').select('document_id, visibility').eq('product_id', id);
  expect(links.data).toEqual([{ document_id: PRICE_LIST, visibility: 'public' }]);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByTestId('product-status')).toHaveText('Published');
  const published = await adminApi.from('products').select('status').eq('id', id).single();
  expect(published.data?.status).toBe('published');

  // The history, newest first: who, which part, what changed.
  const history = page.getByRole('list', { name: 'Change history' });
  await expect(history.getByTestId('audit-entry').first()).toContainText('changed Product');
  await expect(history.getByTestId('audit-entry').first()).toContainText('status: draft → published');
  await expect(history).toContainText('added Document link');
  await expect(history).toContainText('added English text');
  await expect(history).toContainText('added French text');
  await expect(history).toContainText(/added Image [0-9a-f]{8}/);
  await expect(history).toContainText('admin@');
});

test('the product editor fits every width, with nothing for axe to report', async ({ page }) => {
  test.slow();
  await atEveryWidth(
    page,
    () => page.goto(editorPath || '/admin-portal/products/new'),
    async (width) => {
      await expectAdminPageSettled(page);
      const where = `product editor at ${width} px`;
      await expectNoSidewaysScroll(page, where);
      await expectControlsWithinWidth(page, where);
      expect(await axeViolations(page), where).toEqual([]);
      await lookAt(page, `product-editor-${width}`);
    },
  );
});
