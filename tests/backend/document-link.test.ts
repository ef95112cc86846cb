/**
 * Links to documents' files come from the server only
 * (docs/decisions/184-document-links-made-by-the-server.md). As an attacker
 * with the seeded client's session, Storage itself gives nothing: no
 * download, no listing, no signed link of any lifetime, even right after a
 * recorded download. The `document-link` Edge Function, called through
 * supabase-js as each kind of caller, answers a link only for what the
 * caller may read, records exactly one download per link, signs it for 60
 * seconds at most (the token's own claims say so), always for the current
 * version, and stops the moment staff revoke the client or detach it from
 * its company.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import {
  ACCOUNT_IDS,
  ok,
  PORTAL_ACTORS,
  SEEDED_COMPANY_A,
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
  DOCUMENT_B,
  FILE_A,
  PATH_A,
  PATH_B,
  pdf,
  setUpDocuments,
} from './documents-fixture.ts';

const TEN_YEARS = 315_360_000;

// Seeded (supabase/seed.sql): the all-client price list.
const PRICE_LIST_ALL = '00000000-0000-4000-8000-0000000d0c03';

let backend: TestBackend;
let actors: PortalActors;
const as = (actor: PortalActor): Client => actors.as(actor);

type LinkAnswer = { status: number; url: string | null; expiresIn: number | null };

/** Calls the function as supabase-js does from the portal. */
async function link(client: Client, documentId: string, fileName?: string): Promise<LinkAnswer> {
  const { data, error, response } = await client.functions.invoke<{ url: string; expires_in: number }>(
    'document-link',
    { body: { document_id: documentId, ...(fileName ? { file_name: fileName } : {}) } },
  );
  if (error) return { status: response?.status ?? 0, url: null, expiresIn: null };
  return { status: response?.status ?? 200, url: data?.url ?? null, expiresIn: data?.expires_in ?? null };
}

/** The claims of the link's token (the Storage server's own JWT). */
function tokenClaims(url: string): { exp: number; iat: number; url: string } {
  const token = new URL(url).searchParams.get('token') ?? '';
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number; iat: number; url: string };
}

/** How many downloads staff see recorded for an account (and a version). */
async function downloadsOf(userId: string, versionId?: string): Promise<number> {
  let query = as('admin').from('document_downloads').select('id', { count: 'exact', head: true }).eq('user_id', userId);
  if (versionId) query = query.eq('version_id', versionId);
  const { count, error } = await query;
  if (error) throw new Error(`download log: ${error.message}`);
  return count ?? 0;
}

async function allDownloads(): Promise<number> {
  const { count, error } = await as('admin').from('document_downloads').select('id', { count: 'exact', head: true });
  if (error) throw new Error(`download log: ${error.message}`);
  return count ?? 0;
}

beforeAll(async () => {
  backend = await startTestBackend();
  actors = await setUpDocuments(backend);
});

afterAll(async () => {
  await backend?.stop();
});

describe('Storage gives a client nothing itself', () => {
  it('the seeded client, even right after recording a download, cannot sign a ten-year (or any) link, download or list', async () => {
    const client = as('clientA');
    ok(await client.rpc('request_document_download', { document_id: CERTIFICATE_A }), 'recorded download');
    const storage = client.storage.from(BUCKET);
    for (const path of [PATH_A, PATH_B]) {
      for (const expiresIn of [TEN_YEARS, 60]) {
        const signed = await storage.createSignedUrl(path, expiresIn);
        expect(signed.data, `${path} for ${expiresIn} s`).toBeNull();
        expect(signed.error).not.toBeNull();
      }
      const many = await storage.createSignedUrls([path], TEN_YEARS);
      expect(many.data?.every((entry) => entry.signedUrl === null || entry.error !== null) ?? true).toBe(true);
      const download = await storage.download(path);
      expect(download.data).toBeNull();
      expect(download.error).not.toBeNull();
      const listed = await storage.list(path.split('/').slice(0, 2).join('/'));
      expect(listed.data ?? []).toEqual([]);
    }
    expect((await storage.list(CERTIFICATE_A)).data ?? []).toEqual([]);
    expect((await storage.exists(PATH_A)).data).toBe(false);
  });

  it('staff at aal2 still read files directly (preview and download in the admin portal)', async () => {
    const download = await as('admin').storage.from(BUCKET).download(PATH_A);
    expect(await download.data?.text()).toBe(FILE_A);
    expect((await as('adminAal1').storage.from(BUCKET).download(PATH_A)).error).not.toBeNull();
  });
});

