/**
 * Documents for staff (docs/decisions/111-companies-and-documents.md): the
 * list with each document's versions, the download log, and the browser's
 * side of the upload flow (XMLHttpRequest with progress).
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import type { Tables } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';
import {
  createDocumentWithFile,
  DOCUMENTS_BUCKET,
  removeDocument,
  replaceDocumentFile,
  type DocumentFields,
  type FileToStore,
  type FlowDeps,
} from '@/features/admin-portal/documents/document-upload-flow';
import { uploadWithProgress } from './storage-upload';

export type DocumentVersion = Pick<
  Tables<'document_versions'>,
  | 'id'
  | 'document_id'
  | 'storage_path'
  | 'size_bytes'
  | 'mime_type'
  | 'original_file_name'
  | 'uploaded_by'
  | 'uploaded_at'
>;
export type DocumentRow = Tables<'documents'> & {
  document_versions: DocumentVersion[];
  companies: { legal_name: string } | null;
};
export type DocumentDownload = Pick<
  Tables<'document_downloads'>,
  'id' | 'document_id' | 'version_id' | 'user_email' | 'company_id' | 'downloaded_at'
>;

const VERSION_COLUMNS = 'id,document_id,storage_path,size_bytes,mime_type,original_file_name,uploaded_by,uploaded_at';

export const documentQueries = {
  all: () => ['admin', 'documents'] as const,
  // Three plain reads joined here: the Data API's embedded resources are not
  // served by the local backend (supabase/local/README.md).
  list: (companyId?: string, orderId?: string) =>
    queryOptions({
      queryKey: [...documentQueries.all(), 'list', companyId ?? 'all', orderId ?? 'any'] as const,
      queryFn: async (): Promise<DocumentRow[]> => {
        let query = supabase.from('documents').select('*').order('created_at', { ascending: false });
        if (companyId) query = query.eq('company_id', companyId);
        if (orderId) query = query.eq('order_id', orderId);
        const [documents, versions, companies] = await Promise.all([
          query,
          supabase.from('document_versions').select(VERSION_COLUMNS),
          supabase.from('companies').select('id,legal_name'),
        ]);
        const rows = unwrap<Tables<'documents'>[]>(documents) ?? [];
        const allVersions = unwrap<DocumentVersion[]>(versions) ?? [];
        const names = new Map((unwrap<{ id: string; legal_name: string }[]>(companies) ?? []).map((c) => [c.id, c]));
        return rows.map((row) => ({
          ...row,
          document_versions: allVersions.filter((v) => v.document_id === row.id),
          companies: row.company_id ? (names.get(row.company_id) ?? null) : null,
        }));
      },
    }),
  downloads: (documentId: string) =>
    queryOptions({
      queryKey: [...documentQueries.all(), 'downloads', documentId] as const,
      queryFn: async () =>
        unwrap<DocumentDownload[]>(
          await supabase
            .from('document_downloads')
            .select('id,document_id,version_id,user_email,company_id,downloaded_at')
            .eq('document_id', documentId)
            .order('id', { ascending: false })
            .limit(100),
        ),
    }),
};

const browserDeps = (): FlowDeps => ({
  client: supabase,
  upload: (path, file, contentType, onProgress) =>
    uploadWithProgress(DOCUMENTS_BUCKET, path, file, contentType, onProgress),
});

export function storeNewDocument(fields: DocumentFields, file: FileToStore, onProgress: (fraction: number) => void) {
  return createDocumentWithFile(browserDeps(), fields, file, onProgress);
}

export function storeNewVersion(documentId: string, file: FileToStore, onProgress: (fraction: number) => void) {
  return replaceDocumentFile(browserDeps(), documentId, file, onProgress);
}

export function deleteDocument(documentId: string) {
  return removeDocument(supabase, documentId);
}

/** A staff download: recorded like a client's, then a short-lived link. */
export async function openDocumentFile(documentId: string): Promise<string> {
  const rows = unwrap<{ storage_path: string }[]>(
    await supabase.rpc('request_document_download', { document_id: documentId }),
  );
  const path = rows[0]?.storage_path;
  if (!path) throw new Error('This document has no file yet.');
  const signed = await supabase.storage.from(DOCUMENTS_BUCKET).createSignedUrl(path, 60);
  if (signed.error) throw signed.error;
  return signed.data.signedUrl;
}
