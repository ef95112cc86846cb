/**
 * The local Storage API through supabase-js's unmodified storage client, as
 * anon, two signed-in users and the service role. The setup declares, as the
 * superuser, what a migration would: a private bucket (1 MiB, PDF and PNG
 * only) and policies letting a signed-in user read and write objects under a
 * folder named after their own id. Every assertion is what a hosted project
 * answers: RLS decides, and refusals carry Storage's error shapes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { launchLocalBackend } from '../../supabase/local/server.ts';
import { storageDirFor } from '../../supabase/local/storage/files.ts';
import { ACCOUNT_IDS, startTestBackend, type Client, type TestBackend } from './helpers.ts';

const BUCKET = 'test-docs';
const A = ACCOUNT_IDS.client;
const B = ACCOUNT_IDS.member;
const MiB = 1024 * 1024;

let backend: TestBackend;
let anon: Client;
let userA: Client;
let userB: Client;
let service: Client;

/** A signed-in user's own folder: the first path segment is their id. */
const OWN = `bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text`;

beforeAll(async () => {
  backend = await startTestBackend();
  await backend.db.exec(`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('${BUCKET}', '${BUCKET}', false, ${MiB}, array['application/pdf', 'image/png']);
    create policy "test: read own folder" on storage.objects for select to authenticated using (${OWN});
    create policy "test: add to own folder" on storage.objects for insert to authenticated with check (${OWN});
    create policy "test: replace in own folder" on storage.objects for update to authenticated
      using (${OWN}) with check (${OWN});
    create policy "test: remove from own folder" on storage.objects for delete to authenticated using (${OWN});
  `);
  [anon, userA, userB, service] = await Promise.all([
    backend.as('anon'),
    backend.signIn('client'),
    backend.signIn('member'),
    Promise.resolve(backend.serviceClient()),
  ]);
});

afterAll(async () => {
  await backend?.stop();
});

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);

async function rows(name?: string): Promise<Array<Record<string, unknown>>> {
  return backend.db.query(
    `select name, owner::text, owner_id, version, metadata, user_metadata from storage.objects
      where bucket_id = $1 ${name === undefined ? '' : 'and name = $2'} order by name`,
    name === undefined ? [BUCKET] : [BUCKET, name],
  );
}

async function uploadAsService(name: string, body: Buffer, contentType = 'application/pdf'): Promise<void> {
  const { error } = await service.storage.from(BUCKET).upload(name, body, { contentType, upsert: true });
  if (error) throw new Error(`service upload of ${name} failed: ${error.message}`);
}

/** The body of a refusal, as supabase-js surfaces it. */
function refusal(error: unknown): { status: unknown; statusCode: unknown; message: unknown } {
  const { status, statusCode, message } = (error ?? {}) as Record<string, unknown>;
  return { status, statusCode, message };
}

describe('schema', () => {
  it('has the hosted columns, helpers and RLS, and refuses a plain SQL delete of an object', async () => {
    const columns = await backend.db.query<{ table_name: string; column_name: string }>(
      `select table_name::text, column_name::text from information_schema.columns
        where table_schema = 'storage' order by table_name, ordinal_position`,
    );
    const of = (table: string) => columns.filter((c) => c.table_name === table).map((c) => c.column_name);
    expect(of('buckets')).toEqual(
      expect.arrayContaining(['id', 'name', 'owner', 'owner_id', 'public', 'file_size_limit', 'allowed_mime_types']),
    );
    expect(of('objects')).toEqual(
      expect.arrayContaining(['id', 'bucket_id', 'name', 'owner_id', 'metadata', 'user_metadata', 'path_tokens']),
    );
    const [helpers] = await backend.db.query<Record<string, unknown>>(
      `select storage.foldername('a/b/c.pdf') as folders, storage.filename('a/b/c.pdf') as file,
              storage.extension('a/b/c.pdf') as ext,
              (select relrowsecurity from pg_class where oid = 'storage.objects'::regclass) as rls`,
    );
    expect(helpers).toEqual({ folders: ['a', 'b'], file: 'c.pdf', ext: 'pdf', rls: true });
    await expect(backend.db.query(`delete from storage.objects where name = 'nothing'`)).rejects.toThrow(
      /Direct deletion from storage tables is not allowed/,
    );
  });
});

