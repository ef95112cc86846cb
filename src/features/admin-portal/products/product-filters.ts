/**
 * The Products page's search, filters and order, kept in the URL's query
 * string so a filtered view can be reloaded and shared (as the Leads page's
 * are). Unknown values are ignored (the filter is then off), never an error.
 *
 *   ?q=feta  &category=cheeses  &status=draft|published
 *   &certification=organic|pdo|…  &sort=name|sku|updated
 */
import { PRODUCT_CERTIFICATIONS, PRODUCT_STATUSES, type ProductCertification, type ProductStatus } from './product-csv';

export const PRODUCT_SORTS = ['name', 'sku', 'updated'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export type ProductFilters = {
  /** Matched against the SKU and both names, without regard to case or accents. */
  q: string;
  /** A category id. */
  category: string | null;
  status: ProductStatus | null;
  certification: ProductCertification | null;
  sort: ProductSort;
};

export const NO_PRODUCT_FILTERS: ProductFilters = {
  q: '',
  category: null,
  status: null,
  certification: null,
  sort: 'name',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export function parseProductFilters(params: URLSearchParams): ProductFilters {
  const category = params.get('category')?.trim() ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    category: category === '' ? null : category,
    status: oneOf(PRODUCT_STATUSES, params.get('status')),
    certification: oneOf(PRODUCT_CERTIFICATIONS, params.get('certification')),
    sort: oneOf(PRODUCT_SORTS, params.get('sort')) ?? 'name',
  };
}

/** The query string for `filters`, with only what differs from none, in a stable order. */
export function productFiltersSearch(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q !== '') params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.status) params.set('status', filters.status);
  if (filters.certification) params.set('certification', filters.certification);
  if (filters.sort !== 'name') params.set('sort', filters.sort);
  return params;
}

/** Whether the search or a filter narrows the list (the order aside). */
export function isProductFiltered(filters: ProductFilters): boolean {
  return productFiltersSearch({ ...filters, sort: 'name' }).size > 0;
}

/** Lower case, without accents: "Crète" finds "crete". */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

type Filterable = {
  sku: string;
  nameEn: string;
  nameFr: string;
  categoryId: string;
  status: string;
  certifications: readonly string[];
  updatedAt: string;
};

const byName = new Intl.Collator('en-CA', { sensitivity: 'base', numeric: true });

/** The products the filters keep, in the order they ask for (ties broken by SKU). */
export function applyProductFilters<T extends Filterable>(products: readonly T[], filters: ProductFilters): T[] {
  const words = folded(filters.q).split(/\s+/).filter(Boolean);
  const kept = products.filter((product) => {
    if (filters.category && product.categoryId !== filters.category) return false;
    if (filters.status && product.status !== filters.status) return false;
    if (filters.certification && !product.certifications.includes(filters.certification)) return false;
    if (words.length === 0) return true;
    const haystack = folded(`${product.sku} ${product.nameEn} ${product.nameFr}`);
    return words.every((word) => haystack.includes(word));
  });
  const bySku = (a: T, b: T) => byName.compare(a.sku, b.sku);
  return kept.sort((a, b) => {
    if (filters.sort === 'sku') return bySku(a, b);
    if (filters.sort === 'updated') return Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || bySku(a, b);
    return byName.compare(a.nameEn, b.nameEn) || bySku(a, b);
  });
}
