/**
 * Who may do what with accounts, through supabase-js as each kind of caller:
 * anon, member (no role, no request), requester (signed up through the
 * request form, pending), client, admin at aal1 (password only) and admin at
 * aal2 (password and TOTP code). Covers the new tables (access_requests,
 * account_changes), the staff RPCs, and that an aal1 admin session changes
 * nothing anywhere, flags included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, signUpConfirmed, snapshot, startTestBackend, type Client, type TestBackend } from './helpers.ts';

type Actor = 'anon' | 'member' | 'requester' | 'client' | 'adminAal1' | 'admin';
const ACTORS: Actor[] = ['anon', 'member', 'requester', 'client', 'adminAal1', 'admin'];
type Outcome = { rows: number | 'some' } | 'denied';
const rows = (count: number | 'some'): Outcome => ({ rows: count });
const D: Outcome = 'denied';

let backend: TestBackend;
let service: Client;
const clients = new Map<Actor, Client>();
let requesterId = '';
const as = (actor: Actor): Client => {
  const found = clients.get(actor);
  if (!found) throw new Error(`no client for ${actor}`);
  return found;
};

const REQUEST_DATA = {
  first_name: 'Rita',
  last_name: 'Request',
  company: 'Épicerie Rita',
  locale: 'fr',
  job_title: 'Buyer',
  // What a requester might try to slip in through their own metadata.
  status: 'approved',
  role: 'admin',
};

async function newRequester(prefix: string): Promise<{ client: Client; id: string; email: string }> {
  const { client, id, email } = await signUpConfirmed(backend, prefix, { ...REQUEST_DATA });
  return { client, id, email };
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.serviceClient();
  clients.set('anon', backend.client());
  clients.set('member', await backend.signIn('member'));
  clients.set('client', await backend.signIn('client'));
  const requester = await newRequester('requester');
  requesterId = requester.id;
  clients.set('requester', requester.client);
  // aal1 first: a later aal2 verification signs the account's aal1 sessions
  // out at /auth/v1, but their access tokens still reach the Data API, which
  // is exactly the stolen-password case this suite is about.
  clients.set('adminAal1', await backend.signIn('admin', { aal: 'aal1' }));
  clients.set('admin', await backend.signIn('admin'));
  // Something in the audit trail.
  const other = await newRequester('audited');
  const approved = await as('admin').rpc('admin_approve_access_request', { target: other.id });
  if (approved.error) throw new Error(approved.error.message);
});

afterAll(async () => {
  await backend?.stop();
});

type Attempt = () => PromiseLike<{ data: unknown; error: { code: string } | null; status: number }>;

function outcomeOf(result: { data: unknown; error: { code: string } | null; status: number }): Outcome {
  if (result.error) {
    expect(result.error.code).toBe('42501');
    return 'denied';
  }
  const data = result.data;
  return { rows: Array.isArray(data) ? data.length : data === null ? 0 : 1 };
}

const matches = (actual: Outcome, expected: Outcome) =>
  expected === 'denied' || actual === 'denied'
    ? actual === expected
    : expected.rows === 'some'
      ? typeof actual.rows === 'number' && actual.rows > 0
      : actual.rows === expected.rows;

const tableAttempts: Record<string, Record<string, (db: Client) => Attempt>> = {
  access_requests: {
    select: (db) => () => db.from('access_requests').select('user_id'),
    insert: (db) => () =>
      db.from('access_requests').insert({ user_id: ACCOUNT_IDS.member, email: 'member@example.com' }).select('user_id'),
    update: (db) => () =>
      db.from('access_requests').update({ status: 'approved' }).eq('user_id', requesterId).select('user_id'),
    delete: (db) => () => db.from('access_requests').delete().eq('user_id', requesterId).select('user_id'),
  },
  account_changes: {
    select: (db) => () => db.from('account_changes').select('id'),
    insert: (db) => () =>
      db.from('account_changes').insert({ actor_email: 'x', target_email: 'y', action: 'approve' }).select('id'),
    update: (db) => () => db.from('account_changes').update({ note: 'rewritten' }).gte('id', 0).select('id'),
    delete: (db) => () => db.from('account_changes').delete().gte('id', 0).select('id'),
  },
};

/** [anon, member, requester, client, adminAal1, admin] */
const matrix: Record<string, Record<string, Outcome[]>> = {
  access_requests: {
    select: [D, rows(0), rows(1), rows(0), rows(0), rows('some')],
    insert: [D, D, D, D, D, D],
    update: [D, D, D, D, D, D],
    delete: [D, D, D, D, D, D],
  },
  account_changes: {
    select: [D, rows(0), rows(0), rows(0), rows(0), rows('some')],
    insert: [D, D, D, D, D, D],
    update: [D, D, D, D, D, D],
    delete: [D, D, D, D, D, D],
  },
};

