/**
 * Shared by the backend suites: an in-memory local backend on a random port
 * (one per test file: PGlite's boot is the slow part) and supabase-js clients
 * signed in as each kind of account.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import {
  LOCAL_ACCOUNTS,
  LOCAL_ADMIN_FACTOR_ID,
  LOCAL_ADMIN_TOTP_SECRET,
  LOCAL_ANON_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from '../../supabase/local/keys.ts';
import { loadAuthConfig } from '../../supabase/local/config.ts';
import {
  launchLocalBackend,
  type LocalBackendOptions,
  type LocalBackendWithDatabase,
} from '../../supabase/local/server.ts';
import type { Database } from '../../src/lib/supabase/database.types.ts';

export type Client = SupabaseClient<Database>;
export type Account = 'admin' | 'client' | 'member';
export type Actor = 'anon' | Account;
export const ACTORS: readonly Actor[] = ['anon', 'member', 'client', 'admin'];

export const ACCOUNT_IDS: Record<Account, string> = {
  admin: '00000000-0000-4000-8000-00000000a001',
  client: '00000000-0000-4000-8000-00000000c001',
  member: '00000000-0000-4000-8000-00000000e001',
};

export function account(which: Account): { email: string; password: string } {
  const found = LOCAL_ACCOUNTS.find((entry) => entry.email === `${which}@example.com`);
  if (!found) throw new Error(`No seeded account ${which}`);
  return { email: found.email, password: found.password };
}

export interface TestBackend extends LocalBackendWithDatabase {
  /**
   * A fresh supabase-js client with the anon key (no session); `headers` are
   * sent with every request (e.g. the test client-address header).
   */
  client(options?: { autoRefreshToken?: boolean; headers?: Record<string, string> }): Client;
  /** A supabase-js client with the service-role key (bypasses RLS). */
  serviceClient(): Client;
  /**
   * A fresh client signed in as the seeded account. The admin also answers its
   * TOTP challenge (session at aal2) unless `aal: 'aal1'` is asked for.
   */
  signIn(which: Account, options?: { autoRefreshToken?: boolean; aal?: 'aal1' | 'aal2' }): Promise<Client>;
  /** A client for anon, or signed in for an account. */
  as(actor: Actor): Promise<Client>;
  /** Raw fetch against the backend, with the anon apikey unless overridden. */
  fetch(path: string, init?: RequestInit & { apikey?: string | null }): Promise<Response>;
}

/**
 * Suites sign up and sign in (the admin with the current TOTP code) many
 * times a minute from one address, so by default their backend keeps no auth
 * rate limits and accepts a TOTP code again; pass `relaxedAuthLimits: false`
 * for config.toml's limits (tests/backend/auth-limits.test.ts). Nor does it
 * ask for a CAPTCHA token, which config.toml turns on: pass `auth: { captcha:
 * loadAuthConfig().captcha }` for that (tests/backend/auth-captcha.test.ts,
 * which also holds config.toml to it).
 */
