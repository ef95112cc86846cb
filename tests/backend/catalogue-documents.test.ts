/**
 * Documents linked to products, for visitors and clients
 * (docs/decisions/193-product-documents-for-visitors-and-clients.md), through
 * supabase-js as each kind of caller: `catalogue_documents()` lists public
 * links of published products for everyone and clients-only links for active
 * clients and staff; the `document-link` function, given `{product_id,
 * document_id}`, answers a 60-second link to a public document without a
 * session and to a clients-only one for a client only, recording each
 * download (a visitor's without an account). Uses the seeded catalogue's
 * documents (supabase/seed.sql, supabase/seed-files/documents/).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../supabase/local/db.ts';
import {
  ACCOUNT_IDS,
  ok,
  PORTAL_ACTORS,
  SEEDED_COMPANY_A,
  setUpPortalActors,
  startTestBackend,
  type Client,
  type PortalActor,
  type PortalActors,
  type TestBackend,
} from './helpers.ts';

const product = (n: number) => `00000000-0000-4000-8000-0000000b${String(n).padStart(4, '0')}`;
const document = (n: number) => `00000000-0000-4000-8000-0000000d0c${n}`;
const FETA = product(25);
const KALAMATA_OLIVES = product(11);
const THYME_HONEY = product(7);
const DRAFT_OIL = product(6);
const FETA_SPEC_SHEET = document(11); // public on the feta
const FETA_PDO_CERTIFICATE = document(18); // clients only on the feta
const OLIVES_SPEC_SHEET = document(12); // public on the Kalamata olives
const FETA_SPEC_FILE =
  '00000000-0000-4000-8000-0000000d0c11/00000000-0000-4000-8000-0000000e0c11/pdo-feta-spec-sheet.pdf';
const SEED_FILES = join(REPO_ROOT, 'supabase/seed-files/documents');

// The seeded links: six public spec sheets, three clients-only certificates.
const PUBLIC_LINKS = 6;
const CLIENT_LINKS = 3;

let backend: TestBackend;
let actors: PortalActors;
const as = (actor: PortalActor): Client => actors.as(actor);

type Link = { status: number; url: string | null; expiresIn: number | null };

/** Calls the function as a page does, for a product's document. */
async function link(client: Client, productId: string, documentId: string, fileName?: string): Promise<Link> {
  const { data, error, response } = await client.functions.invoke<{ url: string; expires_in: number }>(
    'document-link',
    { body: { product_id: productId, document_id: documentId, ...(fileName ? { file_name: fileName } : {}) } },
  );
  if (error) return { status: response?.status ?? 0, url: null, expiresIn: null };
  return { status: response?.status ?? 200, url: data?.url ?? null, expiresIn: data?.expires_in ?? null };
}

type DownloadRow = { user_id: string | null; user_email: string; company_id: string | null; version_id: string | null };

/** The downloads of a document, newest first, as staff read them. */
async function downloadsOf(documentId: string): Promise<DownloadRow[]> {
  return ok(
    await as('admin')
      .from('document_downloads')
      .select('user_id, user_email, company_id, version_id')
      .eq('document_id', documentId)
      .order('id', { ascending: false }),
    'downloads',
  );
}

beforeAll(async () => {
  backend = await startTestBackend();
  actors = await setUpPortalActors(backend, randomUUID());
  // A public spec sheet linked to the draft oil too: nobody outside staff may get it there.
  ok(
    await backend
      .serviceClient()
      .from('product_documents')
      .insert({ product_id: DRAFT_OIL, document_id: OLIVES_SPEC_SHEET, visibility: 'public' }),
    'draft link',
  );
});

afterAll(async () => {
  await backend?.stop();
});

