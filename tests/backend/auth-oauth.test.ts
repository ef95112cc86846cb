/**
 * Sign-in with Microsoft and Google on the local backend
 * (docs/decisions/141-oauth-sign-in-microsoft-and-google.md), through
 * supabase-js with PKCE as the app calls it, the stand-in identity provider
 * driven with fetch as a browser would:
 * - authorize → provider → callback → code exchange signs a new person in,
 *   with an identity and no role;
 * - a wrong verifier, a replayed code, a tampered state and a redirect_to
 *   outside the allow-list get nothing; Cancel comes back as access_denied;
 * - a signed-in account links and unlinks an identity; one that belongs to
 *   someone else is refused; the last identity stays; with manual linking
 *   off, neither is possible;
 * - an address the provider has not verified takes over no account, a
 *   verified one signs in to the account that holds it, and an unconfirmed
 *   account it opens loses the password someone else may have set.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import {
  ACCOUNT_IDS,
  account,
  mailedTokenHash,
  startTestBackend,
  verifySecondFactor,
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

const APP_CALLBACK = 'http://localhost:4173/en/auth/callback';

/** A supabase-js client in PKCE mode; its storage is readable (the code verifier lives there). */
function pkceClient(): { client: Client; storage: Map<string, string> } {
  const storage = new Map<string, string>();
  const client = createClient<Database>(backend.url, LOCAL_ANON_KEY, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
        removeItem: (key) => void storage.delete(key),
      },
    },
    realtime: { transport: WebSocket as unknown as never },
  });
  return { client, storage };
}

function codeVerifier(storage: Map<string, string>): string {
  const entry = [...storage.entries()].find(([key]) => key.endsWith('-code-verifier'));
  if (!entry) throw new Error('no code verifier stored');
  const raw = JSON.parse(entry[1]) as string;
  return raw.split('/')[0] ?? '';
}

async function location(url: string, init: RequestInit = {}): Promise<string> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  const next = response.headers.get('location');
  if (response.status !== 302 || !next) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return next;
}

interface IdpVisit {
  /** Where the stand-in provider's form posts. */
  formUrl: string;
  redirectUri: string;
  state: string;
  page: Response;
}

const IDP_PAGE = /^\/identity-providers\/(azure|google)\/authorize$/;

/** Follows /authorize to the stand-in provider's page (linkIdentity's URL is that page already). */
async function openIdp(authorizeUrl: string): Promise<IdpVisit> {
  const direct = IDP_PAGE.test(new URL(authorizeUrl).pathname);
  const idp = new URL(direct ? authorizeUrl : await location(authorizeUrl));
  expect(idp.origin).toBe(backend.url);
  expect(idp.pathname).toMatch(IDP_PAGE);
  const redirectUri = idp.searchParams.get('redirect_uri') ?? '';
  expect(redirectUri).toBe(`${backend.url}/auth/v1/callback`);
  const page = await fetch(idp);
  return { formUrl: `${idp.origin}${idp.pathname}`, redirectUri, state: idp.searchParams.get('state') ?? '', page };
}

/** Submits the stand-in's form; returns the callback's answer. */
async function answerIdp(visit: IdpVisit, fields: Record<string, string>): Promise<Response> {
  const callback = await location(visit.formUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ redirect_uri: visit.redirectUri, state: visit.state, action: 'continue', ...fields }),
  });
  return fetch(callback, { redirect: 'manual' });
}

