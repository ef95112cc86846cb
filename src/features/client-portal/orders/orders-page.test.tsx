import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import OrdersPage from '@/features/client-portal/orders/orders-page';
import { createOrdersBackend, orderRow, ordersResponder, type OrdersBackend } from '@tests/support/client-orders';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';
import { createFakeBackend, withSession } from '@tests/support/fake-session';
import { renderWithProviders } from '@tests/support/render';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());

let backend: OrdersBackend;

function renderHistory(path: string) {
  fakeSupabase.state.respond = (call) =>
    ordersResponder(backend)(call) ?? { data: null, error: { message: `unexpected ${JSON.stringify(call)}` } };
  renderWithProviders(
    withSession(
      createFakeBackend({ initial: 'client' }),
      <Routes>
        <Route path="/client/orders" element={<OrdersPage />} />
        <Route path="/fr/client/orders" element={<OrdersPage />} />
      </Routes>,
    ),
    { path },
  );
  return userEvent.setup();
}

const listCalls = () => backend.calls.filter((call) => call.table === 'orders');

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  backend = createOrdersBackend();
  backend.orders = [
    orderRow({ id: 'o2', number: 'OM-000102', status: 'confirmed', submitted_at: '2026-11-27T10:00:00Z' }),
    orderRow({ id: 'o1', number: 'OM-000101', po_number: null, submitted_at: '2026-11-20T10:00:00Z' }),
  ];
});

describe('/client/orders', () => {
  it('lists the orders newest first with status, PO and subtotal, each linking to its page', async () => {
    renderHistory('/client/orders');
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('OM-000102');
    expect(rows[0]).toHaveTextContent('Confirmed');
    expect(rows[0]).toHaveTextContent('PO-7781');
    expect(rows[0]).toHaveTextContent('$313.00');
    expect(screen.getByRole('link', { name: 'OM-000101' })).toHaveAttribute('href', '/client/orders/OM-000101');
    expect(listCalls()[0]?.orders).toEqual([['submitted_at', false]]);
  });

  it('searches by order or PO number and filters by status, on the server', async () => {
    const user = renderHistory('/client/orders');
    await screen.findAllByTestId('order-row');
    await user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(listCalls().at(-1)?.filters).toContainEqual(['status', 'confirmed']);
    await user.type(screen.getByLabelText('Search by order or PO number'), 'PO-77,(x)');
    await waitFor(() =>
      expect(listCalls().at(-1)?.filters).toContainEqual(['or', 'number.ilike.*PO-77  x*,po_number.ilike.*PO-77  x*']),
    );
  });

  it('says when there is no order yet, in French', async () => {
    backend.orders = [];
    renderHistory('/fr/client/orders');
    expect(
      await screen.findByText('Aucune commande pour l’instant. Commencez-en une depuis le catalogue.'),
    ).toBeInTheDocument();
  });
});
