/**
 * Staff keep the catalogue by spreadsheet: the Products page exports every
 * product as CSV, and a file built from that export (one new product, one
 * product renamed) is checked in full before anything changes, then applied
 * in one call; the list shows the result. A file with a formula or a
 * repeated SKU is refused row by row and changes nothing. Serial: it signs
 * the admin in through the browser, which would end another worker's
 * first-step admin session. The products it adds or changes are put back.
 */
import { readFile } from 'node:fs/promises';
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { saveSignedInState, signedInStateFile } from './support/sign-in.ts';
import { expect, test } from './support/fixtures.ts';

const adminState = signedInStateFile('admin-products');
const NEW_SKU = 'OO-0999';

test.use({ cookieConsent: 'declined', storageState: adminState });

test.beforeAll(async ({ browser }) => {
  await saveSignedInState(browser, 'admin', adminState, E2E_SITE_URL);
});

/** Splits one CSV line of the export (its cells may be quoted). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      out.push(cell);
      cell = '';
    } else {
      cell += ch;
    }
  }
  out.push(cell);
  return out;
}

const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

test('staff export the catalogue, import a new product from the file, and see it listed', async ({
  page,
  adminApi,
}) => {
  test.slow();
  await page.goto('/admin-portal/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByText('Kalamata PDO Olives in Brine, 2 kg tin')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile(await download.path(), 'utf8');
  // A spreadsheet reads it as UTF-8 (byte-order mark) with Windows line ends.
  expect(exported.startsWith('\uFEFF')).toBe(true);
  const lines = exported.replace(/^\uFEFF/, '').split('\r\n');
  const header = cells(lines[0]!);
  expect(header).toContain('name_fr');
  // A one-line row (no line break in its descriptions) to copy into a new product.
  const source = lines.slice(1).find((line) => line.startsWith('OO-0001,'));
  expect(source, 'the seeded OO-0001 row in the export').toBeDefined();
  const row = Object.fromEntries(header.map((name, i) => [name, cells(source!)[i] ?? '']));
  Object.assign(row, {
    sku: NEW_SKU,
    status: 'draft',
    name_en: 'E2E Test Olive Oil, 3 L tin',
    slug_en: 'e2e-test-olive-oil-3-l-tin',
    name_fr: 'Huile d’olive d’essai, bidon de 3 L',
    slug_fr: 'huile-d-olive-d-essai-bidon-de-3-l',
    unit_size: '3',
    unit: 'L',
  });
  const file = [lines[0], header.map((name) => quote(row[name] ?? '')).join(',')].join('\r\n');

  try {
    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'new-product.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    const counts = page.getByTestId('import-counts');
    await expect(counts.getByText('To create').locator('xpath=following-sibling::dd')).toHaveText('1');
    await expect(counts.getByText('To change').locator('xpath=following-sibling::dd')).toHaveText('0');
    // Nothing has changed before staff apply it.
    const before = await adminApi.from('products').select('id').eq('sku', NEW_SKU);
    expect(before.data).toEqual([]);

    await page.getByRole('button', { name: 'Apply import' }).click();
    await expect(page.getByText('Created 1 product and changed 0 products.', { exact: true })).toBeVisible();
    await expect(page.getByText('E2E Test Olive Oil, 3 L tin')).toBeVisible();
    const stored = await adminApi.from('products').select('status, unit_size, unit').eq('sku', NEW_SKU).single();
    expect({ ...stored.data, unit_size: Number(stored.data?.unit_size) }).toEqual({
      status: 'draft',
      unit_size: 3,
      unit: 'L',
    });

    // A formula and a repeated SKU: every problem named by row, no Apply, nothing written.
    const bad = [
      lines[0],
      header
        .map((name) =>
          quote(
            name === 'brand' ? '=HYPERLINK("http://evil.example")' : name === 'sku' ? 'OO-0998' : (row[name] ?? ''),
          ),
        )
        .join(','),
      header.map((name) => quote(row[name] ?? '')).join(','),
      header.map((name) => quote(row[name] ?? '')).join(','),
    ].join('\r\n');
    await page.getByLabel('CSV file to import').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad),
    });
    await expect(
      page.getByText(/row 2: brand starts with "=", which a spreadsheet may run as a formula/),
    ).toBeVisible();
    await expect(page.getByText(`row 4: SKU ${NEW_SKU} is already on row 3`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply import' })).toHaveCount(0);
    const after = await adminApi.from('products').select('brand').eq('sku', NEW_SKU).single();
    expect(after.data?.brand).toBe(row.brand);
  } finally {
    await adminApi.from('products').delete().eq('sku', NEW_SKU);
  }
});