/** authorize → stand-in → callback: where the browser lands in the app. */
async function signInThrough(authorizeUrl: string, fields: Record<string, string>): Promise<URL> {
  const answer = await answerIdp(await openIdp(authorizeUrl), fields);
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

async function oauthUrl(client: Client, provider: 'azure' | 'google', redirectTo = APP_CALLBACK): Promise<string> {
  const { data, error } = await client.auth.signInWithOAuth({
    provider,
    options: { redirectTo, skipBrowserRedirect: true, scopes: 'openid email profile' },
  });
  if (error || !data.url) throw new Error(`signInWithOAuth failed: ${error?.message}`);
  return data.url;
}

const google = (sub: string, email: string, verified = true): Record<string, string> => ({
  sub,
  email,
  name: 'Test Person',
  ...(verified ? { email_verified: 'true' } : {}),
});

/** A Microsoft identity; `xms_edov` is the tenant vouching for the address's domain ('' for a token without it). */
const azure = (oid: string, email: string, xmsEdov: 'true' | 'false' | '' = 'true'): Record<string, string> => ({
  oid,
  tid: '11111111-1111-4111-8111-111111111111',
  email,
  name: 'Work Person',
  preferred_username: email,
  xms_edov: xmsEdov,
});

function amrOf(accessToken: string): unknown {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { amr: unknown }).amr;
}

async function tokenPkce(authCode: string, verifier: string): Promise<{ status: number; code: string }> {
  const response = await backend.fetch('/auth/v1/token?grant_type=pkce', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ auth_code: authCode, code_verifier: verifier }),
  });
  const body = (await response.json()) as { code?: string };
  return { status: response.status, code: body.code ?? '' };
}

let newUser: { client: Client; id: string };

