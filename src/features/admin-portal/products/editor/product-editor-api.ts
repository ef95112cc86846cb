/**
 * One product for the editor (docs/decisions/192-product-editor.md): reads
 * of its row, texts, internal notes, images, document links and audit, and
 * the writes, straight to the tables as an admin at aal2 (the catalogue's
 * policies refuse anyone else; its triggers write the audit).
 *
 * Each read is a plain column list (the local backend serves no embedded
 * resources). `products` is never selected with `*`: no API role may select
 * its staff-only columns, which `admin_product_internals` answers instead.
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import type { Tables } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';
import { productQueries, type ProductRecord, type ProductTranslation } from '../products-api';
import { ProductSaveError, type ProductLang, type ProductRow, type ProductTextRow } from './product-form';

export const PRODUCT_BUCKET = 'product-images';

const PRODUCT_COLUMNS =
  'id, sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit, units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days, allergens, certifications, orderable_online, not_orderable_reason, status, published_at, created_at, updated_at';
const TRANSLATION_COLUMNS = 'product_id, lang, name, slug, short_description, description_md';
const IMAGE_COLUMNS = 'id, product_id, storage_path, width, height, alt_en, alt_fr, sort_order';
const LINK_COLUMNS = 'product_id, document_id, visibility, sort_order';
const DOCUMENT_COLUMNS = 'id, title_en, title_fr, category, audience, expires_on';

export type ProductImage = Omit<Tables<'product_images'>, 'created_at'>;
export type ProductDocumentLink = Omit<Tables<'product_documents'>, 'created_at'>;
export type LinkableDocument = Pick<
  Tables<'documents'>,
  'id' | 'title_en' | 'title_fr' | 'category' | 'audience' | 'expires_on'
>;
export type ProductAuditRow = Tables<'product_audit'>;

export type EditableProduct = {
  product: ProductRecord;
  texts: Partial<Record<ProductLang, ProductTranslation>>;
  internalNotes: string;
};

export const productEditorQueries = {
  one: (id: string) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'one', id] as const,
      queryFn: async (): Promise<EditableProduct | null> => {
        const [product, translations, internals] = await Promise.all([
          supabase.from('products').select(PRODUCT_COLUMNS).eq('id', id).maybeSingle(),
          supabase.from('product_translations').select(TRANSLATION_COLUMNS).eq('product_id', id),
          supabase.rpc('admin_product_internals', { product_ids: [id] }),
        ]);
        const row = unwrap<ProductRecord | null>(product);
        if (!row) return null;
        const texts = unwrap<ProductTranslation[]>(translations) ?? [];
        const notes = unwrap<{ product_id: string; internal_notes: string }[]>(internals) ?? [];
        return {
          product: row,
          texts: Object.fromEntries(texts.filter((t) => t.lang === 'en' || t.lang === 'fr').map((t) => [t.lang, t])),
          internalNotes: notes.find((n) => n.product_id === id)?.internal_notes ?? '',
        };
      },
    }),
  categories: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'categories'] as const,
      queryFn: async () =>
        unwrap<Pick<Tables<'product_categories'>, 'id' | 'name_en' | 'name_fr' | 'sort_order'>[]>(
          await supabase.from('product_categories').select('id, name_en, name_fr, sort_order').order('sort_order'),
        ) ?? [],
    }),
  images: (id: string) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'images', id] as const,
      queryFn: async () =>
        unwrap<ProductImage[]>(
          await supabase.from('product_images').select(IMAGE_COLUMNS).eq('product_id', id).order('sort_order'),
        ) ?? [],
    }),
  links: (id: string) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'links', id] as const,
      queryFn: async () =>
        unwrap<ProductDocumentLink[]>(
          await supabase.from('product_documents').select(LINK_COLUMNS).eq('product_id', id).order('sort_order'),
        ) ?? [],
    }),
  /** The document centre's documents shared with every client: the only ones a product may link. */
  linkableDocuments: () =>
    queryOptions({
      queryKey: [...productQueries.all(), 'linkable-documents'] as const,
      queryFn: async () =>
        unwrap<LinkableDocument[]>(
          await supabase
            .from('documents')
            .select(DOCUMENT_COLUMNS)
            .eq('audience', 'all_clients')
            .order('title_en', { ascending: true }),
        ) ?? [],
    }),
  audit: (id: string) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'audit', id] as const,
      queryFn: async () =>
        unwrap<ProductAuditRow[]>(
          await supabase
            .from('product_audit')
            .select('id, product_id, part, part_key, action, changes, actor_id, actor_label, at')
            .eq('product_id', id)
            .order('at', { ascending: false })
            .order('id', { ascending: false })
            .limit(200),
        ) ?? [],
    }),
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the product's row and its texts; a new product (no `stored`) gets
 * its id here. Only what differs from `stored` is sent, so an unchanged part
 * leaves no audit entry. A refusal says which part it was writing.
 */
