/**
 * The catalogue for staff (docs/decisions/190-catalogue-in-the-database.md):
 * every product, drafts included, with its English and French texts and its
 * category; the same products as rows of the CSV file; and the import, one
 * call to `import_products` that creates and changes them all or nothing.
 *
 * Products and their texts are two reads joined here: the local backend
 * serves plain column lists, not embedded resources. The staff-only columns
 * (`internal_notes`, `created_by`, `updated_by`) are never selected: no API
 * role may select them, and the list does not need them.
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import type { Json, Tables } from '@/lib/supabase/database.types';
import { DataApiError, unwrap } from '@/lib/supabase/errors';
import { PRODUCT_CSV_COLUMNS, type ProductCsvRow } from './product-csv';

/** Every column of `products` an API role may select. */
const PRODUCT_COLUMNS =
  'id, sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit, units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days, allergens, certifications, orderable_online, not_orderable_reason, status, published_at, created_at, updated_at';
const TRANSLATION_COLUMNS = 'product_id, lang, name, slug, short_description, description_md';
const CATEGORY_COLUMNS = 'id, slug_en, name_en, sort_order';

export type ProductRecord = Omit<Tables<'products'>, 'internal_notes' | 'created_by' | 'updated_by'>;
export type ProductTranslation = Tables<'product_translations'>;
export type ProductCategory = Pick<Tables<'product_categories'>, 'id' | 'slug_en' | 'name_en' | 'sort_order'>;

/** One product as the page lists it, with what the file needs. */
export type AdminProduct = {
  id: string;
  sku: string;
  nameEn: string;
  nameFr: string;
  categoryId: string;
  /** The category's English name, or its id when the category is not readable. */
  categoryName: string;
  status: string;
  certifications: string[];
  updatedAt: string;
  /** The product as a row of the CSV file. */
  csv: ProductCsvRow;
};

export type Catalogue = {
  products: AdminProduct[];
  categories: ProductCategory[];
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * The product as the file holds it. Built column by column from the file's
 * own column list: the product's columns, its texts by language and its
 * category's English slug, each under the file's name for it.
 */
export function productCsvRow(
  product: ProductRecord,
  texts: { en?: ProductTranslation; fr?: ProductTranslation },
  categorySlug: string,
): ProductCsvRow {
  const source: Record<string, unknown> = {
    ...product,
    category: categorySlug,
    unit_size: Number(product.unit_size),
    allergens: [...list(product.allergens)].sort(),
    certifications: [...list(product.certifications)].sort(),
  };
  for (const lang of ['en', 'fr'] as const) {
    const t = texts[lang];
    source[`name_${lang}`] = t?.name ?? '';
    source[`slug_${lang}`] = t?.slug ?? '';
    source[`short_description_${lang}`] = t?.short_description ?? '';
    source[`description_${lang}`] = t?.description_md ?? '';
  }
  return Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column, source[column] ?? null])) as ProductCsvRow;
}

/** Products and texts read apart, joined by product id. */
export function joinCatalogue(
  products: readonly ProductRecord[],
  translations: readonly ProductTranslation[],
  categories: readonly ProductCategory[],
): Catalogue {
  const texts = new Map<string, { en?: ProductTranslation; fr?: ProductTranslation }>();
  for (const t of translations) {
    if (t.lang !== 'en' && t.lang !== 'fr') continue;
    const entry = texts.get(t.product_id) ?? {};
    entry[t.lang] = t;
    texts.set(t.product_id, entry);
  }
  // Rows without their keys are skipped rather than shown blank.
  const known = categories.filter((category) => typeof category.id === 'string' && category.id !== '');
  const categoryById = new Map(known.map((category) => [category.id, category]));
  return {
    categories: known,
    products: products
      .filter((product) => typeof product.id === 'string' && typeof product.sku === 'string')
      .map((product) => {
        const own = texts.get(product.id) ?? {};
        const category = categoryById.get(product.category_id);
        return {
          id: text(product.id),
          sku: text(product.sku),
          nameEn: text(own.en?.name),
          nameFr: text(own.fr?.name),
          categoryId: text(product.category_id),
          categoryName: category?.name_en ?? text(product.category_id),
          status: text(product.status),
          certifications: [...list(product.certifications)].sort(),
          updatedAt: text(product.updated_at),
          csv: productCsvRow(product, own, category?.slug_en ?? text(product.category_id)),
        };
      }),
  };
}

export const productQueries = {
  all: () => ['admin', 'products'] as const,
  catalogue: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'catalogue'] as const,
      queryFn: async (): Promise<Catalogue> => {
        const [products, translations, categories] = await Promise.all([
          supabase.from('products').select(PRODUCT_COLUMNS).order('sku'),
          supabase.from('product_translations').select(TRANSLATION_COLUMNS),
          supabase.from('product_categories').select(CATEGORY_COLUMNS).order('sort_order').order('id'),
        ]);
        return joinCatalogue(
          unwrap<ProductRecord[]>(products) ?? [],
          unwrap<ProductTranslation[]>(translations) ?? [],
          unwrap<ProductCategory[]>(categories) ?? [],
        );
      },
    }),
};

export type ImportResult = { created: number; changed: number };

/**
 * Creates and changes the given products in one transaction: the database
 * applies all or none, and answers how many it created and changed.
 */
export async function importProducts(rows: readonly ProductCsvRow[]): Promise<ImportResult> {
  const answer = unwrap<unknown>(await supabase.rpc('import_products', { p_rows: rows as unknown as Json }));
  if (typeof answer !== 'object' || answer === null) {
    throw new DataApiError({ message: 'The database gave no answer.' });
  }
  const { created, changed } = answer as Record<string, unknown>;
  return { created: Number(created) || 0, changed: Number(changed) || 0 };
}