describe('sign-in with an identity provider (PKCE)', () => {
  it('signs a new person in through the stand-in provider, with an identity and no role; the code works once', async () => {
    const { client, storage } = pkceClient();
    const url = await oauthUrl(client, 'google');
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('s256');

    const visit = await openIdp(url);
    expect(visit.page.status).toBe(200);
    expect(visit.page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await visit.page.text();
    expect(html).toContain('<form method="post"');
    expect(html).not.toContain('<script');

    const landed = await answerIdp(visit, google('google-new-1', 'oauth.newcomer@example.test'));
    const back = new URL(landed.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(APP_CALLBACK);
    const code = back.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const verifier = codeVerifier(storage);
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    const user = data.user;
    expect(user?.email).toBe('oauth.newcomer@example.test');
    expect(user?.app_metadata).toMatchObject({ provider: 'google', providers: ['google'] });
    // The provider's name stays with the identity (the request form is filled from it); the
    // account's own metadata keeps only what the database allows.
    expect(user?.identities?.[0]?.identity_data).toMatchObject({ full_name: 'Test Person' });
    expect(user?.user_metadata).not.toHaveProperty('full_name');
    expect(user?.identities?.map((identity) => [identity.provider, identity.id])).toEqual([['google', 'google-new-1']]);
    expect(amrOf(data.session?.access_token ?? '')).toEqual([expect.objectContaining({ method: 'oauth' })]);

    // The same code again, even with the right verifier: nothing.
    expect(await tokenPkce(code, verifier)).toEqual({ status: 404, code: 'flow_state_not_found' });

    // No role comes with signing in.
    const roles = await backend
      .serviceClient()
      .from('user_roles')
      .select('role')
      .eq('user_id', user?.id ?? '');
    expect(roles.error).toBeNull();
    expect(roles.data).toEqual([]);

    // The next sign-in with the same identity is the same account.
    const again = pkceClient();
    const second = await signInThrough(
      await oauthUrl(again.client, 'google'),
      google('google-new-1', 'oauth.newcomer@example.test'),
    );
    const secondSession = await again.client.auth.exchangeCodeForSession(second.searchParams.get('code') ?? '');
    expect(secondSession.data.user?.id).toBe(user?.id);
    newUser = { client, id: user?.id ?? '' };
  });

  it('lets that person send the access request from the provider session; it waits for staff and grants nothing', async () => {
    const sent = await newUser.client.rpc('submit_access_request', {
      first_name: 'Test',
      last_name: 'Person',
      company: 'Newcomer Foods',
      locale: 'fr',
    });
    expect(sent.error).toBeNull();
    const own = await newUser.client
      .from('access_requests')
      .select('status,email,company,locale')
      .eq('user_id', newUser.id)
      .single();
    expect(own.data).toEqual({
      status: 'pending',
      email: 'oauth.newcomer@example.test',
      company: 'Newcomer Foods',
      locale: 'fr',
    });
    const roles = await backend.serviceClient().from('user_roles').select('role').eq('user_id', newUser.id);
    expect(roles.data).toEqual([]);
  });

  it('refuses a wrong code verifier, and the rightful client can still exchange the code', async () => {
    const { client } = pkceClient();
    const back = await signInThrough(
      await oauthUrl(client, 'azure'),
      azure('azure-oid-w', 'wrong.verifier@example.test'),
    );
    const code = back.searchParams.get('code') ?? '';
    expect(await tokenPkce(code, 'x'.repeat(43))).toEqual({ status: 400, code: 'bad_code_verifier' });
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.app_metadata.provider).toBe('azure');
  });

  it('sends the browser back to the site URL, not to a redirect_to outside the allow-list', async () => {
    const { client } = pkceClient();
    const back = await signInThrough(
      await oauthUrl(client, 'google', 'https://evil.example/steal'),
      google('google-evil', 'not.stolen@example.test'),
    );
    expect(back.hostname).not.toBe('evil.example');
    expect(back.searchParams.get('code')).not.toBeNull();
  });

  it('refuses a tampered state at the callback', async () => {
    const { client } = pkceClient();
    const visit = await openIdp(await oauthUrl(client, 'google'));
    const [header, payload, signature = ''] = visit.state.split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    forged.referrer = 'https://evil.example/steal';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    const answer = await answerIdp({ ...visit, state: tampered }, google('google-tamper', 'tamper@example.test'));
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.headers.get('x-sb-error-code')).toBe('bad_oauth_state');
  });

  it('comes back with access_denied in the query when the person presses Cancel', async () => {
    const { client } = pkceClient();
    const visit = await openIdp(await oauthUrl(client, 'azure'));
    const callback = await location(visit.formUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_uri: visit.redirectUri, state: visit.state, action: 'cancel' }),
    });
    const back = new URL(await location(callback));
    expect(`${back.origin}${back.pathname}`).toBe(APP_CALLBACK);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).not.toBe('');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('the stand-in provider hands a code only to the registered callback', async () => {
    const { client } = pkceClient();
    const visit = await openIdp(await oauthUrl(client, 'google'));
    const elsewhere = 'https://evil.example/callback';
    const page = new URL(visit.formUrl);
    page.searchParams.set('redirect_uri', elsewhere);
    page.searchParams.set('state', visit.state);
    expect((await fetch(page)).status).toBe(400);
    const answer = await fetch(visit.formUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        redirect_uri: elsewhere,
        state: visit.state,
        action: 'continue',
        email: 'x@example.test',
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
  });
});

describe('accounts that already exist', () => {
  it('an address the provider has not verified takes over no account', async () => {
    const { client } = pkceClient();
    const back = await signInThrough(
      await oauthUrl(client, 'google'),
      google('google-unverified', account('client').email, false),
    );
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_code')).toBe('provider_email_needs_verification');
    const owner = await backend.signIn('client');
    const { data } = await owner.auth.getUser();
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
    // As GoTrue: a separate account, without the address another account holds.
    const made = await backend.db.query<{ user_id: string; email: string | null }>(
      `select i.user_id::text as user_id, u.email from auth.identities i join auth.users u on u.id = i.user_id
       where i.provider = 'google' and i.provider_id = 'google-unverified'`,
    );
    expect(made).toHaveLength(1);
    expect(made[0]?.user_id).not.toBe(ACCOUNT_IDS.client);
    expect(made[0]?.email).toBeNull();
  });

  it('closes the password door of an unconfirmed account that a verified identity now opens', async () => {
    const address = 'pre.registered@example.test';
    const signUp = await backend.client().auth.signUp({ email: address, password: 'Attacker#Pass1' });
    expect(signUp.error).toBeNull();
    const { client } = pkceClient();
    const back = await signInThrough(await oauthUrl(client, 'google'), google('google-owner', address));
    const { data, error } = await client.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '');
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['google']);
    const attacker = await backend.client().auth.signInWithPassword({ email: address, password: 'Attacker#Pass1' });
    expect(attacker.error?.code).toBe('invalid_credentials');
  });

  it('a verified address signs in to the account that holds it, now linked', async () => {
    const { client } = pkceClient();
    const back = await signInThrough(
      await oauthUrl(client, 'google'),
      google('google-member', account('member').email),
    );
    const { data, error } = await client.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '');
    expect(error).toBeNull();
    expect(data.user?.id).toBe(ACCOUNT_IDS.member);
    expect(data.user?.app_metadata.providers).toEqual(['email', 'google']);
  });
});

