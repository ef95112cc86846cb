import { describe, expect, it } from 'vitest';
import { isoDay, isOrderFiltered, NO_ORDER_FILTERS, orderFiltersSearch, parseOrderFilters } from './order-filters';

describe('order queue filters', () => {
  it('reads every filter from the query string and writes it back the same way', () => {
    const search =
      'status=confirmed&company=0b0f8a3e-4c1d-4e55-9a57-5d1c5c8a7f10&from=2026-11-01&to=2026-11-30&q=OM-0001&page=3';
    const filters = parseOrderFilters(new URLSearchParams(search));
    expect(filters).toEqual({
      status: 'confirmed',
      company: '0b0f8a3e-4c1d-4e55-9a57-5d1c5c8a7f10',
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'OM-0001',
      page: 3,
    });
    expect(orderFiltersSearch(filters).toString()).toBe(search);
    expect(isOrderFiltered(filters)).toBe(true);
  });

  it('ignores what is not a status, a company id, a day or a page', () => {
    const filters = parseOrderFilters(
      new URLSearchParams('status=lost&company=acme&from=2026-02-30&to=tomorrow&page=-2'),
    );
    expect(filters).toEqual(NO_ORDER_FILTERS);
    expect(orderFiltersSearch(filters).toString()).toBe('');
    expect(isOrderFiltered(filters)).toBe(false);
  });

  it('reads a range given backwards the right way round', () => {
    const filters = parseOrderFilters(new URLSearchParams('from=2026-12-01&to=2026-11-01'));
    expect([filters.from, filters.to]).toEqual(['2026-11-01', '2026-12-01']);
  });

  it('accepts only real calendar days', () => {
    expect(isoDay('2028-02-29')).toBe('2028-02-29');
    expect(isoDay('2026-02-29')).toBeNull();
    expect(isoDay('2026-1-05')).toBeNull();
    expect(isoDay(null)).toBeNull();
  });
});
