/**
 * The admin portal's document upload flow (src/features/admin-portal/documents/document-upload-flow.ts)
 * against the in-process backend, through supabase-js as the seeded admin at
 * aal2 (docs/decisions/111-companies-and-documents.md): refused files name
 * the limit they broke, and the rollback leaves no row and no object.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileProblem } from '../../src/features/admin-portal/documents/document-files.ts';
import {
  createDocumentWithFile,
  DOCUMENTS_BUCKET,
  DocumentStoreError,
  removeDocument,
  replaceDocumentFile,
  type FlowDeps,
  type Uploader,
} from '../../src/features/admin-portal/documents/document-upload-flow.ts';
import { startTestBackend, type Client, type TestBackend } from './helpers.ts';

const MiB = 1024 * 1024;

let backend: TestBackend;
let admin: Client;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.signIn('admin');
});

afterAll(async () => {
  await backend?.stop();
});

/** supabase-js's storage upload, as the flow's uploader (the browser uses XMLHttpRequest to the same endpoint). */
const supabaseUpload =
  (client: Client, overrideType?: string): Uploader =>
  async (path, file, contentType, onProgress) => {
    const { error } = await client.storage
      .from(DOCUMENTS_BUCKET)
      .upload(path, file, { contentType: overrideType ?? contentType });
    if (error) throw error;
    onProgress(1);
  };

const deps = (overrideType?: string): FlowDeps => ({
  client: admin as unknown as FlowDeps['client'],
  upload: supabaseUpload(admin, overrideType),
});

const fields = (title: string) => ({
  title_en: title,
  title_fr: title,
  category: 'price_list',
  file_language: 'en',
  audience: 'all_clients',
  company_id: null,
});

async function leftBehind(title: string, fileName: string) {
  const documents = await backend.db.query<{ id: string }>('select id from public.documents where title_en = $1', [
    title,
  ]);
  const versions = await backend.db.query<{ id: string }>(
    'select id from public.document_versions where original_file_name = $1',
    [fileName],
  );
  const objects = await backend.db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = 'documents' and name like $1`,
    [`%/${fileName}`],
  );
  return { documents: documents.length, versions: versions.length, objects: objects.length };
}

async function refusal(work: Promise<unknown>): Promise<DocumentStoreError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentStoreError);
  return error as DocumentStoreError;
}

describe('the upload flow', () => {
  it('refuses a 26 MB file, names the 25 MB limit and leaves nothing', async () => {
    const name = `big-${randomUUID()}.pdf`;
    const big = new Blob([new Uint8Array(26 * MiB)], { type: 'application/pdf' });
    expect(fileProblem({ name, type: big.type, size: big.size })).toMatch(/at most 25 MB/);
    const error = await refusal(
      createDocumentWithFile(deps(), fields(name), { file: big, name, contentType: 'application/pdf' }),
    );
    expect(error.message).toMatch(/at most 25 MB/);
    expect(error.serverMessage).not.toBe('');
    expect(await leftBehind(name, name)).toEqual({ documents: 0, versions: 0, objects: 0 });
  });

  it('refuses an .exe renamed .pdf (application/x-msdownload), names the accepted types and leaves nothing', async () => {
    const name = `setup-${randomUUID()}.pdf`;
    const exe = new Blob([Buffer.from('MZ\x90\x00 not a pdf')], { type: 'application/x-msdownload' });
    expect(fileProblem({ name, type: exe.type, size: exe.size })).toMatch(/PDF, PNG, JPEG, WebP, CSV, XLSX or DOCX/);
    const error = await refusal(
      createDocumentWithFile(deps(), fields(name), { file: exe, name, contentType: 'application/x-msdownload' }),
    );
    expect(error.message).toMatch(/PDF, PNG, JPEG, WebP, CSV, XLSX or DOCX/);
    expect(await leftBehind(name, name)).toEqual({ documents: 0, versions: 0, objects: 0 });
  });

  it('when the bucket itself refuses the file type, removes the rows it had written', async () => {
    const name = `renamed-${randomUUID()}.pdf`;
    const exe = new Blob([Buffer.from('MZ\x90\x00 not a pdf')], { type: 'application/x-msdownload' });
    // The row says PDF; the upload says what the file is, and Storage refuses it.
    const error = await refusal(
      createDocumentWithFile(deps('application/x-msdownload'), fields(name), {
        file: exe,
        name,
        contentType: 'application/pdf',
      }),
    );
    expect(error.message).toMatch(/not accepted/);
    expect(error.serverMessage).toMatch(/application\/x-msdownload/);
    expect(await leftBehind(name, name)).toEqual({ documents: 0, versions: 0, objects: 0 });
  });

  it('stores a document, replaces its file, and deletes it with every file', async () => {
    const name = `price-list-${randomUUID()}.pdf`;
    const pdf = (text: string) => new Blob([`%PDF-1.4\n% ${text}\n%%EOF\n`], { type: 'application/pdf' });
    const progress: number[] = [];
    const id = await createDocumentWithFile(
      deps(),
      fields(name),
      { file: pdf('one'), name, contentType: 'application/pdf' },
      (f) => progress.push(f),
    );
    expect(progress.at(-1)).toBe(1);
    const first = await admin.from('documents').select('current_version_id').eq('id', id).single();
    expect(first.data?.current_version_id).toBeTruthy();

    const second = await replaceDocumentFile(deps(), id, { file: pdf('two'), name, contentType: 'application/pdf' });
    const after = await admin.from('documents').select('current_version_id').eq('id', id).single();
    expect(after.data?.current_version_id).toBe(second);
    expect(await leftBehind(name, name)).toEqual({ documents: 1, versions: 2, objects: 2 });

    await removeDocument(admin as unknown as FlowDeps['client'], id);
    expect(await leftBehind(name, name)).toEqual({ documents: 0, versions: 0, objects: 0 });
  });
});
