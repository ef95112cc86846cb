/**
 * Orders (docs/decisions/195-price-lists-and-the-cart-in-the-database.md,
 * docs/decisions/196-order-totals-idempotency-and-transitions.md), through
 * supabase-js as every kind of caller: who reads which rows of the order
 * tables, who may write them (each refusal checked to have changed nothing),
 * and the rules the functions keep: totals from the price list whatever is
 * sent, one order per idempotency key, a price change reported before the
 * send, statuses only forward, a stale version refused, order again, and the
 * mails queued in the order's language.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PORTAL_ACTORS,
  SEEDED_COMPANY_A,
  ok,
  setUpPortalActors,
  startTestBackend,
  type Client,
  type PortalActor,
  type PortalActors,
  type TestBackend,
} from './helpers.ts';

const CAD_LIST = '00000000-0000-4000-8000-0000000f1001';
const USD_LIST = '00000000-0000-4000-8000-0000000f1002';
const ADDRESS_A = '00000000-0000-4000-8000-0000000ad001';
const COMPANY_B = randomUUID();
const ADDRESS_B = randomUUID();

let backend: TestBackend;
let service: Client;
let actors: PortalActors;
const as = (actor: PortalActor): Client => actors.as(actor);

interface Priced {
  product_id: string;
  case_price: number;
  min: number;
}
let cadProducts: Priced[];

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const rows = await backend.db.query<T>(sql, params);
  return rows[0] as T;
}

/** Error key of a refused RPC (its message), or null. */
function refusal(result: { error: { message: string; code?: string } | null }): string | null {
  return result.error ? result.error.message : null;
}

async function fillCart(client: Client, products: Priced[], extra = 0): Promise<void> {
  for (const product of products)
    ok(
      await client.rpc('set_cart_item', { product_id: product.product_id, quantity_cases: product.min + extra }),
      'set_cart_item',
    );
}

async function earliest(client: Client): Promise<string> {
  return ok(await client.rpc('earliest_delivery_date'), 'earliest_delivery_date') as string;
}

/** Enough CAD products for an order above the CAD minimum. */
function bigBasket(): Priced[] {
  return cadProducts.slice(0, 6);
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.serviceClient();
  actors = await setUpPortalActors(backend, COMPANY_B);
  ok(await service.from('companies').update({ price_list_id: USD_LIST }).eq('id', COMPANY_B), 'list B');
  ok(
    await service.from('company_addresses').insert({
      id: ADDRESS_B,
      company_id: COMPANY_B,
      label: 'Boston dock',
      line1: '1 Harbor Street',
      city: 'Boston',
      region: 'MA',
      postal_code: '02110',
      country: 'US',
    }),
    'address B',
  );
  cadProducts = await backend.db.query<Priced>(
    `select i.product_id, i.case_price::float8 as case_price, p.min_order_cases as min
     from public.price_list_items i join public.products p on p.id = i.product_id
     where i.price_list_id = $1 order by i.case_price desc`,
    [CAD_LIST],
  );
}, 600_000);

afterAll(async () => {
  await backend?.stop();
});

describe('the seed', () => {
  it('has both lists, addresses, holidays, minimums and past orders in every status', async () => {
    expect(cadProducts.length).toBeGreaterThan(10);
    const statuses = await backend.db.query<{ status: string }>(
      `select distinct status::text as status from public.orders where company_id = $1 order by 1`,
      [SEEDED_COMPANY_A],
    );
    expect(statuses.map((row) => row.status)).toEqual(['cancelled', 'confirmed', 'delivered', 'shipped', 'submitted']);
    const months = await one<{ n: number }>(
      `select count(distinct date_trunc('month', submitted_at))::int as n from public.orders where company_id = $1`,
      [SEEDED_COMPANY_A],
    );
    expect(months.n).toBeGreaterThanOrEqual(8);
    const settings = await backend.db.query<{ currency: string; minimum: number }>(
      `select currency, minimum_order_value::float8 as minimum from public.order_settings order by 1`,
    );
    expect(settings).toEqual([
      { currency: 'CAD', minimum: 500 },
      { currency: 'USD', minimum: 400 },
    ]);
  });

  it("gives the seeded client's Analytics and Orders cards something to show", async () => {
    const analytics = ok(await as('clientA').rpc('client_order_analytics', { months: 12 }), 'analytics') as {
      currency: string;
      months: { month: string; cases: number; spend: number }[];
      categories: unknown[];
      top_products: unknown[];
    };
    expect(analytics.currency).toBe('CAD');
    expect(analytics.months).toHaveLength(12);
    expect(analytics.months.filter((month) => month.spend > 0).length).toBeGreaterThanOrEqual(8);
    expect(analytics.categories.length).toBeGreaterThan(1);
    expect(analytics.top_products).toHaveLength(5);
    const summary = ok(await as('clientA').rpc('client_order_summary'), 'summary') as {
      open: { status: string }[];
      last: { number: string } | null;
    };
    expect(summary.open.map((order) => order.status).sort()).toEqual(['confirmed', 'shipped', 'submitted']);
    expect(summary.last?.number).toMatch(/^OM-\d{6}$/);
  });
});

