/**
 * News items and blog posts for staff (docs/decisions/160-content-in-the-database.md,
 * 170-content-editor.md). Reads go to the tables (an admin at aal2 reads every
 * row); every change goes through the checked functions. The local backend
 * has no embedded selects, so items and translations are two queries.
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import type { Json, Tables } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';

export type ContentKind = 'news' | 'blog';
export type ContentLang = 'en' | 'fr';
export type ContentStatus = 'draft' | 'scheduled' | 'published' | 'unpublished';
export const CONTENT_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;

/** Every column staff read; who created or changed an item is in the audit, not readable here. */
export const CONTENT_ITEM_COLUMNS =
  'id,kind,status,publish_at,featured,category,image_path,image_width,image_height,author_name,created_at,updated_at';
export type ContentItemRow = Omit<Tables<'content_items'>, 'created_by' | 'updated_by'>;
export type ContentTranslationRow = Tables<'content_translations'>;
export type ContentVersionRow = Pick<Tables<'content_versions'>, 'id' | 'created_at' | 'created_by' | 'snapshot'>;
export type ContentAuditRow = Tables<'content_audit'>;

/** One line of the list: an item and the titles of its languages. */
export type ContentListEntry = {
  id: string;
  kind: ContentKind;
  status: ContentStatus;
  publishAt: string | null;
  category: string | null;
  featured: boolean;
  updatedAt: string;
  /** The latest displayed date of its languages (YYYY-MM-DD). */
  date: string;
  translations: Partial<Record<ContentLang, { title: string; slug: string }>>;
};

export type ContentItem = { item: ContentItemRow; translations: Partial<Record<ContentLang, ContentTranslationRow>> };

/** What `save_content_item` takes: the whole desired state (a language left null is removed). */
export type ContentPayload = {
  id?: string;
  kind: ContentKind;
  category: string | null;
  featured: boolean;
  image: { path: string; width: number; height: number } | null;
  author_name: string | null;
  translations: Record<
    ContentLang,
    {
      title: string;
      slug: string;
      excerpt: string;
      body_md: string;
      image_alt: string;
      date: string;
      author_role: string | null;
      author_bio: string | null;
      tag: string | null;
    } | null
  >;
};

export const CONTENT_BUCKET = 'content-images';

export const contentQueries = {
  all: () => ['admin', 'content'] as const,
  list: () =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'list'] as const,
      queryFn: async (): Promise<ContentListEntry[]> => {
        const items = unwrap<
          Pick<ContentItemRow, 'id' | 'kind' | 'status' | 'publish_at' | 'category' | 'featured' | 'updated_at'>[]
        >(
          await supabase
            .from('content_items')
            .select('id,kind,status,publish_at,category,featured,updated_at')
            .order('updated_at', { ascending: false }),
        );
        const translations = unwrap<Pick<ContentTranslationRow, 'item_id' | 'lang' | 'title' | 'slug' | 'date'>[]>(
          await supabase.from('content_translations').select('item_id,lang,title,slug,date'),
        );
        const byItem = new Map<string, typeof translations>();
        for (const t of translations) byItem.set(t.item_id, [...(byItem.get(t.item_id) ?? []), t]);
        return items.map((item) => {
          const own = byItem.get(item.id) ?? [];
          return {
            id: item.id,
            kind: item.kind as ContentKind,
            status: item.status as ContentStatus,
            publishAt: item.publish_at,
            category: item.category,
            featured: item.featured,
            updatedAt: item.updated_at,
            date: own.reduce((latest, t) => (t.date > latest ? t.date : latest), ''),
            translations: Object.fromEntries(own.map((t) => [t.lang, { title: t.title, slug: t.slug }])),
          };
        });
      },
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'one', id] as const,
      queryFn: async (): Promise<ContentItem | null> => {
        const item = unwrap<ContentItemRow | null>(
          await supabase.from('content_items').select(CONTENT_ITEM_COLUMNS).eq('id', id).maybeSingle(),
        );
        if (!item) return null;
        const rows = unwrap<ContentTranslationRow[]>(
          await supabase.from('content_translations').select('*').eq('item_id', id),
        );
        return { item, translations: Object.fromEntries(rows.map((row) => [row.lang, row])) };
      },
    }),
  versions: (id: string) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'versions', id] as const,
      queryFn: async () =>
        unwrap<ContentVersionRow[]>(
          await supabase
            .from('content_versions')
            .select('id,created_at,created_by,snapshot')
            .eq('item_id', id)
            .order('id', { ascending: false })
            .limit(20),
        ),
    }),
  audit: (id: string) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'audit', id] as const,
      queryFn: async () =>
        unwrap<ContentAuditRow[]>(
          await supabase
            .from('content_audit')
            .select('*')
            .eq('item_id', id)
            .order('id', { ascending: false })
            .limit(100),
        ),
    }),
};

export async function saveContentItem(payload: ContentPayload): Promise<string> {
  const id = unwrap<string>(await supabase.rpc('save_content_item', { payload: payload as unknown as Json }));
  // A replaced image, or one that only the version this save pruned still named.
  removeUnusedContentImagesLater();
  return id;
}

export async function publishContentItem(id: string): Promise<void> {
  unwrap(await supabase.rpc('publish_content_item', { item_id: id }));
}

export async function scheduleContentItem(id: string, at: Date): Promise<void> {
  unwrap(await supabase.rpc('schedule_content_item', { item_id: id, at: at.toISOString() }));
}

export async function unpublishContentItem(id: string): Promise<void> {
  unwrap(await supabase.rpc('unpublish_content_item', { item_id: id }));
}

export async function deleteContentItem(id: string): Promise<void> {
  unwrap(await supabase.rpc('delete_content_item', { item_id: id }));
  removeUnusedContentImagesLater();
}

/**
 * Removes from the public bucket the images that neither an item nor a kept
 * version uses any more (the database names them; staff may remove them).
 * Housekeeping after a save, a delete or a restore: a failure leaves them
 * for the next time, and the item's change stands either way.
 */
export async function removeUnusedContentImages(): Promise<number> {
  const names = unwrap<string[] | null>(await supabase.rpc('unused_content_images')) ?? [];
  if (names.length === 0) return 0;
  const { error } = await supabase.storage.from(CONTENT_BUCKET).remove(names);
  if (error) throw new Error(error.message);
  return names.length;
}

/** In the background, after a change: nothing waits for it, and a failure is only logged. */
function removeUnusedContentImagesLater(): void {
  removeUnusedContentImages().catch((error: unknown) => {
    console.warn('Unused content images stay in the bucket until the next change.', error);
  });
}

export async function restoreContentVersion(versionId: number): Promise<void> {
  unwrap(await supabase.rpc('restore_content_version', { version_id: versionId }));
  removeUnusedContentImagesLater();
}

/** Stores an image in the public bucket under `YYYY/MM/<uuid>.<ext>`; returns the object name. */
export async function uploadContentImage(file: Blob, extension: string): Promise<string> {
  const now = new Date();
  const name = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${crypto.randomUUID()}.${extension}`;
  const { error } = await supabase.storage
    .from(CONTENT_BUCKET)
    .upload(name, file, { contentType: file.type, cacheControl: '31536000', upsert: false });
  if (error) throw new Error(error.message);
  return name;
}
