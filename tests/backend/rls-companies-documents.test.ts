/**
 * Companies and documents (docs/decisions/111-companies-and-documents.md):
 * who may read and write each table, call each RPC, through supabase-js as
 * every kind of caller: anon, member (no role), requester (pending request),
 * the client of company A (seeded), the client of company B, a revoked client
 * of company A, an admin at aal1 and an admin at aal2.
 *
 * Outcomes: `rows(n)` the call succeeded and saw/affected n rows (a policy
 * that hides a row makes an update or delete affect 0 rows, without error);
 * `denied` the database refused with 42501 (401 for anon, 403 when signed
 * in); `error(code)` another refusal. Every refused or empty write is checked
 * to have changed nothing, the audit trail included.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

type Actor = PortalActor;
const ACTORS = PORTAL_ACTORS;
type Outcome = { rows: number | 'some' } | 'denied' | { error: string };
const rows = (count: number | 'some'): Outcome => ({ rows: count });
const D: Outcome = 'denied';
const error = (code: string): Outcome => ({ error: code });

// Seeded (supabase/seed.sql).
const COMPANY_A = SEEDED_COMPANY_A;
const CERTIFICATE_A = '00000000-0000-4000-8000-0000000d0c01';
const SPEC_SHEET_A = '00000000-0000-4000-8000-0000000d0c02';
const PRICE_LIST_ALL = '00000000-0000-4000-8000-0000000d0c03';
const CATALOGUE_DOCUMENT_IDS = [11, 12, 13, 14, 15, 16, 17, 18, 19].map(
  (n) => `00000000-0000-4000-8000-0000000d0c${n}`,
);
// Made below.
const COMPANY_B = randomUUID();
const DOCUMENT_B = randomUUID();
const HISTORY_A = randomUUID(); // two versions, the second current
const OLD_VERSION_A = randomUUID();
const DRAFT_A = randomUUID(); // no file yet: clients never see it
const SCRATCH_ALL = randomUUID(); // deleted and made again by the matrix

let backend: TestBackend;
let service: Client;
let actors: PortalActors;
const as = (actor: Actor): Client => actors.as(actor);
let ids: PortalActors['ids'];

const versionPath = (documentId: string, versionId: string, name = 'file.pdf') => `${documentId}/${versionId}/${name}`;

/** Adds a version (through the service key) and makes it current. */
async function addVersion(documentId: string, versionId = randomUUID(), current = true): Promise<string> {
  ok(
    await service.from('document_versions').insert({
      id: versionId,
      document_id: documentId,
      storage_path: versionPath(documentId, versionId),
      size_bytes: 1234,
      mime_type: 'application/pdf',
      original_file_name: 'File.pdf',
    }),
    'add version',
  );
  if (current)
    ok(
      await service.from('documents').update({ current_version_id: versionId }).eq('id', documentId),
      'set current version',
    );
  return versionId;
}

async function makeScratchDocument(): Promise<void> {
  ok(
    await service.from('documents').upsert({
      id: SCRATCH_ALL,
      title_en: 'Scratch',
      title_fr: 'Brouillon',
      category: 'other',
      file_language: 'both',
      audience: 'all_clients',
    }),
    'scratch document',
  );
  await addVersion(SCRATCH_ALL);
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.serviceClient();
  actors = await setUpPortalActors(backend, COMPANY_B);
  ids = actors.ids;

  ok(
    await service.from('documents').insert([
      {
        id: DOCUMENT_B,
        title_en: 'Contract B',
        title_fr: 'Contrat B',
        category: 'contract',
        file_language: 'en',
        audience: 'company',
        company_id: COMPANY_B,
      },
      {
        id: HISTORY_A,
        title_en: 'Honey spec sheet',
        title_fr: 'Fiche technique miel',
        category: 'spec_sheet',
        file_language: 'both',
        product: 'honeys',
        audience: 'company',
        company_id: COMPANY_A,
      },
      {
        id: DRAFT_A,
        title_en: 'Draft invoice',
        title_fr: 'Facture en préparation',
        category: 'invoice',
        file_language: 'en',
        audience: 'company',
        company_id: COMPANY_A,
      },
    ]),
    'documents',
  );
  await addVersion(DOCUMENT_B);
  await addVersion(HISTORY_A, OLD_VERSION_A);
  await addVersion(HISTORY_A);
  await makeScratchDocument();

  // Something in the download log.
  ok(await as('clientA').rpc('request_document_download', { document_id: CERTIFICATE_A }), 'download');
});

