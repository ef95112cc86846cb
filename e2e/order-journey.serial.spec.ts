/**
 * An order from both sides, in each language: the seeded client orders from
 * the catalogue; staff confirm it with a quantity changed; the client sees
 * exactly that change on the order's page and in the mail, in the page's
 * language; staff ship it with a tracking number, which the client sees and
 * is mailed; the client orders it again; the dashboard's cards show the new
 * order and new totals. Two browser contexts, the client's and the admin's.
 * Serial: it writes orders and the client's cart.
 */
import type { Browser, Page } from '@playwright/test';
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { orders as en } from '../src/i18n/messages/en/orders.ts';
import { orders as fr } from '../src/i18n/messages/fr/orders.ts';
import { account } from './support/accounts.ts';
import { mailTo } from './support/inbox.ts';
import { chooseAddress, emptyCart, orderNumberOf } from './support/client-orders.ts';
import { expect, test } from './support/fixtures.ts';
import { saveSignedInState, signedInStateFile } from './support/sign-in.ts';

const clientState = signedInStateFile('order-journey-client');
const adminState = signedInStateFile('order-journey-admin');
const stamp = Date.now().toString(36).toUpperCase();

test.use({ cookieConsent: 'declined', storageState: clientState });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await saveSignedInState(browser, 'client', clientState, E2E_SITE_URL);
  await saveSignedInState(browser, 'admin', adminState, E2E_SITE_URL);
});

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: adminState });
  return context.newPage();
}

const LANGUAGES = [
  {
    locale: 'en',
    prefix: '',
    text: en,
    feta: 'PDO Feta in Brine, 2 kg tin',
    search: 'Search by name or SKU',
    confirmedMail: (number: string) => new RegExp(`^Order ${number} confirmed$`),
    shippedMail: (number: string) => new RegExp(`^Order ${number} shipped$`),
  },
  {
    locale: 'fr',
    prefix: '/fr',
    text: fr,
    feta: 'Feta AOP en saumure, bidon de 2 kg',
    search: 'Rechercher par nom ou code',
    confirmedMail: (number: string) => new RegExp(`^Commande ${number} confirmée$`),
    shippedMail: (number: string) => new RegExp(`^Commande ${number} expédiée$`),
  },
] as const;

for (const lang of LANGUAGES) {
  const t = lang.text;

  test(`${lang.locale}: ordered, confirmed with a change, shipped, ordered again, counted on the dashboard`, async ({
    page,
    browser,
  }) => {
    test.slow();
    await emptyCart();
    const po = `J-${lang.locale.toUpperCase()}-${stamp}`;

    // The dashboard's totals before this order.
    await page.goto(`${lang.prefix}/client/dashboard`);
    const totals = page.getByTestId('analytics-totals');
    await expect(totals).toBeVisible();
    const totalsBefore = (await totals.textContent()) ?? '';

    // The client orders 10 cases of feta from the catalogue.
    await page.goto(`${lang.prefix}/client/catalogue`);
    await page.getByLabel(lang.search).fill('CH-0001');
    const feta = page.getByTestId('catalogue-product').filter({ hasText: lang.feta });
    await feta.getByLabel(t.add.quantity(lang.feta)).fill('10');
    await feta.getByRole('button', { name: t.add.addTo(lang.feta) }).click();
    await expect(feta.getByRole('status')).toHaveText(t.add.added(lang.feta, 10));
    await page.goto(`${lang.prefix}/client/orders/cart`);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await chooseAddress(page, t.checkout.address);
    await page.getByLabel(t.checkout.po).fill(po);
    await page.getByRole('button', { name: t.checkout.send }).click();
    await expect(page).toHaveURL(new RegExp(`${lang.prefix}/client/orders/OM-[0-9]+$`));
    const number = orderNumberOf(page);
    await expect(page.getByTestId('order-status')).toHaveText(t.statuses.submitted);

    // Staff find it and confirm it with 12 cases instead of 10.
    const staff = await staffPage(browser);
    await staff.goto('/admin-portal/orders?status=submitted');
    await staff.getByLabel('Search number, PO or company').fill(po);
    const row = staff.getByTestId('order-row').filter({ hasText: number });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: number }).click();
    await expect(staff.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await staff.getByRole('button', { name: 'Confirm order' }).click();
    const confirm = staff.getByRole('dialog');
    await confirm.getByRole('textbox').first().fill('12');
    await expect(confirm.getByTestId('confirm-summary')).toContainText('10 → 12 cases');
    await confirm.getByRole('button', { name: 'Confirm with these changes' }).click();
    await expect(staff.getByTestId('order-status')).toHaveText('Confirmed');

    // The client sees exactly that change, and is mailed it in the page's language.
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(t.statuses.confirmed);
    await expect(page.getByTestId('order-changes')).toHaveText(t.order.changeLine(lang.feta, 10, 12));
    await expect(page.getByTestId('order-line')).toContainText('12');
    const confirmed = await mailTo(account('client').email, lang.confirmedMail(number));
    expect(confirmed.html).toContain(lang.feta);
    expect(confirmed.html).toContain('10 → 12');

    // Staff ship it with a tracking number; the client sees it and is mailed it.
    await staff.getByRole('button', { name: 'Mark shipped' }).click();
    const ship = staff.getByRole('dialog');
    await ship.getByLabel('Carrier').fill('Purolator');
    await ship.getByLabel('Tracking number').fill(`TRK${stamp}${lang.locale}`);
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(staff.getByTestId('order-status')).toHaveText('Shipped');
    await staff.context().close();

    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(t.statuses.shipped);
    await expect(page.getByText(t.order.shippedWith('Purolator', `TRK${stamp}${lang.locale}`))).toBeVisible();
    const shipped = await mailTo(account('client').email, lang.shippedMail(number));
    expect(shipped.html).toContain(`TRK${stamp}${lang.locale}`);

    // Order again: the confirmed quantity goes into the cart, and is sent.
    await page.getByRole('button', { name: t.order.orderAgain }).click();
    await expect(page.getByTestId('order-again-result')).toContainText(t.order.againAdded(1));
    await page.getByRole('link', { name: t.order.goToCart }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line').getByRole('spinbutton')).toHaveValue('12');
    await chooseAddress(page, t.checkout.address);
    await page.getByLabel(t.checkout.po).fill(`${po}-AGAIN`);
    await page.getByRole('button', { name: t.checkout.send }).click();
    await expect(page).toHaveURL(new RegExp(`${lang.prefix}/client/orders/OM-[0-9]+$`));
    const again = orderNumberOf(page);
    expect(again).not.toBe(number);

    // The dashboard: the new order is the last and open, the shipped one open too, the totals moved.
    await page.goto(`${lang.prefix}/client/dashboard`);
    await expect(page.getByTestId('last-order')).toContainText(again);
    await expect(page.getByTestId('open-orders')).toContainText(again);
    await expect(page.getByTestId('open-orders')).toContainText(number);
    await expect(page.getByTestId('analytics-totals')).not.toHaveText(totalsBefore);
  });
}
