/**
 * Storing a document so that nothing is left half-stored
 * (docs/decisions/111-companies-and-documents.md): the document row, then its
 * version row (which names where the file goes, and without which Storage
 * refuses the upload), then the file, then `current_version_id`. When any
 * step fails, what was written is removed (object, then rows) and the error
 * names the limit that was hit, with the server's own words.
 *
 * The steps take the client and the uploader as arguments so the same code
 * runs in the browser (XMLHttpRequest, with progress) and in the backend
 * tests (supabase-js's storage client).
 */
import type { AppSupabaseClient } from '@/lib/supabase/client';
import type { TablesInsert } from '@/lib/supabase/database.types';
import { ALLOWED_TYPES_TEXT, safeFileName } from './document-files';

export const DOCUMENTS_BUCKET = 'documents';

export type Uploader = (
  path: string,
  file: Blob,
  contentType: string,
  onProgress: (fraction: number) => void,
) => Promise<void>;

export type FlowDeps = { client: AppSupabaseClient; upload: Uploader };

export type DocumentFields = Omit<TablesInsert<'documents'>, 'id' | 'current_version_id' | 'created_at' | 'updated_at'>;

export type FileToStore = { file: Blob; name: string; contentType: string };

export class DocumentStoreError extends Error {
  readonly serverMessage: string;
  constructor(message: string, serverMessage: string) {
    super(message);
    this.name = 'DocumentStoreError';
    this.serverMessage = serverMessage;
  }
}

type Failure = { message?: string; code?: string; status?: number; statusCode?: string | number };

/** A refusal in plain words: which limit, then what the server said. */
export function explainFailure(error: unknown): DocumentStoreError {
  const failure = (error ?? {}) as Failure;
  const server =
    error instanceof Error || typeof failure.message === 'string' ? String(failure.message) : String(error);
  const status = Number(failure.status ?? failure.statusCode ?? 0);
  let message = 'The file could not be stored.';
  if (status === 413 || /document_versions_size|exceeded the maximum allowed size|too large/i.test(server)) {
    message = 'The file is too large: files can be at most 25 MB.';
  } else if (status === 415 || /document_versions_mime_type|mime type|not supported/i.test(server)) {
    message = `This type of file is not accepted: upload a ${ALLOWED_TYPES_TEXT} file.`;
  } else if (/aal2|42501|row-level security/i.test(server) || failure.code === '42501') {
    message = 'You are not allowed to store documents: sign in again with your authenticator code.';
  }
  return new DocumentStoreError(message, server);
}

function check<T>(result: { data: T; error: unknown }): T {
  if (result.error) throw result.error;
  return result.data;
}

/** The object's name for a version: `{document_id}/{version_id}/{safe-file-name}`. */
export const versionPath = (documentId: string, versionId: string, fileName: string) =>
  `${documentId}/${versionId}/${safeFileName(fileName)}`;

/** Adds a version row, uploads its file and returns its id; on failure removes both and throws. */
async function addVersion(
  deps: FlowDeps,
  documentId: string,
  { file, name, contentType }: FileToStore,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const versionId = crypto.randomUUID();
  const path = versionPath(documentId, versionId, name);
  check(
    await deps.client.from('document_versions').insert({
      id: versionId,
      document_id: documentId,
      storage_path: path,
      size_bytes: file.size,
      mime_type: contentType,
      original_file_name: name.slice(0, 255),
    }),
  );
  try {
    await deps.upload(path, file, contentType, onProgress);
  } catch (error) {
    await deps.client.storage.from(DOCUMENTS_BUCKET).remove([path]);
    await deps.client.from('document_versions').delete().eq('id', versionId);
    throw error;
  }
  return versionId;
}

/** A new document with its first file. Returns the document's id; throws a DocumentStoreError, leaving nothing. */
export async function createDocumentWithFile(
  deps: FlowDeps,
  fields: DocumentFields,
  file: FileToStore,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<string> {
  const documentId = crypto.randomUUID();
  try {
    check(await deps.client.from('documents').insert({ ...fields, id: documentId }));
  } catch (error) {
    throw explainFailure(error);
  }
  try {
    const versionId = await addVersion(deps, documentId, file, onProgress);
    check(await deps.client.from('documents').update({ current_version_id: versionId }).eq('id', documentId));
    return documentId;
  } catch (error) {
    await removeDocument(deps.client, documentId).catch(() => undefined);
    throw explainFailure(error);
  }
}

/** A new file for a document: a version, its upload, then the document points at it. */
export async function replaceDocumentFile(
  deps: FlowDeps,
  documentId: string,
  file: FileToStore,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<string> {
  let versionId: string;
  try {
    versionId = await addVersion(deps, documentId, file, onProgress);
  } catch (error) {
    throw explainFailure(error);
  }
  const pointed = await deps.client.from('documents').update({ current_version_id: versionId }).eq('id', documentId);
  if (pointed.error) throw explainFailure(pointed.error);
  return versionId;
}

/** A document, every version's file, then its rows (deleting the document deletes its versions). */
export async function removeDocument(client: AppSupabaseClient, documentId: string): Promise<void> {
  const versions = check(await client.from('document_versions').select('storage_path').eq('document_id', documentId));
  const paths = (versions ?? []).map((v) => v.storage_path);
  if (paths.length > 0) {
    const removed = await client.storage.from(DOCUMENTS_BUCKET).remove(paths);
    if (removed.error) throw removed.error;
  }
  check(await client.from('documents').delete().eq('id', documentId));
}
