/**
 * Auth and Data API through supabase-js itself, against the in-memory local
 * backend: the flows the app relies on and the shapes supabase-js expects.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFlags, flagNames } from '../../src/lib/flags/defaults.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import {
  account,
  ACCOUNT_IDS,
  mailedTokenHash,
  signUpConfirmed,
  sleep,
  startTestBackend,
  type Client,
  type TestBackend,
} from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

const authHeaders = { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' };

async function signUpFresh(prefix: string): Promise<{ client: Client; email: string; password: string }> {
  const { client, email, password } = await signUpConfirmed(backend, prefix);
  return { client, email, password };
}

describe('sign-in', () => {
  it('signs in with the seeded password and issues GoTrue-shaped tokens', async () => {
    const client = backend.client();
    const { data, error } = await client.auth.signInWithPassword(account('admin'));
    expect(error).toBeNull();
    const session = data.session;
    expect(session?.token_type).toBe('bearer');
    expect(session?.expires_in).toBe(3600);
    expect(session?.refresh_token).toEqual(expect.any(String));
    expect(data.user).toMatchObject({
      id: ACCOUNT_IDS.admin,
      email: 'admin@example.com',
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ada', last_name: 'Admin' },
      is_anonymous: false,
    });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: ACCOUNT_IDS.admin });

    const claims = decodeJwt(session?.access_token ?? '');
    expect(claims).toMatchObject({
      sub: ACCOUNT_IDS.admin,
      role: 'authenticated',
      aud: 'authenticated',
      email: 'admin@example.com',
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      iss: `${backend.url}/auth/v1`,
      app_metadata: { provider: 'email' },
      user_metadata: { first_name: 'Ada' },
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
  });

  it('refuses a wrong password and an unknown account with invalid_credentials (400)', async () => {
    const client = backend.client();
    for (const credentials of [
      { email: 'admin@example.com', password: 'not-the-password' },
      { email: 'nobody@example.com', password: 'LocalAdmin#2025' },
    ]) {
      const { data, error } = await client.auth.signInWithPassword(credentials);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials' });
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('answers in the legacy error shape without X-Supabase-Api-Version, and echoes it with', async () => {
    const body = JSON.stringify({ email: 'admin@example.com', password: 'wrong-password' });
    const legacy = await backend.fetch('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });

    const current = await backend.fetch('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: authHeaders,
      body,
    });
    expect(current.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await current.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('publishes no JWKS (HS256), so getClaims verifies through GET /user', async () => {
    expect(await (await backend.fetch('/auth/v1/.well-known/jwks.json')).json()).toEqual({ keys: [] });
    const client = await backend.signIn('member');
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({ sub: ACCOUNT_IDS.member, role: 'authenticated' });
  });

  it('serves GET /settings like GoTrue with confirmations on', async () => {
    const response = await backend.fetch('/auth/v1/settings');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });
});

describe('sign-up and the user', () => {
  it('signs up with metadata, confirms by the mailed token and signs in again', async () => {
    const { client, email, password } = await signUpFresh('signup');
    const { data } = await client.auth.getUser();
    // What an unconfirmed sign-up sent stays out of the account (only a locale is kept).
    expect(data.user).toMatchObject({ email, user_metadata: {} });
    // GoTrue leaves the key out when the account has no factor.
    expect(data.user).not.toHaveProperty('factors');
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    const again = await backend.client().auth.signInWithPassword({ email, password });
    expect(again.error).toBeNull();
  });

  it('hides a registered address behind a look-alike user, and refuses a weak password (422 weak_password)', async () => {
    const before = backend.inbox.list('member@example.com').length;
    const duplicate = await backend.client().auth.signUp({ email: 'member@example.com', password: 'Another#Pass1' });
    expect(duplicate.error).toBeNull();
    expect(duplicate.data.session).toBeNull();
    expect(duplicate.data.user?.id).not.toBe(ACCOUNT_IDS.member);
    expect(duplicate.data.user?.identities).toEqual([]);
    expect(backend.inbox.list('member@example.com')).toHaveLength(before);
    const still = await backend.client().auth.signInWithPassword(account('member'));
    expect(still.error).toBeNull();

    const weak = await backend.client().auth.signUp({ email: 'weak@example.com', password: 'short' });
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password' });
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length', 'characters']);
    expect(weak.error?.message).toBe(
      'Password should be at least 8 characters. Password should contain at least one character of each: ' +
        'abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789, !@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~.',
    );

    const invalid = await backend.client().auth.signUp({ email: 'not-an-email', password: 'Valid#Password1' });
    expect(invalid.error).toMatchObject({ status: 400, code: 'email_address_invalid' });
  });

  it('updates metadata and the password (PUT /user)', async () => {
    const { client, email, password } = await signUpFresh('update');
    // A confirmed account keeps a first and last name (and its locale), nothing else.
    const named = await client.auth.updateUser({ data: { first_name: 'Fresh', last_name: 'User', company: 'Olea' } });
    expect(named.error).toBeNull();
    expect(named.data.user?.user_metadata).toEqual({ first_name: 'Fresh', last_name: 'User' });
    const metadata = await client.auth.updateUser({ data: { last_name: null } });
    expect(metadata.error).toBeNull();
    expect(metadata.data.user?.user_metadata).toEqual({ first_name: 'Fresh' });

    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.auth.updateUser({ password: 'tiny' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });

    const changed = await client.auth.updateUser({ password: 'Changed#Password2' });
    expect(changed.error).toBeNull();
    const oldPassword = await backend.client().auth.signInWithPassword({ email, password });
    expect(oldPassword.error?.code).toBe('invalid_credentials');
    const newPassword = await backend.client().auth.signInWithPassword({ email, password: 'Changed#Password2' });
    expect(newPassword.error).toBeNull();
  });

  it('answers {} to a reset request, known address or not, and the mailed link signs the user in', async () => {
    const unknown = await backend.client().auth.resetPasswordForEmail('ghost@example.com');
    expect(unknown).toEqual({ data: {}, error: null });
    expect(backend.inbox.list('ghost@example.com')).toEqual([]);
    const known = await backend.client().auth.resetPasswordForEmail('member@example.com', {
      redirectTo: 'http://localhost:5173/reset',
    });
    expect(known).toEqual({ data: {}, error: null });
    const tokenHash = mailedTokenHash(backend, 'member@example.com', 'recovery');

    // GoTrue's own link (ConfirmationURL) also works: it redirects with the session in the fragment.
    const link = `${backend.url}/auth/v1/verify?token=${tokenHash}&type=recovery&redirect_to=${encodeURIComponent('http://localhost:5173/reset')}`;
    const redirect = await fetch(link, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    const location = new URL(redirect.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/reset');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const user = await backend.fetch('/auth/v1/user', {
      headers: { Authorization: `Bearer ${fragment.get('access_token') ?? ''}` },
    });
    expect(((await user.json()) as { email: string }).email).toBe('member@example.com');

    const reused = await fetch(link, { redirect: 'manual' });
    expect(reused.headers.get('location')).toContain('error_code=otp_expired');

    // Links only ever lead to the site or a local origin (no open redirect).
    const elsewhere = new URL(link);
    elsewhere.searchParams.set('redirect_to', 'https://evil.example/steal');
    const away = await fetch(elsewhere, { redirect: 'manual' });
    expect(away.headers.get('location')).toMatch(/^http:\/\/localhost:4173\/?#/);
  });
});

describe('refresh tokens', () => {
  it('rotates: each refresh returns a new token, and an immediate reuse gets the current one', async () => {
    const client = await backend.signIn('client');
    const first = (await client.auth.getSession()).data.session;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session;
    expect(second?.refresh_token).not.toBe(first?.refresh_token);
    expect(decodeJwt(second?.access_token ?? '').session_id).toBe(decodeJwt(first?.access_token ?? '').session_id);

    // Within the reuse interval (10 s, config.toml) two tabs refreshing at
    // once both stay signed in: the old token answers with the current one.
    const reuse = await backend.fetch('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: authHeaders,
      body: JSON.stringify({ refresh_token: first?.refresh_token }),
    });
    expect(reuse.status).toBe(200);
    expect(((await reuse.json()) as { refresh_token: string }).refresh_token).toBe(second?.refresh_token);
  });

  it('refuses an unknown refresh token with refresh_token_not_found', async () => {
    const response = await backend.fetch('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: authHeaders,
      body: JSON.stringify({ refresh_token: 'never-issued' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });

  describe('with 2-second access tokens and no reuse interval', () => {
    let short: TestBackend;
    beforeAll(async () => {
      short = await startTestBackend({ jwtExpiry: 2, refreshTokenReuseInterval: 0 });
    });
    afterAll(async () => {
      await short?.stop();
    });

    it('refreshes an expired session transparently and keeps working', async () => {
      const client = await short.signIn('client');
      const before = (await client.auth.getSession()).data.session;
      expect(before?.expires_in).toBe(2);
      await sleep(2500);

      // The expired token itself is now refused by the Data API and by auth.
      const expired = await short.fetch('/rest/v1/user_roles?select=role', {
        headers: { Authorization: `Bearer ${before?.access_token ?? ''}` },
      });
      expect(expired.status).toBe(401);
      expect(await expired.json()).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
      const expiredUser = await short.fetch('/auth/v1/user', {
        headers: { ...authHeaders, Authorization: `Bearer ${before?.access_token ?? ''}` },
      });
      expect(expiredUser.status).toBe(403);
      expect(((await expiredUser.json()) as { code: string }).code).toBe('bad_jwt');

      // supabase-js refreshes before the request and the request succeeds.
      const { data, error } = await client.from('user_roles').select('role');
      expect(error).toBeNull();
      expect(data).toEqual([{ role: 'client' }]);
      const after = (await client.auth.getSession()).data.session;
      expect(after?.access_token).not.toBe(before?.access_token);
      expect(after?.refresh_token).not.toBe(before?.refresh_token);
      expect((await client.auth.getUser()).data.user?.email).toBe('client@example.com');
    });

    it('treats reuse of a rotated token as theft: refresh_token_already_used, and the session’s tokens die', async () => {
      const client = await short.signIn('member');
      const first = (await client.auth.getSession()).data.session;
      const rotated = await client.auth.refreshSession();
      const current = rotated.data.session?.refresh_token;
      const refresh = (token: string | undefined) =>
        short.fetch('/auth/v1/token?grant_type=refresh_token', {
          method: 'POST',
          headers: authHeaders,
          body: JSON.stringify({ refresh_token: token }),
        });
      const reuse = await refresh(first?.refresh_token);
      expect(reuse.status).toBe(400);
      expect(await reuse.json()).toEqual({
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      });
      const family = await refresh(current);
      expect(family.status).toBe(400);
      expect(((await family.json()) as { code: string }).code).toBe('refresh_token_already_used');
    });
  });
});

describe('sign-out scopes', () => {
  async function threeSessions(): Promise<Client[]> {
    const { email, password } = await signUpFresh('scopes');
    return Promise.all(
      [0, 1, 2].map(async () => {
        const client = backend.client();
        const { error } = await client.auth.signInWithPassword({ email, password });
        expect(error).toBeNull();
        return client;
      }),
    );
  }

  const accessToken = async (client: Client) => (await client.auth.getSession()).data.session?.access_token ?? '';
  const userStatus = async (token: string) =>
    (await backend.fetch('/auth/v1/user', { headers: { ...authHeaders, Authorization: `Bearer ${token}` } })).status;

  it('others: every other session ends, this one survives', async () => {
    const [a, b, c] = (await threeSessions()) as [Client, Client, Client];
    const tokens = await Promise.all([a, b, c].map(accessToken));
    expect(await a.auth.signOut({ scope: 'others' })).toEqual({ error: null });
    expect(await userStatus(tokens[0] ?? '')).toBe(200);
    expect(await userStatus(tokens[1] ?? '')).toBe(403);
    expect(await userStatus(tokens[2] ?? '')).toBe(403);
    expect((await a.auth.getSession()).data.session).not.toBeNull();
  });

  it('local: only this session ends', async () => {
    const [a, b, c] = (await threeSessions()) as [Client, Client, Client];
    const tokens = await Promise.all([a, b, c].map(accessToken));
    expect(await a.auth.signOut({ scope: 'local' })).toEqual({ error: null });
    expect((await a.auth.getSession()).data.session).toBeNull();
    expect(await userStatus(tokens[0] ?? '')).toBe(403);
    expect(await userStatus(tokens[1] ?? '')).toBe(200);
    expect(await userStatus(tokens[2] ?? '')).toBe(200);
  });

  it('global (the default): every session ends and refresh tokens stop working', async () => {
    const [a, b, c] = (await threeSessions()) as [Client, Client, Client];
    const tokens = await Promise.all([a, b, c].map(accessToken));
    const bRefresh = (await b.auth.getSession()).data.session?.refresh_token;
    expect(await a.auth.signOut()).toEqual({ error: null });
    for (const token of tokens) expect(await userStatus(token)).toBe(403);
    const refreshed = await b.auth.refreshSession({ refresh_token: bRefresh ?? '' });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('getUser with a revoked token fails with session_not_found', async () => {
    const [a, b] = (await threeSessions()) as [Client, Client, Client];
    const revoked = await accessToken(b);
    await a.auth.signOut({ scope: 'global' });
    const raw = await backend.fetch('/auth/v1/user', {
      headers: { ...authHeaders, Authorization: `Bearer ${revoked}` },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    const { data, error } = await b.auth.getUser();
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
  });

  it('getUser without a token or with the anon key is refused', async () => {
    const none = await backend.fetch('/auth/v1/user', { headers: authHeaders });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { code: string }).code).toBe('no_authorization');
    const anon = await backend.fetch('/auth/v1/user', {
      headers: { ...authHeaders, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
    });
    expect(anon.status).toBe(403);
    expect(((await anon.json()) as { code: string }).code).toBe('bad_jwt');
  });
});

describe('Data API shapes', () => {
  const FLAG_COUNT = flagNames.length;
  /**
   * The rows these shapes are tried on: the flags the migrations seed (the
   * registry's, at their defaults; tests/backend/flag-registry.test.ts), in
   * the database's order by name.
   */
  const seeded = [...flagNames].sort().map((name) => ({ name, enabled: defaultFlags[name] }));
  const countOf = (keep: (flag: { name: string; enabled: boolean }) => boolean) => seeded.filter(keep).length;

  it('select + order: the app’s flag query', async () => {
    const { data, error, status } = await backend
      .client()
      .from('feature_flags')
      .select('id,name,enabled,description')
      .order('name');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(FLAG_COUNT);
    const names = (data ?? []).map((flag) => flag.name);
    expect(names).toEqual([...names].sort());
    expect(Object.keys(data?.[0] ?? {})).toEqual(['id', 'name', 'enabled', 'description']);
    expect(data?.find((flag) => flag.name === 'tawk_chat')).toMatchObject({
      enabled: true,
      description: expect.any(String),
    });
  });

  it('order: descending, several keys, nulls', async () => {
    const anon = backend.client();
    const desc = await anon.from('feature_flags').select('name').order('name', { ascending: false }).limit(2);
    expect(desc.data).toEqual(
      seeded
        .map(({ name }) => ({ name }))
        .reverse()
        .slice(0, 2),
    );
    const multi = await anon.from('feature_flags').select('name,enabled').order('enabled').order('name').limit(2);
    expect(multi.data).toEqual([...seeded.filter((f) => !f.enabled), ...seeded.filter((f) => f.enabled)].slice(0, 2));
    const nulls = await anon.from('feature_flags').select('name').order('description', { nullsFirst: true }).limit(1);
    expect(nulls.error).toBeNull();
  });

  it('filters: eq, neq, in, like, ilike, is, gt, not, or', async () => {
    const anon = backend.client();
    const count = async (query: PromiseLike<{ data: unknown[] | null; error: unknown }>) => {
      const { data, error } = await query;
      expect(error).toBeNull();
      return data?.length;
    };
    const flags = () => anon.from('feature_flags').select('name');
    expect(await count(flags().eq('name', 'teams'))).toBe(1);
    expect(await count(flags().neq('name', 'teams'))).toBe(FLAG_COUNT - 1);
    expect(await count(flags().in('name', ['teams', 'insights', 'nope']))).toBe(2);
    // In LIKE, `_` stands for any one character.
    expect(await count(flags().like('name', '%_section'))).toBe(countOf(({ name }) => /.section$/.test(name)));
    expect(await count(flags().ilike('name', 'TAWK%'))).toBe(countOf(({ name }) => name.startsWith('tawk')));
    expect(await count(flags().is('description', null))).toBe(0);
    expect(await count(flags().eq('enabled', false))).toBe(countOf(({ enabled }) => !enabled));
    expect(await count(flags().gt('name', 'solutions'))).toBe(countOf(({ name }) => name > 'solutions'));
    expect(await count(flags().not('name', 'in', '(teams,insights)'))).toBe(FLAG_COUNT - 2);
    expect(await count(flags().or('name.eq.teams,and(enabled.eq.false,name.like.part*)'))).toBe(
      countOf(({ name, enabled }) => name === 'teams' || (!enabled && name.startsWith('part'))),
    );
  });

  it('single: one row is an object; none or several is 406 PGRST116', async () => {
    const anon = backend.client();
    const one = await anon.from('feature_flags').select('name,enabled').eq('name', 'teams').single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ name: 'teams', enabled: false });

    const none = await anon.from('feature_flags').select('name').eq('name', 'nope').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object' });
    expect(none.error?.details).toContain('0 rows');

    const many = await anon.from('feature_flags').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error?.details).toContain(`${FLAG_COUNT} rows`);
  });

  it('maybeSingle: none is null, one is the object, several is an error', async () => {
    const anon = backend.client();
    const none = await anon.from('feature_flags').select('name').eq('name', 'nope').maybeSingle();
    expect(none).toMatchObject({ data: null, error: null, status: 200 });
    const one = await anon.from('feature_flags').select('name').eq('name', 'teams').maybeSingle();
    expect(one.data).toEqual({ name: 'teams' });
    const many = await anon.from('feature_flags').select('name').maybeSingle();
    expect(many.error?.code).toBe('PGRST116');
  });

  it('the role query of the session: own row as a single object', async () => {
    const client = await backend.signIn('client');
    const { data, error } = await client.from('user_roles').select('role').eq('user_id', ACCOUNT_IDS.client).single();
    expect(error).toBeNull();
    expect(data).toEqual({ role: 'client' });
  });

  it('count=exact: Content-Range total, with head and with a range (206)', async () => {
    const anon = backend.client();
    const head = await anon.from('feature_flags').select('*', { count: 'exact', head: true });
    expect(head).toMatchObject({ count: FLAG_COUNT, data: null, error: null });
    const page = await anon.from('feature_flags').select('name', { count: 'exact' }).order('name').range(0, 4);
    expect(page.count).toBe(FLAG_COUNT);
    expect(page.data).toHaveLength(5);
    expect(page.status).toBe(206);
    const raw = await backend.fetch('/rest/v1/feature_flags?select=name&offset=5&limit=3', {
      headers: { Prefer: 'count=exact' },
    });
    expect(raw.headers.get('content-range')).toBe(`5-7/${FLAG_COUNT}`);
  });

  it('update: 204 without representation, rows with it, and the trigger keeps updated_at', async () => {
    const admin = await backend.signIn('admin');
    const before = await admin.from('feature_flags').select('id,updated_at,description').eq('name', 'founder').single();
    const minimal = await admin
      .from('feature_flags')
      .update({ description: 'Founder section (test).' })
      .eq('name', 'founder');
    expect(minimal).toMatchObject({ status: 204, data: null, error: null });
    const represented = await admin
      .from('feature_flags')
      .update({ description: before.data?.description ?? null, updated_at: '2000-01-01T00:00:00Z' })
      .eq('id', before.data?.id ?? '')
      .select('name,description,updated_at');
    expect(represented.status).toBe(200);
    expect(represented.data).toEqual([
      { name: 'founder', description: before.data?.description, updated_at: expect.any(String) },
    ]);
    // The server clock decides updated_at, whatever the client sent.
    expect(represented.data?.[0]?.updated_at.startsWith('2000')).toBe(false);
  });

  it('a mutation asked for one object rolls back when it touches several rows', async () => {
    const admin = await backend.signIn('admin');
    const result = await admin
      .from('feature_flags')
      .update({ description: 'Should be rolled back' })
      .in('name', ['teams', 'insights'])
      .select('name')
      .single();
    expect(result.status).toBe(406);
    expect(result.error?.details).toContain('2 rows');
    const after = await admin.from('feature_flags').select('description').in('name', ['teams', 'insights']);
    for (const row of after.data ?? []) expect(row.description).not.toBe('Should be rolled back');
  });

  it('rpc: a boolean function answers a JSON scalar', async () => {
    const { data, error, status } = await backend
      .client()
      .rpc('simple_admin_unlock', { password: 'wrong-password-xyz' });
    expect({ data, error, status }).toEqual({ data: false, error: null, status: 200 });
  });

  it('rpc through GET runs read-only, as PostgREST does: a volatile function is refused with 405', async () => {
    const { error, status } = await backend.client().rpc('simple_admin_unlock', { password: 'x' }, { get: true });
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
  });

  describe('rpc result shapes', () => {
    beforeAll(async () => {
      // Test-only functions, created as the superuser the way a migration would;
      // the Data API's schema cache must notice them at once.
      await backend.db.exec(`
        create function public.test_flags(min_name text default '') returns table (name text, enabled boolean)
          language sql stable set search_path = '' as $$
          select f.name, f.enabled from public.feature_flags f where f.name >= min_name order by f.name $$;
        create function public.test_numbers(n integer) returns setof integer
          language sql immutable set search_path = '' as $$ select pg_catalog.generate_series(1, n) $$;
        create function public.test_nothing() returns void language sql set search_path = '' as $$ select $$;
        -- New functions are executable by no API role until granted
        -- (docs/decisions/123-staff-reads-need-aal2-functions-closed-by-default.md).
        grant execute on function public.test_flags(text), public.test_numbers(integer), public.test_nothing()
          to anon, authenticated;
      `);
    });

    it('a table function is an array of objects, and takes filters, order and limit', async () => {
      const anon = backend.client();
      const all = await anon.rpc('test_flags' as never, { min_name: 'tawk' } as never);
      expect(all.data).toEqual(seeded.filter(({ name }) => name >= 'tawk'));
      const filtered = await anon
        .rpc('test_flags' as never)
        .select('name')
        .eq('enabled', false)
        .order('name', { ascending: false })
        .limit(2);
      expect(filtered.data).toEqual(
        seeded
          .filter(({ enabled }) => !enabled)
          .map(({ name }) => ({ name }))
          .reverse()
          .slice(0, 2),
      );
      const last = seeded.at(-1)!;
      const single = await anon.rpc('test_flags' as never, { min_name: last.name } as never).single();
      expect(single.data).toEqual(last);
    });

    it('a set of scalars is an array; GET carries the arguments in the query', async () => {
      const anon = backend.client();
      expect((await anon.rpc('test_numbers' as never, { n: 3 } as never)).data).toEqual([1, 2, 3]);
      expect((await anon.rpc('test_numbers' as never, { n: 2 } as never, { get: true })).data).toEqual([1, 2]);
    });

    it('a void function answers 204 with no body', async () => {
      const result = await backend.client().rpc('test_nothing' as never);
      expect(result).toMatchObject({ status: 204, data: null, error: null });
    });
  });

  it('insert: 201 with return=minimal, even for a role that cannot read the table', async () => {
    // A write-only table of the test's own: the site has none since analytics_events was dropped.
    await backend.db.exec(`
      create table public.test_drop_box (id bigint generated always as identity primary key, note text not null);
      alter table public.test_drop_box enable row level security;
      grant insert (note) on table public.test_drop_box to anon;
      create policy "test_drop_box: anon writes" on public.test_drop_box for insert to anon with check (true);
    `);
    const insert = await backend
      .client()
      .from('test_drop_box' as never)
      .insert({ note: 'x' } as never);
    expect(insert).toMatchObject({ status: 201, data: null, error: null });
  });

  it('service role bypasses RLS; a user token wins over the apikey role', async () => {
    const service = backend.serviceClient();
    const roles = await service.from('user_roles').select('role');
    expect(roles.data).toHaveLength(4);
    const viaUserToken = await backend.fetch('/rest/v1/user_roles?select=role', {
      headers: {
        Authorization: `Bearer ${(await (await backend.signIn('member')).auth.getSession()).data.session?.access_token ?? ''}`,
      },
    });
    expect(await viaUserToken.json()).toEqual([]);
  });
});
