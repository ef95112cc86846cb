/**
 * Why the database refused an order, a cart line or a cancellation, read
 * from its PostgREST error: the refusal's name is in the message (the
 * database raises one name per reason), its figures in `details` as JSON
 * when it gives any (private.order_refusal in the orders migration). The page turns the kind into a sentence in its own
 * language (order-messages in the catalogs).
 */
import type { Currency } from './orders-api';

export type OrderRefusal =
  | { kind: 'cart_empty' }
  | { kind: 'prices_changed' }
  | { kind: 'below_minimum'; minimum: number | null; currency: Currency | null }
  | { kind: 'date_too_early'; earliest: string | null }
  | { kind: 'not_business_day' }
  | { kind: 'address_unknown' }
  | { kind: 'product_unavailable'; reason: string | null }
  | { kind: 'below_product_minimum' }
  | { kind: 'above_maximum' }
  | { kind: 'not_whole' }
  | { kind: 'invalid_transition' }
  | { kind: 'date_too_late' }
  | { kind: 'cart_full' }
  | { kind: 'too_many_proposals' }
  | { kind: 'order_not_found' }
  | { kind: 'not_client' }
  | { kind: 'network' }
  | { kind: 'other' };

export type OrderRefusalKind = OrderRefusal['kind'];

/** The names the database raises, most specific first (a name that contains another comes before it). */
const NAMED: ReadonlyArray<[RegExp, OrderRefusalKind]> = [
  [/\bcart_empty\b/, 'cart_empty'],
  [/\bprices_changed\b/, 'prices_changed'],
  [/\bquantity_below_minimum\b/, 'below_product_minimum'],
  [/\bbelow_minimum\b/, 'below_minimum'],
  [/\bdate_too_early\b/, 'date_too_early'],
  [/\bdate_too_late\b/, 'date_too_late'],
  [/\bnot_business_day\b/, 'not_business_day'],
  [/\baddress_unknown\b/, 'address_unknown'],
  [/\bproduct_unavailable\b/, 'product_unavailable'],
  [/\bquantity_too_large\b/, 'above_maximum'],
  [/\bquantity_invalid\b/, 'not_whole'],
  [/\bcart_full\b/, 'cart_full'],
  [/\btoo_many_proposals\b/, 'too_many_proposals'],
  [/\border_not_found\b/, 'order_not_found'],
  [/\binvalid_transition\b|\border_changed\b/, 'invalid_transition'],
  [/only an active client/i, 'not_client'],
];

function detailsOf(error: { details?: unknown; hint?: unknown }): Record<string, unknown> {
  for (const value of [error.details, error.hint]) {
    if (typeof value !== 'string' || !value.trim().startsWith('{')) continue;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
    } catch {
      // Not JSON: no figures to show.
    }
  }
  return {};
}

const DATE = /\b(\d{4}-\d{2}-\d{2})\b/;

export function orderRefusal(error: unknown): OrderRefusal {
  if (error instanceof TypeError) return { kind: 'network' };
  if (!error || typeof error !== 'object') return { kind: 'other' };
  const { status, message, details, hint } = error as {
    status?: unknown;
    message?: unknown;
    details?: unknown;
    hint?: unknown;
  };
  const said = [message, details, hint].filter((part) => typeof part === 'string').join(' ');
  if (status === 0 || /failed to fetch|networkerror|network request failed|load failed/i.test(said)) {
    return { kind: 'network' };
  }
  const kind = NAMED.find(([pattern]) => pattern.test(said))?.[1];
  if (!kind) return { kind: 'other' };
  const figures = detailsOf({ details, hint });
  if (kind === 'below_minimum') {
    const minimum = Number(figures.minimum ?? figures.minimum_order_value);
    const currency = figures.currency === 'USD' || figures.currency === 'CAD' ? figures.currency : null;
    return { kind, minimum: Number.isFinite(minimum) && minimum > 0 ? minimum : null, currency };
  }
  if (kind === 'product_unavailable') {
    return { kind, reason: typeof figures.reason === 'string' ? figures.reason : null };
  }
  if (kind === 'date_too_early') {
    const earliest = figures.earliest ?? figures.earliest_date ?? DATE.exec(said)?.[1];
    return { kind, earliest: typeof earliest === 'string' && DATE.test(earliest) ? earliest : null };
  }
  return { kind } as OrderRefusal;
}
