/**
 * Shared by the backend suites: an in-memory local backend on a random port
 * (one per test file: PGlite's boot is the slow part) and supabase-js clients
 * signed in as each kind of account.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { LOCAL_ACCOUNTS, LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
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
  /** A fresh supabase-js client with the anon key (no session). */
  client(options?: { autoRefreshToken?: boolean }): Client;
  /** A supabase-js client with the service-role key (bypasses RLS). */
  serviceClient(): Client;
  /** A fresh client signed in as the seeded account. */
  signIn(which: Account, options?: { autoRefreshToken?: boolean }): Promise<Client>;
  /** A client for anon, or signed in for an account. */
  as(actor: Actor): Promise<Client>;
  /** Raw fetch against the backend, with the anon apikey unless overridden. */
  fetch(path: string, init?: RequestInit & { apikey?: string | null }): Promise<Response>;
}

export async function startTestBackend(options: LocalBackendOptions = {}): Promise<TestBackend> {
  const backend = await launchLocalBackend({ port: 0, dataDir: null, quiet: true, ...options });
  const make = (key: string, autoRefreshToken = false): Client =>
    createClient<Database>(backend.url, key, {
      auth: { persistSession: false, autoRefreshToken, detectSessionInUrl: false },
      // Node 20 has no global WebSocket; supabase-js builds its realtime
      // client eagerly even though these suites never subscribe.
      realtime: { transport: WebSocket as unknown as never },
    });
  const signIn = async (which: Account, signInOptions: { autoRefreshToken?: boolean } = {}) => {
    const client = make(LOCAL_ANON_KEY, signInOptions.autoRefreshToken);
    const { error } = await client.auth.signInWithPassword(account(which));
    if (error) throw new Error(`sign-in as ${which} failed: ${error.message}`);
    return client;
  };
  return {
    ...backend,
    client: (clientOptions = {}) => make(LOCAL_ANON_KEY, clientOptions.autoRefreshToken),
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

export async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}
