/**
 * The order desk's data (docs/decisions/203-order-desk-concurrency.md): the
 * queue (one RPC answering a page and the count per status), an order with
 * its lines, timeline and internal notes, the staff transitions (each sends
 * the version the page showed; the database refuses a stale one), notes and
 * the CSV export. Row-level security and the RPCs' own checks decide what a
 * staff member sees and may do; this module only calls.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import type { Tables } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';
import type { LineQuantity } from './order-changes';
import type { OrderFilters, OrderStatus } from './order-filters';

export const ORDERS_PER_PAGE = 25;

export type QueueOrder = {
  id: string;
  number: string;
  company_id: string;
  company_name: string | null;
  status: OrderStatus;
  currency: string;
  subtotal: number;
  line_count: number;
  po_number: string | null;
  requested_date: string;
  submitted_at: string;
  version: number;
};

export type QueuePage = { total: number; counts: Record<OrderStatus, number>; orders: QueueOrder[] };

export type Order = Tables<'orders'>;
export type OrderLine = Tables<'order_lines'>;
export type OrderEvent = Tables<'order_events'>;
export type OrderNote = Tables<'order_notes'>;

export type OrderDetail = {
  order: Order;
  companyName: string | null;
  lines: OrderLine[];
  events: OrderEvent[];
};

export const orderQueries = {
  all: () => ['admin', 'orders'] as const,
  queue: (filters: OrderFilters) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'queue', filters] as const,
      queryFn: async (): Promise<QueuePage> =>
        unwrap<unknown>(
          await supabase.rpc('staff_order_queue', {
            status: filters.status ?? undefined,
            company: filters.company ?? undefined,
            from_day: filters.from ?? undefined,
            to_day: filters.to ?? undefined,
            search: filters.search.trim() || undefined,
            page: filters.page,
            per_page: ORDERS_PER_PAGE,
          }),
        ) as QueuePage,
      placeholderData: keepPreviousData,
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'one', id] as const,
      // Plain reads joined here: the local backend serves no embedded resources.
      queryFn: async (): Promise<OrderDetail | null> => {
        const order = unwrap<Order | null>(await supabase.from('orders').select('*').eq('id', id).maybeSingle());
        if (!order) return null;
        const [lines, events, company] = await Promise.all([
          supabase.from('order_lines').select('*').eq('order_id', id).order('position', { ascending: true }),
          supabase.from('order_events').select('*').eq('order_id', id).order('created_at', { ascending: true }),
          supabase.from('companies').select('legal_name').eq('id', order.company_id).maybeSingle(),
        ]);
        return {
          order,
          lines: unwrap<OrderLine[]>(lines) ?? [],
          events: unwrap<OrderEvent[]>(events) ?? [],
          companyName: unwrap<{ legal_name: string } | null>(company)?.legal_name ?? null,
        };
      },
    }),
  notes: (id: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'notes', id] as const,
      queryFn: async (): Promise<OrderNote[]> =>
        unwrap<OrderNote[]>(
          await supabase.from('order_notes').select('*').eq('order_id', id).order('created_at', { ascending: true }),
        ) ?? [],
    }),
  companies: () =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'companies'] as const,
      queryFn: async () =>
        unwrap<{ id: string; legal_name: string }[]>(
          await supabase.from('companies').select('id,legal_name').order('legal_name', { ascending: true }),
        ) ?? [],
      staleTime: 5 * 60 * 1000,
    }),
  /** Products that can be added to an order of this company: those on its price list. */
  addable: (companyId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'addable', companyId] as const,
      queryFn: async (): Promise<{ product_id: string; name: string; case_price: number }[]> => {
        const company = unwrap<{ price_list_id: string | null } | null>(
          await supabase.from('companies').select('price_list_id').eq('id', companyId).maybeSingle(),
        );
        if (!company?.price_list_id) return [];
        const [items, products, names] = await Promise.all([
          supabase.from('price_list_items').select('product_id,case_price').eq('price_list_id', company.price_list_id),
          supabase.from('products').select('id,sku'),
          supabase.from('product_translations').select('product_id,name').eq('lang', 'en'),
        ]);
        const skus = new Map((unwrap<{ id: string; sku: string }[]>(products) ?? []).map((p) => [p.id, p.sku]));
        const named = new Map(
          (unwrap<{ product_id: string; name: string }[]>(names) ?? []).map((p) => [p.product_id, p.name]),
        );
        return (unwrap<{ product_id: string; case_price: number }[]>(items) ?? [])
          .map((item) => ({
            product_id: item.product_id,
            case_price: Number(item.case_price),
            name: `${named.get(item.product_id) ?? 'Product'} (${skus.get(item.product_id) ?? '—'})`,
          }))
          .sort((a, b) => a.name.localeCompare(b.name));
      },
    }),
};

export async function confirmOrder(
  order: Pick<Order, 'id' | 'version'>,
  change: { lines: LineQuantity[] | null; requestedDate: string | null; message: string | null },
): Promise<void> {
  unwrap(
    await supabase.rpc('confirm_order', {
      order_id: order.id,
      expected_version: order.version,
      lines: change.lines ?? undefined,
      requested_date: change.requestedDate ?? undefined,
      message: change.message ?? undefined,
    }),
  );
}

export async function shipOrder(order: Pick<Order, 'id' | 'version'>, carrier: string, trackingNumber: string) {
  unwrap(
    await supabase.rpc('ship_order', {
      order_id: order.id,
      expected_version: order.version,
      carrier,
      tracking_number: trackingNumber,
    }),
  );
}

export async function deliverOrder(order: Pick<Order, 'id' | 'version'>) {
  unwrap(await supabase.rpc('deliver_order', { order_id: order.id, expected_version: order.version }));
}

export async function cancelOrder(order: Pick<Order, 'id' | 'version'>, reason: string) {
  unwrap(await supabase.rpc('staff_cancel_order', { order_id: order.id, expected_version: order.version, reason }));
}

export async function addOrderNote(orderId: string, body: string) {
  unwrap(await supabase.rpc('add_order_note', { order_id: orderId, body }));
}

export type ExportRow = Record<string, string | number | boolean | null>;

export async function exportOrders(fromDay: string, toDay: string): Promise<ExportRow[]> {
  const rows = unwrap<unknown>(await supabase.rpc('order_export', { from_date: fromDay, to_date: toDay }));
  return Array.isArray(rows) ? (rows as ExportRow[]) : [];
}
