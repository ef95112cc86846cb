/**
 * Every staff read needs the second factor
 * (docs/decisions/123-staff-reads-need-aal2-functions-closed-by-default.md):
 * an admin signed in with the password alone (aal1) reads nothing staff-only,
 * through any table or RPC, while the same admin at aal2 reads everything;
 * the flags stay public, and every account still reads its own role at aal1
 * (the app reads it right after the password to know whether to ask for the
 * authenticator code).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, startTestBackend, type Client, type TestBackend } from './helpers.ts';

let backend: TestBackend;
let aal1: Client;
let aal2: Client;
let service: Client;

/** Every table staff read; each has at least one row when the tests run. */
const STAFF_TABLES = [
  'feature_flag_changes',
  'user_roles',
  'site_publishes',
  'access_requests',
  'account_changes',
  'leads',
  'staff_profiles',
  'companies',
  'company_clients',
  'documents',
  'document_versions',
  'document_downloads',
  'portal_changes',
  'product_audit',
] as const;

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.serviceClient();
  aal1 = await backend.signIn('admin', { aal: 'aal1' });
  aal2 = await backend.signIn('admin');
  // Something in each table (as the superuser, the way the app's own flows would leave it).
  await backend.db.query(`update public.feature_flags set enabled = not enabled where name = 'founder'`);
  await backend.db.query(`update public.feature_flags set enabled = not enabled where name = 'founder'`);
  await backend.db.query(
    `insert into public.leads (form, language, fields, page_uri, page_name, marketing_consent, consent_version,
                               consent_text, processing_text)
     values ('contact', 'en', '[{"name": "email", "value": "a@example.com"}]', 'https://oleathyme.example.com/',
             'Home', false, '2026-11-23', 'c', 'p')`,
  );
  await backend.db.query(
    `insert into public.access_requests (user_id, email, company) values ($1, 'member@example.com', 'Member Co')
     on conflict (user_id) do nothing`,
    [ACCOUNT_IDS.member],
  );
  await backend.db.query(
    `insert into public.account_changes (actor_id, actor_email, target_id, target_email, action)
     values ($1, 'admin@example.com', $2, 'member@example.com', 'decline')`,
    [ACCOUNT_IDS.admin, ACCOUNT_IDS.member],
  );
  // A client's download, the way the portal records it.
  const client = await backend.signIn('client');
  const documents = await client.from('documents').select('id').limit(1);
  const downloaded = await client.rpc('request_document_download', { document_id: documents.data?.[0]?.id ?? '' });
  if (downloaded.error) throw new Error(`download: ${downloaded.error.message}`);
});

afterAll(async () => {
  await backend?.stop();
});

describe('an admin at aal1 (password only)', () => {
  it.each(STAFF_TABLES)('reads no row of %s, though the admin at aal2 reads them all', async (table) => {
    const all = await service.from(table).select('*', { count: 'exact', head: true });
    expect(all.error).toBeNull();
    expect(all.count, `${table} has rows to read`).toBeGreaterThan(0);

    const verified = await aal2.from(table).select('*', { count: 'exact', head: true });
    expect(verified.error).toBeNull();
    expect(verified.count).toBe(all.count);

    const read = await aal1.from(table).select('*');
    expect(read.error).toBeNull();
    // The one exception: the admin's own role row.
    expect(read.data).toEqual(table === 'user_roles' ? [expect.objectContaining({ user_id: ACCOUNT_IDS.admin })] : []);
  });

  it.each([
    ['admin_list_accounts', {}],
    ['admin_list_companies', {}],
    ['admin_find_company_candidates', { name: 'Olea' }],
  ] as const)('is refused %s, which works at aal2', async (rpc, args) => {
    const refused = await aal1.rpc(rpc, args as never);
    expect(refused.error?.code).toBe('42501');
    const allowed = await aal2.rpc(rpc, args as never);
    expect(allowed.error).toBeNull();
  });

  it('gets no retention periods, which the admin at aal2 gets', async () => {
    expect((await aal1.rpc('lead_retention_periods')).data).toEqual([]);
    expect((await aal2.rpc('lead_retention_periods')).data).toHaveLength(1);
  });

  it('still reads its own role, so the app knows to ask for the authenticator code', async () => {
    const own = await aal1.from('user_roles').select('role').eq('user_id', ACCOUNT_IDS.admin).maybeSingle();
    expect(own).toMatchObject({ data: { role: 'admin' }, error: null });
    const other = await aal1.from('user_roles').select('role').eq('user_id', ACCOUNT_IDS.client).maybeSingle();
    expect(other).toMatchObject({ data: null, error: null });
  });
});

describe('what stays as it was', () => {
  it('anyone reads the flags, signed in or not', async () => {
    for (const db of [backend.client(), aal1]) {
      const flags = await db.from('feature_flags').select('name,enabled');
      expect(flags.error).toBeNull();
      expect(flags.data?.length).toBeGreaterThan(3);
    }
  });

  it('a client reads its own role at aal1', async () => {
    const client = await backend.signIn('client');
    const own = await client.from('user_roles').select('role').eq('user_id', ACCOUNT_IDS.client).maybeSingle();
    expect(own).toMatchObject({ data: { role: 'client' }, error: null });
  });
});