describe('who reads what', () => {
  const TABLES = [
    'cart_items',
    'orders',
    'order_lines',
    'order_events',
    'order_notes',
    'price_lists',
    'price_list_items',
    'company_addresses',
  ] as const;

  it('sees exactly its rows of each table, as each kind of caller', async () => {
    // Client B places an order, staff note it, each client has a cart line.
    const b = as('clientB');
    const usd = await backend.db.query<{ product_id: string; min: number }>(
      `select i.product_id, p.min_order_cases as min from public.price_list_items i
       join public.products p on p.id = i.product_id where i.price_list_id = $1 order by i.case_price desc limit 5`,
      [USD_LIST],
    );
    for (const product of usd)
      ok(await b.rpc('set_cart_item', { product_id: product.product_id, quantity_cases: product.min + 3 }), 'cart B');
    const orderB = ok(
      await b.rpc('submit_order', {
        idempotency_key: randomUUID(),
        address_id: ADDRESS_B,
        requested_date: await earliest(b),
      }),
      'submit B',
    ) as { id: string };
    ok(await as('admin').rpc('add_order_note', { order_id: orderB.id, body: 'Call before delivery.' }), 'note');
    ok(await b.rpc('set_cart_item', { product_id: usd[0]!.product_id, quantity_cases: usd[0]!.min }), 'cart B again');
    const cartA = cadProducts[0]!;
    ok(await as('clientA').rpc('set_cart_item', { product_id: cartA.product_id, quantity_cases: cartA.min }), 'cart A');

    const count = async (sql: string) => (await one<{ n: number }>(`select count(*)::int as n from ${sql}`)).n;
    const all: Record<(typeof TABLES)[number], number> = {
      cart_items: await count('public.cart_items'),
      orders: await count('public.orders'),
      order_lines: await count('public.order_lines'),
      order_events: await count('public.order_events'),
      order_notes: await count('public.order_notes'),
      price_lists: await count('public.price_lists'),
      price_list_items: await count('public.price_list_items'),
      company_addresses: await count('public.company_addresses'),
    };
    const of = async (company: string) => ({
      orders: await count(`public.orders where company_id = '${company}'`),
      order_lines: await count(
        `public.order_lines l join public.orders o on o.id = l.order_id where o.company_id = '${company}'`,
      ),
      order_events: await count(
        `public.order_events e join public.orders o on o.id = e.order_id where o.company_id = '${company}'`,
      ),
      company_addresses: await count(
        `public.company_addresses where company_id = '${company}' and status = 'confirmed'`,
      ),
    });
    const a = await of(SEEDED_COMPANY_A);
    const bRows = await of(COMPANY_B);
    expect(a.orders).toBeGreaterThan(10);
    expect(bRows.orders).toBe(1);
    const none = { orders: 0, order_lines: 0, order_events: 0, company_addresses: 0 };
    const expected: Record<PortalActor, Record<(typeof TABLES)[number], number | 'denied'>> = {
      anon: Object.fromEntries(TABLES.map((table) => [table, 'denied'])) as never,
      member: { cart_items: 0, order_notes: 0, price_lists: 0, price_list_items: 0, ...none },
      requester: { cart_items: 0, order_notes: 0, price_lists: 0, price_list_items: 0, ...none },
      clientA: { cart_items: 1, order_notes: 0, price_lists: 0, price_list_items: 0, ...a },
      clientB: { cart_items: 1, order_notes: 0, price_lists: 0, price_list_items: 0, ...bRows },
      revoked: { cart_items: 0, order_notes: 0, price_lists: 0, price_list_items: 0, ...none },
      adminAal1: { cart_items: 0, order_notes: 0, price_lists: 0, price_list_items: 0, ...none },
      admin: { ...all, cart_items: 0 },
    };
    const seen: Record<string, Record<string, number | string>> = {};
    for (const actor of PORTAL_ACTORS) {
      seen[actor] = {};
      for (const table of TABLES) {
        const result = await as(actor).from(table).select('*', { count: 'exact', head: true });
        // A head request has no body: anon's refusal is its 401, a signed-in one's its 403.
        const refused = result.status === 401 || result.status === 403 || result.error?.code === '42501';
        seen[actor][table] = refused ? 'denied' : result.error ? result.error.message : result.count!;
      }
    }
    expect(seen).toEqual(expected);
  });

  it('refuses every direct write but staff’s to their tables, and the refusals change nothing', async () => {
    const digest = async () =>
      JSON.stringify(
        await backend.db.query(
          `select (select count(*) from public.orders) o, (select string_agg(id::text || status::text || version, ',' order by id) from public.orders) s,
                  (select count(*) from public.order_lines) l, (select count(*) from public.cart_items) c,
                  (select count(*) from public.price_lists) p, (select count(*) from public.company_addresses) a,
                  (select count(*) from public.order_notes) n`,
        ),
      );
    const someOrder = await one<{ id: string }>(`select id from public.orders where company_id = $1 limit 1`, [
      SEEDED_COMPANY_A,
    ]);
    const before = await digest();
    const refused: Record<string, Record<string, string>> = {};
    for (const actor of PORTAL_ACTORS) {
      const client = as(actor);
      const code = (result: { error: { code?: string } | null; count?: number | null }) =>
        result.error ? (result.error.code ?? 'error') : `rows:${result.count ?? 0}`;
      refused[actor] = {
        insertOrder: code(
          await client.from('orders').insert({
            company_id: SEEDED_COMPANY_A,
            idempotency_key: randomUUID(),
            currency: 'CAD',
            subtotal: 1,
            line_count: 0,
            address: {},
            requested_date: '2030-01-02',
            language: 'en',
            number: 'OM-999999',
          } as never),
        ),
        updateOrder: code(
          await client
            .from('orders')
            .update({ status: 'delivered' } as never, { count: 'exact' })
            .eq('id', someOrder.id),
        ),
        insertCart: code(
          await client.from('cart_items').insert({
            user_id: '00000000-0000-4000-8000-00000000c001',
            product_id: cadProducts[0]!.product_id,
            quantity_cases: 1,
          } as never),
        ),
        addressOfA: code(
          await client.from('company_addresses').update({ label: 'Hacked' }, { count: 'exact' }).eq('id', ADDRESS_A),
        ),
      };
    }
    for (const actor of PORTAL_ACTORS) {
      expect(refused[actor]!.insertOrder, actor).toBe('42501');
      expect(refused[actor]!.updateOrder, actor).toBe('42501');
      expect(refused[actor]!.insertCart, actor).toBe('42501');
    }
    // Addresses: only staff at aal2 change one; others see no row to change (or have no grant).
    expect(Object.fromEntries(PORTAL_ACTORS.map((actor) => [actor, refused[actor]!.addressOfA]))).toEqual({
      anon: '42501',
      member: 'rows:0',
      requester: 'rows:0',
      clientA: 'rows:0',
      clientB: 'rows:0',
      revoked: 'rows:0',
      adminAal1: 'rows:0',
      admin: 'rows:1',
    });
    ok(
      await as('admin').from('company_addresses').update({ label: 'Épicerie — rue Saint-Denis' }).eq('id', ADDRESS_A),
      'undo',
    );
    expect(await digest()).toBe(before);
  });

  it('lets only an active client call the client functions, and only staff the staff ones', async () => {
    for (const actor of ['anon', 'member', 'requester', 'revoked', 'adminAal1', 'admin'] as const) {
      const result = await as(actor).rpc('client_prices');
      expect(result.error?.code, actor).toBe('42501');
    }
    const order = await one<{ id: string; version: number }>(
      `select id, version from public.orders where company_id = $1 and status = 'submitted' limit 1`,
      [SEEDED_COMPANY_A],
    );
    for (const actor of ['anon', 'member', 'clientA', 'clientB', 'revoked', 'adminAal1'] as const) {
      const result = await as(actor).rpc('deliver_order', { order_id: order.id, expected_version: order.version });
      expect(result.error?.code, actor).toBe('42501');
    }
    const after = await one<{ status: string; version: number }>(
      `select status, version from public.orders where id = $1`,
      [order.id],
    );
    expect(after).toEqual({ status: 'submitted', version: order.version });
  });

  it('shows a client its list’s prices only', async () => {
    const pricesA = ok(await as('clientA').rpc('client_prices'), 'A') as { currency: string }[];
    const pricesB = ok(await as('clientB').rpc('client_prices'), 'B') as { currency: string }[];
    expect(new Set(pricesA.map((row) => row.currency))).toEqual(new Set(['CAD']));
    expect(new Set(pricesB.map((row) => row.currency))).toEqual(new Set(['USD']));
    expect(pricesA).toHaveLength(cadProducts.length);
  });
});

