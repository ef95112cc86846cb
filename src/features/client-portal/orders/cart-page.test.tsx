import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CartPage from '@/features/client-portal/orders/cart-page';
import {
  ADDRESS,
  createOrdersBackend,
  FETA,
  OIL,
  ordersResponder,
  refusal,
  type OrdersBackend,
} from '@tests/support/client-orders';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';
import { createFakeBackend, withSession } from '@tests/support/fake-session';
import { renderWithProviders } from '@tests/support/render';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());

let backend: OrdersBackend;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderCart(path = '/client/orders/cart') {
  fakeSupabase.state.respond = (call) =>
    ordersResponder(backend)(call) ?? { data: null, error: { message: `unexpected call ${JSON.stringify(call)}` } };
  renderWithProviders(
    withSession(
      createFakeBackend({ initial: 'client' }),
      <Routes>
        <Route path="/client/orders/cart" element={<CartPage />} />
        <Route path="/fr/client/orders/cart" element={<CartPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
    ),
    { path },
  );
  return userEvent.setup();
}

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  window.sessionStorage.clear();
  backend = createOrdersBackend();
  backend.cart.set(FETA, { quantity: 2, priceSeen: 96.5 });
  backend.cart.set(OIL, { quantity: 1, priceSeen: 120 });
});

const submits = () => backend.calls.filter((call) => call.rpc === 'submit_order');