afterAll(async () => {
  await backend?.stop();
});

/** Everything these tables hold, as one digest (read as the superuser). */
async function digest(): Promise<string> {
  const tables = [
    'staff_profiles',
    'companies',
    'company_clients',
    'documents',
    'document_versions',
    'document_downloads',
    'portal_changes',
  ];
  const parts = tables.map(
    (table) => `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from public.${table} t)`,
  );
  const [row] = await backend.db.query<{ digest: string }>(`select concat_ws(',', ${parts.join(', ')}) as digest`);
  return row?.digest ?? '';
}

type Result = { data: unknown; error: { code: string; message: string } | null; status: number };
type Attempt = (db: Client) => PromiseLike<Result>;

const tableAttempts: Record<string, Record<string, Attempt>> = {
  companies: {
    select: (db) => db.from('companies').select('id'),
    insert: (db) =>
      db
        .from('companies')
        .insert({ legal_name: 'New Co', country: 'CA', region: 'ON', customer_type: 'retail' })
        .select('id'),
    update: (db) => db.from('companies').update({ preferred_language: 'en' }).eq('id', COMPANY_A).select('id'),
    delete: (db) => db.from('companies').delete().eq('id', COMPANY_B).select('id'),
  },
  company_clients: {
    select: (db) => db.from('company_clients').select('user_id'),
    insert: (db) =>
      db.from('company_clients').insert({ user_id: ACCOUNT_IDS.member, company_id: COMPANY_A }).select('user_id'),
    update: (db) =>
      db.from('company_clients').update({ company_id: COMPANY_B }).eq('user_id', ACCOUNT_IDS.client).select('user_id'),
    delete: (db) => db.from('company_clients').delete().eq('user_id', ids.clientB).select('user_id'),
  },
  documents: {
    select: (db) => db.from('documents').select('id'),
    insert: (db) =>
      db
        .from('documents')
        .insert({
          title_en: 'New',
          title_fr: 'Nouveau',
          category: 'other',
          file_language: 'en',
          audience: 'all_clients',
        })
        .select('id'),
    update: (db) => db.from('documents').update({ title_en: 'Prices 2026' }).eq('id', PRICE_LIST_ALL).select('id'),
    delete: (db) => db.from('documents').delete().eq('id', SCRATCH_ALL).select('id'),
  },
  document_versions: {
    select: (db) => db.from('document_versions').select('id'),
    insert: (db) => {
      const id = randomUUID();
      return db
        .from('document_versions')
        .insert({
          id,
          document_id: PRICE_LIST_ALL,
          storage_path: versionPath(PRICE_LIST_ALL, id),
          size_bytes: 10,
          mime_type: 'application/pdf',
          original_file_name: 'Prices.pdf',
        })
        .select('id');
    },
    update: (db) =>
      db.from('document_versions').update({ original_file_name: 'Renamed.pdf' }).eq('id', OLD_VERSION_A).select('id'),
    delete: (db) => db.from('document_versions').delete().eq('id', OLD_VERSION_A).select('id'),
  },
  document_downloads: {
    select: (db) => db.from('document_downloads').select('id'),
    insert: (db) =>
      db
        .from('document_downloads')
        .insert({ document_id: CERTIFICATE_A, user_email: 'x@example.com', storage_path: 'x' })
        .select('id'),
    update: (db) => db.from('document_downloads').update({ user_email: 'y@example.com' }).gte('id', 0).select('id'),
    delete: (db) => db.from('document_downloads').delete().gte('id', 0).select('id'),
  },
  portal_changes: {
    select: (db) => db.from('portal_changes').select('id'),
    insert: (db) =>
      db.from('portal_changes').insert({ actor_label: 'someone', action: 'company_updated' }).select('id'),
    update: (db) => db.from('portal_changes').update({ actor_label: 'someone else' }).gte('id', 0).select('id'),
    delete: (db) => db.from('portal_changes').delete().gte('id', 0).select('id'),
  },
  staff_profiles: {
    select: (db) => db.from('staff_profiles').select('user_id'),
    // Only staff accounts have a profile: refused for the member even by staff.
    insert: (db) =>
      db
        .from('staff_profiles')
        .insert({ user_id: ACCOUNT_IDS.member, display_name: 'Milo', email: 'milo@example.com' })
        .select('user_id'),
    update: (db) =>
      db.from('staff_profiles').update({ phone: '+1 613 555 0199' }).eq('user_id', ACCOUNT_IDS.admin).select('user_id'),
    delete: (db) => db.from('staff_profiles').delete().eq('user_id', ACCOUNT_IDS.admin).select('user_id'),
  },
};