export async function startTestBackend(options: LocalBackendOptions = {}): Promise<TestBackend> {
  const backend = await launchLocalBackend({
    port: 0,
    dataDir: null,
    quiet: true,
    relaxedAuthLimits: true,
    // Suites that deliver leads run deliver-leads themselves (tests/backend/lead-delivery.test.ts).
    leadDelivery: { intervalMs: null },
    ...options,
    auth: { captcha: { ...loadAuthConfig().captcha, enabled: false }, ...options.auth },
  });
  const make = (key: string, autoRefreshToken = false, headers: Record<string, string> = {}): Client =>
    createClient<Database>(backend.url, key, {
      auth: { persistSession: false, autoRefreshToken, detectSessionInUrl: false },
      global: { headers },
      // Node 20 has no global WebSocket; supabase-js builds its realtime
      // client eagerly even though these suites never subscribe.
      realtime: { transport: WebSocket as unknown as never },
    });
  const signIn = async (which: Account, signInOptions: { autoRefreshToken?: boolean; aal?: 'aal1' | 'aal2' } = {}) => {
    const client = make(LOCAL_ANON_KEY, signInOptions.autoRefreshToken);
    const { error } = await client.auth.signInWithPassword(account(which));
    if (error) throw new Error(`sign-in as ${which} failed: ${error.message}`);
    if (which === 'admin' && signInOptions.aal !== 'aal1') await verifySecondFactor(client);
    return client;
  };
  return {
    ...backend,
    client: (clientOptions = {}) => make(LOCAL_ANON_KEY, clientOptions.autoRefreshToken, clientOptions.headers),
    serviceClient: () => make(LOCAL_SERVICE_ROLE_KEY),
    signIn,
    as: async (actor) => (actor === 'anon' ? make(LOCAL_ANON_KEY) : signIn(actor)),
    fetch: (path, init = {}) => {
      const { apikey = LOCAL_ANON_KEY, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (apikey !== null && !headers.has('apikey')) headers.set('apikey', apikey);
      return fetch(`${backend.url}${path}`, { ...rest, headers });
    },
  };
}

/** Flags and roles as the admin sees them, to prove that nothing changed. */
export async function snapshot(admin: Client): Promise<unknown> {
  const flags = await admin.from('feature_flags').select('id,name,enabled,description,updated_at').order('name');
  const roles = await admin.from('user_roles').select('user_id,role').order('user_id');
  if (flags.error || roles.error) throw new Error(`snapshot failed: ${(flags.error ?? roles.error)?.message}`);
  return { flags: flags.data, roles: roles.data };
}

/** Answers a TOTP challenge of the seeded admin's factor with the current code. */
export async function verifySecondFactor(
  client: Client,
  factorId = LOCAL_ADMIN_FACTOR_ID,
  secret = LOCAL_ADMIN_TOTP_SECRET,
): Promise<void> {
  const challenge = await client.auth.mfa.challenge({ factorId });
  if (challenge.error) throw new Error(`MFA challenge failed: ${challenge.error.message}`);
  const verified = await client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: totpCode(secret) });
  if (verified.error) throw new Error(`MFA verify failed: ${verified.error.message}`);
}

export async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** The newest mail the backend sent to `address`, or an error saying none came. */
export function latestMail(
  backend: LocalBackendWithDatabase,
  address: string,
): { subject: string; html: string; text: string } {
  const message = backend.inbox.list(address)[0];
  if (!message) throw new Error(`No mail was sent to ${address}`);
  return { subject: message.Subject, html: message.HTML, text: message.Text };
}

