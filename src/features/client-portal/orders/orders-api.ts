/**
 * Ordering, as the signed-in client does it: its company's prices, the cart
 * kept in the database, checkout, the order history and an order's page
 * (docs/decisions/200-cart-in-the-database-shown-as-it-is.md).
 *
 * The database decides everything that matters: prices, totals, minimums,
 * dates and who may read or change what. The browser sends product ids,
 * quantities and the checkout's choices, and shows what comes back; its own
 * checks only spare a round trip and keep the answer in the page's language.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '@/i18n/locales';
import { supabase } from '@/lib/supabase/client';
import type { Tables } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';
import { joinDocuments, type ClientDocument } from '../api/documents';

export type Currency = 'CAD' | 'USD';
export type OrderStatus = 'submitted' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
export const ORDER_STATUSES: readonly OrderStatus[] = ['submitted', 'confirmed', 'shipped', 'delivered', 'cancelled'];
export type Bilingual = Record<Locale, string>;

const asCurrency = (value: unknown): Currency => (value === 'USD' ? 'USD' : 'CAD');
const asStatus = (value: unknown): OrderStatus =>
  (ORDER_STATUSES as readonly unknown[]).includes(value) ? (value as OrderStatus) : 'submitted';
const money = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const both = (en: string | null | undefined, fr: string | null | undefined): Bilingual => ({
  en: en?.trim() || fr?.trim() || '',
  fr: fr?.trim() || en?.trim() || '',
});

/** A case price of the client's own list, valid today. */
export type ClientPrice = { productId: string; casePrice: number; currency: Currency };

async function fetchPrices(): Promise<ClientPrice[]> {
  const rows = unwrap(await supabase.rpc('client_prices')) ?? [];
  return rows.map((row) => ({
    productId: row.product_id,
    casePrice: Number(row.case_price),
    currency: asCurrency(row.currency),
  }));
}

export type CartLine = {
  productId: string;
  sku: string;
  name: Bilingual;
  categorySlug: string;
  quantity: number;
  minCases: number;
  leadTimeDays: number;
  /** Today's price on the client's list; null when the product left the list. */
  casePrice: number | null;
  /** The price shown when the line entered the cart (or was last accepted). */
  priceSeen: number | null;
  priceChanged: boolean;
  available: boolean;
  unavailableReason: string | null;
  lineTotal: number | null;
};

async function fetchCart(): Promise<CartLine[]> {
  const rows = unwrap(await supabase.rpc('client_cart')) ?? [];
  return rows.map((row) => ({
    productId: row.product_id,
    sku: row.sku,
    name: both(row.name_en, row.name_fr),
    categorySlug: row.category_slug,
    quantity: Number(row.quantity_cases),
    minCases: Number(row.min_cases),
    leadTimeDays: Number(row.lead_time_days),
    casePrice: money(row.case_price),
    priceSeen: money(row.price_seen),
    priceChanged: Boolean(row.price_changed),
    available: Boolean(row.available),
    unavailableReason: row.unavailable_reason ?? null,
    lineTotal: money(row.line_total),
  }));
}

/** Sets a line of the cart to `quantity` whole cases; 0 removes it. The database refuses what cannot be ordered. */
export async function setCartItem(productId: string, quantity: number): Promise<void> {
  unwrap(await supabase.rpc('set_cart_item', { product_id: productId, quantity_cases: quantity }));
}

/** The client has seen today's prices: every line's price_seen becomes the current price. */
export async function acceptCartPrices(): Promise<void> {
  unwrap(await supabase.rpc('accept_cart_prices'));
}

export type OrderSettings = Record<Currency, number>;

async function fetchOrderSettings(): Promise<Partial<OrderSettings>> {
  const rows = unwrap(await supabase.from('order_settings').select('currency, minimum_order_value')) ?? [];
  return Object.fromEntries(rows.map((row) => [asCurrency(row.currency), Number(row.minimum_order_value)]));
}

export type Address = {
  id: string;
  label: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: 'CA' | 'US';
  status: 'confirmed' | 'proposed';
};

async function fetchAddresses(): Promise<Address[]> {
  const rows =
    unwrap(
      await supabase
        .from('company_addresses')
        .select('id, label, line1, line2, city, region, postal_code, country, status')
        .order('label'),
    ) ?? [];
  return rows
    .filter((row) => row.status === 'confirmed' || row.status === 'proposed')
    .map((row) => ({
      id: row.id,
      label: row.label,
      line1: row.line1,
      line2: row.line2,
      city: row.city,
      region: row.region,
      postalCode: row.postal_code,
      country: row.country === 'US' ? 'US' : 'CA',
      status: row.status === 'confirmed' ? 'confirmed' : 'proposed',
    }));
}

export type NewAddress = Omit<Address, 'id' | 'status'>;