// The catalogue's spec sheets and certificates, every client's (supabase/seed.sql).
const CATALOGUE_DOCUMENTS = CATALOGUE_DOCUMENT_IDS.length;
// Documents client A sees: the seeded certificate and spec sheet, the honey
// spec sheet (not the draft), the price list and the catalogue's documents for
// every client.
const CLIENT_A_DOCUMENTS = 4 + CATALOGUE_DOCUMENTS;
// Client B: its contract, the price list and the catalogue's documents. Both
// also see the all-client scratch document of the matrix (the `+ 1` below).
const CLIENT_B_DOCUMENTS = 2 + CATALOGUE_DOCUMENTS;

/** [anon, member, requester, clientA, clientB, revoked, adminAal1, admin] */
const matrix: Record<string, Record<string, Outcome[]>> = {
  companies: {
    select: [D, rows(0), rows(0), rows(1), rows(1), rows(0), rows(0), rows('some')],
    insert: [D, D, D, D, D, D, D, rows(1)],
    update: [D, rows(0), rows(0), rows(0), rows(0), rows(0), rows(0), rows(1)],
    // Companies are archived, never deleted.
    delete: [D, D, D, D, D, D, D, D],
  },
  company_clients: {
    // Staff: client A, client B and the revoked client.
    select: [D, rows(0), rows(0), rows(1), rows(1), rows(0), rows(0), rows(3)],
    insert: [D, D, D, D, D, D, D, rows(1)],
    update: [D, rows(0), rows(0), rows(0), rows(0), rows(0), rows(0), rows(1)],
    delete: [D, rows(0), rows(0), rows(0), rows(0), rows(0), rows(0), rows(1)],
  },
  documents: {
    select: [
      D,
      rows(0),
      rows(0),
      rows(CLIENT_A_DOCUMENTS + 1),
      rows(CLIENT_B_DOCUMENTS + 1),
      rows(0),
      rows(0),
      rows(7 + CATALOGUE_DOCUMENTS),
    ],
    insert: [D, D, D, D, D, D, D, rows(1)],
    update: [D, rows(0), rows(0), rows(0), rows(0), rows(0), rows(0), rows(1)],
    delete: [D, rows(0), rows(0), rows(0), rows(0), rows(0), rows(0), rows(1)],
  },
  document_versions: {
    // Clients: the current version of each document they see; staff: all 7
    // (3 seeded, contract B, two of the honey spec sheet, the scratch file)
    // and the catalogue's.
    select: [
      D,
      rows(0),
      rows(0),
      rows(CLIENT_A_DOCUMENTS + 1),
      rows(CLIENT_B_DOCUMENTS + 1),
      rows(0),
      rows(0),
      rows(7 + CATALOGUE_DOCUMENTS),
    ],
    insert: [D, D, D, D, D, D, D, rows(1)],
    // A version is never edited: a new file is a new version.
    update: [D, D, D, D, D, D, D, D],
    delete: [D, rows(0), rows(0), rows(0), rows(0), rows(0), rows(0), rows(1)],
  },
  document_downloads: {
    select: [D, rows(0), rows(0), rows(0), rows(0), rows(0), rows(0), rows('some')],
    insert: [D, D, D, D, D, D, D, D],
    update: [D, D, D, D, D, D, D, D],
    delete: [D, D, D, D, D, D, D, D],
  },
  portal_changes: {
    select: [D, rows(0), rows(0), rows(0), rows(0), rows(0), rows(0), rows('some')],
    insert: [D, D, D, D, D, D, D, D],
    update: [D, D, D, D, D, D, D, D],
    delete: [D, D, D, D, D, D, D, D],
  },
  staff_profiles: {
    // Clients read their account manager's contact, nobody else's; staff the
    // whole team (the seeded admin, account manager and editor).
    select: [D, rows(0), rows(0), rows(1), rows(1), rows(0), rows(0), rows(3)],
    insert: [D, D, D, D, D, D, D, error('22023')],
    update: [D, rows(0), rows(0), rows(0), rows(0), rows(0), rows(0), rows(1)],
    delete: [D, rows(0), rows(0), rows(0), rows(0), rows(0), rows(0), rows(1)],
  },
};

