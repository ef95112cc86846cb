/**
 * The ordering RPCs and tables as the Data API answers a client, for the
 * portal's component tests: a small in-memory cart and order book that
 * behaves as the contract says (set_cart_item replaces a line, 0 removes it;
 * submit_order with a key already used answers the same order and makes no
 * second one; cancel_order only while submitted). Tests read `state` to see
 * what the page sent, and `fail` to make the next call of an RPC fail.
 */
import type { FakeCall, FakeResponse } from './fake-supabase';

export const FETA = '00000000-0000-4000-8000-0000000b0025';
export const OIL = '00000000-0000-4000-8000-0000000b0001';
export const ADDRESS = '00000000-0000-4000-8000-00000000ad01';
export const PROPOSED = '00000000-0000-4000-8000-00000000ad02';
export const ORDER_ID = '00000000-0000-4000-8000-0000000a0001';

export type CartRow = {
  product_id: string;
  sku: string;
  name_en: string;
  name_fr: string;
  category_slug: string;
  quantity_cases: number;
  min_cases: number;
  lead_time_days: number;
  case_price: number | null;
  price_seen: number | null;
  price_changed: boolean;
  available: boolean;
  unavailable_reason: string | null;
  line_total: number | null;
};

const PRODUCTS: Record<string, Omit<CartRow, 'quantity_cases' | 'price_seen' | 'price_changed' | 'line_total'>> = {
  [FETA]: {
    product_id: FETA,
    sku: 'CH-0001',
    name_en: 'PDO Feta in Brine, 2 kg tin',
    name_fr: 'Feta AOP en saumure, bidon de 2 kg',
    category_slug: 'cheeses',
    min_cases: 2,
    lead_time_days: 10,
    case_price: 96.5,
    available: true,
    unavailable_reason: null,
  },
  [OIL]: {
    product_id: OIL,
    sku: 'OO-0001',
    name_en: 'Koroneiki Extra Virgin Olive Oil, 5 L tin',
    name_fr: 'Huile d’olive extra vierge Koroneiki, bidon de 5 L',
    category_slug: 'olive-oils',
    min_cases: 1,
    lead_time_days: 5,
    case_price: 120,
    available: true,
    unavailable_reason: null,
  },
};

export type OrderRow = {
  id: string;
  number: string;
  status: string;
  currency: string;
  subtotal: number;
  line_count: number;
  requested_date: string;
  po_number: string | null;
  submitted_at: string;
  address: Record<string, string | null>;
  notes: string | null;
  language: string;
  carrier: string | null;
  tracking_number: string | null;
  cancel_reason: string | null;
  version: number;
};

export type OrdersBackend = {
  cart: Map<string, { quantity: number; priceSeen: number }>;
  /** Today's price per product (a change makes price_changed true). */
  prices: Map<string, number>;
  orders: OrderRow[];
  lines: Record<string, unknown[]>;
  events: Record<string, unknown[]>;
  /** Keys already used, with the order each made. */
  keys: Map<string, string>;
  submits: Array<Record<string, unknown>>;
  /** The next call of these RPCs answers this error (and is forgotten). */
  fail: Map<string, FakeResponse>;
  poInUse: Set<string>;
  earliest: string;
  minimum: number;
  calls: FakeCall[];
};

export function createOrdersBackend(): OrdersBackend {
  return {
    cart: new Map(),
    prices: new Map([
      [FETA, 96.5],
      [OIL, 120],
    ]),
    orders: [],
    lines: {},
    events: {},
    keys: new Map(),
    submits: [],
    fail: new Map(),
    poInUse: new Set(['PO-USED']),
    earliest: '2026-12-14',
    minimum: 250,
    calls: [],
  };
}

function cartRows(backend: OrdersBackend): CartRow[] {
  return [...backend.cart.entries()].map(([id, line]) => {
    const product = PRODUCTS[id];
    if (!product) throw new Error(`unknown product ${id}`);
    const price = backend.prices.get(id) ?? null;
    return {
      ...product,
      case_price: price,
      quantity_cases: line.quantity,
      price_seen: line.priceSeen,
      price_changed: price !== null && price !== line.priceSeen,
      available: price !== null,
      unavailable_reason: price === null ? 'not_on_price_list' : null,
      line_total: price === null ? null : Math.round(price * line.quantity * 100) / 100,
    };
  });
}

export function orderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: ORDER_ID,
    number: 'OM-000101',
    status: 'submitted',
    currency: 'CAD',
    subtotal: 313,
    line_count: 2,
    requested_date: '2026-12-15',
    po_number: 'PO-7781',
    submitted_at: '2026-11-28T15:00:00Z',
    address: {
      label: 'Store',
      line1: '120 Rue Saint-Paul',
      line2: null,
      city: 'Montréal',
      region: 'QC',
      postal_code: 'H2Y 1Z3',
      country: 'CA',
    },
    notes: 'Dock at the back',
    language: 'en',
    carrier: null,
    tracking_number: null,
    cancel_reason: null,
    version: 1,
    ...overrides,
  };
}

const ok = (data: unknown): FakeResponse => ({ data, error: null });

/** A refusal as private.order_refusal raises it: the key as message and hint, the figures as JSON detail. */
export const refusal = (code: string, detail: Record<string, unknown> = {}): FakeResponse => ({
  data: null,
  error: { message: code, code: 'P0001', details: JSON.stringify(detail), hint: code } as FakeResponse['error'],
});

