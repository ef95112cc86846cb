/**
 * The staff roles in the database (docs/decisions/209-staff-roles-in-the-database.md,
 * docs/decisions/210-what-each-staff-role-reaches.md): an admin, an account
 * manager of the seeded company A, an account manager with "all companies",
 * and an editor, each signed in at aal1 (password only) and aal2 (with TOTP),
 * all through supabase-js. Three matrices are printed for quoting: the rows
 * each reads of every staff table, what each gets from the staff functions,
 * and which writes each may make (a refused write is checked to have changed
 * nothing). Expected counts come from the service role, filtered by the
 * companies each account manager manages.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { ACCOUNT_IDS, signUpConfirmed, startTestBackend, type Client, type TestBackend } from './helpers.ts';

const COMPANY_A = '00000000-0000-4000-8000-0000000c0a01';
const COMPANY_B = '00000000-0000-4000-8000-0000000c0b02';
const PRICE_LIST = '00000000-0000-4000-8000-0000000c0b03';
const DOCUMENT_A = '00000000-0000-4000-8000-0000000d0c01';
const DOCUMENT_ALL = '00000000-0000-4000-8000-0000000d0c03';
const DOCUMENT_B = '00000000-0000-4000-8000-0000000d0b01';
const VERSION_B = '00000000-0000-4000-8000-0000000e0b01';
const CONVERSATION_B = '00000000-0000-4000-8000-0000000f0b01';

type Who = 'admin' | 'am_company_a' | 'am_all' | 'editor';
type Aal = 'aal1' | 'aal2';
const WHO: readonly Who[] = ['admin', 'am_company_a', 'am_all', 'editor'];
type Role = 'admin' | 'am' | 'editor';
const roleOf = (who: Who): Role => (who === 'admin' ? 'admin' : who === 'editor' ? 'editor' : 'am');

/**
 * What each role reads at aal2: `all` rows, the rows of the `companies` the
 * reader manages (for documents, also those for every client), `own` rows,
 * `every_client` (documents for every client only) or `none` (what an account
 * without a role, the seeded member, reads: published content and products).
 * At aal1 every staff member reads what that member reads, plus their own
 * role row.
 */
type Reach = 'all' | 'companies' | 'own' | 'every_client' | 'none';
const REACH = {
  account_manager_scopes: { admin: 'all', am: 'own', editor: 'none' },
  price_lists: { admin: 'all', am: 'all', editor: 'none' },
  price_list_items: { admin: 'all', am: 'all', editor: 'none' },
  company_addresses: { admin: 'all', am: 'companies', editor: 'none' },
  orders: { admin: 'all', am: 'companies', editor: 'none' },
  companies: { admin: 'all', am: 'companies', editor: 'none' },
  company_clients: { admin: 'all', am: 'companies', editor: 'none' },
  documents: { admin: 'all', am: 'companies', editor: 'every_client' },
  document_versions: { admin: 'all', am: 'companies', editor: 'every_client' },
  document_downloads: { admin: 'all', am: 'companies', editor: 'every_client' },
  conversations: { admin: 'all', am: 'companies', editor: 'none' },
  conversation_messages: { admin: 'all', am: 'companies', editor: 'none' },
  portal_changes: { admin: 'all', am: 'companies', editor: 'none' },
  access_requests: { admin: 'all', am: 'all', editor: 'none' },
  leads: { admin: 'all', am: 'all', editor: 'none' },
  lead_delivery_attempts: { admin: 'all', am: 'all', editor: 'none' },
  staff_profiles: { admin: 'all', am: 'all', editor: 'all' },
  content_items: { admin: 'all', am: 'none', editor: 'all' },
  content_versions: { admin: 'all', am: 'none', editor: 'all' },
  content_audit: { admin: 'all', am: 'none', editor: 'all' },
  products: { admin: 'all', am: 'all', editor: 'all' },
  product_categories: { admin: 'all', am: 'all', editor: 'all' },
  product_audit: { admin: 'all', am: 'none', editor: 'all' },
  user_roles: { admin: 'all', am: 'own', editor: 'own' },
  account_changes: { admin: 'all', am: 'none', editor: 'none' },
  feature_flag_changes: { admin: 'all', am: 'none', editor: 'none' },
  site_publishes: { admin: 'all', am: 'none', editor: 'all' },
  page_views: { admin: 'all', am: 'none', editor: 'none' },
  order_settings: { admin: 'all', am: 'all', editor: 'all' },
} as const satisfies Record<string, Record<Role, Reach>>;
type Table = keyof typeof REACH;
const TABLES = Object.keys(REACH) as Table[];