/** Puts back what a successful write by staff changed. */
async function undo(table: string, operation: string, result: Result): Promise<void> {
  const created = ((result.data as Array<{ id?: string }> | null) ?? [])[0]?.id;
  if (operation === 'insert' && created) {
    if (table === 'companies') await service.from('companies').delete().eq('id', created);
    if (table === 'documents') await service.from('documents').delete().eq('id', created);
    if (table === 'document_versions') await service.from('document_versions').delete().eq('id', created);
  }
  if (table === 'company_clients') {
    if (operation === 'insert') await service.from('company_clients').delete().eq('user_id', ACCOUNT_IDS.member);
    if (operation === 'update')
      await service.from('company_clients').update({ company_id: COMPANY_A }).eq('user_id', ACCOUNT_IDS.client);
    if (operation === 'delete')
      await service.from('company_clients').upsert({ user_id: ids.clientB, company_id: COMPANY_B });
  }
  if (table === 'companies' && operation === 'update')
    await service.from('companies').update({ preferred_language: 'fr' }).eq('id', COMPANY_A);
  if (table === 'documents' && operation === 'update')
    await service.from('documents').update({ title_en: 'Price list 2026' }).eq('id', PRICE_LIST_ALL);
  if (table === 'documents' && operation === 'delete') await makeScratchDocument();
  if (table === 'document_versions' && operation === 'delete') await addVersion(HISTORY_A, OLD_VERSION_A, false);
  if (table === 'staff_profiles' && operation === 'update')
    await service.from('staff_profiles').update({ phone: '+1 613 555 0100' }).eq('user_id', ACCOUNT_IDS.admin);
  if (table === 'staff_profiles' && operation === 'delete') {
    await service.from('staff_profiles').insert({
      user_id: ACCOUNT_IDS.admin,
      display_name: 'Ada Admin',
      email: 'admin@example.com',
      phone: '+1 613 555 0100',
    });
    await service.from('companies').update({ account_manager_id: ACCOUNT_IDS.admin }).in('id', [COMPANY_A, COMPANY_B]);
  }
}

function outcomeOf(result: Result): Outcome {
  if (result.error) return result.error.code === '42501' ? 'denied' : { error: result.error.code };
  const data = result.data;
  return { rows: Array.isArray(data) ? data.length : data === null ? 0 : 1 };
}

const matches = (actual: Outcome, expected: Outcome): boolean => {
  if (typeof expected === 'string' || typeof actual === 'string') return actual === expected;
  if ('error' in expected || 'error' in actual) return JSON.stringify(actual) === JSON.stringify(expected);
  return expected.rows === 'some' ? typeof actual.rows === 'number' && actual.rows > 0 : actual.rows === expected.rows;
};

