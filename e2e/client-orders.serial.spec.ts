/**
 * Ordering in the client portal (docs/decisions/200-cart-in-the-database-shown-as-it-is.md):
 * in English and in French, the seeded client adds the feta from the
 * catalogue at its price, sends the order from the cart (one order, even
 * when the Send button is clicked twice), finds it in the history by its PO
 * number, cancels it, orders it again and sends that; the dashboard's Orders
 * and Analytics cards show the new figures. Then axe and no sideways
 * scrolling at 375, 768 and 1280 px on every ordering screen, with
 * screenshots. Serial: it writes the seeded client's cart and orders.
 */
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { orders as en } from '../src/i18n/messages/en/orders.ts';
import { orders as fr } from '../src/i18n/messages/fr/orders.ts';
import { apiAs } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { chooseAddress, emptyCart, orderNumberOf } from './support/client-orders.ts';
import { expect, test } from './support/fixtures.ts';
import { saveSignedInState, signedInStateFile } from './support/sign-in.ts';
import { atEveryWidth, expectNoSidewaysScroll, lookAt } from './support/widths.ts';

const clientState = signedInStateFile('client-orders');
const stamp = Date.now().toString(36).toUpperCase();

test.use({ cookieConsent: 'declined', storageState: clientState });
test.describe.configure({ mode: 'serial' });

/**
 * The seeded client needs a price list and a confirmed address to order.
 * When the seed gives none, staff (the seeded admin, at aal2) make them
 * through the API as the order desk would: a CAD list pricing every product
 * orderable online, assigned to the client's company, and one confirmed
 * address.
 */
async function ensureClientCanOrder(): Promise<void> {
  const client = await apiAs('client');
  const prices = await client.rpc('client_prices');
  const addresses = await client.from('company_addresses').select('id').eq('status', 'confirmed');
  if ((prices.data ?? []).length > 0 && (addresses.data ?? []).length > 0) return;
  const me = await client.auth.getUser();
  const membership = await client
    .from('company_clients')
    .select('company_id')
    .eq('user_id', me.data.user?.id ?? '')
    .single();
  const company = membership.data?.company_id;
  if (!company) throw new Error('The seeded client has no company.');
  const admin = await apiAs('admin');
  if ((prices.data ?? []).length === 0) {
    const list = await admin
      .from('price_lists')
      .insert({ name: `E2E list ${stamp}`, currency: 'CAD' })
      .select('id')
      .single();
    if (list.error) throw new Error(list.error.message);
    const products = await admin.from('products').select('id').eq('status', 'published').eq('orderable_online', true);
    if (products.error) throw new Error(products.error.message);
    const items = await admin
      .from('price_list_items')
      .insert(
        (products.data ?? []).map((row) => ({ price_list_id: list.data.id, product_id: row.id, case_price: 80 })),
      );
    if (items.error) throw new Error(items.error.message);
    const assigned = await admin.from('companies').update({ price_list_id: list.data.id }).eq('id', company);
    if (assigned.error) throw new Error(assigned.error.message);
  }
  if ((addresses.data ?? []).length === 0) {
    const address = await admin.from('company_addresses').insert({
      company_id: company,
      label: 'Store',
      line1: '120 Rue Saint-Paul Ouest',
      city: 'Montréal',
      region: 'QC',
      postal_code: 'H2Y 1Z3',
      country: 'CA',
      status: 'confirmed',
    });
    if (address.error) throw new Error(address.error.message);
  }
}

test.beforeAll(async ({ browser }) => {
  await ensureClientCanOrder();
  await saveSignedInState(browser, 'client', clientState, E2E_SITE_URL);
});

const LANGUAGES = [
  { locale: 'en', prefix: '', text: en, feta: 'PDO Feta in Brine, 2 kg tin', search: 'Search by name or SKU' },
  {
    locale: 'fr',
    prefix: '/fr',
    text: fr,
    feta: 'Feta AOP en saumure, bidon de 2 kg',
    search: 'Rechercher par nom ou code',
  },
] as const;

let lastOrder = '';

