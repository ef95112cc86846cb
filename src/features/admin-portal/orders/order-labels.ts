import type { OrderStatus } from './order-filters';

export const STATUS_LABEL: Record<OrderStatus, string> = {
  submitted: 'Submitted',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const STATUS_VARIANT = {
  submitted: 'brand',
  confirmed: 'neutral',
  shipped: 'neutral',
  delivered: 'success',
  cancelled: 'danger',
} as const satisfies Record<OrderStatus, 'brand' | 'neutral' | 'success' | 'danger'>;

/** "$1,234.50 CAD": an amount in its list's currency, as staff read it. */
export function money(amount: number | string, currency: string): string {
  const value = Number(amount);
  return `${new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(value)} ${currency}`;
}

export const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A calendar day (YYYY-MM-DD) as staff read it, without moving it by the time zone. */
export const day = (iso: string | null | undefined) =>
  iso ? new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-CA', { dateStyle: 'medium', timeZone: 'UTC' }) : '—';

/** The order's timeline entry in words. */
export function eventLabel(kind: string, actorKind: string): string {
  switch (kind) {
    case 'submitted':
      return 'Submitted by the client';
    case 'confirmed':
      return 'Confirmed';
    case 'changed':
      return 'Changed';
    case 'shipped':
      return 'Shipped';
    case 'delivered':
      return 'Delivered';
    case 'cancelled':
      return actorKind === 'client' ? 'Cancelled by the client' : 'Cancelled by staff';
    default:
      return kind;
  }
}