describe.each(Object.keys(matrix))('%s', (table) => {
  const cells = Object.entries(matrix[table] ?? {}).flatMap(([operation, outcomes]) =>
    ACTORS.map((actor, index) => ({ operation, actor, expected: outcomes[index] as Outcome })),
  );
  it.each(cells)('$actor $operation → $expected', async ({ operation, actor, expected }) => {
    const attempt = tableAttempts[table]?.[operation];
    if (!attempt) throw new Error('no attempt');
    const before = await digest();
    const result = await attempt(as(actor));
    const actual = outcomeOf(result);
    expect(matches(actual, expected), `${JSON.stringify(actual)} ${result.error?.message ?? ''}`).toBe(true);
    if (actual === 'denied') expect(result.status).toBe(actor === 'anon' ? 401 : 403);
    const changed = typeof actual !== 'string' && 'rows' in actual && actual.rows !== 0 && operation !== 'select';
    if (!changed) expect(await digest()).toBe(before);
    else await undo(table, operation, result);
  });
});

describe('request_document_download', () => {
  const documents = { A: CERTIFICATE_A, all: PRICE_LIST_ALL, B: DOCUMENT_B, draft: DRAFT_A } as const;
  type Key = keyof typeof documents;
  // 'ok', or the error code.
  const expected: Record<Actor, Record<Key, string>> = {
    anon: { A: '42501', all: '42501', B: '42501', draft: '42501' },
    member: { A: 'PT404', all: 'PT404', B: 'PT404', draft: 'PT404' },
    requester: { A: 'PT404', all: 'PT404', B: 'PT404', draft: 'PT404' },
    clientA: { A: 'ok', all: 'ok', B: 'PT404', draft: 'PT404' },
    clientB: { A: 'PT404', all: 'ok', B: 'ok', draft: 'PT404' },
    revoked: { A: 'PT404', all: 'PT404', B: 'PT404', draft: 'PT404' },
    adminAal1: { A: 'PT404', all: 'PT404', B: 'PT404', draft: 'PT404' },
    // Staff may open any document, but the draft has no file yet.
    admin: { A: 'ok', all: 'ok', B: 'ok', draft: 'PT404' },
  };

  it.each(ACTORS)('%s gets a path only for what it may read, and each download is recorded', async (actor) => {
    for (const [key, id] of Object.entries(documents) as Array<[Key, string]>) {
      const before = await service.from('document_downloads').select('id', { count: 'exact', head: true });
      const {
        data,
        error: failure,
        status,
      } = await as(actor).rpc('request_document_download', { document_id: id }).single();
      const after = await service.from('document_downloads').select('*').order('id', { ascending: false }).limit(1);
      const count = await service.from('document_downloads').select('id', { count: 'exact', head: true });
      if (expected[actor][key] === 'ok') {
        expect(failure, `${actor} ${key}`).toBeNull();
        const current = await service.from('documents').select('current_version_id').eq('id', id).single();
        expect(data).toMatchObject({ bucket: 'documents', version_id: current.data?.current_version_id });
        expect(data?.storage_path).toMatch(new RegExp(`^${id}/${data?.version_id}/`));
        expect(count.count).toBe((before.count ?? 0) + 1);
        expect(after.data?.[0]).toMatchObject({
          document_id: id,
          version_id: data?.version_id,
          storage_path: data?.storage_path,
          company_id: actor === 'clientA' ? COMPANY_A : actor === 'clientB' ? COMPANY_B : null,
        });
      } else {
        expect(failure?.code, `${actor} ${key}`).toBe(expected[actor][key]);
        expect(status).toBe(expected[actor][key] === 'PT404' ? 404 : 401);
        expect(count.count).toBe(before.count);
      }
    }
  });
});