/** "Continue with …" in a fresh browser: the session, or where the browser came back without one. */
async function continueWith(
  provider: 'azure' | 'google',
  fields: Record<string, string>,
): Promise<{ client: Client; userId: string | null; back: URL }> {
  const { client } = pkceClient();
  const back = await signInThrough(await oauthUrl(client, provider), fields);
  const code = back.searchParams.get('code');
  if (!code) return { client, userId: null, back };
  const { data, error } = await client.auth.exchangeCodeForSession(code);
  expect(error).toBeNull();
  return { client, userId: data.user?.id ?? null, back };
}

describe('provider identities and the addresses they vouch for', () => {
  const REQUEST = { first_name: 'Vera', last_name: 'Owner', company: 'Olive Grove Ltd' };
  const FORGED = { first_name: 'Mallory', last_name: 'Intruder', company: 'Intruder Holdings' };

  /** The owner confirms from the inbox (sign-up link or reset link), sets a password and sends the request. */
  async function ownerConfirms(address: string, type: 'signup' | 'recovery'): Promise<Client> {
    const owner = backend.client();
    const hash = mailedTokenHash(backend, address, type);
    expect((await owner.auth.verifyOtp({ token_hash: hash, type })).error, 'verify').toBeNull();
    expect((await owner.auth.updateUser({ password: 'Owner#Chosen2' })).error, 'password').toBeNull();
    expect((await owner.rpc('submit_access_request', { ...REQUEST })).error, 'request').toBeNull();
    return owner;
  }

  async function requestOf(address: string): Promise<unknown> {
    const admin = await backend.signIn('admin');
    const { data } = await admin.from('access_requests').select('first_name,company').eq('email', address);
    return data;
  }

  for (const confirmation of ['signup', 'recovery'] as const) {
    it(`a Microsoft identity whose address the tenant did not vouch for loses the account when the owner confirms (${confirmation} link)`, async () => {
      const victim = `ms.unverified.${confirmation}@example.test`;
      // The stranger signs in with Microsoft first, with the victim's address and xms_edov false.
      const first = await continueWith('azure', azure(`azure-stranger-${confirmation}`, victim, 'false'));
      expect(first.userId).toBeNull();
      expect(first.back.searchParams.get('error_code')).toBe('provider_email_needs_verification');

      // The victim asks for access the normal way, or for a password reset, and confirms from the inbox.
      await backend.db.query(
        `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
        [victim],
      );
      if (confirmation === 'signup') {
        const own = await backend.client().auth.signUp({ email: victim, password: `${crypto.randomUUID()}aA1!` });
        expect(own.error).toBeNull();
      } else {
        expect((await backend.client().auth.resetPasswordForEmail(victim)).error).toBeNull();
      }
      const owner = await ownerConfirms(victim, confirmation);
      const { data } = await owner.auth.getUser();
      expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);

      // The stranger continues with Microsoft again: no session on the victim's account.
      const again = await continueWith('azure', azure(`azure-stranger-${confirmation}`, victim, 'false'));
      expect(again.userId).not.toBe(data.user?.id);
      if (again.userId) {
        const forged = await again.client.rpc('submit_access_request', { ...FORGED });
        expect(forged.error).not.toBeNull();
      }
      expect(await requestOf(victim)).toEqual([{ first_name: 'Vera', company: 'Olive Grove Ltd' }]);
      // The owner is still signed in.
      expect((await owner.auth.getUser()).error).toBeNull();
    });
  }

  it('a provider session sends no request while an identity on the account never vouched for its address', async () => {
    // An account from before this rule: confirmed, yet holding a Google identity that was not verified.
    const { client, email, id } = await (async () => {
      const address = 'held.identity@example.test';
      expect((await backend.client().auth.signUp({ email: address, password: 'Any#Pass123' })).error).toBeNull();
      const owner = backend.client();
      const verified = await owner.auth.verifyOtp({
        token_hash: mailedTokenHash(backend, address, 'signup'),
        type: 'signup',
      });
      return { client: owner, email: address, id: verified.data.user?.id ?? '' };
    })();
    await backend.db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ('google-held', $1, $2::jsonb, 'google', now(), now())`,
      [id, JSON.stringify({ sub: 'google-held', email, email_verified: false })],
    );
    const stranger = await continueWith('google', google('google-held', email, false));
    expect(stranger.userId).toBe(id);
    const forged = await stranger.client.rpc('submit_access_request', { ...FORGED });
    expect(forged.error).toMatchObject({ code: '42501' });
    // The owner's mailed link's session still can.
    expect((await client.rpc('submit_access_request', { ...REQUEST })).error).toBeNull();
  });

  it('a Microsoft address the tenant does not vouch for (no xms_edov) opens no existing account', async () => {
    const target = 'ms.target@example.test';
    expect((await backend.client().auth.signUp({ email: target, password: 'Target#Pass1' })).error).toBeNull();
    const owner = await ownerConfirms(target, 'signup');
    const ownerId = (await owner.auth.getUser()).data.user?.id;

    const stranger = await continueWith('azure', azure('azure-no-edov', target, ''));
    expect(stranger.userId).toBeNull();
    expect(stranger.back.searchParams.get('code')).toBeNull();
    expect(stranger.back.searchParams.get('error')).toBe('server_error');
    const { data } = await owner.auth.getUser();
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);

    // With the tenant's word (xms_edov true) the same sign-in links to the account, as GoTrue does.
    const vouched = await continueWith('azure', azure('azure-edov', target, 'true'));
    expect(vouched.userId).toBe(ownerId);
  });

  it('says no mail went when the unverified address belongs to another account, and one did when it went', async () => {
    const taken = await continueWith('google', google('google-taken', account('client').email, false));
    expect(taken.back.searchParams.get('error')).toBe('access_denied');
    expect(taken.back.searchParams.get('error_code')).toBe('provider_email_needs_verification');
    expect(taken.back.searchParams.get('error_description')).not.toMatch(/has been sent/);
    expect(backend.inbox.list(account('client').email)).toHaveLength(0);

    const fresh = 'fresh.unverified@example.test';
    const mailed = await continueWith('google', google('google-fresh', fresh, false));
    expect(mailed.back.searchParams.get('error_code')).toBe('provider_email_needs_verification');
    expect(mailed.back.searchParams.get('error_description')).toMatch(/confirmation email has been sent/);
    expect(backend.inbox.list(fresh)).toHaveLength(1);
  });
});

