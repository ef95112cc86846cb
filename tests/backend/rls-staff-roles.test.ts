/**
 * The staff roles in the database (docs/decisions/209-staff-roles-in-the-database.md):
 * an admin, an account manager of the seeded company A, an account manager
 * with "all companies", and an editor, each signed in at aal1 (password only)
 * and aal2 (with TOTP). The matrix counts the rows each reads of every table
 * whose policies ask the staff helpers, and of admin-only tables (which the
 * new roles must not read); writes to the scope switch are checked to change
 * nothing when refused. The matrix is printed for quoting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { ACCOUNT_IDS, signUpConfirmed, startTestBackend, type Client, type TestBackend } from './helpers.ts';

const COMPANY_A = '00000000-0000-4000-8000-0000000c0a01';
const COMPANY_B = '00000000-0000-4000-8000-0000000c0b02';
const PRICE_LIST = '00000000-0000-4000-8000-0000000c0b03';

type Who = 'admin' | 'am_company_a' | 'am_all' | 'editor';
type Aal = 'aal1' | 'aal2';
const WHO: readonly Who[] = ['admin', 'am_company_a', 'am_all', 'editor'];

/** Tables asked through is_verified_staff / can_manage_company, or new. */
const SCOPED_TABLES = [
  'account_manager_scopes',
  'price_lists',
  'price_list_items',
  'company_addresses',
  'orders',
] as const;
/** Admin-only tables: the new roles read none of them yet. */
const ADMIN_TABLES = [
  'user_roles',
  'feature_flag_changes',
  'leads',
  'companies',
  'documents',
  'conversations',
] as const;
type Table = (typeof SCOPED_TABLES)[number] | (typeof ADMIN_TABLES)[number];

let backend: TestBackend;
const clients = new Map<string, Client>();
const ids: Partial<Record<Who, string>> = { admin: ACCOUNT_IDS.admin };
const matrix: Record<string, Record<string, string>> = {};
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

async function count(client: Client, table: Table): Promise<number | 'refused'> {
  const { count: rows, error } = await client.from(table).select('*', { count: 'exact', head: true });
  return error ? 'refused' : (rows ?? 0);
}

beforeAll(async () => {
  backend = await startTestBackend();
  clients.set(key('admin', 'aal1'), await backend.signIn('admin', { aal: 'aal1' }));
  clients.set(key('admin', 'aal2'), await backend.signIn('admin'));
  for (const [who, role] of [
    ['am_company_a', 'account_manager'],
    ['am_all', 'account_manager'],
    ['editor', 'editor'],
  ] as const) {
    const member = await staffMember(role, who.replace(/_/g, '-'));
    ids[who] = member.id;
    clients.set(key(who, 'aal1'), member.aal1);
    clients.set(key(who, 'aal2'), member.aal2);
  }
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
  console.table(matrix);
  await backend?.stop();
});

describe('reads by role and assurance level', () => {
  it('counts every cell of the matrix', async () => {
    const service = backend.serviceClient();
    const all = {} as Record<Table, number>;
    for (const table of [...SCOPED_TABLES, ...ADMIN_TABLES]) {
      const { count: rows } = await service.from(table).select('*', { count: 'exact', head: true });
      all[table] = rows ?? 0;
    }
    const addressesOfA =
      (await service.from('company_addresses').select('id').eq('company_id', COMPANY_A)).data?.length ?? 0;
    for (const who of WHO) {
      for (const aal of ['aal1', 'aal2'] as const) {
        const client = clients.get(key(who, aal))!;
        const row: Record<string, string> = {};
        for (const table of [...SCOPED_TABLES, ...ADMIN_TABLES]) row[table] = String(await count(client, table));
        matrix[key(who, aal)] = row;
        // aal1: nothing staff-only, whatever the role.
        if (aal === 'aal1') {
          for (const table of [...SCOPED_TABLES, ...ADMIN_TABLES].filter((t) => t !== 'user_roles'))
            expect(row[table], `${who}@aal1 reads ${table}`).toBe('0');
          expect(row.user_roles, 'every account reads its own role').toBe('1');
          continue;
        }
        const expected: Record<Table, number> =
          who === 'admin'
            ? all
            : {
                account_manager_scopes: who === 'editor' ? 0 : 1,
                price_lists: who === 'editor' ? 0 : all.price_lists,
                price_list_items: who === 'editor' ? 0 : all.price_list_items,
                company_addresses: who === 'am_all' ? all.company_addresses : who === 'am_company_a' ? addressesOfA : 0,
                orders: who === 'editor' ? 0 : all.orders,
                user_roles: 1,
                feature_flag_changes: 0,
                leads: 0,
                companies: 0,
                documents: 0,
                conversations: 0,
              };
        for (const table of [...SCOPED_TABLES, ...ADMIN_TABLES])
          expect(row[table], `${who}@aal2 reads ${table}`).toBe(String(expected[table]));
      }
    }
    expect(all.company_addresses).toBeGreaterThan(addressesOfA);
    expect(addressesOfA).toBeGreaterThan(0);
    expect(all.price_lists).toBeGreaterThan(0);
    expect(all.price_list_items).toBeGreaterThan(0);
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
