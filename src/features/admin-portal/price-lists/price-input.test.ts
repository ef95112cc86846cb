import { describe, expect, it } from 'vitest';
import { parseAmount, priceListProblems } from './price-input';

describe('amounts typed by staff', () => {
  it('reads dots, commas, spaces and a dollar sign', () => {
    expect(parseAmount('41.25')).toBe(41.25);
    expect(parseAmount('41,25')).toBe(41.25);
    expect(parseAmount(' 1 250 $')).toBe(1250);
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('0', { allowZero: true })).toBe(0);
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-3')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});

describe('a price list header', () => {
  it('needs a name, a currency and a first day, the last day not before it', () => {
    expect(priceListProblems({ name: '', currency: 'EUR', valid_from: '', valid_until: '' })).toEqual({
      name: 'Give the list a name.',
      currency: 'Choose CAD or USD.',
      valid_from: 'Enter the first day the prices hold.',
    });
    expect(
      priceListProblems({
        name: 'Restaurants 2027',
        currency: 'CAD',
        valid_from: '2027-01-01',
        valid_until: '2026-12-31',
      }),
    ).toEqual({ valid_until: 'The last day comes on or after the first.' });
    expect(priceListProblems({ name: 'US', currency: 'USD', valid_from: '2027-01-01', valid_until: '' })).toEqual({});
  });
});
