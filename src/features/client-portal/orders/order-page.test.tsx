import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import OrderPage from '@/features/client-portal/orders/order-page';
import {
  createOrdersBackend,
  FETA,
  OIL,
  ORDER_ID,
  orderRow,
  ordersResponder,
  type OrdersBackend,
} from '@tests/support/client-orders';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';
import { createFakeBackend, withSession } from '@tests/support/fake-session';
import { renderWithProviders } from '@tests/support/render';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());

let backend: OrdersBackend;

const INVOICE = {
  id: '00000000-0000-4000-8000-0000000d0f01',
  title_en: 'Invoice OM-000101',
  title_fr: 'Facture OM-000101',
  category: 'invoice',
  file_language: 'both',
  product: null,
  expires_on: null,
  created_at: '2026-11-29T10:00:00Z',
  current_version_id: '00000000-0000-4000-8000-0000000d0f02',
};

function renderOrder(path: string, documents: unknown[] = []) {
  fakeSupabase.state.respond = (call) => {
    if (call.table === 'documents') return { data: documents, error: null };
    if (call.table === 'document_versions')
      return {
        data: [
          {
            id: INVOICE.current_version_id,
            size_bytes: 2048,
            mime_type: 'application/pdf',
            original_file_name: 'invoice.pdf',
            uploaded_at: '2026-11-29T10:00:00Z',
          },
        ],
        error: null,
      };
    return ordersResponder(backend)(call) ?? { data: null, error: { message: `unexpected ${JSON.stringify(call)}` } };
  };
  renderWithProviders(
    withSession(
      createFakeBackend({ initial: 'client' }),
      <Routes>
        <Route path="/client/orders/:number" element={<OrderPage />} />
        <Route path="/fr/client/orders/:number" element={<OrderPage />} />
      </Routes>,
    ),
    { path },
  );
  return userEvent.setup();
}

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  backend = createOrdersBackend();
  backend.orders = [orderRow()];
  backend.lines[ORDER_ID] = [
    {
      product_id: FETA,
      sku: 'CH-0001',
      name_en: 'PDO Feta in Brine, 2 kg tin',
      name_fr: 'Feta AOP en saumure, bidon de 2 kg',
      quantity_cases: 2,
      case_price: 96.5,
      line_total: 193,
      position: 1,
    },
    {
      product_id: OIL,
      sku: 'OO-0001',
      name_en: 'Koroneiki Extra Virgin Olive Oil, 5 L tin',
      name_fr: 'Huile d’olive extra vierge Koroneiki, bidon de 5 L',
      quantity_cases: 1,
      case_price: 120,
      line_total: 120,
      position: 2,
    },
  ];
  backend.events[ORDER_ID] = [
    { id: 'e1', kind: 'submitted', detail: {}, actor_kind: 'client', created_at: '2026-11-28T15:00:00Z' },
  ];
});

describe('/client/orders/:number', () => {
  it('shows the lines, the subtotal, the delivery and the timeline; cancels while submitted', async () => {
    const user = renderOrder('/client/orders/OM-000101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order OM-000101' })).toBeInTheDocument();
    expect(screen.getAllByTestId('order-line')).toHaveLength(2);
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$313.00');
    expect(screen.getByText('Taxes calculated on the invoice')).toBeInTheDocument();
    expect(screen.getByText('PO-7781')).toBeInTheDocument();
    expect(screen.getByText('December 15, 2026')).toBeInTheDocument();
    expect(screen.getByTestId('order-event')).toHaveTextContent('Order sent by you');
    expect(
      screen.getByText('The invoice and packing slip appear here once our team attaches them.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Submitted');

    await user.click(screen.getByRole('button', { name: 'Cancel this order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Ordered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Cancelled'));
    expect(backend.calls.find((call) => call.rpc === 'cancel_order')?.args).toEqual({
      order_id: ORDER_ID,
      reason: 'Ordered twice',
    });
    expect(screen.queryByRole('button', { name: 'Cancel this order' })).not.toBeInTheDocument();
  });

  it('shows exactly what staff changed at confirmation, the date moved, and the documents attached', async () => {
    backend.orders = [orderRow({ status: 'shipped', carrier: 'Purolator', tracking_number: 'PUR123456' })];
    backend.events[ORDER_ID]?.push(
      {
        id: 'e2',
        kind: 'confirmed',
        actor_kind: 'staff',
        created_at: '2026-11-29T09:00:00Z',
        detail: {
          changes: [
            {
              product_id: FETA,
              name_en: 'PDO Feta in Brine, 2 kg tin',
              name_fr: 'Feta AOP en saumure, bidon de 2 kg',
              from_quantity: 2,
              to_quantity: 4,
            },
            {
              product_id: OIL,
              name_en: 'Koroneiki Extra Virgin Olive Oil, 5 L tin',
              name_fr: 'Huile',
              from_quantity: 1,
              to_quantity: 0,
            },
          ],
          requested_date: { from: '2026-12-15', to: '2026-12-17' },
          message: 'Only 4 cases left of the oil',
        },
      },
      {
        id: 'e3',
        kind: 'shipped',
        actor_kind: 'staff',
        created_at: '2026-11-30T09:00:00Z',
        detail: { carrier: 'Purolator', tracking_number: 'PUR123456' },
      },
    );
    renderOrder('/client/orders/OM-000101', [INVOICE]);
    const changes = await screen.findByTestId('order-changes');
    expect([...changes.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'PDO Feta in Brine, 2 kg tin: 2 cases → 4 cases',
      'Koroneiki Extra Virgin Olive Oil, 5 L tin: removed (was 1 case)',
      'Delivery date moved from December 15, 2026 to December 17, 2026',
    ]);
    expect(screen.getByText('Message: Only 4 cases left of the oil')).toBeInTheDocument();
    expect(screen.getByText('Purolator, tracking number PUR123456')).toBeInTheDocument();
    expect(screen.getByText('PUR123456')).toBeInTheDocument();
    expect(screen.getByText('Invoice OM-000101')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel this order' })).not.toBeInTheDocument();
  });

  it('orders again into the cart and marks what is no longer available', async () => {
    const user = renderOrder('/client/orders/OM-000101');
    await user.click(await screen.findByRole('button', { name: 'Order again' }));
    const result = await screen.findByTestId('order-again-result');
    expect(result).toHaveTextContent('1 product was added to your order.');
    expect(result).toHaveTextContent('PDO Feta in Brine, 2 kg tin: no longer on your price list');
    expect(within(result).getByRole('link', { name: 'Review your order' })).toHaveAttribute(
      'href',
      '/client/orders/cart',
    );
  });

  it('prints the confirmation: the Print button asks the browser to print', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = renderOrder('/client/orders/OM-000101');
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.querySelector('[data-print-area]')).toContainElement(screen.getByTestId('order-subtotal'));
  });

  it('in French, with a refusal in French when the order moved on meanwhile', async () => {
    backend.orders = [orderRow()];
    const user = renderOrder('/fr/client/orders/OM-000101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande OM-000101' })).toBeInTheDocument();
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('313,00 $');
    expect(screen.getByText('15 décembre 2026')).toBeInTheDocument();
    (backend.orders[0] as { status: string }).status = 'confirmed';
    await user.click(screen.getByRole('button', { name: 'Annuler cette commande' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la commande' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cette commande a évolué entre-temps');
  });

  it('says when the order is not the company’s', async () => {
    renderOrder('/client/orders/OM-999999');
    expect(await screen.findByText('This order does not exist or is not your company’s.')).toBeInTheDocument();
  });
});
