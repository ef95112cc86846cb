/**
 * The order desk (docs/decisions/203-order-desk-concurrency.md): the seeded
 * client sends two orders through the API as the client portal does; staff
 * find the first in the queue, confirm it with a quantity changed, ship it
 * with a tracking number and mark it delivered; cancel the second with a
 * reason while a stale second tab is told the order changed; the CSV export
 * downloads. Then a price list, a company's addresses, and axe and widths on
 * every new screen. Serial: it writes orders and staff sign-ins end other
 * first-step sessions.
 */
import { readFile } from 'node:fs/promises';
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { apiAs } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { saveSignedInState, signedInStateFile } from './support/sign-in.ts';
import { atEveryWidth, expectAdminPageSettled, expectNoSidewaysScroll, lookAt } from './support/widths.ts';

const adminState = signedInStateFile('admin-orders');
const stamp = Date.now().toString(36);
const SEEDED_COMPANY = '00000000-0000-4000-8000-0000000c0a01';
const orders: { id: string; number: string }[] = [];
let priceListPath = '';

test.use({ cookieConsent: 'declined', storageState: adminState });
test.describe.configure({ mode: 'serial' });

/** An order of the seeded client, sent as the client portal sends it: cart, then submit. */
async function clientOrder(po: string): Promise<{ id: string; number: string }> {
  const client = await apiAs('client');
  const prices = await client.rpc('client_prices');
  expect(prices.error).toBeNull();
  const ids = (prices.data ?? []).map((p) => p.product_id);
  const products = await client.from('products').select('id,min_order_cases,orderable_online').in('id', ids);
  expect(products.error).toBeNull();
  const orderable = (products.data ?? []).filter((p) => p.orderable_online).slice(0, 2);
  expect(orderable.length).toBe(2);
  for (const product of orderable) {
    const set = await client.rpc('set_cart_item', {
      product_id: product.id,
      quantity_cases: product.min_order_cases + 2,
    });
    expect(set.error).toBeNull();
  }
  expect((await client.rpc('accept_cart_prices')).error).toBeNull();
  const address = await client.from('company_addresses').select('id').eq('status', 'confirmed').limit(1).single();
  expect(address.error).toBeNull();
  const earliest = await client.rpc('earliest_delivery_date');
  expect(earliest.error).toBeNull();
  const sent = await client.rpc('submit_order', {
    idempotency_key: crypto.randomUUID(),
    address_id: address.data!.id,
    requested_date: earliest.data as string,
    po_number: po,
    notes: `e2e ${stamp}`,
    language: 'fr',
  });
  expect(sent.error).toBeNull();
  const order = sent.data as unknown as { id: string; number: string };
  return { id: order.id, number: order.number };
}

test.beforeAll(async ({ browser }) => {
  await saveSignedInState(browser, 'admin', adminState, E2E_SITE_URL);
  orders.push(await clientOrder(`PO-A-${stamp}`));
  orders.push(await clientOrder(`PO-B-${stamp}`));
});

