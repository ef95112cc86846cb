/**
 * The catalogue as a signed-in client sees it
 * (docs/decisions/190-catalogue-in-the-database.md,
 * docs/decisions/193-product-documents-for-visitors-and-clients.md): the
 * published categories and products with their texts in both languages, each
 * product's first image, and the documents linked to products that the
 * client may see (`catalogue_documents()`: public spec sheets and the
 * clients-only certificates).
 *
 * Parallel plain reads joined here: the local backend serves plain column
 * lists, not embedded resources. Row-level security already hides drafts
 * from clients; the reads still ask for published rows only, since a staff
 * session would see drafts. The documents are a query of their own, so a
 * failure there leaves the products on the page.
 */
import { queryOptions } from '@tanstack/react-query';
import { env } from '@/config/env';
import type { Locale } from '@/i18n/locales';
import { supabase } from '@/lib/supabase/client';
import type { Tables } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';
import type { ClientDocument } from '../api/documents';

const PRODUCT_COLUMNS =
  'id, sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit, units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days, allergens, certifications, orderable_online, not_orderable_reason';

type ProductRow = Pick<
  Tables<'products'>,
  | 'id'
  | 'sku'
  | 'category_id'
  | 'brand'
  | 'origin_country'
  | 'origin_region_en'
  | 'origin_region_fr'
  | 'unit_size'
  | 'unit'
  | 'units_per_case'
  | 'min_order_cases'
  | 'lead_time_business_days'
  | 'storage'
  | 'shelf_life_days'
  | 'allergens'
  | 'certifications'
  | 'orderable_online'
  | 'not_orderable_reason'
>;
type CategoryRow = Pick<Tables<'product_categories'>, 'id' | 'name_en' | 'name_fr' | 'sort_order'>;
type TranslationRow = Pick<Tables<'product_translations'>, 'product_id' | 'lang' | 'name' | 'short_description'>;
type ImageRow = Pick<Tables<'product_images'>, 'product_id' | 'storage_path' | 'alt_en' | 'alt_fr' | 'sort_order'>;
export type CatalogueDocumentRow = {
  product_id: string;
  document_id: string;
  visibility: string;
  sort_order: number;
  title_en: string;
  title_fr: string;
  category: string;
  file_language: string;
  size_bytes: number;
  mime_type: string;
  file_name: string;
};

export type Bilingual = Record<Locale, string>;

export type PortalCategory = { id: string; name: Bilingual };

export type PortalProduct = {
  id: string;
  sku: string;
  categoryId: string;
  brand: string;
  name: Bilingual;
  shortDescription: Bilingual;
  originCountry: string;
  originRegion: Bilingual | null;
  unitSize: number;
  unit: string;
  unitsPerCase: number;
  minOrderCases: number;
  leadTimeDays: number;
  storage: string;
  shelfLifeDays: number;
  allergens: string[];
  certifications: string[];
  orderableOnline: boolean;
  notOrderableReason: string | null;
  /** The first image (object of the public product-images bucket), if any. */
  image: { url: string; alt: Bilingual } | null;
};

export type PortalCatalogue = { categories: PortalCategory[]; products: PortalProduct[] };

/** A product's document: what the Documents page shows of a document, and who the link is for. */
export type ProductDocument = ClientDocument & { productId: string; clientsOnly: boolean };

const both = (en: string | null | undefined, fr: string | null | undefined): Bilingual => ({
  en: en?.trim() || fr?.trim() || '',
  fr: fr?.trim() || en?.trim() || '',
});