describe('catalogue_documents()', () => {
  // Who sees the clients-only links: active clients and staff at aal2.
  const seesClientLinks: Record<PortalActor, boolean> = {
    anon: false,
    member: false,
    requester: false,
    clientA: true,
    clientB: true,
    revoked: false,
    adminAal1: false,
    admin: true,
  };

  it.each(PORTAL_ACTORS)(
    '%s sees the public links of published products, and clients-only ones if a client',
    async (actor) => {
      const rows = ok(await as(actor).rpc('catalogue_documents'), `${actor} catalogue_documents`);
      const visibilities = rows.map((row) => row.visibility);
      expect(visibilities.filter((v) => v === 'public')).toHaveLength(PUBLIC_LINKS);
      expect(visibilities.filter((v) => v === 'clients')).toHaveLength(seesClientLinks[actor] ? CLIENT_LINKS : 0);
      // Never a draft product's link.
      expect(rows.filter((row) => row.product_id === DRAFT_OIL)).toEqual([]);
      // Ordered by product, then the link's order.
      const keys = rows.map((row) => `${row.product_id}:${String(row.sort_order).padStart(5, '0')}`);
      expect(keys).toEqual([...keys].sort());
    },
  );

  it('names the document and its current file, for anon too', async () => {
    const rows = ok(await as('anon').rpc('catalogue_documents'), 'anon');
    expect(rows.find((row) => row.document_id === FETA_SPEC_SHEET)).toEqual({
      product_id: FETA,
      document_id: FETA_SPEC_SHEET,
      visibility: 'public',
      sort_order: 0,
      title_en: 'PDO feta spec sheet',
      title_fr: 'Fiche technique : feta AOP',
      category: 'spec_sheet',
      file_language: 'both',
      size_bytes: 628,
      mime_type: 'application/pdf',
      file_name: 'PDO feta spec sheet.pdf',
    });
    const client = ok(await as('clientA').rpc('catalogue_documents'), 'client');
    expect(client.find((row) => row.document_id === FETA_PDO_CERTIFICATE)).toMatchObject({
      product_id: FETA,
      visibility: 'clients',
      category: 'certificate',
      title_fr: 'Certificat AOP, feta de Tzoumerka Dairy',
    });
  });

  it('leaves a product out once its category is hidden', async () => {
    const service = backend.serviceClient();
    ok(await service.from('product_categories').update({ published: false }).eq('id', 'honeys'), 'hide honeys');
    try {
      const rows = ok(await as('clientA').rpc('catalogue_documents'), 'client');
      expect(rows.filter((row) => row.product_id === THYME_HONEY)).toEqual([]);
      expect((await link(as('anon'), THYME_HONEY, document(13))).status).toBe(404);
    } finally {
      ok(await service.from('product_categories').update({ published: true }).eq('id', 'honeys'), 'show honeys');
    }
    expect((await link(as('anon'), THYME_HONEY, document(13))).status).toBe(200);
  });
});

