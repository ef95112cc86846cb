/** Steps the order specs share: the seeded client's cart, its checkout address, an order page's number. */
import type { Page } from '@playwright/test';
import { apiAs } from './accounts.ts';

/** Empties the seeded client's cart through the API, so each run starts from nothing. */
export async function emptyCart(): Promise<void> {
  const client = await apiAs('client');
  const { data, error } = await client.rpc('client_cart');
  if (error) throw new Error(error.message);
  for (const line of data ?? []) {
    const removed = await client.rpc('set_cart_item', { product_id: line.product_id, quantity_cases: 0 });
    if (removed.error) throw new Error(removed.error.message);
  }
}

/** The seeded company has more than one address: the client picks one when none is chosen. */
export async function chooseAddress(page: Page, label: string): Promise<void> {
  const address = page.getByLabel(label);
  if (!(await address.inputValue())) await address.selectOption({ index: 1 });
}

/** The order's number from its page's address. */
export const orderNumberOf = (page: Page) =>
  /\/client\/orders\/(OM-[0-9]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? '';
