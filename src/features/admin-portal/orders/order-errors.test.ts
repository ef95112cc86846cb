import { describe, expect, it } from 'vitest';
import { DataApiError } from '@/lib/supabase/errors';
import { actionRefusal, explainRefusal, ORDER_CHANGED_MESSAGE } from './order-errors';

describe('refused order actions', () => {
  it('tells a stale version from an impossible move and from anything else', () => {
    expect(actionRefusal(new DataApiError({ message: 'order_changed', code: 'P0001' }))).toBe('order_changed');
    expect(actionRefusal(new DataApiError({ message: 'refused', details: 'invalid_transition' }))).toBe(
      'invalid_transition',
    );
    expect(actionRefusal(new DataApiError({ message: 'permission denied', code: '42501' }))).toBe('other');
    expect(actionRefusal(null)).toBe('other');
  });

  it('explains each in words staff can act on', () => {
    expect(explainRefusal(new DataApiError({ message: 'order_changed' }), 'shipped')).toBe(ORDER_CHANGED_MESSAGE);
    expect(explainRefusal(new DataApiError({ message: 'invalid_transition' }), 'shipped')).toMatch(
      /^This order can no longer be shipped/,
    );
    expect(explainRefusal(new DataApiError({ message: 'boom' }), 'shipped')).toBe(
      'The order could not be shipped: boom',
    );
  });
});
