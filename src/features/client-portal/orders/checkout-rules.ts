/**
 * The checkout's rules as the page checks them before sending, so that a
 * refusal is explained where it happens and nothing typed is lost. The
 * database checks the same things again (and decides): these only spare a
 * round trip. The idempotency key's lifetime is described in
 * docs/decisions/201-one-idempotency-key-per-checkout.md.
 */
import type { CartLine, Currency, Holiday } from './orders-api';

export type CartTotals = {
  /** The sum of the lines the database priced; null while a line has no price. */
  subtotal: number;
  cases: number;
  /** Lines that cannot be sent as they are (no longer available or no price). */
  blocked: CartLine[];
  changed: CartLine[];
  /** The currency's minimum order value, when the subtotal is below it. */
  shortOfMinimum: number | null;
};

export function cartTotals(lines: readonly CartLine[], minimum: number | undefined): CartTotals {
  const subtotal = Math.round(lines.reduce((sum, line) => sum + (line.lineTotal ?? 0), 0) * 100) / 100;
  return {
    subtotal,
    cases: lines.reduce((sum, line) => sum + line.quantity, 0),
    blocked: lines.filter((line) => !line.available || line.casePrice === null),
    changed: lines.filter((line) => line.priceChanged),
    shortOfMinimum: minimum !== undefined && lines.length > 0 && subtotal < minimum ? minimum : null,
  };
}

/** A quantity a person typed: whole cases, at least the product's minimum (0 removes the line). */
export type QuantityProblem = 'not_whole' | 'below_minimum' | 'too_large' | null;

export const MAX_CASES = 10000;

export function quantityProblem(value: string, minCases: number, allowZero = false): QuantityProblem {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return 'not_whole';
  const quantity = Number(trimmed);
  if (quantity === 0 && allowZero) return null;
  if (quantity < minCases) return 'below_minimum';
  if (quantity > MAX_CASES) return 'too_large';
  return null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDay(iso: string): Date | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === iso ? date : null;
}

export type DateProblem =
  | { kind: 'required' }
  | { kind: 'invalid' }
  | { kind: 'too_early'; earliest: string }
  | { kind: 'weekend' }
  | { kind: 'holiday'; name: string };

/** Why a requested delivery date cannot be taken, or null: on or after `earliest`, on a weekday that is no holiday. */
export function dateProblem(value: string, earliest: string | null, holidays: readonly Holiday[]): DateProblem | null {
  if (!value) return { kind: 'required' };
  const day = utcDay(value);
  if (!day) return { kind: 'invalid' };
  if (earliest && value < earliest) return { kind: 'too_early', earliest };
  const weekday = day.getUTCDay();
  if (weekday === 0 || weekday === 6) return { kind: 'weekend' };
  const holiday = holidays.find((h) => h.day === value);
  if (holiday) return { kind: 'holiday', name: holiday.name };
  return null;
}

export type CheckoutValues = {
  addressId: string;
  requestedDate: string;
  poNumber: string;
  notes: string;
};

export const PO_MAX = 50;
export const NOTES_MAX = 1000;

export type CheckoutProblems = Partial<{
  addressId: 'required';
  requestedDate: DateProblem;
  poNumber: 'too_long';
  notes: 'too_long';
}>;

export function checkoutProblems(
  values: CheckoutValues,
  earliest: string | null,
  holidays: readonly Holiday[],
): CheckoutProblems {
  const problems: CheckoutProblems = {};
  if (!values.addressId) problems.addressId = 'required';
  const date = dateProblem(values.requestedDate, earliest, holidays);
  if (date) problems.requestedDate = date;
  if (values.poNumber.trim().length > PO_MAX) problems.poNumber = 'too_long';
  if (values.notes.trim().length > NOTES_MAX) problems.notes = 'too_long';
  return problems;
}

/** What the cart holds, as one string: a different cart is a different checkout. */
export function cartSignature(lines: readonly Pick<CartLine, 'productId' | 'quantity'>[]): string {
  return lines
    .map((line) => `${line.productId}:${line.quantity}`)
    .sort()
    .join(',');
}

const KEY_STORAGE = 'client-orders.checkout-key';

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): KeyStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The idempotency key of the checkout of this cart: made once, kept in the
 * tab's session storage beside the cart it belongs to, so a retry or a reload
 * sends the same key (one order); another cart gets a new key.
 */
export function checkoutKey(signature: string, store: KeyStore | null = sessionStore()): string {
  try {
    const saved = JSON.parse(store?.getItem(KEY_STORAGE) ?? 'null') as { cart?: unknown; key?: unknown } | null;
    if (saved && saved.cart === signature && typeof saved.key === 'string') return saved.key;
  } catch {
    // A damaged entry is replaced below.
  }
  const key = crypto.randomUUID();
  try {
    store?.setItem(KEY_STORAGE, JSON.stringify({ cart: signature, key }));
  } catch {
    // Storage refused (private mode, quota): the key still holds for this page.
  }
  return key;
}

/** The order was made: its key is spent, the next checkout gets a new one. */
export function forgetCheckoutKey(store: KeyStore | null = sessionStore()): void {
  try {
    store?.removeItem(KEY_STORAGE);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** An amount in the list's currency, in the page's language. */
export function formatMoney(amount: number, currency: Currency, tag: 'en-CA' | 'fr-CA'): string {
  return new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay: 'symbol' }).format(amount);
}
