/**
 * The simple-admin page's database side
 * (docs/decisions/002-simple-admin-password-in-the-database.md,
 * 008-flag-changes-audited.md, 061-simple-admin-attempts-per-client.md,
 * 063-flag-change-attribution.md): the password RPCs, their per-client
 * throttle, the private helpers staying private, and the audit trail of
 * every kind of flag change. The concurrency bound needs several real
 * connections and is tested on PostgreSQL in tests/pg.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SIMPLE_ADMIN_PASSWORD } from '../../supabase/local/keys.ts';
import { startTestBackend, type Client, type TestBackend } from './helpers.ts';

/** Not the default: proves that the configured password is the one that works. */
const PASSWORD = 'Configured#Simple-2025';
const WRONG = 'definitely-not-it';
/** Stands for the caller's network address (docs/decisions/060-client-address-from-cf-connecting-ip.md). */
const CLIENT_HEADER = 'x-test-client-address';
const STAFF_ADDRESS = '198.51.100.10';
const STRANGER_ADDRESS = '203.0.113.66';

let backend: TestBackend;
let anon: Client;
let admin: Client;

/** An anonymous browser at `address`. */
const clientAt = (address: string): Client => backend.client({ headers: { [CLIENT_HEADER]: address } });

beforeAll(async () => {
  backend = await startTestBackend({ simpleAdminPassword: PASSWORD, testClientAddressHeader: CLIENT_HEADER });
  anon = backend.client();
  admin = await backend.signIn('admin');
});

afterAll(async () => {
  await backend?.stop();
});

/**
 * Forget earlier attempts (test set-up done as the superuser; the throttle
 * itself is exercised through the API below).
 */
async function clearAttempts(): Promise<void> {
  await backend.db.query('delete from private.simple_admin_attempts');
}

async function flag(name: string): Promise<{ id: string; enabled: boolean }> {
  const { data, error } = await anon.from('feature_flags').select('id,enabled').eq('name', name).single();
  if (error || !data) throw new Error(`flag ${name}: ${error?.message}`);
  return data;
}

async function latestChange(name: string) {
  const { data } = await admin
    .from('feature_flag_changes')
    .select('flag_name,old_enabled,new_enabled,changed_by,changed_by_email,source')
    .eq('flag_name', name)
    .order('id', { ascending: false })
    .limit(1)
    .maybeSingle();
  return data;
}

