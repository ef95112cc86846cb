/**
 * The order desk's SQL (supabase/migrations/20261128130000_order_desk_queue.sql,
 * 20261128130100_orders_in_reports.sql; docs/decisions/203-order-desk-concurrency.md):
 * the queue, the dashboard's order figures, orders per week, order
 * notifications, and the document named in Recent Activity, through
 * supabase-js as each kind of account.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, startTestBackend, type Client, type TestBackend } from './helpers.ts';

const COMPANY = randomUUID();
const NAME = `Taverna Desk ${COMPANY.slice(0, 8)}`;

let backend: TestBackend;
let admin: Client;
let adminAal1: Client;
let client: Client;
let member: Client;

type DashboardOrders = {
  this_month: { currency: string; count: number; value: number }[];
  open: number;
  awaiting_confirmation: number;
};

const sql = <T = unknown>(text: string, params: unknown[] = []) => backend.db.query<T>(text, params);

let numberSeq = 0;
async function order(values: {
  status?: string;
  currency?: string;
  subtotal?: number;
  submitted_at?: string;
  po?: string;
}) {
  numberSeq += 1;
  const id = randomUUID();
  await sql(
    `insert into public.orders (id, idempotency_key, number, company_id, status, currency, subtotal, line_count, address, requested_date,
       po_number, language, submitted_at, carrier, tracking_number)
     values ($1, gen_random_uuid(), $2, $3, $4::public.order_status, $5, $6, 1, '{"label":"Store"}'::jsonb, current_date + 10, $7, 'en', $8::timestamptz,
       case when $4 in ('shipped', 'delivered') then 'Purolator' end, case when $4 in ('shipped', 'delivered') then 'T-1' end)`,
    [
      id,
      `ODT-${COMPANY.slice(0, 6)}-${numberSeq}`,
      COMPANY,
      values.status ?? 'submitted',
      values.currency ?? 'CAD',
      values.subtotal ?? 100,
      values.po ?? null,
      values.submitted_at ?? new Date().toISOString(),
    ],
  );
  return id;
}

async function dashboardOrders(): Promise<DashboardOrders> {
  const data = ok(await admin.rpc('admin_dashboard'), 'dashboard') as unknown as { orders: DashboardOrders };
  return data.orders;
}
const monthOf = (orders: DashboardOrders, currency: string) =>
  orders.this_month.find((row) => row.currency === currency) ?? { currency, count: 0, value: 0 };

beforeAll(async () => {
  backend = await startTestBackend({ testClientAddressHeader: 'x-test-client-address' });
  admin = await backend.signIn('admin');
  adminAal1 = await backend.signIn('admin', { aal: 'aal1' });
  client = await backend.signIn('client');
  member = await backend.signIn('member');
  await sql(
    `insert into public.companies (id, legal_name, country, region, customer_type, preferred_language)
     values ($1, $2, 'CA', 'ON', 'foodservice', 'en')`,
    [COMPANY, NAME],
  );
});

afterAll(async () => {
  await backend?.stop();
});

describe('the order queue', () => {
  it('answers a page newest first with the count of each status, searched by PO or company name', async () => {
    const older = await order({ po: 'PO-DESK-1', submitted_at: new Date(Date.now() - 86_400_000).toISOString() });
    const newer = await order({ status: 'confirmed', po: 'PO-DESK-2' });
    const page = ok(await admin.rpc('staff_order_queue', { search: NAME.toLowerCase() }), 'queue') as unknown as {
      total: number;
      counts: Record<string, number>;
      orders: { id: string; company_name: string; status: string }[];
    };
    expect(page.orders.map((o) => o.id)).toEqual([newer, older]);
    expect(page.total).toBe(2);
    expect(page.counts).toMatchObject({ submitted: 1, confirmed: 1, shipped: 0 });
    expect(page.orders[0]?.company_name).toBe(NAME);

    const byPo = ok(
      await admin.rpc('staff_order_queue', { search: 'po-desk-1', status: 'submitted' }),
      'po',
    ) as unknown as {
      orders: { id: string }[];
    };
    expect(byPo.orders.map((o) => o.id)).toEqual([older]);
    const onePerPage = ok(
      await admin.rpc('staff_order_queue', { company: COMPANY, page: 2, per_page: 1 }),
      'paged',
    ) as unknown as { orders: { id: string }[]; total: number };
    expect(onePerPage.orders.map((o) => o.id)).toEqual([older]);
    expect(onePerPage.total).toBe(2);
  });

  it('refuses clients, members and staff without their second factor, and a status that does not exist', async () => {
    for (const caller of [client, member, adminAal1, backend.client()]) {
      const { error } = await caller.rpc('staff_order_queue', {});
      expect(error).not.toBeNull();
    }
    expect((await admin.rpc('staff_order_queue', { status: 'lost' })).error?.code).toBe('22023');
  });
});

describe('the dashboard and Analytics', () => {
  it('count this month’s orders and value per currency, leaving cancelled ones out, and the open orders', async () => {
    const before = await dashboardOrders();
    await order({ currency: 'CAD', subtotal: 120.5 });
    await order({ currency: 'CAD', subtotal: 79.5, status: 'shipped' });
    await order({ currency: 'USD', subtotal: 42 });
    await order({ currency: 'CAD', subtotal: 999, status: 'cancelled' });
    await order({ currency: 'CAD', subtotal: 10, status: 'delivered' });
    const after = await dashboardOrders();
    expect(monthOf(after, 'CAD').count - monthOf(before, 'CAD').count).toBe(3);
    expect(Number(monthOf(after, 'CAD').value) - Number(monthOf(before, 'CAD').value)).toBeCloseTo(210, 2);
    expect(monthOf(after, 'USD').count - monthOf(before, 'USD').count).toBe(1);
    expect(after.open - before.open).toBe(3);
    expect(after.awaiting_confirmation - before.awaiting_confirmation).toBe(2);
  });

  it('reports orders per week and currency, cancelled ones apart', async () => {
    // Two Mondays in 2025, far from anything else the suites write.
    await order({ currency: 'USD', subtotal: 300, submitted_at: '2025-03-04T15:00:00Z' });
    await order({ currency: 'USD', subtotal: 200, submitted_at: '2025-03-06T15:00:00Z' });
    await order({ currency: 'USD', subtotal: 50, submitted_at: '2025-03-07T15:00:00Z', status: 'cancelled' });
    await order({ currency: 'CAD', subtotal: 80, submitted_at: '2025-03-12T15:00:00Z' });
    const report = ok(
      await admin.rpc('admin_analytics', { from_day: '2025-03-01', to_day: '2025-03-31' }),
      'report',
    ) as unknown as {
      orders_by_week: { week: string; currency: string; orders: number; cancelled: number; value: number }[];
    };
    expect(report.orders_by_week.map((w) => ({ ...w, value: Number(w.value) }))).toEqual([
      { week: '2025-03-03', currency: 'USD', orders: 2, cancelled: 1, value: 500 },
      { week: '2025-03-10', currency: 'CAD', orders: 1, cancelled: 0, value: 80 },
    ]);
  });
});

describe('staff notifications and Recent Activity', () => {
  it('list a new order and a client’s cancellation, for staff only', async () => {
    const fresh = await order({ po: 'PO-NOTIFY', subtotal: 5063.26 });
    const gone = await order({ status: 'cancelled' });
    await sql(`update public.orders set cancel_reason = 'Ordered twice' where id = $1`, [gone]);
    await sql(`insert into public.order_events (order_id, kind, actor_kind) values ($1, 'cancelled', 'client')`, [
      gone,
    ]);
    const items = ok(await admin.rpc('admin_notifications', { max_items: 500 }), 'notifications') as {
      key: string;
      kind: string;
      title: string;
      detail: string | null;
      link: string;
    }[];
    const created = items.find((i) => i.key === `order_submitted:${fresh}`);
    expect(created).toMatchObject({ kind: 'order_submitted', link: `/admin-portal/orders/${fresh}` });
    expect(created?.title).toContain(NAME);
    // The amount as the order mails write it in English, then the lines and the PO.
    expect(created?.detail).toBe('CAD 5,063.26 · 1 line · PO PO-NOTIFY');
    expect(items.find((i) => i.key === `order_cancelled:${gone}`)).toMatchObject({
      kind: 'order_cancelled',
      detail: 'Ordered twice',
    });
    expect(items.some((i) => i.key === `order_submitted:${gone}`)).toBe(false);
    expect((await client.rpc('admin_notifications', {})).error).not.toBeNull();
  });

  it('lists order events and names the document of "Document deleted" and "Version deleted"', async () => {
    const doc = randomUUID();
    const version = randomUUID();
    const title = `Invoice ${doc.slice(0, 8)}`;
    await sql(
      `insert into public.documents (id, title_en, title_fr, category, file_language, audience, company_id)
       values ($1, $2, $2, 'invoice', 'en', 'company', $3)`,
      [doc, title, COMPANY],
    );
    await sql(
      `insert into public.document_versions (id, document_id, storage_path, size_bytes, mime_type, original_file_name)
       values ($1, $2, $3, 10, 'application/pdf', 'invoice-9.pdf')`,
      [version, doc, `${doc}/${version}/invoice-9.pdf`],
    );
    await sql(`delete from public.documents where id = $1`, [doc]);
    const shipped = await order({ status: 'shipped' });
    await sql(`insert into public.order_events (order_id, kind, actor_kind) values ($1, 'shipped', 'staff')`, [
      shipped,
    ]);

    const dashboard = ok(await admin.rpc('admin_dashboard'), 'dashboard') as unknown as {
      activity: { what: string; who: string; section: string; subject: string | null }[];
    };
    const whats = dashboard.activity.map((a) => a.what);
    expect(whats).toContain(`Document Deleted: ${title}`);
    expect(whats).toContain(`Version Deleted: ${title} (invoice-9.pdf)`);
    const event = dashboard.activity.find((a) => a.subject === shipped);
    expect(event).toMatchObject({ section: 'orders', who: 'Staff' });
    expect(event?.what).toMatch(/^Order ODT-.* shipped$/);
  });
});
