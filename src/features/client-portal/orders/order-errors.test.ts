import { describe, expect, it } from 'vitest';
import { orderMessages } from './use-order-messages';
import { orderRefusal, type OrderRefusal } from './order-errors';
import { refusalText } from './refusal-text';
import { DataApiError } from '@/lib/supabase/errors';

const raised = (message: string, details: string | null = null) =>
  new DataApiError({ message, code: 'P0001', details }, 400);

describe('orderRefusal', () => {
  it('reads each refusal of submit_order by its name', () => {
    for (const kind of [
      'cart_empty',
      'prices_changed',
      'not_business_day',
      'address_unknown',
      'date_too_late',
    ] as const) {
      expect(orderRefusal(raised(kind, '{}'))).toEqual({ kind });
    }
    expect(orderRefusal(raised('product_unavailable', '{"products": []}'))).toEqual({
      kind: 'product_unavailable',
      reason: null,
    });
    expect(
      orderRefusal(new DataApiError({ message: 'Only an active client of a company can order.', code: '42501' })),
    ).toEqual({ kind: 'not_client' });
    expect(orderRefusal(raised('invalid_transition'))).toEqual({ kind: 'invalid_transition' });
  });

  it('keeps the figures the database gives: the minimum and its currency, the earliest date', () => {
    expect(orderRefusal(raised('below_minimum', '{"minimum": 250, "currency": "CAD"}'))).toEqual({
      kind: 'below_minimum',
      minimum: 250,
      currency: 'CAD',
    });
    expect(orderRefusal(raised('below_minimum'))).toEqual({ kind: 'below_minimum', minimum: null, currency: null });
    expect(orderRefusal(raised('date_too_early', '{"earliest": "2026-12-14"}'))).toEqual({
      kind: 'date_too_early',
      earliest: '2026-12-14',
    });
    expect(orderRefusal(raised('date_too_early'))).toEqual({ kind: 'date_too_early', earliest: null });
  });

  it('tells the cart line refusals apart, a product minimum from the order minimum', () => {
    expect(orderRefusal(raised('quantity_below_minimum', '{"minimum": 2}')).kind).toBe('below_product_minimum');
    expect(orderRefusal(raised('quantity_too_large')).kind).toBe('above_maximum');
    expect(orderRefusal(raised('quantity_invalid')).kind).toBe('not_whole');
    expect(orderRefusal(raised('cart_full')).kind).toBe('cart_full');
    expect(orderRefusal(raised('product_unavailable', '{"product_id": "x", "reason": "not_on_price_list"}'))).toEqual({
      kind: 'product_unavailable',
      reason: 'not_on_price_list',
    });
    expect(orderRefusal(raised('order_changed')).kind).toBe('invalid_transition');
  });

  it('calls a failed fetch a network error, and anything else other', () => {
    expect(orderRefusal(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
    expect(orderRefusal(new DataApiError({ message: 'TypeError: Failed to fetch' }, 0))).toEqual({ kind: 'network' });
    expect(orderRefusal(raised('something unexpected'))).toEqual({ kind: 'other' });
    expect(orderRefusal(null)).toEqual({ kind: 'other' });
  });
});

describe('refusal messages', () => {
  const every: OrderRefusal[] = [
    { kind: 'cart_empty' },
    { kind: 'prices_changed' },
    { kind: 'below_minimum', minimum: 250, currency: 'CAD' },
    { kind: 'below_minimum', minimum: null, currency: null },
    { kind: 'date_too_early', earliest: '2026-12-14' },
    { kind: 'date_too_early', earliest: null },
    { kind: 'not_business_day' },
    { kind: 'address_unknown' },
    { kind: 'product_unavailable', reason: null },
    { kind: 'product_unavailable', reason: 'not_on_price_list' },
    { kind: 'product_unavailable', reason: 'liquor_board' },
    { kind: 'date_too_late' },
    { kind: 'cart_full' },
    { kind: 'too_many_proposals' },
    { kind: 'order_not_found' },
    { kind: 'below_product_minimum' },
    { kind: 'above_maximum' },
    { kind: 'not_whole' },
    { kind: 'invalid_transition' },
    { kind: 'not_client' },
    { kind: 'network' },
    { kind: 'other' },
  ];

  it('say every refusal in both languages, differently, with its figures', () => {
    for (const refusal of every) {
      const en = refusalText(refusal, orderMessages.en, 'en');
      const fr = refusalText(refusal, orderMessages.fr, 'fr');
      expect(en, refusal.kind).toMatch(/\w{3}/);
      expect(fr, refusal.kind).toMatch(/\w{3}/);
      expect(fr, refusal.kind).not.toBe(en);
    }
    expect(refusalText(every[2] as OrderRefusal, orderMessages.en, 'en')).toContain('$250.00');
    expect(refusalText(every[2] as OrderRefusal, orderMessages.fr, 'fr')).toContain('250,00');
    expect(refusalText(every[4] as OrderRefusal, orderMessages.en, 'en')).toContain('December 14, 2026');
    expect(refusalText(every[4] as OrderRefusal, orderMessages.fr, 'fr')).toContain('14 décembre 2026');
  });
});