/** Proposes a delivery address for the company; staff confirm it before an order may use it. */
export async function proposeAddress(address: NewAddress): Promise<string> {
  return unwrap(
    await supabase.rpc('propose_company_address', {
      label: address.label,
      line1: address.line1,
      line2: address.line2 ?? '',
      city: address.city,
      region: address.region,
      postal_code: address.postalCode,
      country: address.country,
    }),
  );
}

/** The first day the cart can be delivered: its longest lead time in business days from today (YYYY-MM-DD). */
async function fetchEarliestDate(): Promise<string> {
  return String(unwrap(await supabase.rpc('earliest_delivery_date')));
}

export type Holiday = { day: string; name: string };

async function fetchHolidays(): Promise<Holiday[]> {
  return unwrap(await supabase.from('business_holidays').select('day, name').order('day')) ?? [];
}

export async function poNumberInUse(poNumber: string): Promise<boolean> {
  return Boolean(unwrap(await supabase.rpc('po_number_in_use', { po_number: poNumber })));
}

export type Checkout = {
  idempotencyKey: string;
  addressId: string;
  requestedDate: string;
  poNumber: string;
  notes: string;
  language: Locale;
};

/** Sends the cart as an order; the same key again answers with the same order. */
export async function submitOrder(checkout: Checkout): Promise<{ id: string; number: string }> {
  const row = unwrap(
    await supabase.rpc('submit_order', {
      idempotency_key: checkout.idempotencyKey,
      address_id: checkout.addressId,
      requested_date: checkout.requestedDate,
      po_number: checkout.poNumber.trim(),
      notes: checkout.notes.trim(),
      language: checkout.language,
    }),
  ) as unknown as { id: string; number: string };
  return { id: row.id, number: row.number };
}

export type OrderSummary = {
  id: string;
  number: string;
  status: OrderStatus;
  currency: Currency;
  subtotal: number;
  lineCount: number;
  requestedDate: string;
  poNumber: string | null;
  submittedAt: string;
};

const ORDER_LIST_COLUMNS =
  'id, number, status, currency, subtotal, line_count, requested_date, po_number, submitted_at' as const;

type OrderListRow = {
  id: string;
  number: string;
  status: string;
  currency: string;
  subtotal: number | string;
  line_count: number;
  requested_date: string;
  po_number: string | null;
  submitted_at: string;
};

const toSummary = (row: OrderListRow): OrderSummary => ({
  id: row.id,
  number: row.number,
  status: asStatus(row.status),
  currency: asCurrency(row.currency),
  subtotal: Number(row.subtotal),
  lineCount: Number(row.line_count),
  requestedDate: row.requested_date,
  poNumber: row.po_number,
  submittedAt: row.submitted_at,
});

export type OrderFilters = { query: string; status: OrderStatus | null };

/** How many orders the history shows at once; "Show more" asks for the next ones. */
export const HISTORY_PAGE = 25;