let backend: TestBackend;
let member: Client;
const clients = new Map<string, Client>();
const ids: Partial<Record<Who, string>> = { admin: ACCOUNT_IDS.admin };
const matrix: Record<string, Record<string, string>> = {};
const functionMatrix: Record<string, Record<string, string>> = {};
const writeMatrix: Record<string, Record<string, string>> = {};
const key = (who: Who, aal: Aal) => `${who}@${aal}`;

async function staffMember(
  role: 'account_manager' | 'editor',
  prefix: string,
): Promise<{ aal1: Client; aal2: Client; id: string }> {
  const { client, email, password, id } = await signUpConfirmed(backend, prefix);
  await backend.db.query(`insert into public.user_roles (user_id, role) values ($1, $2)`, [id, role]);
  await backend.db.query(`insert into public.staff_profiles (user_id, display_name, email) values ($1, $2, $3)`, [
    id,
    prefix,
    email,
  ]);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'Test' });
  if (enrolled.error) throw enrolled.error;
  const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data.id });
  if (challenge.error) throw challenge.error;
  const verified = await client.auth.mfa.verify({
    factorId: enrolled.data.id,
    challengeId: challenge.data.id,
    code: totpCode(enrolled.data.totp.secret),
  });
  if (verified.error) throw verified.error;
  const aal1 = backend.client();
  const signedIn = await aal1.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return { aal1, aal2: client, id };
}

/** Tables with columns no API role may select: counted by their id. */
const COUNTED_BY_ID: readonly Table[] = ['content_items', 'products'];
const columnsOf = (table: Table) => (COUNTED_BY_ID.includes(table) ? 'id' : '*');

async function count(client: Client, table: Table): Promise<number | 'refused'> {
  const { count: rows, error } = await client.from(table).select(columnsOf(table), { count: 'exact', head: true });
  return error ? 'refused' : (rows ?? 0);
}

/** The rows of `table` a reader with `reach` should see, counted with the service role. */
async function expectedRows(table: Table, reach: Reach, who: Who, managed: string[]): Promise<number> {
  // Untyped: the filters below name columns only some of the tables have.
  const service = backend.serviceClient() as unknown as SupabaseClient;
  const counted = async (build: (query: ReturnType<typeof select>) => unknown) => {
    const { count: rows, error } = (await build(select())) as { count: number | null; error: unknown };
    if (error) throw error;
    return rows ?? 0;
  };
  const select = () => service.from(table).select(columnsOf(table), { count: 'exact', head: true });
  if (reach === 'all') return counted((q) => q);
  if (reach === 'own') return counted((q) => q.eq('user_id', ids[who]!));
  const list = `(${managed.join(',')})`;
  const documentFilter = reach === 'every_client' ? 'company_id.is.null' : `company_id.is.null,company_id.in.${list}`;
  const documentIds = async () =>
    ((await service.from('documents').select('id').or(documentFilter)).data ?? []).map((d) => d.id);
  switch (table) {
    case 'companies':
      return counted((q) => q.in('id', managed));
    case 'documents':
      return counted((q) => q.or(documentFilter));
    case 'document_versions':
    case 'document_downloads': {
      const docs = await documentIds();
      return counted((q) => q.in('document_id', docs));
    }
    case 'conversation_messages': {
      const conversations = (await service.from('conversations').select('id').in('company_id', managed)).data ?? [];
      return counted((q) =>
        q.in(
          'conversation_id',
          conversations.map((c) => c.id),
        ),
      );
    }
    default:
      return counted((q) => q.in('company_id', managed));
  }
}

