/**
 * The published catalogue as the public pages need it
 * (docs/decisions/191-catalogue-on-the-public-site.md): categories, products
 * with both texts, their pictures, their public documents and the former
 * slugs that redirect. Read at build and publish time with the anon key, so
 * row-level security shows exactly what a visitor may see; the status filters
 * are repeated here so that a staff member's client never publishes a draft.
 * Imports only the client's type: it adds no client to a bundle.
 */
import type { AppSupabaseClient } from '@/lib/supabase/client';

export type CatalogueLang = 'en' | 'fr';

export interface PublishedCategory {
  id: string;
  slugs: Record<CatalogueLang, string>;
  names: Record<CatalogueLang, string>;
  descriptions: Record<CatalogueLang, string>;
  /** A site file (/images/...) or a product-images object name; see productImageUrl. */
  imagePath: string | null;
  sortOrder: number;
}

export interface PublishedProductText {
  name: string;
  slug: string;
  shortDescription: string;
  /** Markdown; rendered at build time. */
  descriptionMd: string;
}

export interface PublishedProductImage {
  path: string;
  width: number;
  height: number;
  alt: Record<CatalogueLang, string>;
}

export interface PublishedProductDocument {
  id: string;
  /** public: for everyone; clients: for signed-in clients only (never in a public page). */
  visibility: 'public' | 'clients';
  titles: Record<CatalogueLang, string>;
  category: string;
  fileLanguage: string;
  sizeBytes: number;
  mimeType: string;
  fileName: string;
}

export interface PublishedProduct {
  id: string;
  sku: string;
  categoryId: string;
  brand: string;
  originCountry: string;
  originRegion: Record<CatalogueLang, string> | null;
  unitSize: number;
  unit: string;
  unitsPerCase: number;
  minOrderCases: number;
  leadTimeBusinessDays: number;
  storage: 'ambient' | 'chilled' | 'frozen';
  shelfLifeDays: number;
  allergens: string[];
  certifications: string[];
  orderableOnline: boolean;
  notOrderableReason: string | null;
  /** ISO timestamp of the first publication. */
  publishedAt: string;
  updatedAt: string;
  texts: Record<CatalogueLang, PublishedProductText>;
  images: PublishedProductImage[];
  documents: PublishedProductDocument[];
}

export interface ProductSlugRedirect {
  lang: CatalogueLang;
  oldSlug: string;
  productId: string;
}

export interface PublishedCatalogue {
  categories: PublishedCategory[];
  products: PublishedProduct[];
  redirects: ProductSlugRedirect[];
}

export const EMPTY_CATALOGUE: PublishedCatalogue = { categories: [], products: [], redirects: [] };