/** A public bucket's object URL. */
function productImageUrl(path: string): string {
  const base = env.supabaseUrl.replace(/\/+$/, '');
  return `${base}/storage/v1/object/public/product-images/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** Categories, products, texts and images read apart, joined by id; products ordered by category, then name. */
export function joinPortalCatalogue(
  categories: readonly CategoryRow[],
  products: readonly ProductRow[],
  translations: readonly TranslationRow[],
  images: readonly ImageRow[],
): PortalCatalogue {
  const sortedCategories = [...categories].sort((a, b) => a.sort_order - b.sort_order || a.id.localeCompare(b.id));
  const order = new Map(sortedCategories.map((category, index) => [category.id, index]));
  const texts = new Map<string, Partial<Record<Locale, TranslationRow>>>();
  for (const row of translations) {
    if (row.lang !== 'en' && row.lang !== 'fr') continue;
    texts.set(row.product_id, { ...texts.get(row.product_id), [row.lang]: row });
  }
  const firstImage = new Map<string, ImageRow>();
  for (const image of [...images].sort((a, b) => a.sort_order - b.sort_order)) {
    if (!firstImage.has(image.product_id)) firstImage.set(image.product_id, image);
  }
  const joined = products
    // A product of a category the client cannot read has no place to be shown.
    .filter((row) => order.has(row.category_id))
    .map((row): PortalProduct => {
      const own = texts.get(row.id) ?? {};
      const image = firstImage.get(row.id);
      return {
        id: row.id,
        sku: row.sku,
        categoryId: row.category_id,
        brand: row.brand,
        name: both(own.en?.name, own.fr?.name),
        shortDescription: both(own.en?.short_description, own.fr?.short_description),
        originCountry: row.origin_country,
        originRegion:
          row.origin_region_en || row.origin_region_fr ? both(row.origin_region_en, row.origin_region_fr) : null,
        unitSize: Number(row.unit_size),
        unit: row.unit,
        unitsPerCase: row.units_per_case,
        minOrderCases: row.min_order_cases,
        leadTimeDays: row.lead_time_business_days,
        storage: row.storage,
        shelfLifeDays: row.shelf_life_days,
        allergens: [...(row.allergens ?? [])],
        certifications: [...(row.certifications ?? [])],
        orderableOnline: row.orderable_online,
        notOrderableReason: row.not_orderable_reason,
        image: image ? { url: productImageUrl(image.storage_path), alt: both(image.alt_en, image.alt_fr) } : null,
      };
    })
    .filter((product) => product.name.en !== '');
  joined.sort(
    (a, b) =>
      (order.get(a.categoryId) ?? 0) - (order.get(b.categoryId) ?? 0) ||
      a.name.en.localeCompare(b.name.en) ||
      a.sku.localeCompare(b.sku),
  );
  return {
    categories: sortedCategories.map((row) => ({ id: row.id, name: both(row.name_en, row.name_fr) })),
    products: joined,
  };
}

/** The rows of catalogue_documents() as documents the portal can show and download. */
export function toProductDocuments(rows: readonly CatalogueDocumentRow[]): ProductDocument[] {
  return rows.map((row) => ({
    id: row.document_id,
    productId: row.product_id,
    clientsOnly: row.visibility === 'clients',
    titleEn: row.title_en,
    titleFr: row.title_fr,
    category: row.category as ClientDocument['category'],
    fileLanguage: row.file_language as ClientDocument['fileLanguage'],
    product: null,
    expiresOn: null,
    date: '',
    sizeBytes: Number(row.size_bytes),
    mimeType: row.mime_type,
    originalFileName: row.file_name,
  }));
}

async function fetchCatalogue(): Promise<PortalCatalogue> {
  const [categories, products, translations, images] = await Promise.all([
    supabase.from('product_categories').select('id, name_en, name_fr, sort_order').eq('published', true),
    supabase.from('products').select(PRODUCT_COLUMNS).eq('status', 'published'),
    supabase.from('product_translations').select('product_id, lang, name, short_description'),
    supabase.from('product_images').select('product_id, storage_path, alt_en, alt_fr, sort_order'),
  ]);
  return joinPortalCatalogue(
    unwrap<CategoryRow[]>(categories) ?? [],
    unwrap<ProductRow[]>(products) ?? [],
    unwrap<TranslationRow[]>(translations) ?? [],
    unwrap<ImageRow[]>(images) ?? [],
  );
}

async function fetchProductDocuments(): Promise<ProductDocument[]> {
  return toProductDocuments(unwrap<CatalogueDocumentRow[]>(await supabase.rpc('catalogue_documents')) ?? []);
}

export const portalCatalogueQueries = {
  catalogue: () => queryOptions({ queryKey: ['client-portal', 'catalogue'], queryFn: fetchCatalogue }),
  documents: () =>
    queryOptions({ queryKey: ['client-portal', 'catalogue', 'documents'], queryFn: fetchProductDocuments }),
};