describe('document-link for a product’s document', () => {
  it('gives anon a 60-second link to a public spec sheet that opens the seeded file, recorded without an account', async () => {
    const before = (await downloadsOf(FETA_SPEC_SHEET)).length;
    const issued = Math.floor(Date.now() / 1000);
    const answer = await link(as('anon'), FETA, FETA_SPEC_SHEET, 'pdo-feta-spec-sheet.pdf');
    expect(answer.status).toBe(200);
    expect(answer.expiresIn).toBe(60);
    const token = new URL(answer.url ?? '').searchParams.get('token') ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp: number;
      iat: number;
      url: string;
    };
    expect(claims.url).toBe(`documents/${FETA_SPEC_FILE}`);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(60);
    expect(claims.exp).toBeLessThanOrEqual(issued + 61);

    const response = await fetch(answer.url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename=pdo-feta-spec-sheet.pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(await readFile(join(SEED_FILES, FETA_SPEC_FILE)))).toBe(true);

    const downloads = await downloadsOf(FETA_SPEC_SHEET);
    expect(downloads).toHaveLength(before + 1);
    expect(downloads[0]).toEqual({
      user_id: null,
      user_email: '',
      company_id: null,
      version_id: '00000000-0000-4000-8000-0000000e0c11',
    });
  });

  it('works without any token at all, as a plain visitor’s request', async () => {
    const response = await backend.fetch('/functions/v1/document-link', {
      method: 'POST',
      apikey: null,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ product_id: FETA, document_id: FETA_SPEC_SHEET }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { expires_in: number }).expires_in).toBe(60);
  });

  // 200 a link; 404 refused (the database does not say why).
  const expected: Record<PortalActor, { spec: number; certificate: number }> = {
    anon: { spec: 200, certificate: 404 },
    member: { spec: 200, certificate: 404 },
    requester: { spec: 200, certificate: 404 },
    clientA: { spec: 200, certificate: 200 },
    clientB: { spec: 200, certificate: 200 },
    revoked: { spec: 200, certificate: 404 },
    adminAal1: { spec: 200, certificate: 404 },
    admin: { spec: 200, certificate: 200 },
  };

  it.each(PORTAL_ACTORS)(
    '%s gets the public spec sheet, and the clients-only certificate only if a client',
    async (actor) => {
      // Auth ends a user's aal1 sessions when another of its sessions passes the
      // second factor, so the admin at aal1 signs in afresh.
      const caller = actor === 'adminAal1' ? await backend.signIn('admin', { aal: 'aal1' }) : as(actor);
      expect((await link(caller, FETA, FETA_SPEC_SHEET)).status, `${actor} spec sheet`).toBe(expected[actor].spec);
      const before = (await downloadsOf(FETA_PDO_CERTIFICATE)).length;
      const answer = await link(caller, FETA, FETA_PDO_CERTIFICATE, 'pdo-certificate-feta.pdf');
      expect(answer.status, `${actor} certificate`).toBe(expected[actor].certificate);
      const after = await downloadsOf(FETA_PDO_CERTIFICATE);
      if (answer.status === 200) {
        expect((await fetch(answer.url ?? '')).status).toBe(200);
        expect(after).toHaveLength(before + 1);
      } else {
        expect(answer.url).toBeNull();
        expect(after).toHaveLength(before);
      }
    },
  );

  it('records a client’s download with its account and company, as the document centre does', async () => {
    expect((await link(as('clientA'), FETA, FETA_PDO_CERTIFICATE)).status).toBe(200);
    expect((await downloadsOf(FETA_PDO_CERTIFICATE))[0]).toEqual({
      user_id: ACCOUNT_IDS.client,
      user_email: 'client@example.com',
      company_id: SEEDED_COMPANY_A,
      version_id: '00000000-0000-4000-8000-0000000e0c18',
    });
  });

  it('refuses an unpublished product’s public document, and a document through a product it is not linked to', async () => {
    for (const actor of ['anon', 'clientA'] as const) {
      expect((await link(as(actor), DRAFT_OIL, OLIVES_SPEC_SHEET)).status, `${actor} draft`).toBe(404);
      expect((await link(as(actor), KALAMATA_OLIVES, FETA_SPEC_SHEET)).status, `${actor} not linked`).toBe(404);
      expect((await link(as(actor), FETA, randomUUID())).status, `${actor} unknown`).toBe(404);
    }
    // The same document through the product it is published on.
    expect((await link(as('anon'), KALAMATA_OLIVES, OLIVES_SPEC_SHEET)).status).toBe(200);
  });

  it('the RPC alone refuses anon a clients-only document with the not-found error', async () => {
    const { data, error } = await as('anon').rpc('request_product_document', {
      p_product_id: FETA,
      p_document_id: FETA_PDO_CERTIFICATE,
    });
    expect(data).toBeNull();
    expect(error?.message).toBe('No such document.');
  });

  it('keeps the old rules without a session: a document-centre request is 401, a bad product request 400', async () => {
    const call = (body: string) =>
      backend.fetch('/functions/v1/document-link', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    expect((await call(JSON.stringify({ document_id: FETA_SPEC_SHEET }))).status).toBe(401);
    expect((await call('not json')).status).toBe(401);
    expect((await call(JSON.stringify({ product_id: 'nope', document_id: FETA_SPEC_SHEET }))).status).toBe(400);
    expect((await call(JSON.stringify({ product_id: FETA, document_id: 'nope' }))).status).toBe(400);
    const badName = JSON.stringify({ product_id: FETA, document_id: FETA_SPEC_SHEET, file_name: '../x"' });
    expect((await call(badName)).status).toBe(400);
    // A forged session is still refused, product or not.
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYXV0aGVudGljYXRlZCIsInN1YiI6IngifQ.bm90';
    const response = await backend.fetch('/functions/v1/document-link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${forged}` },
      body: JSON.stringify({ product_id: FETA, document_id: FETA_SPEC_SHEET }),
    });
    expect(response.status).toBe(401);
  });
});