/** The URL of a product or category picture: site files as they are, bucket objects under the Storage origin. */
export function productImageUrl(path: string, storageOrigin: string): string {
  if (path.startsWith('/')) return path;
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${storageOrigin.replace(/\/+$/, '')}/storage/v1/object/public/product-images/${encoded}`;
}

function fail(what: string, error: { message: string }): never {
  throw new Error(`${what}: ${error.message}`);
}

/** PostgREST answers at most this many rows per request by default (the hosted project's max_rows). */
const PAGE = 1000;

/** Every row of a query, page by page: a catalogue of thousands of products is more than one answer. */
async function allRows<T>(
  what: string,
  query: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: { message: string } | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await query(from, from + PAGE - 1);
    if (error) fail(what, error);
    rows.push(...(data ?? []));
    if (!data || data.length < PAGE) return rows;
  }
}

/**
 * The whole published catalogue. Throws on a failed read: a build must not
 * publish pages from a partial answer.
 */
export async function fetchPublishedCatalogue(client: AppSupabaseClient): Promise<PublishedCatalogue> {
  const [categories, products, texts, images, documents, redirects] = await Promise.all([
    allRows('product_categories', (from, to) =>
      client
        .from('product_categories')
        .select('id, slug_en, slug_fr, name_en, name_fr, description_en, description_fr, image_path, sort_order')
        .eq('published', true)
        .order('sort_order')
        .order('id')
        .range(from, to),
    ),
    allRows('products', (from, to) =>
      client
        .from('products')
        .select(
          'id, sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit, units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days, allergens, certifications, orderable_online, not_orderable_reason, published_at, updated_at',
        )
        .eq('status', 'published')
        .order('sku')
        .range(from, to),
    ),
    allRows('product_translations', (from, to) =>
      client
        .from('product_translations')
        .select('product_id, lang, name, slug, short_description, description_md')
        .order('product_id')
        .order('lang')
        .range(from, to),
    ),
    allRows('product_images', (from, to) =>
      client
        .from('product_images')
        .select('product_id, storage_path, width, height, alt_en, alt_fr, sort_order')
        .order('product_id')
        .order('sort_order')
        .order('id')
        .range(from, to),
    ),
    allRows('catalogue_documents', (from, to) => client.rpc('catalogue_documents').range(from, to)),
    allRows('product_slug_redirects', (from, to) =>
      client
        .from('product_slug_redirects')
        .select('lang, old_slug, product_id')
        .order('lang')
        .order('old_slug')
        .range(from, to),
    ),
  ]);

  const categoryIds = new Set(categories.map((row) => row.id));
  const textsOf = new Map<string, Partial<Record<CatalogueLang, PublishedProductText>>>();
  for (const row of texts) {
    const entry = textsOf.get(row.product_id) ?? {};
    entry[row.lang as CatalogueLang] = {
      name: row.name,
      slug: row.slug,
      shortDescription: row.short_description,
      descriptionMd: row.description_md,
    };
    textsOf.set(row.product_id, entry);
  }
  const imagesOf = new Map<string, PublishedProductImage[]>();
  for (const row of images) {
    const list = imagesOf.get(row.product_id) ?? [];
    list.push({
      path: row.storage_path,
      width: row.width,
      height: row.height,
      alt: { en: row.alt_en, fr: row.alt_fr },
    });
    imagesOf.set(row.product_id, list);
  }
  const documentsOf = new Map<string, PublishedProductDocument[]>();
  for (const row of documents) {
    // A page anyone can read carries the public documents only, whoever reads the catalogue.
    if (row.visibility !== 'public') continue;
    const list = documentsOf.get(row.product_id) ?? [];
    list.push({
      id: row.document_id,
      visibility: 'public',
      titles: { en: row.title_en, fr: row.title_fr },
      category: row.category,
      fileLanguage: row.file_language,
      sizeBytes: Number(row.size_bytes),
      mimeType: row.mime_type,
      fileName: row.file_name,
    });
    documentsOf.set(row.product_id, list);
  }

  const published: PublishedProduct[] = [];
  for (const row of products) {
    const text = textsOf.get(row.id);
    if (!text?.en || !text.fr || !categoryIds.has(row.category_id) || !row.published_at) continue;
    published.push({
      id: row.id,
      sku: row.sku,
      categoryId: row.category_id,
      brand: row.brand,
      originCountry: row.origin_country,
      originRegion:
        row.origin_region_en && row.origin_region_fr ? { en: row.origin_region_en, fr: row.origin_region_fr } : null,
      unitSize: Number(row.unit_size),
      unit: row.unit,
      unitsPerCase: row.units_per_case,
      minOrderCases: row.min_order_cases,
      leadTimeBusinessDays: row.lead_time_business_days,
      storage: row.storage as PublishedProduct['storage'],
      shelfLifeDays: row.shelf_life_days,
      allergens: row.allergens,
      certifications: row.certifications,
      orderableOnline: row.orderable_online,
      notOrderableReason: row.not_orderable_reason,
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
      texts: { en: text.en, fr: text.fr },
      images: imagesOf.get(row.id) ?? [],
      documents: documentsOf.get(row.id) ?? [],
    });
  }

  const current = new Set(
    published.flatMap((product) => (['en', 'fr'] as const).map((lang) => `${lang}/${product.texts[lang].slug}`)),
  );
  const ids = new Set(published.map((product) => product.id));
  return {
    categories: categories.map((row) => ({
      id: row.id,
      slugs: { en: row.slug_en, fr: row.slug_fr },
      names: { en: row.name_en, fr: row.name_fr },
      descriptions: { en: row.description_en, fr: row.description_fr },
      imagePath: row.image_path,
      sortOrder: row.sort_order,
    })),
    products: published,
    // A former slug some published product uses now is no redirect: the current slug always wins.
    redirects: redirects
      .filter((row) => ids.has(row.product_id) && !current.has(`${row.lang}/${row.old_slug}`))
      .map((row) => ({ lang: row.lang as CatalogueLang, oldSlug: row.old_slug, productId: row.product_id })),
  };
}