beforeAll(async () => {
  backend = await startTestBackend();
  member = await backend.signIn('member');
  clients.set(key('admin', 'aal1'), await backend.signIn('admin', { aal: 'aal1' }));
  clients.set(key('admin', 'aal2'), await backend.signIn('admin'));
  for (const [who, role] of [
    ['am_company_a', 'account_manager'],
    ['am_all', 'account_manager'],
    ['editor', 'editor'],
  ] as const) {
    const staff = await staffMember(role, who.replace(/_/g, '-'));
    ids[who] = staff.id;
    clients.set(key(who, 'aal1'), staff.aal1);
    clients.set(key(who, 'aal2'), staff.aal2);
  }
  await signUpConfirmed(backend, 'requester', { first_name: 'Rita', last_name: 'Request', company: 'Rita Foods' });
  await backend.db.query(`update public.companies set account_manager_id = $1 where id = $2`, [
    ids.am_company_a,
    COMPANY_A,
  ]);
  await backend.db.query(
    `insert into public.companies (id, legal_name, country, region, customer_type, preferred_language)
     values ($1, 'Company B Ltd', 'CA', 'ON', 'retail', 'en')`,
    [COMPANY_B],
  );
  for (const company of [COMPANY_A, COMPANY_B]) {
    await backend.db.query(
      `insert into public.company_addresses (company_id, label, line1, city, region, postal_code, country)
       values ($1, 'Warehouse', '1 Main St', 'Ottawa', 'ON', 'K1A 0A1', 'CA')`,
      [company],
    );
  }
  await backend.db.query(
    `insert into public.documents (id, title_en, title_fr, category, file_language, audience, company_id)
     values ($1, 'Company B contract', 'Contrat de B', 'other', 'en', 'company', $2)`,
    [DOCUMENT_B, COMPANY_B],
  );
  await backend.db.query(
    `insert into public.document_versions (id, document_id, storage_path, size_bytes, mime_type, original_file_name)
     values ($1, $2, $3, 10, 'application/pdf', 'contract.pdf')`,
    [VERSION_B, DOCUMENT_B, `${DOCUMENT_B}/${VERSION_B}/contract.pdf`],
  );
  await backend.db.query(
    `insert into public.document_downloads (document_id, version_id, user_id, user_email, storage_path)
     select d.id, v.id, $1, 'admin@example.com', v.storage_path
     from public.documents d join public.document_versions v on v.document_id = d.id
     where d.id in ($2, $3, $4)`,
    [ACCOUNT_IDS.admin, DOCUMENT_A, DOCUMENT_B, DOCUMENT_ALL],
  );
  await backend.db.query(
    `insert into public.conversations (id, company_id, subject, status, awaiting, created_at, last_message_at)
     values ($1, $2, 'Company B asks', 'open', 'staff', now() - interval '1 hour', now() - interval '1 hour')`,
    [CONVERSATION_B, COMPANY_B],
  );
  await backend.db.query(
    `insert into public.conversation_messages (conversation_id, author_name, from_staff, body, created_at)
     values ($1, 'Bea', false, 'Hello from B', now() - interval '1 hour')`,
    [CONVERSATION_B],
  );
  await backend.db.query(
    `insert into public.portal_changes (actor_label, action, company_id, details)
     values ('SQL', 'company_updated', $1, '{}'), ('SQL', 'company_updated', $2, '{}')`,
    [COMPANY_A, COMPANY_B],
  );
  await backend.db.query(
    `insert into public.leads (form, language, fields, page_uri, page_name, marketing_consent, consent_version,
                               consent_text, processing_text, hubspot_status, hubspot_failure)
     values ('contact', 'en', '[{"name":"email","value":"a@example.com"}]', 'https://example.com/contact',
             'Contact', false, 'v1', 'Consent', 'Processing', 'failed', 'status')`,
  );
  await backend.db.query(`insert into public.price_lists (id, name, currency) values ($1, 'Retail 2026', 'CAD')`, [
    PRICE_LIST,
  ]);
  await backend.db.query(
    `insert into public.price_list_items (price_list_id, product_id, case_price)
     select $1, id, 42 from public.products order by id limit 2`,
    [PRICE_LIST],
  );
  await backend.db.query(
    `insert into public.account_manager_scopes (user_id, all_companies) values ($1, true), ($2, false)`,
    [ids.am_all, ids.am_company_a],
  );
}, 120_000);