describe('unlock', () => {
  beforeEach(clearAttempts);

  it('the configured password unlocks; a wrong one, the default one and null do not', async () => {
    expect(await anon.rpc('simple_admin_unlock', { password: PASSWORD })).toMatchObject({ data: true, error: null });
    expect((await anon.rpc('simple_admin_unlock', { password: WRONG })).data).toBe(false);
    expect((await anon.rpc('simple_admin_unlock', { password: DEFAULT_SIMPLE_ADMIN_PASSWORD })).data).toBe(false);
    expect((await anon.rpc('simple_admin_unlock', { password: null as unknown as string })).data).toBe(false);
  });

  it('after 10 wrong passwords within a minute the 11th try is refused with 429, even when right', async () => {
    for (let i = 0; i < 10; i += 1) {
      const { data, error } = await anon.rpc('simple_admin_unlock', { password: `${WRONG}-${i}` });
      expect({ data, error }).toEqual({ data: false, error: null });
    }
    const refused = await anon.rpc('simple_admin_unlock', { password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({
      code: 'PT429',
      message: 'Too many incorrect passwords. Please wait a minute and try again.',
      hint: 'Wait one minute before trying again.',
    });

    const before = await flag('teams');
    const setFlag = await anon.rpc('simple_admin_set_flag', {
      password: PASSWORD,
      flag_id: before.id,
      enabled: !before.enabled,
    });
    expect(setFlag.status).toBe(429);
    expect(await flag('teams')).toEqual(before);

    // A minute later (attempts aged by the superuser) the right password works again.
    await backend.db.query(
      `update private.simple_admin_attempts set attempted_at = attempted_at - interval '61 seconds'`,
    );
    expect((await anon.rpc('simple_admin_unlock', { password: PASSWORD })).data).toBe(true);
  });
});

describe('the throttle is per client', () => {
  beforeEach(clearAttempts);

  async function lockOut(stranger: Client): Promise<void> {
    for (let i = 0; i < 10; i += 1) {
      expect((await stranger.rpc('simple_admin_unlock', { password: `${WRONG}-${i}` })).data).toBe(false);
    }
    expect((await stranger.rpc('simple_admin_unlock', { password: PASSWORD })).status).toBe(429);
  }

  it('a stranger guessing does not keep staff out: staff unlock and toggle while the stranger gets 429', async () => {
    const stranger = clientAt(STRANGER_ADDRESS);
    const staff = clientAt(STAFF_ADDRESS);
    // Staff unlocked before the stranger started.
    expect((await staff.rpc('simple_admin_unlock', { password: PASSWORD })).data).toBe(true);

    await lockOut(stranger);

    expect(await staff.rpc('simple_admin_unlock', { password: PASSWORD })).toMatchObject({
      data: true,
      error: null,
      status: 200,
    });
    const before = await flag('partnerships');
    const toggled = await staff.rpc('simple_admin_set_flag', {
      password: PASSWORD,
      flag_id: before.id,
      enabled: !before.enabled,
    });
    expect(toggled).toMatchObject({ data: true, error: null, status: 200 });
    expect((await flag('partnerships')).enabled).toBe(!before.enabled);
    // The stranger is still refused, even with the right password.
    expect((await stranger.rpc('simple_admin_unlock', { password: PASSWORD })).status).toBe(429);
  });

  it('a client cannot choose its bucket by sending cf-connecting-ip: the gateway sets it', async () => {
    // The stranger claims the staff address in the header hosted Supabase trusts.
    const stranger = backend.client({
      headers: { [CLIENT_HEADER]: STRANGER_ADDRESS, 'cf-connecting-ip': STAFF_ADDRESS },
    });
    await lockOut(stranger);
    expect((await clientAt(STAFF_ADDRESS).rpc('simple_admin_unlock', { password: PASSWORD })).data).toBe(true);
    // And claiming another address does not get the stranger a fresh budget.
    const rotating = backend.client({
      headers: { [CLIENT_HEADER]: STRANGER_ADDRESS, 'cf-connecting-ip': '192.0.2.1' },
    });
    expect((await rotating.rpc('simple_admin_unlock', { password: PASSWORD })).status).toBe(429);
  });

  it('addresses in one IPv6 /64 share a bucket; another /64 does not', async () => {
    await lockOut(clientAt('2001:db8:1:2::1'));
    expect((await clientAt('2001:db8:1:2:ffff::9').rpc('simple_admin_unlock', { password: PASSWORD })).status).toBe(
      429,
    );
    expect((await clientAt('2001:db8:1:3::1').rpc('simple_admin_unlock', { password: PASSWORD })).data).toBe(true);
  });
});

describe('what a password attempt must be', () => {
  beforeEach(clearAttempts);

  it('a password over 72 bytes cannot be set, and its first 72 bytes plus anything do not unlock', async () => {
    const long = 'correct horse battery staple, all the way from Thessaloniki to Montréal, by sea!'; // 81 bytes
    expect(Buffer.byteLength(long)).toBeGreaterThan(72);
    await expect(backend.db.query('select private.set_simple_admin_password($1)', [long])).rejects.toThrow(
      /at most 72 bytes/,
    );

    // A 72-byte password: bcrypt's whole input. Anything appended is refused
    // with a clear message, never accepted as the password.
    const exact = `${'olive-oil-'.repeat(7)}ok`;
    expect(Buffer.byteLength(exact)).toBe(72);
    await backend.db.query('select private.set_simple_admin_password($1)', [exact]);
    try {
      expect((await anon.rpc('simple_admin_unlock', { password: exact })).data).toBe(true);
      for (const attempt of [`${exact}!`, `${exact}anything at all`]) {
        const result = await anon.rpc('simple_admin_unlock', { password: attempt });
        expect(result.data).not.toBe(true);
        expect(result.status).toBe(400);
        expect(result.error?.message).toMatch(/at most 72 bytes/);
      }
      const target = await flag('teams');
      const setFlag = await anon.rpc('simple_admin_set_flag', {
        password: `${exact}x`,
        flag_id: target.id,
        enabled: !target.enabled,
      });
      expect(setFlag.data).not.toBe(true);
      expect(await flag('teams')).toEqual(target);
    } finally {
      await backend.db.query('select private.set_simple_admin_password($1)', [PASSWORD]);
    }
  });

  it('GET is refused before the password is checked, and says to use POST', async () => {
    for (const password of [PASSWORD, WRONG]) {
      const result = await anon.rpc('simple_admin_unlock', { password }, { get: true });
      expect(result.status).toBe(405);
      expect(result.data).toBeNull();
      expect(result.error).toMatchObject({
        code: '25006',
        message: 'The simple-admin password can only be checked with POST.',
      });
    }
  });
});

describe('set_flag', () => {
  beforeEach(clearAttempts);

  it('with the right password changes the flag and logs source simple-admin', async () => {
    const before = await flag('solutions');
    const result = await anon.rpc('simple_admin_set_flag', {
      password: PASSWORD,
      flag_id: before.id,
      enabled: !before.enabled,
    });
    expect(result).toMatchObject({ data: true, error: null, status: 200 });
    expect((await flag('solutions')).enabled).toBe(!before.enabled);
    expect(await latestChange('solutions')).toEqual({
      flag_name: 'solutions',
      old_enabled: before.enabled,
      new_enabled: !before.enabled,
      changed_by: null,
      changed_by_email: 'simple-admin',
      source: 'simple-admin',
    });
  });

  it('with a wrong password returns false and changes nothing', async () => {
    const before = await flag('teams');
    const changesBefore = await latestChange('teams');
    const result = await anon.rpc('simple_admin_set_flag', {
      password: WRONG,
      flag_id: before.id,
      enabled: !before.enabled,
    });
    expect(result).toMatchObject({ data: false, error: null });
    expect(await flag('teams')).toEqual(before);
    expect(await latestChange('teams')).toEqual(changesBefore);
  });

  it('an unknown flag is 404 (PT404); a malformed id is 400', async () => {
    const missing = await anon.rpc('simple_admin_set_flag', {
      password: PASSWORD,
      flag_id: '00000000-0000-4000-8000-000000000000',
      enabled: true,
    });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PT404', message: 'Feature flag not found.' });
    const malformed = await anon.rpc('simple_admin_set_flag', {
      password: PASSWORD,
      flag_id: 'not-a-uuid',
      enabled: true,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.error?.code).toBe('22P02');
  });
});

describe('what stays private', () => {
  it.each([
    ['simple_admin_check', { password: PASSWORD }],
    ['set_simple_admin_password', { new_password: 'Hijacked#Password-1' }],
    ['is_admin', {}],
    ['has_role', { requested: 'admin' }],
    ['record_feature_flag_change', {}],
  ])('rpc(%s) is not callable (404 PGRST202)', async (fn, args) => {
    for (const db of [anon, admin]) {
      const { error, status } = await db.rpc(fn as never, args as never);
      expect(status).toBe(404);
      expect(error?.code).toBe('PGRST202');
    }
  });

  it('the password hash and the attempts cannot be read through the API', async () => {
    for (const table of ['simple_admin_secret', 'simple_admin_attempts']) {
      const { error, status } = await anon.from(table as never).select('*');
      expect(status).toBe(404);
      expect(error?.code).toBe('PGRST205');
    }
    const otherSchema = await backend.fetch('/rest/v1/simple_admin_secret?select=*', {
      headers: { 'Accept-Profile': 'private' },
    });
    expect(otherSchema.status).toBe(406);
    expect(((await otherSchema.json()) as { code: string }).code).toBe('PGRST106');
    // The password still works: nothing above changed it.
    await clearAttempts();
    expect((await anon.rpc('simple_admin_unlock', { password: PASSWORD })).data).toBe(true);
  });
});

describe('the audit trail covers every route', () => {
  it('portal, simple-admin, service-key and SQL changes each leave a row naming who, never a login role', async () => {
    await clearAttempts();
    const target = await flag('founder');

    await admin.from('feature_flags').update({ enabled: !target.enabled }).eq('id', target.id);
    expect(await latestChange('founder')).toMatchObject({ source: 'portal', changed_by_email: 'admin@example.com' });

    await anon.rpc('simple_admin_set_flag', { password: PASSWORD, flag_id: target.id, enabled: target.enabled });
    expect(await latestChange('founder')).toMatchObject({ source: 'simple-admin', changed_by_email: 'simple-admin' });

    // The change itself is made as the superuser, as an operator would in SQL.
    await backend.db.query(`update public.feature_flags set enabled = not enabled where name = 'founder'`);
    expect(await latestChange('founder')).toEqual({
      flag_name: 'founder',
      old_enabled: target.enabled,
      new_enabled: !target.enabled,
      changed_by: null,
      changed_by_email: 'service role / SQL',
      source: 'sql',
    });

    // With the service key through the Data API.
    const service = await backend
      .serviceClient()
      .from('feature_flags')
      .update({ enabled: target.enabled })
      .eq('id', target.id);
    expect(service.error).toBeNull();
    expect(await latestChange('founder')).toMatchObject({
      new_enabled: target.enabled,
      changed_by: null,
      changed_by_email: 'service role / SQL',
      source: 'sql',
    });

    const authors = await admin.from('feature_flag_changes').select('changed_by_email');
    const roles = ['postgres', 'authenticator', 'service_role', 'anon', 'authenticated', 'supabase_admin'];
    for (const row of authors.data ?? []) expect(roles).not.toContain(row.changed_by_email);

    const sources = await admin.from('feature_flag_changes').select('source').eq('flag_name', 'founder');
    expect(new Set((sources.data ?? []).map((row) => row.source))).toEqual(new Set(['portal', 'simple-admin', 'sql']));
    // A description change is recorded as such (docs/decisions/033-safe-flag-toggles.md).
    await admin.from('feature_flags').update({ description: 'The founder, on the home page.' }).eq('id', target.id);
    const description = await admin
      .from('feature_flag_changes')
      .select('field,old_description,new_description,source')
      .eq('flag_name', 'founder')
      .order('id', { ascending: false })
      .limit(1)
      .single();
    expect(description.data).toEqual({
      field: 'description',
      old_description: 'Founder section on the home page.',
      new_description: 'The founder, on the home page.',
      source: 'portal',
    });
  });
});