/** The token_hash of the newest link of `type` mailed to `address`. */
export function mailedTokenHash(backend: LocalBackendWithDatabase, address: string, type: string): string {
  const { html } = latestMail(backend, address);
  const found = new RegExp(`token_hash=([0-9a-f]+)(?:&amp;|&)type=${type}`).exec(html);
  if (!found?.[1]) throw new Error(`The newest mail to ${address} holds no ${type} link`);
  return found[1];
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Signs a new account up, confirms it through the mailed link (verifyOtp with
 * its token_hash, as the app's confirmation page does) and returns the client,
 * signed in. When `data` names a company, the confirmed owner also sends the
 * access request with those details, as the confirmation page does.
 */
export async function signUpConfirmed(
  backend: TestBackend,
  prefix: string,
  data: Record<string, unknown> = { first_name: 'Fresh', last_name: 'User' },
): Promise<{ client: Client; email: string; password: string; id: string }> {
  const email = uniqueEmail(prefix);
  const password = 'Fresh#Password1';
  const client = backend.client();
  const signedUp = await client.auth.signUp({ email, password, options: { data } });
  if (signedUp.error || signedUp.data.session) throw new Error(`sign-up of ${email} did not wait for confirmation`);
  const tokenHash = mailedTokenHash(backend, email, 'signup');
  const confirmed = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  if (confirmed.error || !confirmed.data.user)
    throw new Error(`confirming ${email} failed: ${confirmed.error?.message}`);
  // The first confirmation removes the sign-up's password; the owner chooses
  // it on the confirm page (docs/decisions/183-first-confirmation-resets-what-came-before.md).
  ok(await client.auth.updateUser({ password }), `the password of ${email}`);
  if (typeof data.company === 'string') {
    const text = (key: string) => (typeof data[key] === 'string' ? data[key] : undefined);
    ok(
      await client.rpc('submit_access_request', {
        first_name: text('first_name') ?? '',
        last_name: text('last_name') ?? '',
        company: data.company,
        job_title: text('job_title'),
        phone: text('phone'),
        company_size: text('company_size'),
        industry: text('industry'),
        locale: text('locale') ?? 'en',
      }),
      `the access request of ${email}`,
    );
  }
  return { client, email, password, id: confirmed.data.user.id };
}

/** The data of a supabase-js answer, or a thrown error naming the step (for test setup that must not fail). */
export function ok<T>(
  result: { data: T; error: null } | { data: unknown; error: { message: string } },
  what: string,
): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data as T;
}

/**
 * The callers the portal's permission suites try everything as: anon, an
 * account without a role (member), a requester (pending access request), the
 * seeded client of company A, the client of company B, a revoked client of
 * company A, and the seeded admin at aal1 and at aal2.
 */
export type PortalActor = 'anon' | 'member' | 'requester' | 'clientA' | 'clientB' | 'revoked' | 'adminAal1' | 'admin';
export const PORTAL_ACTORS: readonly PortalActor[] = [
  'anon',
  'member',
  'requester',
  'clientA',
  'clientB',
  'revoked',
  'adminAal1',
  'admin',
];

/** The seeded client's company (supabase/seed.sql). */
export const SEEDED_COMPANY_A = '00000000-0000-4000-8000-0000000c0a01';

/** The sign-up metadata of the requester and the clients made by setUpPortalActors. */
export const PORTAL_REQUEST_DATA = { first_name: 'Rita', last_name: 'Request', company: 'Épicerie Rita', locale: 'fr' };

export interface PortalActors {
  /** The signed-in (or anon) client of an actor. */
  as(actor: PortalActor): Client;
  /** Account ids of the accounts made here. */
  ids: { requester: string; clientB: string; revoked: string };
  /** Company B (Boston Provisions LLC, English, managed by the seeded admin). */
  companyB: string;
  /** Signs a new account up, has the admin approve it and attaches it to `company` (none: null). */
  newClient(prefix: string, company: string | null): Promise<{ client: Client; id: string; email: string }>;
}

/**
 * Makes company B and the accounts of PortalActor on a started backend and
 * signs each in: the requester is signed up and left pending, the client of
 * company B approved and attached, the revoked client approved, attached to
 * company A and revoked.
 */
export async function setUpPortalActors(backend: TestBackend, companyB: string): Promise<PortalActors> {
  const service = backend.serviceClient();
  const clients = new Map<PortalActor, Client>();
  const as = (actor: PortalActor): Client => {
    const found = clients.get(actor);
    if (!found) throw new Error(`no client for ${actor}`);
    return found;
  };
  clients.set('anon', backend.client());
  clients.set('member', await backend.signIn('member'));
  clients.set('clientA', await backend.signIn('client'));
  clients.set('adminAal1', await backend.signIn('admin', { aal: 'aal1' }));
  clients.set('admin', await backend.signIn('admin'));
  ok(
    await service.from('companies').insert({
      id: companyB,
      legal_name: 'Boston Provisions LLC',
      country: 'US',
      region: 'MA',
      customer_type: 'distribution',
      preferred_language: 'en',
      account_manager_id: ACCOUNT_IDS.admin,
    }),
    'company B',
  );
  const newClient = async (prefix: string, company: string | null) => {
    const { client, id, email } = await signUpConfirmed(backend, prefix, { ...PORTAL_REQUEST_DATA });
    ok(await as('admin').rpc('admin_approve_access_request', { target: id }), 'approve');
    if (company) ok(await service.from('company_clients').insert({ user_id: id, company_id: company }), 'attach');
    return { client, id, email };
  };
  const requester = await signUpConfirmed(backend, 'requester', { ...PORTAL_REQUEST_DATA });
  clients.set('requester', requester.client);
  const clientB = await newClient('client-b', companyB);
  clients.set('clientB', clientB.client);
  const revoked = await newClient('revoked', SEEDED_COMPANY_A);
  clients.set('revoked', revoked.client);
  ok(await as('admin').rpc('admin_revoke_client_access', { target: revoked.id }), 'revoke');
  return {
    as,
    ids: { requester: requester.id, clientB: clientB.id, revoked: revoked.id },
    companyB,
    newClient,
  };
}