afterAll(async () => {
  console.log('Rows read, by role and assurance level:');
  console.table(matrix);
  console.log('Staff functions (rows returned, or the refusal):');
  console.table(functionMatrix);
  console.log('Writes (changed, or refused with nothing changed):');
  console.table(writeMatrix);
  await backend?.stop();
});

describe('reads by role and assurance level', () => {
  it('counts every cell of the matrix', async () => {
    const service = backend.serviceClient();
    const allCompanies = ((await service.from('companies').select('id')).data ?? []).map((c) => c.id);
    const asMember = {} as Record<Table, number | 'refused'>;
    for (const table of TABLES) asMember[table] = await count(member, table);
    for (const who of WHO) {
      const managed = who === 'am_company_a' ? [COMPANY_A] : allCompanies;
      for (const aal of ['aal1', 'aal2'] as const) {
        const client = clients.get(key(who, aal))!;
        const row: Record<string, string> = {};
        for (const table of TABLES) row[table] = String(await count(client, table));
        matrix[key(who, aal)] = row;
        for (const table of TABLES) {
          const reach: Reach = REACH[table][roleOf(who)];
          const expected =
            table === 'user_roles' && aal === 'aal1'
              ? 1
              : aal === 'aal1' || reach === 'none'
                ? asMember[table]
                : await expectedRows(table, reach, who, managed);
          expect(row[table], `${who}@${aal} reads ${table}`).toBe(String(expected));
        }
      }
    }
    // The cells tell roles apart only if the data differ between companies.
    expect(matrix['am_company_a@aal2']!.companies).toBe('1');
    expect(Number(matrix['am_all@aal2']!.conversations)).toBeGreaterThan(
      Number(matrix['am_company_a@aal2']!.conversations),
    );
    expect(Number(matrix['am_company_a@aal2']!.documents)).toBeGreaterThan(Number(matrix['editor@aal2']!.documents));
    expect(Number(matrix['editor@aal2']!.documents)).toBeGreaterThan(0);
    expect(Number(matrix['admin@aal2']!.leads)).toBeGreaterThan(0);
    expect(Number(matrix['admin@aal2']!.content_versions)).toBeGreaterThan(0);
    expect(Number(matrix['editor@aal2']!.products)).toBeGreaterThan(Number(matrix['editor@aal1']!.products));
  });
});

/** A staff function's answer as a cell: the rows it returned, or the refusal's code. */
async function callCell(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const { data, error } = (await client.rpc(name as never, args as never)) as {
    data: unknown;
    error: { code: string } | null;
  };
  if (error) return `refused ${error.code}`;
  return String(Array.isArray(data) ? data.length : data === null ? 0 : 1);
}

const FUNCTIONS: Record<string, Record<string, unknown>> = {
  admin_list_companies: {},
  admin_find_company_candidates: { name: 'Company B Ltd' },
  list_conversations: {},
  admin_list_accounts: {},
  admin_notifications: {},
  lead_retention_periods: {},
  order_export: { from_date: '2026-01-01', to_date: '2026-12-31' },
  admin_product_internals: {},
  unused_content_images: {},
  admin_dashboard: {},
  admin_analytics: { from_day: '2026-11-01', to_day: '2026-11-28' },
};