/** Answers the ordering calls; anything else is left to the caller (undefined). */
export function ordersResponder(backend: OrdersBackend) {
  return (call: FakeCall): FakeResponse | undefined => {
    const name = call.rpc ?? call.table ?? '';
    if (!['rpc', 'select'].includes(call.method)) return undefined;
    const failure = backend.fail.get(name);
    if (failure) {
      backend.fail.delete(name);
      backend.calls.push(call);
      return failure;
    }
    const args = (call.args ?? {}) as Record<string, unknown>;
    switch (call.method === 'rpc' ? call.rpc : `table:${call.table}`) {
      case 'client_prices':
        return ok(
          [...backend.prices.entries()].map(([id, price]) => ({ product_id: id, case_price: price, currency: 'CAD' })),
        );
      case 'client_cart':
        return ok(cartRows(backend));
      case 'set_cart_item': {
        backend.calls.push(call);
        const id = String(args.product_id);
        const quantity = Number(args.quantity_cases);
        if (quantity === 0) backend.cart.delete(id);
        else backend.cart.set(id, { quantity, priceSeen: backend.prices.get(id) ?? 0 });
        return ok(null);
      }
      case 'accept_cart_prices':
        backend.calls.push(call);
        for (const [id, line] of backend.cart) line.priceSeen = backend.prices.get(id) ?? line.priceSeen;
        return ok(null);
      case 'earliest_delivery_date':
        return ok(backend.earliest);
      case 'po_number_in_use':
        backend.calls.push(call);
        return ok(backend.poInUse.has(String(args.po_number)));
      case 'propose_company_address':
        backend.calls.push(call);
        return ok(PROPOSED);
      case 'submit_order': {
        backend.calls.push(call);
        backend.submits.push(args);
        const key = String(args.idempotency_key);
        const known = backend.keys.get(key);
        if (known) return ok(backend.orders.find((order) => order.id === known));
        const rows = cartRows(backend);
        if (rows.length === 0) return refusal('cart_empty');
        if (rows.some((row) => row.price_changed)) return refusal('prices_changed', { products: [] });
        const total = rows.reduce((sum, row) => sum + (row.line_total ?? 0), 0);
        if (total < backend.minimum)
          return refusal('below_minimum', { minimum: backend.minimum, currency: 'CAD', subtotal: total });
        const subtotal = rows.reduce((sum, row) => sum + (row.line_total ?? 0), 0);
        const order = orderRow({
          id: `00000000-0000-4000-8000-${String(backend.orders.length + 2).padStart(12, '0')}`,
          number: `OM-${String(backend.orders.length + 200).padStart(6, '0')}`,
          subtotal,
          line_count: rows.length,
          requested_date: String(args.requested_date),
          po_number: (args.po_number as string) || null,
        });
        backend.orders.unshift(order);
        backend.keys.set(key, order.id);
        backend.cart.clear();
        return ok(order);
      }
      case 'cancel_order': {
        backend.calls.push(call);
        const order = backend.orders.find((row) => row.id === args.order_id);
        if (!order || order.status !== 'submitted') return refusal('invalid_transition', { status: order?.status });
        order.status = 'cancelled';
        return ok(null);
      }
      case 'order_again':
        backend.calls.push(call);
        backend.cart.set(OIL, { quantity: 1, priceSeen: 120 });
        return ok([
          { product_id: OIL, added: true, reason: null },
          { product_id: FETA, added: false, reason: 'not_on_price_list' },
        ]);
      case 'client_order_summary':
        return ok({
          open: backend.orders
            .filter((order) => ['submitted', 'confirmed', 'shipped'].includes(order.status))
            .map((order) => ({ ...order })),
          last: backend.orders[0] ?? null,
        });
      case 'client_order_analytics':
        return ok({
          currency: 'CAD',
          months: [
            { month: '2026-10-01', cases: 12, spend: 1158 },
            { month: '2026-11-01', cases: 4, spend: 386 },
          ],
          categories: [{ category_slug: 'cheeses', cases: 16, spend: 1544 }],
          top_products: [
            {
              product_id: FETA,
              name_en: PRODUCTS[FETA]?.name_en,
              name_fr: PRODUCTS[FETA]?.name_fr,
              cases: 16,
              spend: 1544,
            },
          ],
        });
      case 'table:order_settings':
        return ok([{ currency: 'CAD', minimum_order_value: backend.minimum }]);
      case 'table:company_addresses':
        return ok([
          {
            id: ADDRESS,
            label: 'Store',
            line1: '120 Rue Saint-Paul',
            line2: null,
            city: 'Montréal',
            region: 'QC',
            postal_code: 'H2Y 1Z3',
            country: 'CA',
            status: 'confirmed',
          },
        ]);
      case 'table:business_holidays':
        return ok([{ day: '2026-12-25', name: 'Christmas Day' }]);
      case 'table:product_categories':
        return ok([{ id: 'cheeses', name_en: 'Cheeses', name_fr: 'Fromages' }]);
      case 'table:orders': {
        backend.calls.push(call);
        const number = call.filters.find(([column]) => column === 'number')?.[1];
        if (number !== undefined) return ok(backend.orders.find((order) => order.number === number) ?? null);
        const status = call.filters.find(([column]) => column === 'status')?.[1];
        return ok(backend.orders.filter((order) => status === undefined || order.status === status));
      }
      case 'table:order_lines': {
        const id = call.filters.find(([column]) => column === 'order_id')?.[1] as string;
        return ok(backend.lines[id] ?? []);
      }
      case 'table:order_events': {
        const id = call.filters.find(([column]) => column === 'order_id')?.[1] as string;
        return ok(backend.events[id] ?? []);
      }
      default:
        return undefined;
    }
  };
}