for (const lang of LANGUAGES) {
  const t = lang.text;

  test(`${lang.locale}: orders from the catalogue, finds the order, cancels it, orders again`, async ({ page }) => {
    await emptyCart();
    const po = `E2E-${lang.locale.toUpperCase()}-${stamp}`;

    // The catalogue: the client's case price, then 10 cases of the feta into the order.
    await page.goto(`${lang.prefix}/client/catalogue`);
    await page.getByLabel(lang.search).fill('CH-0001');
    const feta = page.getByTestId('catalogue-product').filter({ hasText: lang.feta });
    await expect(feta.getByTestId('case-price')).toContainText(t.price.perCase('').trim());
    await feta.getByLabel(t.add.quantity(lang.feta)).fill('10');
    await feta.getByRole('button', { name: t.add.addTo(lang.feta) }).click();
    await expect(feta.getByRole('status')).toHaveText(t.add.added(lang.feta, 10));

    // The cart: the line, the subtotal, taxes on the invoice; then checkout.
    await page.goto(`${lang.prefix}/client/orders/cart`);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByText(t.cart.taxes)).toBeVisible();
    await expect(page.getByTestId('below-minimum')).toHaveCount(0);
    await chooseAddress(page, t.checkout.address);
    await expect(page.getByLabel(t.checkout.date)).not.toHaveValue('');
    await page.getByLabel(t.checkout.po).fill(po);
    await page.getByLabel(t.checkout.notes).fill('E2E');
    // Two clicks: one order (the button is disabled while sending; the key would make the second the same order).
    const send = page.getByRole('button', { name: t.checkout.send });
    await send.dblclick();
    await expect(page).toHaveURL(new RegExp(`${lang.prefix}/client/orders/OM-[0-9]+$`));
    const number = orderNumberOf(page);
    await expect(page.getByRole('status').filter({ hasText: t.checkout.sent(number) })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText(t.statuses.submitted);
    await expect(page.getByTestId('order-line')).toHaveCount(1);

    // The history finds it by its PO number, once.
    await page.goto(`${lang.prefix}/client/orders`);
    await page.getByLabel(t.history.search).fill(po);
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expect(page.getByTestId('order-row')).toContainText(number);
    await page.getByRole('link', { name: number }).click();

    // Cancel while submitted.
    await page.getByRole('button', { name: t.order.cancel }).click();
    const dialog = page.getByRole('dialog', { name: t.order.cancelTitle });
    await dialog.getByLabel(t.order.cancelReason).fill('E2E');
    await dialog.getByRole('button', { name: t.order.cancelConfirm }).click();
    await expect(page.getByTestId('order-status')).toHaveText(t.statuses.cancelled);
    await expect(page.getByRole('button', { name: t.order.cancel })).toHaveCount(0);

    // Order again: into the cart, then sent.
    await page.getByRole('button', { name: t.order.orderAgain }).click();
    await expect(page.getByTestId('order-again-result')).toContainText(t.order.againAdded(1));
    await page.getByRole('link', { name: t.order.goToCart }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText(lang.feta);
    await chooseAddress(page, t.checkout.address);
    await page.getByLabel(t.checkout.po).fill(`${po}-B`);
    await page.getByRole('button', { name: t.checkout.send }).click();
    await expect(page).toHaveURL(new RegExp(`${lang.prefix}/client/orders/OM-[0-9]+$`));
    lastOrder = orderNumberOf(page);
    expect(lastOrder).not.toBe(number);

    // Exactly one order per send: the PO numbers each find one.
    const client = await apiAs('client');
    const sent = await client.from('orders').select('number, status').like('po_number', `${po}%`);
    expect(sent.error).toBeNull();
    expect((sent.data ?? []).map((row) => row.status).sort()).toEqual(['cancelled', 'submitted']);

    // The dashboard's cards show it.
    await page.goto(`${lang.prefix}/client/dashboard`);
    await expect(page.getByTestId('last-order')).toContainText(lastOrder);
    await expect(page.getByTestId('open-orders')).toContainText(lastOrder);
    await expect(page.getByTestId('analytics-totals')).toBeVisible();
    await expect(page.getByRole('table', { name: t.dashboard.perMonth })).toBeVisible();
  });
}

for (const prefix of ['', '/fr']) {
  const pages = [
    { path: `${prefix}/client/orders`, ready: 'order-row' },
    { path: `${prefix}/client/orders/new`, ready: 'cart-summary' },
    { path: `${prefix}/client/orders/cart`, ready: 'cart-line' },
    { path: 'order', ready: 'order-line' },
    { path: `${prefix}/client/dashboard`, ready: 'analytics-card' },
  ];
  for (const { path, ready } of pages) {
    const label = path === 'order' ? `${prefix}/client/orders/<number>` : path;
    test(`axe finds nothing and nothing scrolls sideways on ${label}, at every width`, async ({ page }) => {
      // axe over the whole catalogue (hundreds of products), three times, takes its time on a busy machine.
      test.slow();
      if (ready === 'cart-line') {
        await emptyCart();
        const client = await apiAs('client');
        const prices = await client.rpc('client_prices');
        const first = prices.data?.[0];
        if (!first) throw new Error('The seeded client has no prices.');
        const products = await client.from('products').select('min_order_cases').eq('id', first.product_id).single();
        await client.rpc('set_cart_item', {
          product_id: first.product_id,
          quantity_cases: products.data?.min_order_cases ?? 1,
        });
      }
      let target = path;
      if (path === 'order') {
        const client = await apiAs('client');
        const latest = await client
          .from('orders')
          .select('number')
          .order('submitted_at', { ascending: false })
          .limit(1);
        target = `${prefix}/client/orders/${latest.data?.[0]?.number ?? lastOrder}`;
      }
      await atEveryWidth(
        page,
        () => page.goto(target),
        async (width) => {
          await expect(page.getByTestId(ready).first()).toBeVisible();
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          expect(await axeViolations(page), `${label} at ${width} px`).toEqual([]);
          await expectNoSidewaysScroll(page);
          if (width !== VIEWPORTS.tablet.width) {
            const file = target
              .replace(/^\//, '')
              .replace(/[/]/g, '-')
              .replace(/OM-[0-9]+/, 'order');
            await lookAt(page, `client-orders-${file}-${width}`, { fullPage: ready !== 'cart-summary' });
          }
        },
      );
    });
  }
}