describe('staff functions by role and assurance level', () => {
  it('answers each role with its part', async () => {
    for (const who of WHO)
      for (const aal of ['aal1', 'aal2'] as const) {
        const row: Record<string, string> = {};
        for (const [name, args] of Object.entries(FUNCTIONS))
          row[name] = await callCell(clients.get(key(who, aal))!, name, args);
        functionMatrix[key(who, aal)] = row;
      }
    const refused = (cell: string | undefined) => expect(cell).toMatch(/^refused 42501$|^0$/);
    for (const who of WHO) for (const cell of Object.values(functionMatrix[key(who, 'aal1')]!)) refused(cell);
    const admin = functionMatrix['admin@aal2']!;
    const amA = functionMatrix['am_company_a@aal2']!;
    const amAll = functionMatrix['am_all@aal2']!;
    const editor = functionMatrix['editor@aal2']!;
    for (const cell of Object.values(admin)) expect(cell).not.toMatch(/refused/);
    expect(amA.admin_list_companies).toBe('1');
    expect(amAll.admin_list_companies).toBe(admin.admin_list_companies);
    expect(amA.admin_find_company_candidates).toBe('0');
    expect(amAll.admin_find_company_candidates).toBe('1');
    expect(Number(amAll.list_conversations)).toBeGreaterThan(Number(amA.list_conversations));
    expect(Number(amA.admin_list_accounts)).toBeLessThan(Number(admin.admin_list_accounts));
    for (const name of ['admin_product_internals', 'unused_content_images', 'admin_dashboard', 'admin_analytics'])
      expect(amA[name], `account manager calls ${name}`).toBe('refused 42501');
    for (const name of [
      'admin_list_companies',
      'admin_find_company_candidates',
      'admin_list_accounts',
      'order_export',
      'admin_dashboard',
      'admin_analytics',
    ])
      expect(editor[name], `editor calls ${name}`).toBe('refused 42501');
    expect(editor.list_conversations).toBe('0');
    expect(editor.lead_retention_periods).toBe('0');
    expect(editor.admin_product_internals).toBe(admin.admin_product_internals);
    expect(amA.lead_retention_periods).toBe('1');
  });

  it('account managers list no staff account; each is notified of their companies only', async () => {
    const accounts = (await clients.get(key('am_company_a', 'aal2'))!.rpc('admin_list_accounts', {})).data as {
      role: string | null;
    }[];
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts.filter((a) => ['admin', 'account_manager', 'editor'].includes(a.role ?? ''))).toEqual([]);
    const kinds = async (who: Who) =>
      ((await clients.get(key(who, 'aal2'))!.rpc('admin_notifications', {})).data ?? []).map(
        (n) => `${n.kind}${n.link.includes(CONVERSATION_B) ? ':B' : ''}`,
      );
    expect(await kinds('admin')).toEqual(expect.arrayContaining(['client_message:B', 'lead_failed', 'access_request']));
    expect(await kinds('am_all')).toEqual(
      expect.arrayContaining(['client_message:B', 'lead_failed', 'access_request']),
    );
    const amA = await kinds('am_company_a');
    expect(amA).toEqual(expect.arrayContaining(['lead_failed', 'access_request']));
    expect(amA).not.toContain('client_message:B');
    expect(amA.filter((k) => k === 'mail_failed' || k === 'publish_failed')).toEqual([]);
    const editor = await kinds('editor');
    expect(editor.filter((k) => k !== 'publish_failed')).toEqual([]);
  });

  it('a failed publish sends each role it reaches to a section that role opens', async () => {
    await backend.db.query(
      `insert into public.site_publishes (reason, status, error, requested_at, finished_at)
       values ('content: a news post', 'failed', 'the host refused the build', now(), now())`,
    );
    const links = async (who: Who) =>
      ((await clients.get(key(who, 'aal2'))!.rpc('admin_notifications', {})).data ?? [])
        .filter((n) => n.kind === 'publish_failed')
        .map((n) => n.link);
    expect(await links('admin')).toEqual(['/admin-portal/feature-flags']);
    expect(await links('editor')).toEqual(['/admin-portal/content']);
    expect(await links('am_all')).toEqual([]);
    // The editor reads the publish itself too, for the live site's status beside Content.
    const { data } = await clients
      .get(key('editor', 'aal2'))!
      .from('site_publishes')
      .select('status')
      .order('id', { ascending: false })
      .limit(1);
    expect(data).toEqual([{ status: 'failed' }]);
  });
});

interface Write {
  /** Makes the write; returns the rows it changed. */
  run: (client: Client) => PromiseLike<{ data: unknown[] | null; error: unknown }>;
  /** The written row as it stands (one row), read with the service role. */
  now: () => Promise<unknown>;
  /** Puts the value back after an allowed write (given what `now` read before it). */
  undo: (before: { [column: string]: unknown }) => Promise<unknown>;
  /** Roles whose write goes through at aal2. */
  allowed: readonly Who[];
}