describe('the document-link function', () => {
  it('gives the seeded client a link that opens the current file, named as asked', async () => {
    const answer = await link(as('clientA'), CERTIFICATE_A, 'organic-certificate-2026.pdf');
    expect(answer.status).toBe(200);
    expect(answer.url).toMatch(new RegExp(`^${backend.url}/storage/v1/object/sign/${BUCKET}/${PATH_A}\\?token=`));
    const fetched = await fetch(answer.url ?? '');
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-disposition')).toContain('attachment; filename=organic-certificate-2026.pdf');
    expect(await fetched.text()).toBe(FILE_A);
  });

  it('signs the link for 60 seconds at most: its token expires within a minute of being made', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await link(as('clientA'), CERTIFICATE_A);
    const after = Math.floor(Date.now() / 1000);
    expect(answer.expiresIn).toBe(60);
    const claims = tokenClaims(answer.url ?? '');
    expect(claims.url).toBe(`${BUCKET}/${PATH_A}`);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(60);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp).toBeLessThanOrEqual(after + 60);
  });

  it('records exactly one download per link', async () => {
    const before = await downloadsOf(ACCOUNT_IDS.client, CERTIFICATE_A_VERSION);
    const total = await allDownloads();
    for (let i = 1; i <= 3; i += 1) {
      expect((await link(as('clientA'), CERTIFICATE_A)).status).toBe(200);
      expect(await downloadsOf(ACCOUNT_IDS.client, CERTIFICATE_A_VERSION)).toBe(before + i);
    }
    expect(await allDownloads()).toBe(total + 3);
    const { data: latest } = await as('admin')
      .from('document_downloads')
      .select('document_id, version_id, company_id, storage_path')
      .eq('user_id', ACCOUNT_IDS.client)
      .order('id', { ascending: false })
      .limit(1)
      .single();
    expect(latest).toEqual({
      document_id: CERTIFICATE_A,
      version_id: CERTIFICATE_A_VERSION,
      company_id: SEEDED_COMPANY_A,
      storage_path: PATH_A,
    });
  });

  // 200 a link; 401 not signed in; 404 not a document the caller may read.
  const expected: Record<PortalActor, { A: number; all: number; B: number }> = {
    anon: { A: 401, all: 401, B: 401 },
    member: { A: 404, all: 404, B: 404 },
    requester: { A: 404, all: 404, B: 404 },
    clientA: { A: 200, all: 200, B: 404 },
    clientB: { A: 404, all: 200, B: 200 },
    revoked: { A: 404, all: 404, B: 404 },
    // Staff reads need the second factor.
    adminAal1: { A: 404, all: 404, B: 404 },
    admin: { A: 200, all: 200, B: 200 },
  };
  const documents = { A: CERTIFICATE_A, all: PRICE_LIST_ALL, B: DOCUMENT_B } as const;

  it.each(PORTAL_ACTORS)('%s gets a link only for what it may read; a refusal records nothing', async (actor) => {
    // Auth ends a user's aal1 sessions when another of its sessions passes the
    // second factor (as GoTrue does), so the admin at aal1 signs in afresh.
    const caller = actor === 'adminAal1' ? await backend.signIn('admin', { aal: 'aal1' }) : as(actor);
    for (const [key, id] of Object.entries(documents) as Array<[keyof typeof documents, string]>) {
      const total = await allDownloads();
      const answer = await link(caller, id);
      expect(answer.status, `${actor} ${key}`).toBe(expected[actor][key]);
      if (answer.status === 200) {
        expect((await fetch(answer.url ?? '')).status).toBe(200);
        expect(await allDownloads()).toBe(total + 1);
      } else {
        expect(answer.url).toBeNull();
        expect(await allDownloads()).toBe(total);
      }
    }
  });

  it('stops giving links the moment staff revoke the client', async () => {
    const fresh = await actors.newClient('revoke-later', SEEDED_COMPANY_A);
    expect((await link(fresh.client, CERTIFICATE_A)).status).toBe(200);
    ok(await as('admin').rpc('admin_revoke_client_access', { target: fresh.id }), 'revoke');
    const before = await downloadsOf(fresh.id);
    expect((await link(fresh.client, CERTIFICATE_A)).status).toBe(404);
    expect((await link(fresh.client, PRICE_LIST_ALL)).status).toBe(404);
    expect(await downloadsOf(fresh.id)).toBe(before);
    // And Storage refuses it whatever it tries.
    expect((await fresh.client.storage.from(BUCKET).createSignedUrl(PATH_A, TEN_YEARS)).error).not.toBeNull();
  });

  it('stops giving links to the company’s documents once staff detach the client from it', async () => {
    const fresh = await actors.newClient('detach-later', SEEDED_COMPANY_A);
    expect((await link(fresh.client, CERTIFICATE_A)).status).toBe(200);
    const detached = await as('admin').from('company_clients').delete().eq('user_id', fresh.id).select('user_id');
    expect(detached.data).toHaveLength(1);
    expect((await link(fresh.client, CERTIFICATE_A)).status).toBe(404);
  });

  it('after staff replace a document’s file, the link serves the new version', async () => {
    const versionId = randomUUID();
    const path = `${DOCUMENT_B}/${versionId}/contract-b-v2.pdf`;
    ok(
      await as('admin').from('document_versions').insert({
        id: versionId,
        document_id: DOCUMENT_B,
        storage_path: path,
        size_bytes: 40,
        mime_type: 'application/pdf',
        original_file_name: 'Contract B v2.pdf',
      }),
      'new version',
    );
    ok(await as('admin').storage.from(BUCKET).upload(path, pdf('contract B, second version')), 'upload v2');
    ok(await as('admin').from('documents').update({ current_version_id: versionId }).eq('id', DOCUMENT_B), 'current');

    const answer = await link(as('clientB'), DOCUMENT_B);
    expect(answer.status).toBe(200);
    expect(tokenClaims(answer.url ?? '').url).toBe(`${BUCKET}/${path}`);
    expect(await (await fetch(answer.url ?? '')).text()).toContain('contract B, second version');
    expect(await downloadsOf(actors.ids.clientB, versionId)).toBe(1);
  });

  it('refuses a signed-out session, a forged token, a bad body and other methods', async () => {
    const call = (init: RequestInit) => backend.fetch('/functions/v1/document-link', init);
    const body = JSON.stringify({ document_id: CERTIFICATE_A });
    const json = { 'Content-Type': 'application/json' };

    const session = await backend.signIn('client');
    const token = (await session.auth.getSession()).data.session?.access_token ?? '';
    expect((await call({ method: 'POST', body, headers: { ...json, Authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
    await session.auth.signOut({ scope: 'local' });
    const total = await allDownloads();
    expect((await call({ method: 'POST', body, headers: { ...json, Authorization: `Bearer ${token}` } })).status).toBe(
      401,
    );
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    expect((await call({ method: 'POST', body, headers: { ...json, Authorization: `Bearer ${forged}` } })).status).toBe(
      401,
    );
    expect((await call({ method: 'POST', body, headers: json })).status).toBe(401);
    expect(
      (await call({ method: 'POST', body, headers: { ...json, Authorization: `Bearer ${LOCAL_ANON_KEY}` } })).status,
    ).toBe(401);
    expect(await allDownloads()).toBe(total);

    const live = (await as('clientA').auth.getSession()).data.session?.access_token ?? '';
    const auth = { ...json, Authorization: `Bearer ${live}` };
    expect((await call({ method: 'POST', body: '{"document_id":"nope"}', headers: auth })).status).toBe(400);
    expect((await call({ method: 'POST', body: 'not json', headers: auth })).status).toBe(400);
    const badName = JSON.stringify({ document_id: CERTIFICATE_A, file_name: 'a"\r\nSet-Cookie: x=1' });
    expect((await call({ method: 'POST', body: badName, headers: auth })).status).toBe(400);
    expect((await call({ method: 'GET', headers: { Authorization: `Bearer ${live}` } })).status).toBe(405);
    expect(await allDownloads()).toBe(total);
  });

  it('answers the browser’s preflight from the site’s origin', async () => {
    const response = await backend.fetch('/functions/v1/document-link', {
      method: 'OPTIONS',
      apikey: null,
      headers: {
        Origin: 'https://www.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const name of ['authorization', 'x-client-info', 'apikey', 'content-type']) expect(allowed).toContain(name);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});