describe('sending an order', () => {
  it('takes totals from the price list whatever the browser sends, and one key makes one order', async () => {
    const client = await actors.newClient('orders-total', SEEDED_COMPANY_A);
    const basket = bigBasket();
    await fillCart(client.client, basket, 2);
    const key = randomUUID();
    const args = {
      idempotency_key: key,
      address_id: ADDRESS_A,
      requested_date: await earliest(client.client),
      po_number: 'PO-77',
      language: 'fr',
      // What a tampering browser might add: ignored (PostgREST refuses unknown arguments).
    };
    const [first, second] = await Promise.all([
      client.client.rpc('submit_order', args),
      client.client.rpc('submit_order', args),
    ]);
    const a = ok(first, 'first') as { id: string; subtotal: number; number: string };
    const b = ok(second, 'second') as { id: string };
    expect(b.id).toBe(a.id);
    const expected = basket.reduce((sum, product) => sum + (product.min + 2) * product.case_price, 0);
    expect(Number(a.subtotal)).toBeCloseTo(expected, 2);
    const count = await one<{ n: number }>(`select count(*)::int as n from public.orders where placed_by = $1`, [
      client.id,
    ]);
    expect(count.n).toBe(1);
    const cart = ok(await client.client.rpc('client_cart'), 'cart') as unknown[];
    expect(cart).toEqual([]);
    // The same key later: the same order, not a refusal for the empty cart.
    const again = ok(await client.client.rpc('submit_order', args), 'again') as { id: string };
    expect(again.id).toBe(a.id);
    // A price list change never changes an order already sent.
    await backend.db.query(`update public.price_list_items set case_price = case_price + 1 where price_list_id = $1`, [
      CAD_LIST,
    ]);
    const stored = await one<{ subtotal: number }>(
      `select subtotal::float8 as subtotal from public.orders where id = $1`,
      [a.id],
    );
    expect(stored.subtotal).toBeCloseTo(expected, 2);
    await backend.db.query(`update public.price_list_items set case_price = case_price - 1 where price_list_id = $1`, [
      CAD_LIST,
    ]);
    expect(await client.client.rpc('po_number_in_use', { po_number: 'po-77' })).toMatchObject({ data: true });
    expect(await as('clientB').rpc('po_number_in_use', { po_number: 'PO-77' })).toMatchObject({ data: false });
    // The mail: in the order's language, to the client who placed it.
    const mail = await one<{ template: string; language: string; to_address: string }>(
      `select template, language, to_address from private.email_outbox where payload ->> 'order_number' = $1`,
      [a.number],
    );
    expect(mail).toEqual({ template: 'order_received', language: 'fr', to_address: client.email });
  });

  it('reports a price change between cart and send, and sends once the client accepts it', async () => {
    const client = await actors.newClient('orders-price', SEEDED_COMPANY_A);
    const basket = bigBasket();
    await fillCart(client.client, basket, 1);
    const changed = basket[0]!;
    await backend.db.query(
      `update public.price_list_items set case_price = case_price + 5 where price_list_id = $1 and product_id = $2`,
      [CAD_LIST, changed.product_id],
    );
    try {
      const args = {
        idempotency_key: randomUUID(),
        address_id: ADDRESS_A,
        requested_date: await earliest(client.client),
      };
      const refused = await client.client.rpc('submit_order', args);
      expect(refusal(refused)).toBe('prices_changed');
      const detail = JSON.parse(refused.error!.details) as { products: { product_id: string }[] };
      expect(detail.products.map((row) => row.product_id)).toEqual([changed.product_id]);
      const cart = ok(await client.client.rpc('client_cart'), 'cart') as {
        product_id: string;
        price_changed: boolean;
      }[];
      expect(cart.filter((line) => line.price_changed).map((line) => line.product_id)).toEqual([changed.product_id]);
      ok(await client.client.rpc('accept_cart_prices'), 'accept');
      const sent = ok(await client.client.rpc('submit_order', args), 'send') as { subtotal: number };
      const expected =
        basket.reduce((sum, product) => sum + (product.min + 1) * product.case_price, 0) + (changed.min + 1) * 5;
      expect(Number(sent.subtotal)).toBeCloseTo(expected, 2);
    } finally {
      await backend.db.query(
        `update public.price_list_items set case_price = case_price - 5 where price_list_id = $1 and product_id = $2`,
        [CAD_LIST, changed.product_id],
      );
    }
  });

  it('refuses quantities outside the product’s limits, an order below the minimum, a bad address or date', async () => {
    const client = await actors.newClient('orders-rules', SEEDED_COMPANY_A);
    const cheapest = cadProducts[cadProducts.length - 1]!;
    expect(
      refusal(await client.client.rpc('set_cart_item', { product_id: cheapest.product_id, quantity_cases: -1 })),
    ).toBe('quantity_invalid');
    if (cheapest.min > 1)
      expect(
        refusal(
          await client.client.rpc('set_cart_item', {
            product_id: cheapest.product_id,
            quantity_cases: cheapest.min - 1,
          }),
        ),
      ).toBe('quantity_below_minimum');
    expect(
      refusal(await client.client.rpc('set_cart_item', { product_id: cheapest.product_id, quantity_cases: 10000 })),
    ).toBe('quantity_too_large');
    const wine = await one<{ id: string; not_orderable_reason: string }>(
      `select id, not_orderable_reason from public.products where not orderable_online and status = 'published' limit 1`,
    );
    const wineRefusal = await client.client.rpc('set_cart_item', { product_id: wine.id, quantity_cases: 5 });
    expect(refusal(wineRefusal)).toBe('product_unavailable');
    expect(JSON.parse(wineRefusal.error!.details)).toMatchObject({ reason: wine.not_orderable_reason });
    const cartEmpty = await client.client.rpc('submit_order', {
      idempotency_key: randomUUID(),
      address_id: ADDRESS_A,
      requested_date: '2030-01-02',
    });
    expect(refusal(cartEmpty)).toBe('cart_empty');

    ok(
      await client.client.rpc('set_cart_item', { product_id: cheapest.product_id, quantity_cases: cheapest.min }),
      'cart',
    );
    let date = await earliest(client.client);
    const below = await client.client.rpc('submit_order', {
      idempotency_key: randomUUID(),
      address_id: ADDRESS_A,
      requested_date: date,
    });
    expect(refusal(below)).toBe('below_minimum');
    expect(JSON.parse(below.error!.details)).toMatchObject({ minimum: 500, currency: 'CAD' });

    await fillCart(client.client, bigBasket(), 1);
    date = await earliest(client.client);
    const send = (address: string, day: string) =>
      client.client.rpc('submit_order', { idempotency_key: randomUUID(), address_id: address, requested_date: day });
    expect(refusal(await send(ADDRESS_B, date))).toBe('address_unknown');
    const early = await send(ADDRESS_A, new Date().toISOString().slice(0, 10));
    expect(refusal(early)).toBe('date_too_early');
    expect(JSON.parse(early.error!.details)).toEqual({ earliest: date });
    // The first Saturday after the earliest day.
    const saturday = new Date(`${date}T12:00:00Z`);
    while (saturday.getUTCDay() !== 6) saturday.setUTCDate(saturday.getUTCDate() + 1);
    expect(refusal(await send(ADDRESS_A, saturday.toISOString().slice(0, 10)))).toBe('not_business_day');
    expect(await backend.db.query(`select 1 from public.orders where placed_by = $1`, [client.id])).toEqual([]);
  });
});