const WRITES: Record<string, Write> = {
  companies_A: {
    run: (c) => c.from('companies').update({ legal_name: 'Renamed A' }).eq('id', COMPANY_A).select('id'),
    now: async () => (await backend.serviceClient().from('companies').select('legal_name').eq('id', COMPANY_A)).data,
    undo: (b) =>
      backend.db.query(`update public.companies set legal_name = $2 where id = $1`, [COMPANY_A, b.legal_name]),
    allowed: ['admin', 'am_company_a', 'am_all'],
  },
  companies_B: {
    run: (c) => c.from('companies').update({ legal_name: 'Renamed B' }).eq('id', COMPANY_B).select('id'),
    now: async () => (await backend.serviceClient().from('companies').select('legal_name').eq('id', COMPANY_B)).data,
    undo: (b) =>
      backend.db.query(`update public.companies set legal_name = $2 where id = $1`, [COMPANY_B, b.legal_name]),
    allowed: ['admin', 'am_all'],
  },
  documents_B: {
    run: (c) => c.from('documents').update({ title_en: 'Renamed' }).eq('id', DOCUMENT_B).select('id'),
    now: async () => (await backend.serviceClient().from('documents').select('title_en').eq('id', DOCUMENT_B)).data,
    undo: (b) => backend.db.query(`update public.documents set title_en = $2 where id = $1`, [DOCUMENT_B, b.title_en]),
    allowed: ['admin', 'am_all'],
  },
  documents_every_client: {
    run: (c) => c.from('documents').update({ title_en: 'Renamed' }).eq('id', DOCUMENT_ALL).select('id'),
    now: async () => (await backend.serviceClient().from('documents').select('title_en').eq('id', DOCUMENT_ALL)).data,
    undo: (b) =>
      backend.db.query(`update public.documents set title_en = $2 where id = $1`, [DOCUMENT_ALL, b.title_en]),
    allowed: ['admin'],
  },
  products: {
    run: (c) => c.from('products').update({ brand: 'Renamed' }).eq('sku', SKU).select('id'),
    now: async () => (await backend.serviceClient().from('products').select('brand').eq('sku', SKU)).data,
    undo: (b) => backend.db.query(`update public.products set brand = $1 where sku = $2`, [b.brand, SKU]),
    allowed: ['admin', 'editor'],
  },
  staff_profiles: {
    run: (c) =>
      c.from('staff_profiles').update({ phone: '+1 613 555 0199' }).eq('user_id', ACCOUNT_IDS.admin).select('user_id'),
    now: async () =>
      (await backend.serviceClient().from('staff_profiles').select('phone').eq('user_id', ACCOUNT_IDS.admin)).data,
    undo: (b) =>
      backend.db.query(`update public.staff_profiles set phone = $1 where user_id = $2`, [b.phone, ACCOUNT_IDS.admin]),
    allowed: ['admin'],
  },
  feature_flags: {
    run: (c) => c.from('feature_flags').update({ description: 'Renamed' }).eq('name', 'founder').select('id'),
    now: async () =>
      (await backend.serviceClient().from('feature_flags').select('description').eq('name', 'founder')).data,
    undo: (b) =>
      backend.db.query(`update public.feature_flags set description = $1 where name = 'founder'`, [b.description]),
    allowed: ['admin'],
  },
};
let SKU = '';

describe('writes by role and assurance level', () => {
  beforeAll(async () => {
    const service = backend.serviceClient();
    SKU = (await service.from('products').select('sku').order('sku').limit(1)).data![0]!.sku;
  });

  it('changes only what each role may; a refused write changes nothing', async () => {
    for (const who of WHO)
      for (const aal of ['aal1', 'aal2'] as const) {
        const row: Record<string, string> = {};
        for (const [name, write] of Object.entries(WRITES)) {
          const before = await write.now();
          const { data, error } = await write.run(clients.get(key(who, aal))!);
          const changed = error === null && (data?.length ?? 0) > 0;
          row[name] = changed ? 'changed' : 'refused';
          if (changed) {
            expect(await write.now(), `${who}@${aal} ${name}`).not.toEqual(before);
            await write.undo((before as { [column: string]: unknown }[])[0]!);
          }
          expect(await write.now(), `${who}@${aal} ${name} leaves the row as it was`).toEqual(before);
          expect(row[name], `${who}@${aal} ${name}`).toBe(
            aal === 'aal2' && write.allowed.includes(who) ? 'changed' : 'refused',
          );
        }
        writeMatrix[key(who, aal)] = row;
      }
  });
});

