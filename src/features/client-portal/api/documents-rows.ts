/**
 * The client's documents as rows, without supabase-js: the join the portal
 * shows, and the same read made with a stored session's token, which the
 * boot script starts before the application has loaded
 * (src/app/early-start.ts, docs/decisions/206-signed-in-pages-start-their-data-with-the-page.md).
 */
import type { DocumentCategory, FileLanguage } from '@/i18n/messages/en/portal';
import { restSelect } from '@/lib/supabase/rest';

/** The documents query's key (./documents.ts), shared with the request started ahead. */
export const DOCUMENTS_KEY = ['client-portal', 'documents'] as const;

export const DOCUMENT_CATEGORIES: readonly DocumentCategory[] = [
  'certificate',
  'spec_sheet',
  'price_list',
  'contract',
  'invoice',
  'other',
];
export const FILE_LANGUAGES: readonly FileLanguage[] = ['en', 'fr', 'both'];

/** A document as the portal shows it: the row and its current version. */
export type ClientDocument = {
  id: string;
  titleEn: string;
  titleFr: string;
  category: DocumentCategory;
  fileLanguage: FileLanguage;
  product: string | null;
  expiresOn: string | null;
  /** When the current file was added (ISO instant): the document's date. */
  date: string;
  sizeBytes: number;
  mimeType: string;
  originalFileName: string;
};

export type DocumentRow = {
  id: string;
  title_en: string;
  title_fr: string;
  category: string;
  file_language: string;
  product: string | null;
  expires_on: string | null;
  created_at: string;
  current_version_id: string | null;
};

export type VersionRow = {
  id: string;
  size_bytes: number;
  mime_type: string;
  original_file_name: string;
  uploaded_at: string;
};

const asCategory = (value: string): DocumentCategory =>
  (DOCUMENT_CATEGORIES as readonly string[]).includes(value) ? (value as DocumentCategory) : 'other';
const asLanguage = (value: string): FileLanguage =>
  (FILE_LANGUAGES as readonly string[]).includes(value) ? (value as FileLanguage) : 'both';

/** Joins documents to their current versions; a document without a readable current version is left out. Newest first. */
export function joinDocuments(documents: DocumentRow[], versions: VersionRow[]): ClientDocument[] {
  const byId = new Map(versions.map((version) => [version.id, version]));
  return documents
    .flatMap((row): ClientDocument[] => {
      const version = row.current_version_id ? byId.get(row.current_version_id) : undefined;
      if (!version) return [];
      return [
        {
          id: row.id,
          titleEn: row.title_en,
          titleFr: row.title_fr,
          category: asCategory(row.category),
          fileLanguage: asLanguage(row.file_language),
          product: row.product,
          expiresOn: row.expires_on,
          date: version.uploaded_at,
          sizeBytes: version.size_bytes,
          mimeType: version.mime_type,
          originalFileName: version.original_file_name,
        },
      ];
    })
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id.localeCompare(b.id)));
}

export const DOCUMENT_COLUMNS =
  'id, title_en, title_fr, category, file_language, product, expires_on, created_at, current_version_id';
export const VERSION_COLUMNS = 'id, size_bytes, mime_type, original_file_name, uploaded_at';

/** The same read as the documents query, made with `accessToken` through the Data API. */
export async function fetchDocumentsWithToken(accessToken: string): Promise<ClientDocument[]> {
  const [documents, versions] = await Promise.all([
    restSelect<DocumentRow>('documents', `select=${DOCUMENT_COLUMNS.replace(/ /g, '')}&order=created_at.desc`, {
      accessToken,
    }),
    restSelect<VersionRow>('document_versions', `select=${VERSION_COLUMNS.replace(/ /g, '')}`, { accessToken }),
  ]);
  return joinDocuments(documents, versions);
}