describe('moving an order', () => {
  async function placeOrder(): Promise<{ client: Client; id: string; email: string }> {
    const made = await actors.newClient('orders-move', SEEDED_COMPANY_A);
    await fillCart(made.client, bigBasket(), 1);
    const order = ok(
      await made.client.rpc('submit_order', {
        idempotency_key: randomUUID(),
        address_id: ADDRESS_A,
        requested_date: await earliest(made.client),
        language: 'fr',
      }),
      'submit',
    ) as { id: string };
    return { client: made.client, id: order.id, email: made.email };
  }

  it('moves only forward, refuses a stale version, and lets a client cancel only before confirmation', async () => {
    const { client, id, email } = await placeOrder();
    const admin = as('admin');
    expect(
      refusal(
        await admin.rpc('ship_order', { order_id: id, expected_version: 1, carrier: 'UPS', tracking_number: '1Z' }),
      ),
    ).toBe('invalid_transition');
    expect(refusal(await admin.rpc('deliver_order', { order_id: id, expected_version: 1 }))).toBe('invalid_transition');
    const basket = bigBasket();
    const lines = [
      { product_id: basket[0]!.product_id, quantity_cases: basket[0]!.min + 4 },
      ...basket.slice(2).map((product) => ({ product_id: product.product_id, quantity_cases: product.min + 1 })),
    ];
    const confirmed = ok(
      await admin.rpc('confirm_order', { order_id: id, expected_version: 1, lines, message: 'Stock limité' }),
      'confirm',
    ) as { version: number; status: string };
    expect(confirmed).toMatchObject({ status: 'confirmed', version: 2 });
    expect(refusal(await admin.rpc('confirm_order', { order_id: id, expected_version: 1 }))).toBe('order_changed');
    expect(refusal(await client.rpc('cancel_order', { order_id: id, reason: 'Trop tard' }))).toBe('invalid_transition');
    const event = await one<{ detail: { changes: { from_quantity: number; to_quantity: number }[] } }>(
      `select detail from public.order_events where order_id = $1 and kind = 'confirmed'`,
      [id],
    );
    expect(event.detail.changes.map((change) => [change.from_quantity, change.to_quantity])).toEqual([
      [basket[0]!.min + 1, basket[0]!.min + 4],
      [basket[1]!.min + 1, 0],
    ]);
    const { data: timeline } = await client.from('order_events').select('kind').eq('order_id', id).order('created_at');
    expect(timeline?.map((row) => row.kind)).toEqual(['submitted', 'confirmed']);
    ok(
      await admin.rpc('ship_order', {
        order_id: id,
        expected_version: 2,
        carrier: 'Purolator',
        tracking_number: 'PUR123',
      }),
      'ship',
    );
    ok(await admin.rpc('deliver_order', { order_id: id, expected_version: 3 }), 'deliver');
    expect(refusal(await admin.rpc('staff_cancel_order', { order_id: id, expected_version: 4, reason: 'x' }))).toBe(
      'invalid_transition',
    );
    const mails = await backend.db.query<{ template: string; language: string; changes: string | null }>(
      `select template, language, payload ->> 'changes' as changes from private.email_outbox where to_address = $1 order by created_at`,
      [email],
    );
    expect(mails.map((mail) => [mail.template, mail.language])).toEqual([
      ['order_received', 'fr'],
      ['order_confirmed', 'fr'],
      ['order_shipped', 'fr'],
    ]);
    expect(mails[1]!.changes).toContain('retiré');
    // Clients never see the notes.
    ok(await admin.rpc('add_order_note', { order_id: id, body: 'Note interne' }), 'note');
    const notes = await client.from('order_notes').select('*').eq('order_id', id);
    expect(notes.data).toEqual([]);
  });

  it('a client cancels a submitted order; order again marks what is no longer available', async () => {
    const { client, id } = await placeOrder();
    ok(await client.rpc('cancel_order', { order_id: id, reason: 'Erreur' }), 'cancel');
    const state = await one<{ status: string }>(`select status::text from public.orders where id = $1`, [id]);
    expect(state.status).toBe('cancelled');
    const line = await one<{ product_id: string }>(
      `select product_id from public.order_lines where order_id = $1 order by position limit 1`,
      [id],
    );
    await backend.db.query(`delete from public.price_list_items where price_list_id = $1 and product_id = $2`, [
      CAD_LIST,
      line.product_id,
    ]);
    const again = ok(await client.rpc('order_again', { order_id: id }), 'again') as {
      product_id: string;
      added: boolean;
      reason: string | null;
    }[];
    expect(again.filter((row) => !row.added)).toEqual([
      { product_id: line.product_id, added: false, reason: 'not_on_price_list' },
    ]);
    const cart = ok(await client.rpc('client_cart'), 'cart') as unknown[];
    expect(cart).toHaveLength(again.length - 1);
    expect(refusal(await as('clientB').rpc('order_again', { order_id: id }))).toBe('order_not_found');
  });
});
