/**
 * Managing the team (docs/decisions/211-managing-staff.md), through supabase-js:
 * an admin at aal2 gives a staff role, changes it and removes it; nobody else
 * can (and a refusal changes nothing); the last admin can be neither removed
 * nor demoted, also when two admins remove each other at once; every change
 * is in staff_changes, which only admins read; the seeded account manager and
 * editor sign in with their second factor and reach their part; an admin
 * invites a team member by e-mail (the invite-staff Edge Function and Auth's
 * invite), who sets a password, enrols TOTP and has the role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STAFF_TOTP_SECRETS } from '../../supabase/local/keys.ts';
import {
  ACCOUNT_IDS,
  latestMail,
  mailedTokenHash,
  signUpConfirmed,
  uniqueEmail,
  startTestBackend,
  verifySecondFactor,
  type Client,
  type TestBackend,
} from './helpers.ts';

const MANAGER_ID = '00000000-0000-4000-8000-00000000a002';
const EDITOR_ID = '00000000-0000-4000-8000-00000000a003';
const HARBOR = '00000000-0000-4000-8000-0000000c0a02';

let backend: TestBackend;
let admin: Client;

async function seededStaff(email: keyof typeof LOCAL_STAFF_TOTP_SECRETS, password: string, aal2 = true) {
  const client = backend.client();
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  if (aal2) {
    const factors = await client.auth.mfa.listFactors();
    const factor = factors.data?.totp[0];
    if (!factor) throw new Error(`${email} has no verified factor`);
    await verifySecondFactor(client, factor.id, LOCAL_STAFF_TOTP_SECRETS[email]);
  }
  return client;
}
const manager = (aal2 = true) => seededStaff('manager@example.com', 'LocalManager#2025', aal2);
const editor = (aal2 = true) => seededStaff('editor@example.com', 'LocalEditor#2025', aal2);

async function roleOf(id: string): Promise<string | null> {
  const { data } = await backend.serviceClient().from('user_roles').select('role').eq('user_id', id);
  return data?.[0]?.role ?? null;
}

async function changesOf(id: string) {
  const { data, error } = await admin
    .from('staff_changes')
    .select('actor_id, actor_email, target_id, from_role, to_role')
    .eq('target_id', id)
    .order('id');
  if (error) throw error;
  return data;
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.signIn('admin');
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('the seeded account manager and editor', () => {
  it('sign in with their second factor and reach their part only', async () => {
    const am = await manager();
    const companies = await am.from('companies').select('id');
    expect(companies.data).toEqual([{ id: HARBOR }]);
    expect((await am.from('content_versions').select('id')).data).toEqual([]);
    const ed = await editor();
    expect((await ed.from('companies').select('id')).data).toEqual([]);
    expect(((await ed.from('content_versions').select('id')).data ?? []).length).toBeGreaterThan(0);
    expect(await roleOf(MANAGER_ID)).toBe('account_manager');
    expect(await roleOf(EDITOR_ID)).toBe('editor');
  });
});

describe('giving, changing and removing a staff role', () => {
  let newcomer: { id: string; email: string };

  beforeAll(async () => {
    const signedUp = await signUpConfirmed(backend, 'newcomer', { first_name: 'Nora', last_name: 'New' });
    newcomer = { id: signedUp.id, email: signedUp.email };
  });

  it.each([
    ['the admin at aal1', () => backend.signIn('admin', { aal: 'aal1' })],
    ['an account manager at aal2', () => manager()],
    ['an editor at aal2', () => editor()],
    ['an account without a role', () => backend.signIn('member')],
  ] as const)('%s cannot give a role, change one or remove one: nothing changes', async (_who, as) => {
    const caller = await as();
    const given = await caller.rpc('set_staff_role', { target: newcomer.id, role: 'admin' });
    expect(given.error?.code).toBe('42501');
    const changed = await caller.rpc('set_staff_role', { target: EDITOR_ID, role: 'admin' });
    expect(changed.error?.code).toBe('42501');
    const removed = await caller.rpc('remove_staff_access', { target: EDITOR_ID });
    expect(removed.error?.code).toBe('42501');
    expect(await roleOf(newcomer.id)).toBeNull();
    expect(await roleOf(EDITOR_ID)).toBe('editor');
    expect(await changesOf(newcomer.id)).toEqual([]);
  });

  it('an admin at aal2 gives a role, changes it and removes it; each change is recorded', async () => {
    expect((await admin.rpc('set_staff_role', { target: newcomer.id, role: 'editor' })).error).toBeNull();
    expect(await roleOf(newcomer.id)).toBe('editor');
    const profile = await admin.from('staff_profiles').select('display_name, email').eq('user_id', newcomer.id);
    expect(profile.data).toEqual([{ display_name: expect.stringMatching(/\S/), email: newcomer.email }]);

    expect((await admin.rpc('set_staff_role', { target: newcomer.id, role: 'account_manager' })).error).toBeNull();
    await backend.serviceClient().from('companies').update({ account_manager_id: newcomer.id }).eq('id', HARBOR);
    expect((await admin.rpc('set_staff_role', { target: newcomer.id, role: 'editor' })).error).toBeNull();
    // An account manager who stops being one: their companies name nobody.
    const harbor = await backend.serviceClient().from('companies').select('account_manager_id').eq('id', HARBOR);
    expect(harbor.data).toEqual([{ account_manager_id: null }]);
    await backend.serviceClient().from('companies').update({ account_manager_id: MANAGER_ID }).eq('id', HARBOR);

    expect((await admin.rpc('remove_staff_access', { target: newcomer.id })).error).toBeNull();
    expect(await roleOf(newcomer.id)).toBeNull();

    const by = { actor_id: ACCOUNT_IDS.admin, actor_email: 'admin@example.com', target_id: newcomer.id };
    expect(await changesOf(newcomer.id)).toEqual([
      { ...by, from_role: null, to_role: 'editor' },
      { ...by, from_role: 'editor', to_role: 'account_manager' },
      { ...by, from_role: 'account_manager', to_role: 'editor' },
      { ...by, from_role: 'editor', to_role: null },
    ]);
  });

  it('refuses a client, a role that is not a staff role, and removing an account that is not staff', async () => {
    const client = await admin.rpc('set_staff_role', { target: ACCOUNT_IDS.client, role: 'editor' });
    expect(client.error?.code).toBe('22023');
    expect(await roleOf(ACCOUNT_IDS.client)).toBe('client');
    const notStaff = await admin.rpc('set_staff_role', { target: newcomer.id, role: 'client' });
    expect(notStaff.error?.code).toBe('22023');
    const removed = await admin.rpc('remove_staff_access', { target: ACCOUNT_IDS.member });
    expect(removed.error?.code).toBe('22023');
  });

  it('only admins at aal2 read the record of staff changes', async () => {
    expect(((await admin.from('staff_changes').select('id')).data ?? []).length).toBeGreaterThanOrEqual(4);
    for (const reader of [await backend.signIn('admin', { aal: 'aal1' }), await manager(), await editor()]) {
      const { data, error } = await reader.from('staff_changes').select('id');
      expect(error === null ? data : 'refused').toEqual([]);
    }
    const written = await admin.from('staff_changes').insert({ target_id: newcomer.id, to_role: 'admin' });
    expect(written.error?.code).toBe('42501');
  });
});

describe('the last admin', () => {
  it('can be neither removed nor demoted, by the functions or by SQL', async () => {
    const removed = await admin.rpc('remove_staff_access', { target: ACCOUNT_IDS.admin });
    expect(removed.error?.code).toBe('42501');
    expect(removed.error?.message).toBe('The last admin cannot be removed or demoted.');
    const demoted = await admin.rpc('set_staff_role', { target: ACCOUNT_IDS.admin, role: 'editor' });
    expect(demoted.error?.code).toBe('42501');
    const older = await admin.rpc('admin_set_admin_role', { target: ACCOUNT_IDS.admin, make_admin: false });
    expect(older.error?.code).toBe('42501');
    const bySql = await backend.serviceClient().from('user_roles').delete().eq('user_id', ACCOUNT_IDS.admin);
    expect(bySql.error?.code).toBe('42501');
    expect(await roleOf(ACCOUNT_IDS.admin)).toBe('admin');
  });

  it('two admins removing each other at once: one goes, one admin stays', async () => {
    const second = await signUpConfirmed(backend, 'second-admin');
    expect((await admin.rpc('set_staff_role', { target: second.id, role: 'admin' })).error).toBeNull();
    const factor = await second.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'Test' });
    if (factor.error) throw factor.error;
    await verifySecondFactor(second.client, factor.data.id, factor.data.totp.secret);

    const [first, other] = await Promise.all([
      admin.rpc('remove_staff_access', { target: second.id }),
      second.client.rpc('remove_staff_access', { target: ACCOUNT_IDS.admin }),
    ]);
    const outcomes = [first.error?.code ?? 'removed', other.error?.code ?? 'removed'].sort();
    expect(outcomes).toEqual(['42501', 'removed']);
    const admins = await backend.serviceClient().from('user_roles').select('user_id').eq('role', 'admin');
    expect(admins.data).toHaveLength(1);
    // Put the seeded admin back if it was the one removed.
    if ((await roleOf(ACCOUNT_IDS.admin)) !== 'admin') {
      await backend.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [ACCOUNT_IDS.admin]);
      await backend.db.query(`delete from public.user_roles where user_id = $1`, [second.id]);
    }
  });
});

describe('inviting a team member', () => {
  const invite = (caller: Client, body: Record<string, unknown>) =>
    caller.functions.invoke<{ user_id: string; email: string; role: string }>('invite-staff', { body });

  it('an admin at aal2 invites by e-mail; the invitee sets a password, enrols TOTP and has the role', async () => {
    const email = uniqueEmail('invited');
    const { data, error } = await invite(admin, { email, role: 'editor', redirect_to: 'http://localhost:4321/invite' });
    expect(error).toBeNull();
    expect(data).toEqual({ user_id: expect.any(String), email, role: 'editor' });
    const mail = latestMail(backend, email);
    expect(mail.subject).toBe('You are invited to the Olea Mediterranean team');
    expect(mail.html).toContain(`An administrator invited ${email} to the Olea Mediterranean admin portal.`);
    expect(mail.html).toContain('http://localhost:4321/invite?token_hash=');
    expect(await roleOf(data!.user_id)).toBe('editor');
    expect(await changesOf(data!.user_id)).toEqual([
      {
        actor_id: ACCOUNT_IDS.admin,
        actor_email: 'admin@example.com',
        target_id: data!.user_id,
        from_role: null,
        to_role: 'editor',
      },
    ]);

    const invitee = backend.client();
    const verified = await invitee.auth.verifyOtp({
      token_hash: mailedTokenHash(backend, email, 'invite'),
      type: 'invite',
    });
    expect(verified.error).toBeNull();
    expect((await invitee.auth.updateUser({ password: 'Invited#Password1' })).error).toBeNull();
    // Before the second factor, a staff role reaches nothing.
    expect((await invitee.from('content_versions').select('id')).data).toEqual([]);
    const factor = await invitee.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'Test' });
    if (factor.error) throw factor.error;
    await verifySecondFactor(invitee, factor.data.id, factor.data.totp.secret);
    expect(((await invitee.from('content_versions').select('id')).data ?? []).length).toBeGreaterThan(0);

    // The password chosen works from then on.
    const again = backend.client();
    expect((await again.auth.signInWithPassword({ email, password: 'Invited#Password1' })).error).toBeNull();
  });

  it.each([
    ['the admin at aal1', () => backend.signIn('admin', { aal: 'aal1' })],
    ['an account manager at aal2', () => manager()],
    ['an editor at aal2', () => editor()],
  ] as const)('%s cannot invite: no account, no mail', async (_who, as) => {
    const email = uniqueEmail('not-invited');
    const { error, response } = await invite(await as(), { email, role: 'admin' });
    expect(error).not.toBeNull();
    expect((response as Response | undefined)?.status).toBe(403);
    expect(backend.inbox.list(email)).toEqual([]);
    const users = await backend.db.query(`select 1 from auth.users where email = $1`, [email]);
    expect(users).toEqual([]);
  });

  it('refuses a role that is not a staff role, and an address that already has an account', async () => {
    const bad = await invite(admin, { email: uniqueEmail('client-role'), role: 'client' });
    expect((bad.response as Response | undefined)?.status).toBe(400);
    const taken = await invite(admin, { email: 'member@example.com', role: 'editor' });
    expect((taken.response as Response | undefined)?.status).toBe(409);
    expect(await roleOf(ACCOUNT_IDS.member)).toBeNull();
  });

  it('Auth answers the invite endpoint as hosted GoTrue does: the service role only', async () => {
    const asAnon = await backend.fetch('/auth/v1/invite', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${(await admin.auth.getSession()).data.session!.access_token}`,
      },
      body: JSON.stringify({ email: uniqueEmail('direct') }),
    });
    expect(asAnon.status).toBe(403);
    expect(await asAnon.json()).toMatchObject({ code: 403, error_code: 'not_admin', msg: 'User not allowed' });
    const service = await backend.serviceClient().auth.admin.inviteUserByEmail('member@example.com');
    expect(service.error?.status).toBe(422);
    expect(service.error?.code).toBe('email_exists');
  });
});