export async function saveProduct(
  rows: { product: ProductRow; texts: Record<ProductLang, ProductTextRow | null> },
  stored?: EditableProduct,
): Promise<string> {
  const id = stored?.product.id ?? crypto.randomUUID();
  const step = async (part: 'product' | ProductLang, run: () => PromiseLike<{ error: unknown }>) => {
    try {
      unwrap(
        (await run()) as { data: unknown; error: { message: string; code?: string; details?: string | null } | null },
      );
    } catch (error) {
      throw new ProductSaveError(part, error);
    }
  };
  if (!stored) {
    await step('product', () => supabase.from('products').insert({ id, ...rows.product }));
  } else {
    const before: Record<string, unknown> = { ...stored.product, internal_notes: stored.internalNotes };
    const changed: Partial<ProductRow> = Object.fromEntries(
      Object.entries(rows.product).filter(([key, value]) =>
        key === 'unit_size' ? Number(before[key]) !== value : !same(before[key], value),
      ),
    );
    if (Object.keys(changed).length > 0)
      await step('product', () => supabase.from('products').update(changed).eq('id', id));
  }
  for (const lang of ['en', 'fr'] as const) {
    const text = rows.texts[lang];
    const old = stored?.texts[lang];
    if (text && !old) {
      await step(lang, () => supabase.from('product_translations').insert({ product_id: id, lang, ...text }));
    } else if (text && old) {
      const { name, slug, short_description, description_md } = old;
      if (!same({ name, slug, short_description, description_md }, text))
        await step(lang, () =>
          supabase.from('product_translations').update(text).eq('product_id', id).eq('lang', lang),
        );
    } else if (!text && old) {
      await step(lang, () => supabase.from('product_translations').delete().eq('product_id', id).eq('lang', lang));
    }
  }
  return id;
}

/** Publishes (both texts required: the database refuses otherwise) or sets back to draft. */
export async function setProductStatus(id: string, status: 'published' | 'draft'): Promise<void> {
  try {
    unwrap(await supabase.from('products').update({ status }).eq('id', id));
  } catch (error) {
    throw new ProductSaveError('publish', error);
  }
}

/** Deletes the product (its texts, images and links go with it), then its image files. */
export async function deleteProduct(id: string, imagePaths: readonly string[]): Promise<void> {
  unwrap(await supabase.from('products').delete().eq('id', id));
  if (imagePaths.length > 0) {
    const { error } = await supabase.storage.from(PRODUCT_BUCKET).remove([...imagePaths]);
    // The product is gone either way; an object left behind is only storage.
    if (error) console.warn('Product images stay in the bucket.', error);
  }
}

/** Stores a prepared image as `{product_id}/{uuid}.{ext}` and records it last in the product's order. */
export async function addProductImage(
  productId: string,
  image: { blob: Blob; extension: string; width: number; height: number },
  sortOrder: number,
): Promise<ProductImage> {
  const path = `${productId}/${crypto.randomUUID()}.${image.extension}`;
  const { error } = await supabase.storage
    .from(PRODUCT_BUCKET)
    .upload(path, image.blob, { contentType: image.blob.type, cacheControl: '31536000', upsert: false });
  if (error) throw new Error(error.message);
  const row = {
    id: crypto.randomUUID(),
    product_id: productId,
    storage_path: path,
    width: image.width,
    height: image.height,
    alt_en: '',
    alt_fr: '',
    sort_order: sortOrder,
  };
  try {
    unwrap(await supabase.from('product_images').insert(row));
  } catch (insertError) {
    // No row names the file: take it back out.
    await supabase.storage.from(PRODUCT_BUCKET).remove([path]);
    throw insertError;
  }
  return row;
}

export async function updateProductImage(
  id: string,
  values: Partial<Pick<ProductImage, 'alt_en' | 'alt_fr' | 'sort_order'>>,
): Promise<void> {
  unwrap(await supabase.from('product_images').update(values).eq('id', id));
}

/** Deletes the row, then the file. */
export async function removeProductImage(image: Pick<ProductImage, 'id' | 'storage_path'>): Promise<void> {
  unwrap(await supabase.from('product_images').delete().eq('id', image.id));
  const { error } = await supabase.storage.from(PRODUCT_BUCKET).remove([image.storage_path]);
  if (error) console.warn('The image file stays in the bucket.', error);
}

export async function linkDocument(link: ProductDocumentLink): Promise<void> {
  unwrap(await supabase.from('product_documents').insert(link));
}

export async function updateDocumentLink(
  productId: string,
  documentId: string,
  values: Partial<Pick<ProductDocumentLink, 'visibility' | 'sort_order'>>,
): Promise<void> {
  unwrap(
    await supabase.from('product_documents').update(values).eq('product_id', productId).eq('document_id', documentId),
  );
}

export async function unlinkDocument(productId: string, documentId: string): Promise<void> {
  unwrap(await supabase.from('product_documents').delete().eq('product_id', productId).eq('document_id', documentId));
}