test('staff find an order, confirm it with a change, ship it with tracking and mark it delivered', async ({ page }) => {
  test.slow();
  const [first] = orders;
  await page.goto('/admin-portal/orders?status=submitted');
  await page.getByLabel('Search number, PO or company').fill(`PO-A-${stamp}`);
  const row = page.getByTestId('order-row').filter({ hasText: first!.number });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: first!.number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${first!.number}` })).toBeVisible();
  const firstCases = page.getByTestId('order-line-cases').first();
  const before = Number(await firstCases.textContent());

  await page.getByRole('button', { name: 'Confirm order' }).click();
  const confirm = page.getByRole('dialog');
  const quantity = confirm.getByRole('textbox').first();
  await quantity.fill(String(before + 1));
  await expect(confirm.getByTestId('confirm-summary')).toContainText(`${before} → ${before + 1} cases`);
  await confirm.getByRole('button', { name: 'Confirm with these changes' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
  await expect(firstCases).toHaveText(String(before + 1));
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(`${before} → ${before + 1} cases`);

  await page.getByRole('button', { name: 'Mark shipped' }).click();
  const ship = page.getByRole('dialog');
  await ship.getByLabel('Carrier').fill('Purolator');
  await ship.getByLabel('Tracking number').fill(`TRK${stamp}`);
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Shipped');
  await expect(page.getByTestId('order-tracking')).toHaveText(`TRK${stamp}`);

  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');

  await page.getByLabel('Add a note').fill(`Left at the back door ${stamp}`);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Internal notes' })).toContainText(`Left at the back door ${stamp}`);
});

test('cancelling with a reason; a stale second tab is told the order changed', async ({ page, context }) => {
  const [, second] = orders;
  const path = `/admin-portal/orders/${second!.id}`;
  const stale = await context.newPage();
  await stale.goto(path);
  await expect(stale.getByTestId('order-status')).toHaveText('Submitted');

  await page.goto(path);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(`Ordered twice ${stamp}`);
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByText(`Ordered twice ${stamp}`, { exact: true })).toBeVisible();

  // The stale tab still shows "Submitted" and version 1: confirming is refused, and the page reloads.
  await stale.getByRole('button', { name: 'Confirm order' }).click();
  await stale.getByRole('dialog').getByRole('button', { name: 'Confirm order' }).click();
  await expect(stale.getByTestId('order-refusal')).toContainText('Someone else updated this order — reload to see it.');
  await expect(stale.getByTestId('order-status')).toHaveText('Cancelled');
  await stale.close();
});

test('the CSV export of orders and lines downloads', async ({ page }) => {
  await page.goto('/admin-portal/orders');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Order number');
  expect(csv).toContain(orders[0]!.number);
  await expect(page.getByRole('status').filter({ hasText: /Exported \d+ order line/ })).toBeVisible();
});

test('a price list is created and priced; a company gets it and a new address', async ({ page }) => {
  await page.goto('/admin-portal/price-lists');
  await page.getByRole('link', { name: 'New price list' }).click();
  await page.getByLabel('Name').fill(`Restaurants ${stamp}`);
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByRole('button', { name: 'Create price list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Restaurants ${stamp}` })).toBeVisible();
  priceListPath = new URL(page.url()).pathname;
  await page.getByLabel('Add products: search by name or SKU').fill('oil');
  const candidate = page.getByRole('list', { name: 'Products to add' }).getByTestId('price-row').first();
  await candidate.getByRole('textbox').fill('41,50');
  await candidate.getByRole('button', { name: /^Add/ }).click();
  const onList = page.getByRole('list', { name: 'Products on this list' }).getByTestId('price-row');
  await expect(onList).toHaveCount(1);
  await expect(onList.getByRole('textbox')).toHaveValue('41.50');

  await page.goto(`/admin-portal/companies/${SEEDED_COMPANY}`);
  await page.getByRole('button', { name: 'Add an address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Label').fill(`Warehouse ${stamp}`);
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByText('Enter the street address.')).toBeVisible();
  await form.getByLabel('Street address').fill('400 rue Saint-Paul');
  await form.getByLabel('City').fill('Montréal');
  await form.getByLabel('Province or state').fill('QC');
  await form.getByLabel('Postal or ZIP code').fill('h2y 1h4');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByTestId('company-address').filter({ hasText: `Warehouse ${stamp}` })).toContainText('H2Y 1H4');
});

for (const [name, path] of [
  ['Orders', () => '/admin-portal/orders'],
  ['an order', () => `/admin-portal/orders/${orders[0]?.id ?? ''}`],
  ['Price Lists', () => '/admin-portal/price-lists'],
  ['a price list', () => priceListPath || '/admin-portal/price-lists'],
  ['a company with ordering', () => `/admin-portal/companies/${SEEDED_COMPANY}`],
  ['Settings with ordering', () => '/admin-portal/settings'],
] as const) {
  test(`${name} fits every width, with nothing for axe to report`, async ({ page }) => {
    test.slow();
    await atEveryWidth(
      page,
      () => page.goto(path()),
      async (width) => {
        await expectAdminPageSettled(page);
        const where = `${name} at ${width} px`;
        await lookAt(page, `admin-orders-${name.replace(/\s+/g, '-').toLowerCase()}-${width}`);
        await expectNoSidewaysScroll(page, where);
        expect(await axeViolations(page), where).toEqual([]);
      },
    );
  });
}
