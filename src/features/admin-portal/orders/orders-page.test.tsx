import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from '@tests/support/fake-supabase';
import { flagList } from '@tests/support/render';
import { renderPortal } from '@tests/support/render-portal';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

configure({ asyncUtilTimeout: 5000 });

const ORDER_ID = '0d8e1f5c-8a42-4c9b-9f0e-3b1a2c4d5e6f';
const COMPANY_ID = '7c2b9e10-1111-4a4a-8b8b-222233334444';

const queueRow = {
  id: ORDER_ID,
  number: 'OM-000123',
  company_id: COMPANY_ID,
  company_name: 'Épicerie Fine Laval',
  status: 'submitted',
  currency: 'CAD',
  subtotal: 1230.5,
  line_count: 2,
  po_number: 'PO-77',
  requested_date: '2026-12-08',
  submitted_at: '2026-11-27T15:00:00Z',
  version: 1,
};

let order: Record<string, unknown>;
let transition: (call: FakeCall) => FakeResponse;

function respond(call: FakeCall): FakeResponse {
  if (call.rpc === 'staff_order_queue') {
    return {
      data: {
        total: 1,
        counts: { submitted: 1, confirmed: 4, shipped: 0, delivered: 7, cancelled: 2 },
        orders: [queueRow],
      },
      error: null,
    };
  }
  if (call.rpc && ['confirm_order', 'ship_order', 'deliver_order', 'staff_cancel_order'].includes(call.rpc))
    return transition(call);
  if (call.rpc === 'add_order_note') return { data: null, error: null };
  if (call.table === 'orders') return { data: order, error: null };
  if (call.table === 'order_lines') {
    return {
      data: [
        {
          id: 'l1',
          order_id: ORDER_ID,
          product_id: 'p-oil',
          sku: 'OIL-5L',
          name_en: 'Olive oil 5 L tin',
          name_fr: 'Huile',
          category_slug: 'olive-oils',
          quantity_cases: 10,
          case_price: 98.5,
          line_total: 985,
          position: 1,
        },
        {
          id: 'l2',
          order_id: ORDER_ID,
          product_id: 'p-feta',
          sku: 'FETA-2',
          name_en: 'Feta 2 kg',
          name_fr: 'Feta',
          category_slug: 'cheese',
          quantity_cases: 5,
          case_price: 49.1,
          line_total: 245.5,
          position: 2,
        },
      ],
      error: null,
    };
  }
  if (call.table === 'order_events') {
    return {
      data: [
        {
          id: 'e1',
          order_id: ORDER_ID,
          kind: 'submitted',
          detail: {},
          actor_kind: 'client',
          created_at: '2026-11-27T15:00:00Z',
        },
      ],
      error: null,
    };
  }
  if (call.table === 'order_notes') return { data: [], error: null };
  if (call.table === 'companies' && call.filters.some(([c]) => c === 'id')) {
    return { data: { legal_name: 'Épicerie Fine Laval', price_list_id: null }, error: null };
  }
  if (call.table === 'companies') return { data: [{ id: COMPANY_ID, legal_name: 'Épicerie Fine Laval' }], error: null };
  if (call.table === 'documents' || call.table === 'document_versions') return { data: [], error: null };
  if (call.rpc === 'admin_list_companies') return { data: [], error: null };
  return { data: flagList(), error: null };
}

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = respond;
  order = {
    ...queueRow,
    placed_by: 'u1',
    address: {
      label: 'Store',
      line1: '12 rue Principale',
      city: 'Laval',
      region: 'QC',
      postal_code: 'H7N 1A1',
      country: 'CA',
    },
    notes: 'Back door, please',
    language: 'fr',
    carrier: null,
    tracking_number: null,
    cancel_reason: null,
  };
  transition = () => ({ data: null, error: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const rpcCalls = (name: string) => fakeSupabase.state.calls.filter((c) => c.rpc === name);

describe('the order queue', () => {
  it('lists a page from the queue RPC with its filters from the URL, and a tab per status with its count', async () => {
    renderPortal(
      `/admin-portal/orders?status=submitted&company=${COMPANY_ID}&from=2026-11-01&to=2026-11-30&q=PO-77&page=2`,
    );
    const rows = await screen.findAllByTestId('order-row', {}, { timeout: 15_000 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('OM-000123');
    expect(rows[0]).toHaveTextContent('PO PO-77');
    expect(rows[0]).toHaveTextContent('Submitted');
    expect(rows[0]).toHaveTextContent('$1,230.50 CAD');
    expect(rpcCalls('staff_order_queue')[0]?.args).toEqual({
      status: 'submitted',
      company: COMPANY_ID,
      from_day: '2026-11-01',
      to_day: '2026-11-30',
      search: 'PO-77',
      page: 2,
      per_page: 25,
    });
    const tabs = screen.getByRole('navigation', { name: 'Orders by status' });
    expect(within(tabs).getByRole('link', { name: /Submitted/ })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: /All/ })).toHaveTextContent('(14)');
    expect(within(tabs).getByRole('link', { name: /Delivered/ })).toHaveAttribute(
      'href',
      `/admin-portal/orders?status=delivered&company=${COMPANY_ID}&from=2026-11-01&to=2026-11-30&q=PO-77`,
    );
  });

  it('refuses an export range given backwards without asking the server', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/orders');
    await screen.findAllByTestId('order-row');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a start day on or before the end day.');
    expect(rpcCalls('order_export')).toHaveLength(0);
  });
});

describe('an order on the desk', () => {
  it('shows its lines and timeline, and confirms with a changed quantity and the version it showed', async () => {
    const user = userEvent.setup();
    renderPortal(`/admin-portal/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order OM-000123' })).toBeInTheDocument();
    expect(screen.getAllByTestId('order-line')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent('Submitted by the client');

    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    const dialog = await screen.findByRole('dialog');
    const oil = within(dialog).getByLabelText('Olive oil 5 L tin');
    await user.clear(oil);
    await user.type(oil, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Feta 2 kg' }));
    expect(within(dialog).getByTestId('confirm-summary')).toHaveTextContent('Olive oil 5 L tin: 10 → 8 cases');
    expect(within(dialog).getByTestId('confirm-summary')).toHaveTextContent('Remove Feta 2 kg (5 cases)');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm with these changes' }));
    await waitFor(() => expect(rpcCalls('confirm_order')).toHaveLength(1));
    expect(rpcCalls('confirm_order')[0]?.args).toEqual({
      order_id: ORDER_ID,
      expected_version: 1,
      lines: [{ product_id: 'p-oil', quantity_cases: 8 }],
      requested_date: undefined,
      message: undefined,
    });
  });

  it('says someone else updated the order and reloads it when its version is stale', async () => {
    const user = userEvent.setup();
    transition = () => ({ data: null, error: { message: 'order_changed', code: 'P0001' } });
    renderPortal(`/admin-portal/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the reason the client will read.');
    expect(rpcCalls('staff_cancel_order')).toHaveLength(0);

    const readsBefore = fakeSupabase.state.calls.filter((c) => c.table === 'orders').length;
    order = { ...order, status: 'confirmed', version: 2 };
    await user.type(within(dialog).getByLabelText('Reason'), 'Out of stock until January');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByTestId('order-refusal')).toHaveTextContent(
      'Someone else updated this order — reload to see it.',
    );
    expect(rpcCalls('staff_cancel_order')[0]?.args).toEqual({
      order_id: ORDER_ID,
      expected_version: 1,
      reason: 'Out of stock until January',
    });
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Confirmed'));
    expect(fakeSupabase.state.calls.filter((c) => c.table === 'orders').length).toBeGreaterThan(readsBefore);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ships with a carrier and a tracking number, and explains a move its status does not allow', async () => {
    const user = userEvent.setup();
    order = { ...order, status: 'confirmed', version: 3 };
    transition = () => ({ data: null, error: { message: 'invalid_transition' } });
    renderPortal(`/admin-portal/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Carrier'), 'Purolator');
    await user.type(within(dialog).getByLabelText('Tracking number'), '3312 4455');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByTestId('order-refusal')).toHaveTextContent(/can no longer be shipped/);
    expect(rpcCalls('ship_order')[0]?.args).toEqual({
      order_id: ORDER_ID,
      expected_version: 3,
      carrier: 'Purolator',
      tracking_number: '3312 4455',
    });
  });

  it('adds an internal note', async () => {
    const user = userEvent.setup();
    renderPortal(`/admin-portal/orders/${ORDER_ID}`);
    await user.type(await screen.findByLabelText('Add a note'), 'Called the client about the feta.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(rpcCalls('add_order_note')[0]?.args).toEqual({
        order_id: ORDER_ID,
        body: 'Called the client about the feta.',
      }),
    );
  });
});