/** Characters that would change the meaning of a PostgREST `or` filter are dropped from a search. */
export function searchTerm(query: string): string {
  return query.replace(/[,()*%\\:"]/g, ' ').trim();
}

async function fetchOrders(filters: OrderFilters, limit: number): Promise<{ orders: OrderSummary[]; more: boolean }> {
  let request = supabase.from('orders').select(ORDER_LIST_COLUMNS);
  if (filters.status) request = request.eq('status', filters.status);
  const term = searchTerm(filters.query);
  if (term) request = request.or(`number.ilike.*${term}*,po_number.ilike.*${term}*`);
  const rows = unwrap(await request.order('submitted_at', { ascending: false }).limit(limit + 1)) ?? [];
  return { orders: rows.slice(0, limit).map((row) => toSummary(row as OrderListRow)), more: rows.length > limit };
}

export type OrderLine = {
  /** Null when the product was deleted since: the line keeps its SKU and names. */
  productId: string | null;
  sku: string;
  name: Bilingual;
  quantity: number;
  casePrice: number;
  lineTotal: number;
};

export type OrderChange = { productId: string; name: Bilingual; from: number; to: number };

export type OrderEvent = {
  id: string;
  kind: 'submitted' | 'confirmed' | 'changed' | 'shipped' | 'delivered' | 'cancelled';
  actor: 'client' | 'staff';
  at: string;
  changes: OrderChange[];
  dateMoved: { from: string; to: string } | null;
  message: string | null;
  reason: string | null;
  carrier: string | null;
  trackingNumber: string | null;
};

export type OrderAddress = {
  label: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postal_code: string;
  country: string;
};

export type Order = OrderSummary & {
  address: OrderAddress | null;
  notes: string | null;
  language: Locale;
  carrier: string | null;
  trackingNumber: string | null;
  cancelReason: string | null;
  version: number;
  lines: OrderLine[];
  events: OrderEvent[];
  /** The invoice and packing slip staff attached to the order. */
  documents: ClientDocument[];
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** A timeline entry from its row: the changes staff made are read from `detail` exactly as the database wrote them. */
export function toOrderEvent(row: {
  id: string | number;
  kind: string;
  detail: unknown;
  actor_kind: string;
  created_at: string;
}): OrderEvent {
  const detail = record(row.detail);
  const changes = Array.isArray(detail.changes)
    ? detail.changes.map((raw) => {
        const change = record(raw);
        return {
          productId: String(change.product_id ?? ''),
          name: both(text(change.name_en), text(change.name_fr)),
          from: Number(change.from_quantity ?? 0),
          to: Number(change.to_quantity ?? 0),
        };
      })
    : [];
  const moved = record(detail.requested_date);
  return {
    id: String(row.id),
    kind: (['submitted', 'confirmed', 'changed', 'shipped', 'delivered', 'cancelled'] as const).includes(
      row.kind as OrderEvent['kind'],
    )
      ? (row.kind as OrderEvent['kind'])
      : 'changed',
    actor: row.actor_kind === 'staff' ? 'staff' : 'client',
    at: row.created_at,
    changes,
    dateMoved:
      text(moved.from) && text(moved.to) && moved.from !== moved.to
        ? { from: String(moved.from), to: String(moved.to) }
        : null,
    message: text(detail.message),
    reason: text(detail.reason),
    carrier: text(detail.carrier),
    trackingNumber: text(detail.tracking_number),
  };
}

type OrderDetailRow = Pick<
  Tables<'orders'>,
  | 'id'
  | 'number'
  | 'status'
  | 'currency'
  | 'subtotal'
  | 'line_count'
  | 'requested_date'
  | 'po_number'
  | 'submitted_at'
  | 'address'
  | 'notes'
  | 'language'
  | 'carrier'
  | 'tracking_number'
  | 'cancel_reason'
  | 'version'
>;

async function fetchOrder(number: string): Promise<Order | null> {
  const row = unwrap<OrderDetailRow | null>(
    await supabase
      .from('orders')
      .select(
        'id, number, status, currency, subtotal, line_count, requested_date, po_number, submitted_at, address, notes, language, carrier, tracking_number, cancel_reason, version',
      )
      .eq('number', number)
      .maybeSingle(),
  );
  if (!row) return null;
  const [lines, events, documents] = await Promise.all([
    supabase
      .from('order_lines')
      .select('product_id, sku, name_en, name_fr, quantity_cases, case_price, line_total, position')
      .eq('order_id', row.id)
      .order('position'),
    supabase
      .from('order_events')
      .select('id, kind, detail, actor_kind, created_at')
      .eq('order_id', row.id)
      .order('created_at'),
    supabase
      .from('documents')
      .select('id, title_en, title_fr, category, file_language, product, expires_on, created_at, current_version_id')
      .eq('order_id', row.id),
  ]);
  const documentRows = unwrap(documents) ?? [];
  const versionIds = documentRows.flatMap((document) =>
    document.current_version_id ? [document.current_version_id] : [],
  );
  const versions =
    versionIds.length === 0
      ? []
      : (unwrap(
          await supabase
            .from('document_versions')
            .select('id, size_bytes, mime_type, original_file_name, uploaded_at')
            .in('id', versionIds),
        ) ?? []);
  return {
    ...toSummary(row as OrderListRow),
    address: row.address ? (row.address as unknown as OrderAddress) : null,
    notes: row.notes,
    language: row.language === 'fr' ? 'fr' : 'en',
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    cancelReason: row.cancel_reason,
    version: Number(row.version),
    lines: (unwrap(lines) ?? []).map((line) => ({
      productId: line.product_id,
      sku: line.sku,
      name: both(line.name_en, line.name_fr),
      quantity: Number(line.quantity_cases),
      casePrice: Number(line.case_price),
      lineTotal: Number(line.line_total),
    })),
    events: (unwrap(events) ?? []).map(toOrderEvent),
    documents: joinDocuments(documentRows, versions),
  };
}

/** Cancels the client's order while staff have not confirmed it; the database refuses it afterwards. */
export async function cancelOrder(orderId: string, reason: string): Promise<void> {
  unwrap(await supabase.rpc('cancel_order', { order_id: orderId, reason: reason.trim() }));
}

export type OrderAgainResult = { productId: string; added: boolean; reason: string | null };

/** Copies an order's lines into the cart; what can no longer be ordered comes back with its reason. */
export async function orderAgain(orderId: string): Promise<OrderAgainResult[]> {
  const rows = unwrap(await supabase.rpc('order_again', { order_id: orderId })) ?? [];
  return rows.map((row) => ({ productId: row.product_id, added: Boolean(row.added), reason: row.reason ?? null }));
}

export type OrderSummaryCard = {
  open: Array<{
    id: string;
    number: string;
    status: OrderStatus;
    submittedAt: string;
    subtotal: number;
    currency: Currency;
  }>;
  last: {
    id: string;
    number: string;
    status: OrderStatus;
    submittedAt: string;
    subtotal: number;
    currency: Currency;
  } | null;
};

type SummaryRow = {
  id?: unknown;
  number?: unknown;
  status?: unknown;
  submitted_at?: unknown;
  subtotal?: unknown;
  currency?: unknown;
};

const toCardOrder = (raw: unknown) => {
  const row = record(raw) as SummaryRow;
  return {
    id: String(row.id ?? ''),
    number: String(row.number ?? ''),
    status: asStatus(row.status),
    submittedAt: String(row.submitted_at ?? ''),
    subtotal: Number(row.subtotal ?? 0),
    currency: asCurrency(row.currency),
  };
};

async function fetchSummary(): Promise<OrderSummaryCard> {
  const data = record(unwrap(await supabase.rpc('client_order_summary')));
  return {
    open: Array.isArray(data.open) ? data.open.map(toCardOrder) : [],
    last: data.last ? toCardOrder(data.last) : null,
  };
}

export type OrderAnalytics = {
  currency: Currency;
  months: Array<{ month: string; cases: number; spend: number }>;
  categories: Array<{ categorySlug: string; cases: number; spend: number }>;
  topProducts: Array<{ productId: string; name: Bilingual; cases: number; spend: number }>;
};

export function toAnalytics(raw: unknown): OrderAnalytics {
  const data = record(raw);
  const list = (value: unknown) => (Array.isArray(value) ? value.map(record) : []);
  return {
    currency: asCurrency(data.currency),
    months: list(data.months).map((row) => ({
      month: String(row.month ?? '').slice(0, 7),
      cases: Number(row.cases ?? 0),
      spend: Number(row.spend ?? 0),
    })),
    categories: list(data.categories).map((row) => ({
      categorySlug: String(row.category_slug ?? ''),
      cases: Number(row.cases ?? 0),
      spend: Number(row.spend ?? 0),
    })),
    topProducts: list(data.top_products).map((row) => ({
      productId: String(row.product_id ?? ''),
      name: both(text(row.name_en), text(row.name_fr)),
      cases: Number(row.cases ?? 0),
      spend: Number(row.spend ?? 0),
    })),
  };
}

async function fetchAnalytics(): Promise<OrderAnalytics> {
  return toAnalytics(unwrap(await supabase.rpc('client_order_analytics', { months: 12 })));
}

export const orderQueries = {
  all: () => ['client-portal', 'orders'] as const,
  prices: () => queryOptions({ queryKey: [...orderQueries.all(), 'prices'], queryFn: fetchPrices }),
  cart: () => queryOptions({ queryKey: [...orderQueries.all(), 'cart'], queryFn: fetchCart }),
  settings: () => queryOptions({ queryKey: [...orderQueries.all(), 'settings'], queryFn: fetchOrderSettings }),
  addresses: () => queryOptions({ queryKey: [...orderQueries.all(), 'addresses'], queryFn: fetchAddresses }),
  holidays: () => queryOptions({ queryKey: [...orderQueries.all(), 'holidays'], queryFn: fetchHolidays }),
  /** Depends on the cart's lead times: refetched with it (its key sits under the cart's). */
  earliestDate: () =>
    queryOptions({ queryKey: [...orderQueries.all(), 'cart', 'earliest-date'], queryFn: fetchEarliestDate }),
  list: (filters: OrderFilters, limit: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'list', filters, limit],
      queryFn: () => fetchOrders(filters, limit),
    }),
  order: (number: string) =>
    queryOptions({ queryKey: [...orderQueries.all(), 'order', number], queryFn: () => fetchOrder(number) }),
  summary: () => queryOptions({ queryKey: [...orderQueries.all(), 'summary'], queryFn: fetchSummary }),
  analytics: () => queryOptions({ queryKey: [...orderQueries.all(), 'analytics'], queryFn: fetchAnalytics }),
};

export type CategoryNames = Map<string, Bilingual>;

async function fetchCategoryNames(): Promise<CategoryNames> {
  const rows = unwrap(await supabase.from('product_categories').select('id, name_en, name_fr')) ?? [];
  return new Map(rows.map((row) => [row.id, both(row.name_en, row.name_fr)]));
}

/** Category names for the figures by category (ids as the order lines keep them). */
export const categoryNamesQuery = () =>
  queryOptions({ queryKey: [...orderQueries.all(), 'category-names'], queryFn: fetchCategoryNames });