describe('upload', () => {
  it('stores a raw body (a Buffer) under the user’s own folder, with the metadata hosted fills in', async () => {
    const body = pdf('invoice');
    const { data, error } = await userA.storage
      .from(BUCKET)
      .upload(`${A}/invoice.pdf`, body, { contentType: 'application/pdf' });
    expect(error).toBeNull();
    expect(data).toEqual({ path: `${A}/invoice.pdf`, id: expect.any(String), fullPath: `${BUCKET}/${A}/invoice.pdf` });
    const [row] = await rows(`${A}/invoice.pdf`);
    expect(row).toMatchObject({ owner: A, owner_id: A, user_metadata: null });
    expect(row?.metadata).toEqual({
      eTag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      size: body.length,
      mimetype: 'application/pdf',
      cacheControl: 'max-age=3600',
      lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      contentLength: body.length,
      httpStatusCode: 200,
    });
    expect((await backend.files.list()).objects).toContain(row?.version);
  });

  it('stores a Blob, which supabase-js sends as multipart/form-data, with its type and user metadata', async () => {
    const png = new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x66, 0x61, 0x6b, 0x65])], {
      type: 'image/png',
    });
    const { error } = await userA.storage
      .from(BUCKET)
      .upload(`${A}/scans/page 1.png`, png, { cacheControl: '60', metadata: { company: 'Olea' } });
    expect(error).toBeNull();
    const [row] = await rows(`${A}/scans/page 1.png`);
    expect(row?.metadata).toMatchObject({ mimetype: 'image/png', size: 12, cacheControl: 'max-age=60' });
    expect(row?.user_metadata).toEqual({ company: 'Olea' });
  });

  it('refuses a second upload to the same path without upsert', async () => {
    const { error } = await userA.storage.from(BUCKET).upload(`${A}/invoice.pdf`, pdf('again'), {
      contentType: 'application/pdf',
    });
    expect(refusal(error)).toEqual({ status: 400, statusCode: '409', message: 'The resource already exists' });
  });

  it('refuses writing into another user’s folder, and anon, by RLS, leaving no row and no file', async () => {
    const before = await backend.files.list();
    for (const client of [userB, anon]) {
      const { error } = await client.storage
        .from(BUCKET)
        .upload(`${A}/forged.pdf`, pdf('forged'), { contentType: 'application/pdf' });
      expect(refusal(error)).toEqual({
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
    }
    expect(await rows(`${A}/forged.pdf`)).toEqual([]);
    expect(await backend.files.list()).toEqual(before);
  });

  it('lets another user write their own folder, which the first cannot read', async () => {
    const upload = await userB.storage
      .from(BUCKET)
      .upload(`${B}/own.pdf`, pdf('B'), { contentType: 'application/pdf' });
    expect(upload.error).toBeNull();
    const read = await userA.storage.from(BUCKET).download(`${B}/own.pdf`);
    expect(refusal(read.error)).toEqual({ status: 400, statusCode: '404', message: 'Object not found' });
  });

  it('refuses a file over the bucket’s limit and a type it does not allow, with hosted’s errors, leaving nothing', async () => {
    const before = await backend.files.list();
    const big = Buffer.alloc(MiB + 1, 0x20);
    const raw = await userA.storage.from(BUCKET).upload(`${A}/big.pdf`, big, { contentType: 'application/pdf' });
    expect(refusal(raw.error)).toEqual({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const form = await userA.storage
      .from(BUCKET)
      .upload(`${A}/big-form.pdf`, new Blob([big], { type: 'application/pdf' }));
    expect(refusal(form.error)).toEqual(refusal(raw.error));
    const text = await userA.storage.from(BUCKET).upload(`${A}/notes.txt`, Buffer.from('hello'), {
      contentType: 'text/plain',
    });
    expect(refusal(text.error)).toEqual({
      status: 400,
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    });
    const blob = await userA.storage
      .from(BUCKET)
      .upload(`${A}/notes.html`, new Blob(['<p>hi</p>'], { type: 'text/html' }));
    expect(refusal(blob.error)).toMatchObject({ statusCode: '415', message: 'mime type text/html is not supported' });
    expect((await rows()).map((row) => row.name)).not.toEqual(
      expect.arrayContaining([`${A}/big.pdf`, `${A}/big-form.pdf`, `${A}/notes.txt`, `${A}/notes.html`]),
    );
    expect(await backend.files.list()).toEqual(before);
  });

  it('answers Bucket not found for a bucket that does not exist', async () => {
    const { error } = await service.storage
      .from('no-such-bucket')
      .upload('x.pdf', pdf('x'), { contentType: 'application/pdf' });
    expect(refusal(error)).toEqual({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });

  it('refuses a token that is not a valid JWT', async () => {
    const response = await fetch(`${backend.url}/storage/v1/object/${BUCKET}/${A}/x.pdf`, {
      method: 'POST',
      headers: { Authorization: 'Bearer not-a-jwt', 'Content-Type': 'application/pdf' },
      body: pdf('x'),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized' });
  });
});

describe('update', () => {
  it('replaces the owner’s file (new content, old file deleted) and refuses anyone else', async () => {
    const name = `${A}/contract.pdf`;
    await userA.storage.from(BUCKET).upload(name, pdf('v1'), { contentType: 'application/pdf' });
    const [first] = await rows(name);
    const updated = await userA.storage.from(BUCKET).update(name, pdf('v2'), { contentType: 'application/pdf' });
    expect(updated.error).toBeNull();
    const [second] = await rows(name);
    expect(second?.version).not.toBe(first?.version);
    const files = await backend.files.list();
    expect(files.objects).toContain(second?.version);
    expect(files.objects).not.toContain(first?.version);
    const { data } = await userA.storage.from(BUCKET).download(name);
    expect(Buffer.from(await (data as Blob).arrayBuffer()).toString()).toContain('v2');

    const forged = await userB.storage.from(BUCKET).update(name, pdf('forged'), { contentType: 'application/pdf' });
    expect(refusal(forged.error)).toMatchObject({ status: 400, statusCode: '403' });
    const upsert = await userB.storage
      .from(BUCKET)
      .upload(name, pdf('forged'), { contentType: 'application/pdf', upsert: true });
    expect(refusal(upsert.error)).toMatchObject({ status: 400, statusCode: '403' });
    expect((await rows(name))[0]?.version).toBe(second?.version);
    expect(await backend.files.list()).toEqual(files);
  });
});

describe('download', () => {
  it('gives the owner and the service role the bytes, with hosted’s headers', async () => {
    for (const client of [userA, service]) {
      const { data, error } = await client.storage.from(BUCKET).download(`${A}/invoice.pdf`);
      expect(error).toBeNull();
      expect(Buffer.from(await (data as Blob).arrayBuffer()).equals(pdf('invoice'))).toBe(true);
    }
    const response = await fetch(`${backend.url}/storage/v1/object/authenticated/${BUCKET}/${A}/invoice.pdf`, {
      headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get('content-length')).toBe(String(pdf('invoice').length));
  });

  it('is "Object not found" for another user and for anon (RLS hides the row)', async () => {
    for (const client of [userB, anon]) {
      const { data, error } = await client.storage.from(BUCKET).download(`${A}/invoice.pdf`);
      expect(data).toBeNull();
      expect(refusal(error)).toEqual({ status: 400, statusCode: '404', message: 'Object not found' });
    }
  });

  it('answers exists() (a HEAD request) by the same rule', async () => {
    expect((await userA.storage.from(BUCKET).exists(`${A}/invoice.pdf`)).data).toBe(true);
    expect((await userB.storage.from(BUCKET).exists(`${A}/invoice.pdf`)).data).toBe(false);
    expect((await userA.storage.from(BUCKET).exists(`${A}/missing.pdf`)).data).toBe(false);
  });

  it('is "Bucket not found" without any token for a private bucket', async () => {
    const response = await fetch(`${backend.url}/storage/v1/object/${BUCKET}/${A}/invoice.pdf`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    });
  });
});

describe('list', () => {
  it('lists one level under a prefix: files with their metadata, folders with nulls', async () => {
    const { data, error } = await userA.storage.from(BUCKET).list(A);
    expect(error).toBeNull();
    expect(data?.map((entry) => entry.name)).toEqual(['contract.pdf', 'invoice.pdf', 'scans']);
    const invoice = data?.find((entry) => entry.name === 'invoice.pdf');
    expect(invoice).toMatchObject({ id: expect.any(String), metadata: { mimetype: 'application/pdf' } });
    expect(data?.find((entry) => entry.name === 'scans')).toEqual({
      name: 'scans',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    });
    const inner = await userA.storage.from(BUCKET).list(`${A}/scans`);
    expect(inner.data?.map((entry) => entry.name)).toEqual(['page 1.png']);
  });

  it('honours search, limit, offset and sort order', async () => {
    const search = await userA.storage.from(BUCKET).list(A, { search: 'inv' });
    expect(search.data?.map((entry) => entry.name)).toEqual(['invoice.pdf']);
    const page = await userA.storage.from(BUCKET).list(A, { limit: 1, offset: 1 });
    expect(page.data?.map((entry) => entry.name)).toEqual(['invoice.pdf']);
    const desc = await userA.storage.from(BUCKET).list(A, { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data?.map((entry) => entry.name)).toEqual(['scans', 'invoice.pdf', 'contract.pdf']);
    const byDate = await userA.storage.from(BUCKET).list(A, { sortBy: { column: 'created_at', order: 'asc' } });
    expect(byDate.data?.map((entry) => entry.name)).toEqual(['scans', 'invoice.pdf', 'contract.pdf']);
  });

  it('shows each caller only what RLS lets it read', async () => {
    expect((await userB.storage.from(BUCKET).list(A)).data).toEqual([]);
    expect((await anon.storage.from(BUCKET).list(A)).data).toEqual([]);
    expect((await userA.storage.from(BUCKET).list()).data?.map((entry) => entry.name)).toEqual([A]);
    expect((await service.storage.from(BUCKET).list()).data?.map((entry) => entry.name)).toEqual([A, B].sort());
  });
});

describe('signed URLs', () => {
  it('opens the object with the token alone, until it expires, and as a named download when asked', async () => {
    const { data, error } = await userA.storage.from(BUCKET).createSignedUrl(`${A}/invoice.pdf`, 60);
    expect(error).toBeNull();
    const signed = new URL(data?.signedUrl ?? '');
    expect(signed.pathname).toBe(`/storage/v1/object/sign/${BUCKET}/${A}/invoice.pdf`);
    const token = signed.searchParams.get('token') ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ url: `${BUCKET}/${A}/invoice.pdf`, scope: 'download' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(60);

    const response = await fetch(signed);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf('invoice'))).toBe(true);
    expect(response.headers.get('expires')).toBe(new Date(Number(claims.exp) * 1000).toUTCString());
    expect(response.headers.get('content-disposition')).toBeNull();

    const named = await userA.storage
      .from(BUCKET)
      .createSignedUrl(`${A}/invoice.pdf`, 60, { download: 'Facture 12.pdf' });
    const attachment = await fetch(named.data?.signedUrl ?? '');
    expect(attachment.headers.get('content-disposition')).toBe(
      "attachment; filename=Facture%2012.pdf; filename*=UTF-8''Facture%2012.pdf",
    );
  });

  it('is refused to a caller who cannot read the object, and per path in createSignedUrls', async () => {
    const { error } = await userB.storage.from(BUCKET).createSignedUrl(`${A}/invoice.pdf`, 60);
    expect(refusal(error)).toEqual({ status: 400, statusCode: '404', message: 'Object not found' });
    const many = await userA.storage.from(BUCKET).createSignedUrls([`${A}/invoice.pdf`, `${A}/missing.pdf`], 60);
    expect(many.error).toBeNull();
    expect(many.data?.[0]).toMatchObject({ error: null, path: `${A}/invoice.pdf`, signedUrl: expect.any(String) });
    expect(many.data?.[1]).toEqual({
      error: 'Either the object does not exist or you do not have access to it',
      path: `${A}/missing.pdf`,
      signedURL: null,
      signedUrl: null,
    });
    expect((await fetch(many.data?.[0]?.signedUrl ?? '')).status).toBe(200);
  });

  it('refuses an expired token, a tampered one, and one for another object', async () => {
    const path = `/storage/v1/object/sign/${BUCKET}/${A}/invoice.pdf`;
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ url: `${BUCKET}/${A}/invoice.pdf`, scope: 'download', iat: now - 61, exp: now - 1 });
    const answer = async (token: string, at = path) => {
      const response = await fetch(`${backend.url}${at}?token=${token}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await answer(expired)).toEqual({
      status: 400,
      body: {
        statusCode: '400',
        code: 'InvalidJWT',
        error: 'InvalidJWT',
        message: '"exp" claim timestamp check failed',
      },
    });

    const { data } = await userA.storage.from(BUCKET).createSignedUrl(`${A}/invoice.pdf`, 60);
    const valid = new URL(data?.signedUrl ?? '').searchParams.get('token') ?? '';
    const [header, payload, signature] = valid.split('.');
    const other = {
      ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
      url: `${BUCKET}/${A}/contract.pdf`,
    };
    const tampered = `${header}.${Buffer.from(JSON.stringify(other)).toString('base64url')}.${signature}`;
    expect(await answer(tampered, `/storage/v1/object/sign/${BUCKET}/${A}/contract.pdf`)).toMatchObject({
      status: 400,
      body: { statusCode: '400', code: 'InvalidJWT', message: 'signature verification failed' },
    });
    expect(await answer(valid, `/storage/v1/object/sign/${BUCKET}/${A}/contract.pdf`)).toMatchObject({
      status: 400,
      body: { statusCode: '400', code: 'InvalidSignature', message: 'Invalid signature' },
    });
  });
});

describe('remove', () => {
  it('deletes only what the caller’s DELETE policy allows, row and file together', async () => {
    const name = `${A}/to-remove.pdf`;
    await uploadAsService(name, pdf('remove me'));
    const [row] = await rows(name);
    const { data: signed } = await userA.storage.from(BUCKET).createSignedUrl(name, 60);

    for (const client of [userB, anon]) {
      const { data, error } = await client.storage.from(BUCKET).remove([name]);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect(await rows(name)).toHaveLength(1);

    const { data, error } = await userA.storage.from(BUCKET).remove([name, `${A}/never-existed.pdf`]);
    expect(error).toBeNull();
    // The service role uploaded it: no owner.
    expect(data).toEqual([expect.objectContaining({ name, bucket_id: BUCKET, owner_id: null, version: row?.version })]);
    expect(await rows(name)).toEqual([]);
    expect((await backend.files.list()).objects).not.toContain(row?.version);
    const gone = await fetch(signed?.signedUrl ?? '');
    expect(gone.status).toBe(400);
    expect(await gone.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });
});

describe('one object at a time, and public buckets', () => {
  it('removes a single object only for a caller allowed to delete it', async () => {
    const name = `${A}/single.pdf`;
    await uploadAsService(name, pdf('single'));
    const remove = (token: string) =>
      fetch(`${backend.url}/storage/v1/object/${BUCKET}/${name}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
    const sessionOf = async (client: Client) => (await client.auth.getSession()).data.session?.access_token ?? '';
    const denied = await remove(await sessionOf(userB));
    expect(await denied.json()).toMatchObject({ statusCode: '403', message: 'Access denied' });
    const allowed = await remove(await sessionOf(userA));
    expect(await allowed.json()).toEqual({ message: 'Successfully deleted' });
    expect(await rows(name)).toEqual([]);
  });

  it('serves a public bucket’s objects to anyone, without a token', async () => {
    await backend.db.exec(`insert into storage.buckets (id, name, public) values ('test-public', 'test-public', true)`);
    const { error } = await service.storage
      .from('test-public')
      .upload('logo.png', Buffer.from('png'), { contentType: 'image/png' });
    expect(error).toBeNull();
    const url = anon.storage.from('test-public').getPublicUrl('logo.png').data.publicUrl;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('png');
    expect((await fetch(`${backend.url}/storage/v1/object/public/${BUCKET}/${A}/invoice.pdf`)).status).toBe(400);
  });
});

describe('buckets', () => {
  it('are readable by the service role; RLS hides them from users', async () => {
    const { data, error } = await service.storage.getBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: BUCKET,
      name: BUCKET,
      public: false,
      file_size_limit: MiB,
      allowed_mime_types: ['application/pdf', 'image/png'],
    });
    expect((await service.storage.listBuckets()).data?.map((bucket) => bucket.id)).toContain(BUCKET);
    expect((await userA.storage.listBuckets()).data).toEqual([]);
    expect(refusal((await userA.storage.getBucket(BUCKET)).error)).toEqual({
      status: 400,
      statusCode: '404',
      message: 'Bucket not found',
    });
  });
});

describe('gateway', () => {
  it('allows the browser’s upload headers cross-origin and exposes the download headers', async () => {
    const preflight = await fetch(`${backend.url}/storage/v1/object/${BUCKET}/${A}/x.pdf`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, x-client-info, x-upsert, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'apikey', 'x-client-info', 'x-upsert', 'content-type']),
    );
    const download = await fetch(`${backend.url}/storage/v1/object/${BUCKET}/${A}/invoice.pdf?download=a.pdf`, {
      headers: { Origin: 'http://localhost:4173', Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
    expect(download.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');
    expect(download.headers.get('access-control-expose-headers')).toMatch(/Content-Disposition/);
  });

  it('answers Storage’s 404 for a route it does not have', async () => {
    const response = await fetch(`${backend.url}/storage/v1/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: '404', message: 'Route GET:/nothing not found' });
  });
});

describe('persistence', () => {
  it('keeps files with the database across restarts; a new database starts with only the seed files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-storage-'));
    const dataDir = join(dir, 'db');
    // A file left from a database that no longer exists (what `npm run db:reset` removes).
    const stale = join(storageDirFor(dataDir), 'objects', '00000000-0000-4000-8000-000000000001');
    mkdirSync(dirname(stale), { recursive: true });
    writeFileSync(stale, 'stale');
    const boot = () => launchLocalBackend({ port: 0, dataDir, quiet: true });
    try {
      const first = await boot();
      try {
        // The stale file is gone; what is there is the seed's (config.toml's objects_path), one per object row.
        const seeded = await first.db.query<{ version: string }>(
          'select version from storage.objects order by version',
        );
        expect(seeded.length).toBeGreaterThan(0);
        expect((await first.files.list()).objects).toEqual(seeded.map((row) => row.version).sort());
        expect((await first.files.list()).objects).not.toContain('00000000-0000-4000-8000-000000000001');
        await first.db.exec(`insert into storage.buckets (id, name) values ('kept', 'kept')`);
        const upload = await fetch(`${first.url}/storage/v1/object/kept/a.pdf`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/pdf' },
          body: pdf('kept'),
        });
        expect(upload.status).toBe(200);
      } finally {
        await first.stop();
      }
      const second = await boot();
      try {
        const response = await fetch(`${second.url}/storage/v1/object/kept/a.pdf`, {
          headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
        });
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(pdf('kept'))).toBe(true);
        // A restart does not upload the seed files again.
        const rows = await second.db.query<{ version: string }>('select version from storage.objects');
        expect((await second.files.list()).objects).toHaveLength(rows.length);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