describe('linking and unlinking identities', () => {
  it('links an identity to the signed-in account, refuses it to another, and unlinks it', async () => {
    const { client } = pkceClient();
    expect((await client.auth.signInWithPassword(account('client'))).error).toBeNull();
    const link = await client.auth.linkIdentity({ provider: 'azure', options: { redirectTo: APP_CALLBACK } });
    expect(link.error).toBeNull();
    const back = await signInThrough(link.data.url ?? '', azure('azure-oid-link', 'client.work@example.test'));
    const exchanged = await client.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '');
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(ACCOUNT_IDS.client);
    const linked = exchanged.data.user?.identities?.find((identity) => identity.provider === 'azure');
    expect(linked?.id).toBe('azure-oid-link');

    // The same Microsoft identity cannot also join another account.
    const other = pkceClient();
    expect((await other.client.auth.signInWithPassword(account('member'))).error).toBeNull();
    const otherLink = await other.client.auth.linkIdentity({
      provider: 'azure',
      options: { redirectTo: APP_CALLBACK },
    });
    const refused = await signInThrough(otherLink.data.url ?? '', azure('azure-oid-link', 'client.work@example.test'));
    expect(refused.searchParams.get('code')).toBeNull();
    expect(refused.searchParams.get('error_code')).toBe('identity_already_exists');

    expect(linked).toBeDefined();
    if (!linked) return;
    expect((await client.auth.unlinkIdentity(linked)).error).toBeNull();
    const { data } = await client.auth.getUser();
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
    expect(data.user?.app_metadata.providers).toEqual(['email']);
  });

  it('asks staff who continue with Microsoft for their second factor before any staff data or change', async () => {
    const { client } = pkceClient();
    expect((await client.auth.signInWithPassword(account('admin'))).error).toBeNull();
    const link = await client.auth.linkIdentity({ provider: 'azure', options: { redirectTo: APP_CALLBACK } });
    expect(link.error).toBeNull();
    const linked = await signInThrough(link.data.url ?? '', azure('azure-oid-staff', 'admin.work@example.test'));
    expect((await client.auth.exchangeCodeForSession(linked.searchParams.get('code') ?? '')).error).toBeNull();

    // A fresh browser signs in with that Microsoft account: the admin, at aal1 only.
    const fresh = pkceClient();
    const back = await signInThrough(
      await oauthUrl(fresh.client, 'azure'),
      azure('azure-oid-staff', 'admin.work@example.test'),
    );
    const session = await fresh.client.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '');
    expect(session.data.user?.id).toBe(ACCOUNT_IDS.admin);
    const level = await fresh.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const before = await fresh.client.rpc('admin_dashboard');
    expect(before.error?.code).toBe('42501');

    await verifySecondFactor(fresh.client);
    const after = await fresh.client.rpc('admin_dashboard');
    expect(after.error).toBeNull();
  });

  it('keeps the last identity', async () => {
    const { data } = await newUser.client.auth.getUser();
    const only = data.user?.identities?.[0];
    expect(data.user?.identities).toHaveLength(1);
    if (!only) return;
    const { error } = await newUser.client.auth.unlinkIdentity(only);
    expect(error?.code).toBe('single_identity_not_deletable');
    const after = await newUser.client.auth.getUser();
    expect(after.data.user?.identities).toHaveLength(1);
  });
});

describe('with [auth] enable_manual_linking off', () => {
  let strict: TestBackend;

  beforeAll(async () => {
    strict = await startTestBackend({ auth: { enableManualLinking: false } });
  });

  afterAll(async () => {
    await strict?.stop();
  });

  it('refuses to link or unlink with manual_linking_disabled', async () => {
    const client = await strict.signIn('member');
    const link = await client.auth.linkIdentity({ provider: 'google', options: { redirectTo: APP_CALLBACK } });
    expect(link.error?.code).toBe('manual_linking_disabled');
    const { data } = await client.auth.getUser();
    const identity = data.user?.identities?.[0];
    expect(identity).toBeDefined();
    if (!identity) return;
    const unlink = await client.auth.unlinkIdentity(identity);
    expect(unlink.error?.code).toBe('manual_linking_disabled');
  });
});
