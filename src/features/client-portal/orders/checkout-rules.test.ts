import { describe, expect, it } from 'vitest';
import {
  cartSignature,
  cartTotals,
  checkoutKey,
  checkoutProblems,
  dateProblem,
  forgetCheckoutKey,
  formatMoney,
  quantityProblem,
} from './checkout-rules';
import type { CartLine } from './orders-api';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  productId: 'p1',
  sku: 'CH-0001',
  name: { en: 'Feta', fr: 'Feta' },
  categorySlug: 'cheeses',
  quantity: 2,
  minCases: 2,
  leadTimeDays: 10,
  casePrice: 96.5,
  priceSeen: 96.5,
  priceChanged: false,
  available: true,
  unavailableReason: null,
  lineTotal: 193,
  ...overrides,
});

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('quantityProblem', () => {
  it('takes whole cases at or above the minimum, and 0 only to remove a line', () => {
    expect(quantityProblem('2', 2)).toBeNull();
    expect(quantityProblem(' 12 ', 2)).toBeNull();
    expect(quantityProblem('1', 2)).toBe('below_minimum');
    expect(quantityProblem('0', 2)).toBe('below_minimum');
    expect(quantityProblem('0', 2, true)).toBeNull();
    expect(quantityProblem('1.5', 1)).toBe('not_whole');
    expect(quantityProblem('-3', 1)).toBe('not_whole');
    expect(quantityProblem('', 1)).toBe('not_whole');
    expect(quantityProblem('abc', 1)).toBe('not_whole');
    expect(quantityProblem('10001', 1)).toBe('too_large');
  });
});

describe('dateProblem', () => {
  const holidays = [{ day: '2026-12-25', name: 'Christmas Day' }];
  it('refuses a date before the earliest, a weekend and a holiday, saying which', () => {
    expect(dateProblem('2026-12-14', '2026-12-14', holidays)).toBeNull();
    expect(dateProblem('2026-12-11', '2026-12-14', holidays)).toEqual({ kind: 'too_early', earliest: '2026-12-14' });
    expect(dateProblem('2026-12-19', '2026-12-14', holidays)).toEqual({ kind: 'weekend' });
    expect(dateProblem('2026-12-20', '2026-12-14', holidays)).toEqual({ kind: 'weekend' });
    expect(dateProblem('2026-12-25', '2026-12-14', holidays)).toEqual({ kind: 'holiday', name: 'Christmas Day' });
    expect(dateProblem('', '2026-12-14', holidays)).toEqual({ kind: 'required' });
    expect(dateProblem('2026-02-30', null, holidays)).toEqual({ kind: 'invalid' });
    expect(dateProblem('14/12/2026', null, holidays)).toEqual({ kind: 'invalid' });
  });
});

describe('checkoutProblems', () => {
  it('asks for an address and a good date, and bounds the PO number and notes', () => {
    expect(
      checkoutProblems(
        { addressId: '', requestedDate: '2026-12-19', poNumber: 'x'.repeat(51), notes: '' },
        '2026-12-14',
        [],
      ),
    ).toEqual({ addressId: 'required', requestedDate: { kind: 'weekend' }, poNumber: 'too_long' });
    expect(
      checkoutProblems(
        { addressId: 'a', requestedDate: '2026-12-14', poNumber: ' PO-1 ', notes: 'n'.repeat(1001) },
        '2026-12-14',
        [],
      ),
    ).toEqual({ notes: 'too_long' });
    expect(
      checkoutProblems({ addressId: 'a', requestedDate: '2026-12-14', poNumber: '', notes: '' }, '2026-12-14', []),
    ).toEqual({});
  });
});

describe('cartTotals', () => {
  it('adds the database’s line totals and says how far below the minimum the cart is', () => {
    const totals = cartTotals([line(), line({ productId: 'p2', quantity: 1, lineTotal: 120.1 })], 250);
    expect(totals.subtotal).toBe(313.1);
    expect(totals.cases).toBe(3);
    expect(totals.shortOfMinimum).toBeNull();
    expect(cartTotals([line()], 250).shortOfMinimum).toBe(250);
    expect(cartTotals([], 250).shortOfMinimum).toBeNull();
    expect(cartTotals([line()], undefined).shortOfMinimum).toBeNull();
  });

  it('lists the changed prices and the lines that cannot be sent', () => {
    const changed = line({ productId: 'p2', priceSeen: 90, priceChanged: true });
    const gone = line({ productId: 'p3', available: false, casePrice: null, lineTotal: null });
    const totals = cartTotals([line(), changed, gone], 0);
    expect(totals.changed).toEqual([changed]);
    expect(totals.blocked).toEqual([gone]);
  });
});

describe('the checkout’s idempotency key', () => {
  it('is the same for the same cart across calls (a retry, a reload), new for another cart, new after the order', () => {
    const store = memoryStore();
    const signature = cartSignature([line(), line({ productId: 'p0', quantity: 3 })]);
    expect(signature).toBe('p0:3,p1:2');
    const first = checkoutKey(signature, store);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkoutKey(signature, store)).toBe(first);
    const other = checkoutKey(cartSignature([line({ quantity: 4 })]), store);
    expect(other).not.toBe(first);
    forgetCheckoutKey(store);
    expect(store.items.size).toBe(0);
    expect(checkoutKey(cartSignature([line({ quantity: 4 })]), store)).not.toBe(other);
  });

  it('survives a damaged entry or a storage that refuses', () => {
    const store = memoryStore();
    store.setItem('client-orders.checkout-key', '{not json');
    expect(checkoutKey('a:1', store)).toMatch(/^[0-9a-f-]{36}$/);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    };
    expect(checkoutKey('a:1', refusing)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('formatMoney', () => {
  it('writes amounts in the list’s currency, in the page’s language', () => {
    expect(formatMoney(1234.5, 'CAD', 'en-CA')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'USD', 'en-CA')).toBe('US$1,234.50');
    expect(formatMoney(1234.5, 'CAD', 'fr-CA')).toBe('1\u00a0234,50\u00a0$');
    expect(formatMoney(1234.5, 'USD', 'fr-CA')).toBe('1\u00a0234,50\u00a0$\u00a0US');
  });
});
