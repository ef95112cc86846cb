import { describe, expect, it } from 'vitest';
import type { ProductCard } from '@/lib/catalogue/catalogue-content';
import { applyFilters, filterChoices, filtersFromSearch, NO_FILTERS, searchForFilters } from './catalogue-filters';

const card = (id: string, fields: Partial<ProductCard>): ProductCard => ({
  id,
  sku: id,
  name: id,
  shortDescription: '',
  path: `/products/x/${id}`,
  brand: 'B',
  originCountry: 'GR',
  originCountryName: 'Greece',
  originRegion: null,
  unitSize: 1,
  unit: 'L',
  unitsPerCase: 6,
  storage: 'ambient',
  certifications: [],
  orderableOnline: true,
  notOrderableReason: null,
  image: null,
  ...fields,
});

const products = [
  card('a', { certifications: ['organic', 'pdo'] }),
  card('b', { originCountry: 'IT', originCountryName: 'Italy', storage: 'chilled' }),
  card('c', { originCountry: 'ES', originCountryName: 'Spain', certifications: ['pdo'], storage: 'chilled' }),
];

describe('catalogue filters', () => {
  it('offers only the values the products have, origins by name', () => {
    expect(filterChoices(products)).toEqual({
      certification: ['organic', 'pdo'],
      origin: [
        { code: 'GR', name: 'Greece' },
        { code: 'IT', name: 'Italy' },
        { code: 'ES', name: 'Spain' },
      ],
      storage: ['ambient', 'chilled'],
    });
  });

  it('combines the filters', () => {
    const ids = (filters: Parameters<typeof applyFilters>[1]) => applyFilters(products, filters).map((p) => p.id);
    expect(ids(NO_FILTERS)).toEqual(['a', 'b', 'c']);
    expect(ids({ ...NO_FILTERS, certification: 'pdo' })).toEqual(['a', 'c']);
    expect(ids({ ...NO_FILTERS, certification: 'pdo', storage: 'chilled' })).toEqual(['c']);
    expect(ids({ ...NO_FILTERS, origin: 'IT', certification: 'organic' })).toEqual([]);
  });

  it('reads and writes the address, ignoring values the page does not offer', () => {
    expect(filtersFromSearch('?certification=pdo&origin=XX&storage=frozen', products)).toEqual({
      certification: 'pdo',
      origin: '',
      storage: '',
    });
    expect(searchForFilters({ certification: 'pdo', origin: 'GR', storage: '' })).toBe('?certification=pdo&origin=GR');
    expect(searchForFilters(NO_FILTERS)).toBe('');
  });
});