describe('staff RPCs', () => {
  it.each(['anon', 'member', 'requester', 'clientA', 'revoked', 'adminAal1'] as const)(
    '%s can call neither the list nor the name matching',
    async (actor) => {
      for (const call of [
        as(actor).rpc('admin_list_companies', {}),
        as(actor).rpc('admin_find_company_candidates', { name: 'Épicerie Chloé' }),
      ]) {
        const { error: failure, status } = await call;
        expect(failure?.code).toBe('42501');
        expect(status).toBe(actor === 'anon' ? 401 : 403);
      }
    },
  );

  it('lists companies with their clients, documents and last client sign-in', async () => {
    const { data, error: failure } = await as('admin').rpc('admin_list_companies', {});
    expect(failure).toBeNull();
    const a = data?.find((company) => company.id === COMPANY_A);
    const b = data?.find((company) => company.id === COMPANY_B);
    expect(a).toMatchObject({
      legal_name: 'Épicerie Chloé Inc.',
      country: 'CA',
      region: 'QC',
      account_manager_name: 'Ada Admin',
      // Client A and the revoked client (still attached, without access).
      client_count: 2,
      // Certificate, spec sheet, honey spec sheet, draft.
      document_count: 4,
    });
    expect(a?.last_client_sign_in_at).not.toBeNull();
    expect(b).toMatchObject({ client_count: 1, document_count: 1 });
    const searched = await as('admin').rpc('admin_list_companies', { search: 'BOSTON' });
    expect(searched.data?.map((company) => company.id)).toEqual([COMPANY_B]);
  });

  it.each([
    ['Épicerie Chloé Inc.', true],
    ['epicerie chloe inc', true],
    ['EPICERIE-CHLOÉ, INC', true],
    ['  Épicerie   Chloé  ', false],
    ['Épicerie Chloé Incorporated', false],
  ])('matches “%s” with the seeded company (exact: %s)', async (name, exact) => {
    const { data, error: failure } = await as('admin').rpc('admin_find_company_candidates', { name });
    expect(failure).toBeNull();
    expect(data?.[0]).toMatchObject({ id: COMPANY_A, exact });
  });

  it('finds nothing for an unrelated or empty name', async () => {
    for (const name of ['Unrelated Foods', '', '!!!']) {
      const { data, error: failure } = await as('admin').rpc('admin_find_company_candidates', { name });
      expect(failure).toBeNull();
      expect(data).toEqual([]);
    }
  });
});

