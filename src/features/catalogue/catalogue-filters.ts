/**
 * The category page's filters (docs/decisions/191-catalogue-on-the-public-site.md):
 * certification, origin and storage, applied in the browser to the products
 * the page carries, so a change never waits for the network. Only the values
 * some product of the page has are offered.
 */
import type { ProductCard, StorageKind } from '@/lib/catalogue/catalogue-content';

export type CatalogueFilters = { certification: string; origin: string; storage: string };

export const NO_FILTERS: CatalogueFilters = { certification: '', origin: '', storage: '' };

/** The filters' names in the page's address (`?certification=pdo&origin=GR&storage=chilled`). */
export const FILTER_KEYS = [
  'certification',
  'origin',
  'storage',
] as const satisfies readonly (keyof CatalogueFilters)[];

const STORAGE_ORDER: readonly StorageKind[] = ['ambient', 'chilled', 'frozen'];

export function applyFilters(products: readonly ProductCard[], filters: CatalogueFilters): ProductCard[] {
  return products.filter(
    (product) =>
      (!filters.certification || product.certifications.includes(filters.certification)) &&
      (!filters.origin || product.originCountry === filters.origin) &&
      (!filters.storage || product.storage === filters.storage),
  );
}

/** The choices each filter offers for these products. */
export function filterChoices(products: readonly ProductCard[]) {
  const certifications = [...new Set(products.flatMap((product) => product.certifications))].sort();
  const origins = new Map<string, string>();
  for (const product of products) origins.set(product.originCountry, product.originCountryName);
  const storages = new Set(products.map((product) => product.storage));
  return {
    certification: certifications,
    origin: [...origins].sort((a, b) => a[1].localeCompare(b[1])).map(([code, name]) => ({ code, name })),
    storage: STORAGE_ORDER.filter((kind) => storages.has(kind)),
  };
}

/** The filters an address asks for, keeping only values the page offers (anything else is "any"). */
export function filtersFromSearch(search: string, products: readonly ProductCard[]): CatalogueFilters {
  const params = new URLSearchParams(search);
  const choices = filterChoices(products);
  const pick = (key: keyof CatalogueFilters, allowed: readonly string[]) => {
    const value = params.get(key) ?? '';
    return allowed.includes(value) ? value : '';
  };
  return {
    certification: pick('certification', choices.certification),
    origin: pick(
      'origin',
      choices.origin.map((origin) => origin.code),
    ),
    storage: pick('storage', choices.storage),
  };
}

/** The address's query for these filters ('' when none). */
export function searchForFilters(filters: CatalogueFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  const query = params.toString();
  return query ? `?${query}` : '';
}