describe.each(Object.keys(matrix))('%s', (table) => {
  const cells = Object.entries(matrix[table] ?? {}).flatMap(([operation, outcomes]) =>
    ACTORS.map((actor, index) => ({ operation, actor, expected: outcomes[index] as Outcome })),
  );
  it.each(cells)('$actor $operation → $expected', async ({ operation, actor, expected }) => {
    const before = await snapshot(as('admin'));
    const attempt = tableAttempts[table]?.[operation]?.(as(actor));
    if (!attempt) throw new Error('no attempt');
    const actual = outcomeOf(await attempt());
    expect(matches(actual, expected), JSON.stringify(actual)).toBe(true);
    expect(await snapshot(as('admin'))).toEqual(before);
  });
});

describe('the staff RPCs', () => {
  const rpcs = {
    list: (db: Client) => db.rpc('admin_list_accounts', {}),
    approve: (db: Client) => db.rpc('admin_approve_access_request', { target: requesterId }),
    decline: (db: Client) => db.rpc('admin_decline_access_request', { target: requesterId, note: 'No.' }),
    revoke: (db: Client) => db.rpc('admin_revoke_client_access', { target: ACCOUNT_IDS.client }),
    grantAdmin: (db: Client) => db.rpc('admin_set_admin_role', { target: ACCOUNT_IDS.member, make_admin: true }),
  };

  it.each(['anon', 'member', 'requester', 'client', 'adminAal1'] as const)(
    '%s can call none of them, and nothing changes',
    async (actor) => {
      const before = await snapshot(as('admin'));
      const requestBefore = await service.from('access_requests').select('*').eq('user_id', requesterId).single();
      for (const [name, call] of Object.entries(rpcs)) {
        const { error, status } = await call(as(actor));
        expect(error?.code, `${actor} ${name}`).toBe('42501');
        expect(status).toBe(actor === 'anon' ? 401 : 403);
      }
      expect(await snapshot(as('admin'))).toEqual(before);
      const requestAfter = await service.from('access_requests').select('*').eq('user_id', requesterId).single();
      expect(requestAfter.data).toEqual(requestBefore.data);
    },
  );

  it('an aal1 admin can change no flag either (no error, no row), an aal2 admin can', async () => {
    const aal1 = await as('adminAal1').from('feature_flags').update({ enabled: true }).eq('name', 'insights').select();
    expect(aal1.error).toBeNull();
    expect(aal1.data).toEqual([]);
    const aal2 = await as('admin')
      .from('feature_flags')
      .update({ enabled: true })
      .eq('name', 'insights')
      .select('name');
    expect(aal2.data).toEqual([{ name: 'insights' }]);
    await service.from('feature_flags').update({ enabled: false }).eq('name', 'insights');
  });

  it('the requester’s metadata carries no role or decision: the request is pending, with its fields', async () => {
    const { data } = await as('requester').from('access_requests').select('*').single();
    expect(data).toMatchObject({
      status: 'pending',
      first_name: 'Rita',
      company: 'Épicerie Rita',
      locale: 'fr',
      job_title: 'Buyer',
      decision_note: null,
    });
    const role = await as('requester').from('user_roles').select('role');
    expect(role.data).toEqual([]);
  });

  it('lists accounts with pending requests first, and searches by address or company', async () => {
    const { data, error } = await as('admin').rpc('admin_list_accounts', {});
    expect(error).toBeNull();
    const list = data as Array<Record<string, unknown>>;
    const firstNotPending = list.findIndex((entry) => entry.request_status !== 'pending');
    expect(list.slice(firstNotPending).some((entry) => entry.request_status === 'pending')).toBe(false);
    expect(list.find((entry) => entry.user_id === ACCOUNT_IDS.admin)).toMatchObject({
      email: 'admin@example.com',
      role: 'admin',
      has_second_factor: true,
      email_confirmed: true,
    });
    for (const key of ['first_name', 'last_name', 'company', 'created_at', 'last_sign_in_at', 'request_status']) {
      expect(list[0]).toHaveProperty(key);
    }
    const byCompany = await as('admin').rpc('admin_list_accounts', { search: 'épicerie' });
    expect((byCompany.data as unknown[]).length).toBeGreaterThanOrEqual(2);
    const byEmail = await as('admin').rpc('admin_list_accounts', { search: 'member@' });
    expect((byEmail.data as Array<{ email: string }>).map((entry) => entry.email)).toEqual(['member@example.com']);
    const wildcard = await as('admin').rpc('admin_list_accounts', { search: '%' });
    expect(wildcard.data).toEqual([]);
  });

  it('nobody approves themselves, not even an admin, and no one removes their own admin role', async () => {
    const self = await as('requester').rpc('admin_approve_access_request', { target: requesterId });
    expect(self.error?.code).toBe('42501');
    const adminSelf = await as('admin').rpc('admin_approve_access_request', { target: ACCOUNT_IDS.admin });
    expect(adminSelf.error?.code).toBe('42501');
    const demote = await as('admin').rpc('admin_set_admin_role', { target: ACCOUNT_IDS.admin, make_admin: false });
    expect(demote.error).toMatchObject({ code: '42501', message: 'Nobody can change their own access.' });
    const roles = await service.from('user_roles').select('role').eq('user_id', ACCOUNT_IDS.admin);
    expect(roles.data).toEqual([{ role: 'admin' }]);
  });

  it('decline needs a note; the requester then reads the decision and its note', async () => {
    const target = await newRequester('declined');
    const empty = await as('admin').rpc('admin_decline_access_request', { target: target.id, note: '   ' });
    expect(empty.error?.code).toBe('22023');
    const unknown = await as('admin').rpc('admin_decline_access_request', {
      target: '00000000-0000-4000-8000-000000000000',
      note: 'x',
    });
    expect(unknown.error?.code).toBe('PT404');
    const declined = await as('admin').rpc('admin_decline_access_request', {
      target: target.id,
      note: 'We only serve restaurants in Ontario.',
    });
    expect(declined.error).toBeNull();
    const seen = await target.client.from('access_requests').select('status,decision_note').single();
    expect(seen.data).toEqual({ status: 'declined', decision_note: 'We only serve restaurants in Ontario.' });
    expect((await target.client.from('user_roles').select('role')).data).toEqual([]);
  });

  it('approve grants client; revoke takes it back; each change is audited with who, what, when', async () => {
    const target = await newRequester('approved');
    expect((await as('admin').rpc('admin_approve_access_request', { target: target.id })).error).toBeNull();
    expect((await target.client.from('user_roles').select('role')).data).toEqual([{ role: 'client' }]);
    expect((await target.client.from('access_requests').select('status').single()).data).toEqual({
      status: 'approved',
    });

    expect(
      (await as('admin').rpc('admin_revoke_client_access', { target: target.id, note: 'Account closed.' })).error,
    ).toBeNull();
    expect((await target.client.from('user_roles').select('role')).data).toEqual([]);
    const again = await as('admin').rpc('admin_revoke_client_access', { target: target.id });
    expect(again.error?.code).toBe('22023');

    const audit = await as('admin')
      .from('account_changes')
      .select('actor_email,target_email,action,note,changed_at')
      .eq('target_email', target.email)
      .order('id');
    expect(audit.data).toEqual([
      expect.objectContaining({ actor_email: 'admin@example.com', action: 'approve', note: null }),
      expect.objectContaining({ actor_email: 'admin@example.com', action: 'revoke_client', note: 'Account closed.' }),
    ]);
    expect(audit.data?.[0]?.changed_at).toEqual(expect.any(String));
  });

  it('grant and withdraw admin for another account', async () => {
    const target = await newRequester('staff');
    expect((await as('admin').rpc('admin_set_admin_role', { target: target.id, make_admin: true })).error).toBeNull();
    const own = () => target.client.from('user_roles').select('role').eq('user_id', target.id);
    expect((await own()).data).toEqual([{ role: 'admin' }]);
    // A new admin has no factor yet: their session is aal1, so they can change nothing.
    const theirTry = await target.client.rpc('admin_approve_access_request', { target: requesterId });
    expect(theirTry.error?.code).toBe('42501');
    expect((await as('admin').rpc('admin_set_admin_role', { target: target.id, make_admin: false })).error).toBeNull();
    expect((await own()).data).toEqual([]);
    const notStaff = await as('admin').rpc('admin_set_admin_role', { target: target.id, make_admin: false });
    expect(notStaff.error?.code).toBe('22023');
  });
});