describe('the "all companies" switch', () => {
  const scopeOf = async (id: string) =>
    (
      await backend.db.query<{ all_companies: boolean }>(
        `select all_companies from public.account_manager_scopes where user_id = $1`,
        [id],
      )
    )[0]?.all_companies;

  it.each([
    ['am_company_a', 'aal2'],
    ['am_all', 'aal2'],
    ['editor', 'aal2'],
    ['admin', 'aal1'],
  ] as const)('%s at %s cannot switch it: nothing changes', async (who, aal) => {
    const client = clients.get(key(who, aal))!;
    const { data, error } = await client
      .from('account_manager_scopes')
      .update({ all_companies: true })
      .eq('user_id', ids.am_company_a!)
      .select();
    expect(error === null ? data?.length : 'refused').toEqual(error === null ? 0 : 'refused');
    expect(await scopeOf(ids.am_company_a!)).toBe(false);
  });

  it('an admin at aal2 switches it, and the account manager then manages company B too', async () => {
    const amA = clients.get(key('am_company_a', 'aal2'))!;
    const before = await amA.from('company_addresses').select('id').eq('company_id', COMPANY_B);
    expect(before.data).toEqual([]);
    const admin = clients.get(key('admin', 'aal2'))!;
    const { data, error } = await admin
      .from('account_manager_scopes')
      .update({ all_companies: true })
      .eq('user_id', ids.am_company_a!)
      .select('all_companies, updated_by');
    expect(error).toBeNull();
    expect(data).toEqual([{ all_companies: true, updated_by: ACCOUNT_IDS.admin }]);
    const after = await amA.from('company_addresses').select('id').eq('company_id', COMPANY_B);
    expect(after.data).toHaveLength(1);
    await admin.from('account_manager_scopes').update({ all_companies: false }).eq('user_id', ids.am_company_a!);
    expect(await scopeOf(ids.am_company_a!)).toBe(false);
  });

  it('refuses a scope for someone who is not an account manager', async () => {
    const admin = clients.get(key('admin', 'aal2'))!;
    const { error } = await admin.from('account_manager_scopes').insert({ user_id: ids.editor!, all_companies: true });
    expect(error?.code).toBe('22023');
  });
});

describe('order desk functions', () => {
  it.each([
    ['admin', 'aal2', 'allowed'],
    ['am_company_a', 'aal2', 'allowed'],
    ['am_all', 'aal2', 'allowed'],
    ['editor', 'aal2', 'refused'],
    ['am_company_a', 'aal1', 'refused'],
    ['admin', 'aal1', 'refused'],
  ] as const)('order_export as %s at %s is %s', async (who, aal, outcome) => {
    const { error } = await clients
      .get(key(who, aal))!
      .rpc('order_export', { from_date: '2026-01-01', to_date: '2026-11-28' });
    expect(error ? `refused ${error.code}` : 'allowed').toBe(outcome === 'allowed' ? 'allowed' : 'refused 42501');
  });
});

describe('a company names an account manager', () => {
  it('may name an account manager but not an editor', async () => {
    const admin = clients.get(key('admin', 'aal2'))!;
    const named = await admin
      .from('companies')
      .update({ account_manager_id: ids.am_all! })
      .eq('id', COMPANY_B)
      .select('id');
    expect(named.error).toBeNull();
    expect(named.data).toHaveLength(1);
    const editor = await admin
      .from('companies')
      .update({ account_manager_id: ids.editor! })
      .eq('id', COMPANY_B)
      .select('id');
    expect(editor.error?.code).toBe('22023');
    const row = await backend.db.query<{ account_manager_id: string }>(
      `select account_manager_id from public.companies where id = $1`,
      [COMPANY_B],
    );
    expect(row[0]?.account_manager_id).toBe(ids.am_all);
  });
});