describe('rules', () => {
  it('a client cannot learn another company’s name by attaching someone to its own', async () => {
    const { error: failure } = await as('clientA')
      .from('company_clients')
      .insert({ user_id: ids.clientB, company_id: COMPANY_A });
    expect(failure?.code).toBe('42501');
    expect(failure?.message).not.toMatch(/Boston/);
  });

  it('a client belongs to at most one company: a second attach is refused, naming the first', async () => {
    const before = await digest();
    const { error: failure, status } = await as('admin')
      .from('company_clients')
      .insert({ user_id: ids.clientB, company_id: COMPANY_A });
    expect(failure?.code).toBe('23505');
    expect(status).toBe(409);
    expect(failure?.message).toBe('This client already belongs to a company (Boston Provisions LLC): detach it first.');
    expect(await digest()).toBe(before);
  });

  it('staff accounts cannot be attached to a company', async () => {
    const { error: failure } = await as('admin')
      .from('company_clients')
      .insert({ user_id: ACCOUNT_IDS.admin, company_id: COMPANY_A });
    expect(failure?.code).toBe('22023');
  });

  it('the province or state must belong to the country', async () => {
    for (const [country, region] of [
      ['CA', 'NY'],
      ['US', 'QC'],
      ['CA', 'XX'],
    ] as const) {
      const { error: failure } = await as('admin')
        .from('companies')
        .insert({ legal_name: 'Wrong Place Ltd', country, region, customer_type: 'retail' });
      expect(failure?.code, `${country} ${region}`).toBe('23514');
    }
    const { data, error: failure } = await as('admin')
      .from('companies')
      .insert({ legal_name: 'Right Place Ltd', country: 'US', region: 'ny', customer_type: 'retail' })
      .select('region, name_key')
      .single();
    expect(failure).toBeNull();
    expect(data).toEqual({ region: 'NY', name_key: 'rightplaceltd' });
  });

  it('the account manager must be staff', async () => {
    const { error: failure } = await as('admin')
      .from('companies')
      .update({ account_manager_id: ids.clientB })
      .eq('id', COMPANY_B);
    expect(failure?.code).toBe('22023');
    expect(failure?.message).toBe('The account manager must be a staff account.');
    const { error: again } = await service
      .from('staff_profiles')
      .insert({ user_id: ids.clientB, display_name: 'B', email: 'b@example.com' });
    expect(again?.code).toBe('22023');
  });

  it('an archived company’s documents disappear for its clients, and come back when restored', async () => {
    const archived = await as('admin')
      .from('companies')
      .update({ archived_at: new Date().toISOString() })
      .eq('id', COMPANY_B)
      .select('id');
    expect(archived.data).toHaveLength(1);
    const seen = await as('clientB').from('documents').select('id').order('id');
    expect(seen.data?.map((document) => document.id).sort()).toEqual(
      [PRICE_LIST_ALL, SCRATCH_ALL, ...CATALOGUE_DOCUMENT_IDS].sort(),
    );
    expect((await as('clientB').from('companies').select('id')).data).toEqual([]);
    const download = await as('clientB').rpc('request_document_download', { document_id: DOCUMENT_B });
    expect(download.error?.code).toBe('PT404');
    // Nobody is attached to an archived company.
    const attach = await as('admin')
      .from('company_clients')
      .insert({ user_id: ACCOUNT_IDS.member, company_id: COMPANY_B });
    expect(attach.error?.code).toBe('22023');

    await as('admin').from('companies').update({ archived_at: null }).eq('id', COMPANY_B);
    const back = await as('clientB').from('documents').select('id');
    expect(back.data?.map((document) => document.id)).toContain(DOCUMENT_B);
    const trail = await as('admin')
      .from('portal_changes')
      .select('action, actor_label, details')
      .eq('company_id', COMPANY_B)
      .in('action', ['company_archived', 'company_restored'])
      .order('id');
    expect(trail.data?.map((change) => change.action)).toEqual(['company_archived', 'company_restored']);
    expect(trail.data?.[0]?.actor_label).toBe('admin@example.com');
  });

  it('a role written by hand does not open documents to a request still pending', async () => {
    ok(await service.from('user_roles').insert({ user_id: ids.requester, role: 'client' }), 'role by hand');
    try {
      const seen = await as('requester').from('documents').select('id');
      expect(seen.error).toBeNull();
      expect(seen.data).toEqual([]);
      const download = await as('requester').rpc('request_document_download', { document_id: PRICE_LIST_ALL });
      expect(download.error?.code).toBe('PT404');
    } finally {
      await service.from('user_roles').delete().eq('user_id', ids.requester);
    }
  });

  it('an expired certificate is still readable and downloadable', async () => {
    await service.from('documents').update({ expires_on: '2020-01-31' }).eq('id', CERTIFICATE_A);
    const { data } = await as('clientA').from('documents').select('id, expires_on').eq('id', CERTIFICATE_A);
    expect(data).toEqual([{ id: CERTIFICATE_A, expires_on: '2020-01-31' }]);
    const download = await as('clientA').rpc('request_document_download', { document_id: CERTIFICATE_A });
    expect(download.error).toBeNull();
    await service.from('documents').update({ expires_on: '2030-12-31' }).eq('id', CERTIFICATE_A);
  });

  it('clients see the current version only; staff see the history', async () => {
    const client = await as('clientA').from('document_versions').select('id').eq('document_id', HISTORY_A);
    const current = await service.from('documents').select('current_version_id').eq('id', HISTORY_A).single();
    expect(client.data).toEqual([{ id: current.data?.current_version_id }]);
    const staff = await as('admin').from('document_versions').select('id').eq('document_id', HISTORY_A);
    expect(staff.data).toHaveLength(2);
  });

  it('replacing a file: staff add a version and make it current; the uploader is the caller', async () => {
    const versionId = randomUUID();
    const added = await as('admin')
      .from('document_versions')
      .insert({
        id: versionId,
        document_id: SPEC_SHEET_A,
        storage_path: versionPath(SPEC_SHEET_A, versionId, 'fiche-v2.pdf'),
        size_bytes: 2048,
        mime_type: 'application/pdf',
        original_file_name: 'Fiche v2.pdf',
        uploaded_by: ids.clientB,
      })
      .select('uploaded_by')
      .single();
    expect(added.error).toBeNull();
    expect(added.data?.uploaded_by).toBe(ACCOUNT_IDS.admin);
    const before = await as('clientA').from('document_versions').select('id').eq('document_id', SPEC_SHEET_A);
    expect(before.data).toEqual([{ id: '00000000-0000-4000-8000-0000000e0c02' }]);
    await as('admin').from('documents').update({ current_version_id: versionId }).eq('id', SPEC_SHEET_A);
    const after = await as('clientA').from('document_versions').select('id').eq('document_id', SPEC_SHEET_A);
    expect(after.data).toEqual([{ id: versionId }]);
    const trail = await as('admin')
      .from('portal_changes')
      .select('action, subject_id')
      .eq('document_id', SPEC_SHEET_A)
      .order('id', { ascending: false })
      .limit(2);
    expect(trail.data).toEqual([
      { action: 'document_updated', subject_id: versionId },
      { action: 'version_added', subject_id: versionId },
    ]);
  });

  it('a version must follow the path convention and belong to its document', async () => {
    const versionId = randomUUID();
    const badPath = await as('admin')
      .from('document_versions')
      .insert({
        id: versionId,
        document_id: SPEC_SHEET_A,
        storage_path: `${SPEC_SHEET_A}/${versionId}/../secret.pdf`,
        size_bytes: 1,
        mime_type: 'application/pdf',
        original_file_name: 'x.pdf',
      });
    expect(badPath.error?.code).toBe('23514');
    const tooBig = await as('admin')
      .from('document_versions')
      .insert({
        id: versionId,
        document_id: SPEC_SHEET_A,
        storage_path: versionPath(SPEC_SHEET_A, versionId),
        size_bytes: 26214401,
        mime_type: 'application/pdf',
        original_file_name: 'x.pdf',
      });
    expect(tooBig.error?.code).toBe('23514');
    const otherDocument = await as('admin')
      .from('documents')
      .update({ current_version_id: OLD_VERSION_A })
      .eq('id', SPEC_SHEET_A);
    expect(otherDocument.error?.code).toBe('22023');
  });

  it('every change names who made it and what changed', async () => {
    await as('admin').from('companies').update({ customer_type: 'foodservice' }).eq('id', COMPANY_B);
    const { data } = await as('admin')
      .from('portal_changes')
      .select('action, actor_id, actor_label, details')
      .eq('company_id', COMPANY_B)
      .order('id', { ascending: false })
      .limit(1)
      .single();
    expect(data).toEqual({
      action: 'company_updated',
      actor_id: ACCOUNT_IDS.admin,
      actor_label: 'admin@example.com',
      details: { customer_type: ['distribution', 'foodservice'] },
    });
    const attached = await as('admin')
      .from('portal_changes')
      .select('action, actor_label, subject_id')
      .eq('action', 'client_attached')
      .eq('subject_id', ids.clientB)
      .order('id')
      .limit(1);
    expect(attached.data).toEqual([
      { action: 'client_attached', actor_label: 'service role / SQL', subject_id: ids.clientB },
    ]);
  });

  it('a client reads its account manager’s contact through its company', async () => {
    const company = await as('clientA').from('companies').select('account_manager_id').single();
    const manager = await as('clientA')
      .from('staff_profiles')
      .select('display_name, email, phone')
      .eq('user_id', company.data?.account_manager_id ?? '')
      .single();
    expect(manager.data).toEqual({ display_name: 'Ada Admin', email: 'admin@example.com', phone: '+1 613 555 0100' });
  });
});
