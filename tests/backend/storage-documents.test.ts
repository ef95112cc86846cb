/**
 * The files of companies' documents in Storage bucket `documents`
 * (docs/decisions/111-companies-and-documents.md), through supabase-js's
 * storage client as every kind of caller: list, download, createSignedUrl,
 * upload, update (replace) and remove. The policies on storage.objects are
 * what is tested: only staff at aal2 read, and clients read nothing even after
 * recording a download (their links come from the document-link function,
 * tests/backend/document-link.test.ts; docs/decisions/184-document-links-made-by-the-server.md);
 * only staff at aal2 write, and only where a version row says the file goes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ok,
  PORTAL_ACTORS,
  startTestBackend,
  type Client,
  type PortalActor,
  type PortalActors,
  type TestBackend,
} from './helpers.ts';
import {
  BUCKET,
  CERTIFICATE_A,
  CERTIFICATE_A_VERSION,
  FILE_A,
  PATH_A,
  pdf,
  setUpDocuments,
} from './documents-fixture.ts';

type Actor = PortalActor;
const ACTORS = PORTAL_ACTORS;

let backend: TestBackend;
let service: Client;
let actors: PortalActors;
const as = (actor: Actor): Client => actors.as(actor);

async function newVersionRow(documentId: string, name = 'file.pdf'): Promise<string> {
  const id = randomUUID();
  const path = `${documentId}/${id}/${name}`;
  ok(
    await service.from('document_versions').insert({
      id,
      document_id: documentId,
      storage_path: path,
      size_bytes: 40,
      mime_type: 'application/pdf',
      original_file_name: name,
    }),
    'version row',
  );
  return path;
}

/** What the service key sees in a version's folder. */
async function objectsIn(path: string): Promise<string[]> {
  const folder = path.split('/').slice(0, 2).join('/');
  const { data } = await service.storage.from(BUCKET).list(folder);
  return (data ?? []).map((entry) => entry.name);
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.serviceClient();
  actors = await setUpDocuments(backend);
});

afterAll(async () => {
  await backend?.stop();
});

describe('the bucket', () => {
  it('is private, 25 MiB, with the documents’ types', async () => {
    const [bucket] = await backend.db.query<Record<string, unknown>>(
      `select public, file_size_limit::int as file_size_limit, allowed_mime_types from storage.buckets where id = 'documents'`,
    );
    expect(bucket).toEqual({
      public: false,
      file_size_limit: 26214400,
      allowed_mime_types: [
        'application/pdf',
        'image/png',
        'image/jpeg',
        'image/webp',
        'text/csv',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
    });
  });
});

describe('reading: staff at aal2 only, a recorded download opens nothing', () => {
  it.each(ACTORS.filter((actor) => actor !== 'admin'))('%s reads, lists and signs nothing', async (actor) => {
    const storage = as(actor).storage.from(BUCKET);
    const download = await storage.download(PATH_A);
    expect(download.data).toBeNull();
    expect(download.error).not.toBeNull();
    const signed = await storage.createSignedUrl(PATH_A, 60);
    expect(signed.data).toBeNull();
    expect(signed.error).not.toBeNull();
    const listed = await storage.list(`${CERTIFICATE_A}/${CERTIFICATE_A_VERSION}`);
    expect(listed.data ?? []).toEqual([]);
  });

  it.each(ACTORS)('%s after recording the download of company A’s certificate', async (actor) => {
    const before = (await service.from('document_downloads').select('id')).data?.length ?? 0;
    const recorded = await as(actor).rpc('request_document_download', { document_id: CERTIFICATE_A }).single();
    const storage = as(actor).storage.from(BUCKET);
    const download = await storage.download(PATH_A);
    const signed = await storage.createSignedUrl(PATH_A, 60);
    const listed = await storage.list(`${CERTIFICATE_A}/${CERTIFICATE_A_VERSION}`);
    const after = (await service.from('document_downloads').select('id')).data?.length ?? 0;
    // The download is recorded for those who may read the document…
    if (actor === 'clientA' || actor === 'admin') {
      expect(recorded.data?.storage_path).toBe(PATH_A);
      expect(after).toBe(before + 1);
    } else {
      expect(recorded.error?.code).toBe(actor === 'anon' ? '42501' : 'PT404');
      expect(after).toBe(before);
    }
    // …but only staff read the bucket.
    if (actor === 'admin') {
      expect(await download.data?.text()).toBe(FILE_A);
      expect(signed.error).toBeNull();
      const fetched = await fetch(signed.data?.signedUrl ?? '');
      expect(fetched.status).toBe(200);
      expect(await fetched.text()).toBe(FILE_A);
      expect(listed.data?.map((entry) => entry.name)).toEqual(['organic-certificate-2026.pdf']);
    } else {
      expect(download.error).not.toBeNull();
      expect(signed.error).not.toBeNull();
      expect(listed.data ?? []).toEqual([]);
    }
  });
});

describe('writing: staff at aal2 only, where a version row says', () => {
  it.each(ACTORS)('%s uploads, replaces and removes only as staff', async (actor) => {
    const path = await newVersionRow(CERTIFICATE_A);
    const storage = as(actor).storage.from(BUCKET);
    const upload = await storage.upload(path, pdf(`new by ${actor}`));
    const staff = actor === 'admin';
    expect(upload.error === null, `${actor} upload: ${upload.error?.message}`).toBe(staff);
    expect(await objectsIn(path)).toEqual(staff ? [path.split('/')[2]] : []);
    if (!staff) ok(await as('admin').storage.from(BUCKET).upload(path, pdf('by staff')), 'staff upload');

    const update = await storage.update(path, pdf(`replaced by ${actor}`));
    expect(update.error === null, `${actor} update: ${update.error?.message}`).toBe(staff);
    const content = await (await as('admin').storage.from(BUCKET).download(path)).data?.text();
    expect(content).toContain(staff ? 'replaced by admin' : 'by staff');

    const removed = await storage.remove([path]);
    expect((removed.data ?? []).length).toBe(staff ? 1 : 0);
    expect(await objectsIn(path)).toEqual(staff ? [] : [path.split('/')[2]]);
  });

  it('staff cannot upload where no version row points', async () => {
    const path = `${CERTIFICATE_A}/${randomUUID()}/stray.pdf`;
    const upload = await as('admin').storage.from(BUCKET).upload(path, pdf('stray'));
    expect(upload.error).not.toBeNull();
    expect(await objectsIn(path)).toEqual([]);
  });

  it('the bucket refuses other types', async () => {
    const path = await newVersionRow(CERTIFICATE_A, 'page.html');
    const upload = await as('admin')
      .storage.from(BUCKET)
      .upload(path, new Blob(['<p>hi</p>'], { type: 'text/html' }), { contentType: 'text/html' });
    expect(upload.error).not.toBeNull();
    expect(await objectsIn(path)).toEqual([]);
  });
});