describe('/client/orders/cart', () => {
  it('shows the lines, the subtotal in the list’s currency and that taxes come on the invoice, then sends one order', async () => {
    const user = renderCart();
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$313.00');
    expect(screen.getByText('Taxes calculated on the invoice')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Delivery address')).toHaveValue(ADDRESS));
    await waitFor(() => expect(screen.getByLabelText('Requested delivery date')).toHaveValue('2026-12-14'));
    await user.type(screen.getByLabelText('Notes for our team (optional)'), 'Ring twice');
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/client/orders/OM-000200');
    expect(submits()).toHaveLength(1);
    expect(submits()[0]?.args).toMatchObject({
      address_id: ADDRESS,
      requested_date: '2026-12-14',
      po_number: '',
      notes: 'Ring twice',
      language: 'en',
    });
    // Only ids and choices go: no price, no total.
    expect(Object.keys(submits()[0]?.args as object).sort()).toEqual([
      'address_id',
      'idempotency_key',
      'language',
      'notes',
      'po_number',
      'requested_date',
    ]);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('sends once on a double click', async () => {
    const user = renderCart();
    await screen.findAllByTestId('cart-line');
    await waitFor(() => expect(screen.getByLabelText('Requested delivery date')).toHaveValue('2026-12-14'));
    await user.type(screen.getByLabelText('Your purchase order number (optional)'), 'PO-NEW');
    await user.dblClick(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/client/orders/OM-000200');
    expect(submits()).toHaveLength(1);
  });

  it('retries after a network error with the same key, keeping what was typed: one order', async () => {
    backend.fail.set('submit_order', { data: null, error: { message: 'TypeError: Failed to fetch' }, status: 0 });
    const user = renderCart();
    await screen.findAllByTestId('cart-line');
    await user.type(screen.getByLabelText('Your purchase order number (optional)'), 'PO-9');
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached');
    expect(screen.getByLabelText('Your purchase order number (optional)')).toHaveValue('PO-9');
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/client/orders/OM-000200');
    const keys = submits().map((call) => (call.args as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(backend.orders).toHaveLength(1);
  });

  it('keeps the key across a reload of the same cart', async () => {
    backend.fail.set('submit_order', { data: null, error: { message: 'TypeError: Failed to fetch' }, status: 0 });
    const user = renderCart();
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    await screen.findByRole('alert');
    const first = (submits()[0]?.args as { idempotency_key: string }).idempotency_key;
    expect(window.sessionStorage.getItem('client-orders.checkout-key')).toContain(first);
  });

  it('shows prices that changed before sending, and sends once they are accepted', async () => {
    backend.prices.set(FETA, 99);
    const user = renderCart();
    const changed = await screen.findByTestId('changed-prices');
    expect(changed).toHaveTextContent('PDO Feta in Brine, 2 kg tin: was $96.50, now $99.00 per case.');
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some prices changed since you added these products');
    expect(submits()).toHaveLength(0);
    await user.click(within(changed).getByRole('button', { name: 'Accept the new prices' }));
    await waitFor(() => expect(screen.queryByTestId('changed-prices')).not.toBeInTheDocument());
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$318.00');
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/client/orders/OM-000200');
  });

  it('explains the minimum order value when the cart is below it', async () => {
    backend.cart.delete(OIL);
    const user = renderCart();
    expect(await screen.findByTestId('below-minimum')).toHaveTextContent(
      'The minimum order is $250.00 before taxes. Add $57.00 more to send this order.',
    );
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('below the minimum order value of $250.00');
    expect(submits()).toHaveLength(0);
  });

  it('refuses a weekend or a holiday and says why; a refusal of the database is said in the page’s language', async () => {
    backend.fail.set('submit_order', refusal('date_too_early', { earliest: '2026-12-16' }));
    const user = renderCart();
    await screen.findAllByTestId('cart-line');
    const date = screen.getByLabelText('Requested delivery date');
    await waitFor(() => expect(date).toHaveValue('2026-12-14'));
    fireEvent.change(date, { target: { value: '2026-12-19' } });
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByText(/We deliver on business days only/)).toBeInTheDocument();
    expect(date).toHaveFocus();
    fireEvent.change(date, { target: { value: '2026-12-25' } });
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByText(/This day is a holiday \(Christmas Day\)/)).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-12-15' } });
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('the earliest possible date is now December 16, 2026');
    expect(date).toHaveValue('2026-12-15');
  });

  it('flags a PO number the company already used before sending; a second click sends', async () => {
    const user = renderCart();
    await screen.findAllByTestId('cart-line');
    await user.type(screen.getByLabelText('Your purchase order number (optional)'), 'PO-USED');
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByTestId('po-warning')).toHaveTextContent('already used the PO number PO-USED');
    expect(submits()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send the order' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/client/orders/OM-000200');
    expect(submits()[0]?.args).toMatchObject({ po_number: 'PO-USED' });
  });

  it('sends on a press that lands while the PO number typed just before is still being checked', async () => {
    const user = renderCart();
    await screen.findAllByTestId('cart-line');
    await waitFor(() => expect(screen.getByLabelText('Requested delivery date')).toHaveValue('2026-12-14'));
    // The check started by leaving the field answers only when the test says so.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const respond = fakeSupabase.state.respond;
    let checks = 0;
    fakeSupabase.state.respond = async (call) => {
      if (call.rpc === 'po_number_in_use') {
        checks += 1;
        await answered;
      }
      return respond(call);
    };
    await user.type(screen.getByLabelText('Your purchase order number (optional)'), 'PO-NEW');
    await user.tab();
    await waitFor(() => expect(checks).toBe(1));
    // A phone's press on Send blurs the field first: the button must still take it.
    const send = screen.getByRole('button', { name: 'Send the order' });
    expect(send).toBeEnabled();
    await user.click(send);
    answer();
    expect(await screen.findByTestId('where')).toHaveTextContent('/client/orders/OM-000200');
    expect(submits()).toHaveLength(1);
    expect(submits()[0]?.args).toMatchObject({ po_number: 'PO-NEW' });
  });

  it('changes a quantity in whole cases at the product’s minimum, and removes a line', async () => {
    const user = renderCart();
    const feta = (await screen.findAllByTestId('cart-line'))[0] as HTMLElement;
    const field = within(feta).getByLabelText('Cases of PDO Feta in Brine, 2 kg tin');
    await user.clear(field);
    await user.type(field, '1');
    await user.click(within(feta).getByRole('button', { name: 'Update the cases of PDO Feta in Brine, 2 kg tin' }));
    expect(within(feta).getByRole('alert')).toHaveTextContent('This product is ordered by 2 cases at least.');
    await user.clear(field);
    await user.type(field, '5');
    await user.click(within(feta).getByRole('button', { name: 'Update the cases of PDO Feta in Brine, 2 kg tin' }));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$602.50'));
    await user.click(screen.getByRole('button', { name: 'Remove Koroneiki Extra Virgin Olive Oil, 5 L tin' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(backend.calls.filter((call) => call.rpc === 'set_cart_item').map((call) => call.args)).toEqual([
      { product_id: FETA, quantity_cases: 5 },
      { product_id: OIL, quantity_cases: 0 },
    ]);
  });

  it('in French: labels, amounts and refusals in French', async () => {
    backend.fail.set('submit_order', refusal('address_unknown'));
    const user = renderCart('/fr/client/orders/cart');
    await screen.findAllByTestId('cart-line');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('313,00 $');
    expect(screen.getByText('Taxes calculées sur la facture')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer la commande' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette adresse ne peut pas être utilisée');
    expect(submits()[0]?.args).toMatchObject({ language: 'fr' });
  });

  it('proposes a new address; staff will confirm it', async () => {
    const user = renderCart();
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByRole('button', { name: 'Propose a new address' }));
    await user.click(screen.getByRole('button', { name: 'Send the address' }));
    expect(screen.getAllByText('Fill in this field.')).toHaveLength(5);
    await user.type(screen.getByLabelText('Name of the place (e.g. Warehouse)'), 'Warehouse');
    await user.type(screen.getByLabelText('Address'), '5 Rue Ontario');
    await user.type(screen.getByLabelText('City'), 'Laval');
    await user.type(screen.getByLabelText('Province or state'), 'QC');
    await user.type(screen.getByLabelText('Postal or ZIP code'), 'H7N 1A1');
    await user.click(screen.getByRole('button', { name: 'Send the address' }));
    expect(await screen.findByText(/Address sent: staff will confirm it/)).toBeInTheDocument();
    expect(backend.calls.find((call) => call.rpc === 'propose_company_address')?.args).toEqual({
      label: 'Warehouse',
      line1: '5 Rue Ontario',
      line2: '',
      city: 'Laval',
      region: 'QC',
      postal_code: 'H7N 1A1',
      country: 'CA',
    });
    expect(submits()).toHaveLength(0);
  });
});
