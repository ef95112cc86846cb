/**
 * The seeded local accounts, and supabase-js clients acting as them against
 * the e2e backend (permissions are checked through the API as each role).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { E2E_BACKEND_URL } from '../../scripts/lib/ports.ts';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { TURNSTILE_DUMMY_TOKEN } from '../../stand-ins/captcha/turnstile.ts';
import { atFirstStep } from './sign-in-lock.ts';
import {
  LOCAL_ACCOUNTS,
  LOCAL_ADMIN_FACTOR_ID,
  LOCAL_ADMIN_TOTP_SECRET,
  LOCAL_ANON_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  LOCAL_STAFF_TOTP_SECRETS,
} from '../../supabase/local/keys.ts';

/** The seeded accounts, named by the start of their address: `manager` is the account manager. */
export type Role = 'admin' | 'client' | 'member' | 'manager' | 'editor';

/** The TOTP secret of a seeded staff account (every staff role has a verified factor), or null. */
export function totpSecret(role: Role): string | null {
  if (role === 'admin') return LOCAL_ADMIN_TOTP_SECRET;
  if (role === 'manager' || role === 'editor') return LOCAL_STAFF_TOTP_SECRETS[`${role}@example.com`];
  return null;
}

export function account(role: Role): { email: string; password: string } {
  const found = LOCAL_ACCOUNTS.find((a) => a.email.startsWith(role));
  if (!found) throw new Error(`No seeded account for ${role}`);
  return found;
}

/**
 * Turnstile's test token: the e2e stack's Auth asks for a CAPTCHA token on
 * sign-up, reset, resend and password sign-in (config.toml's [auth.captcha];
 * docs/decisions/185-captcha-before-auth-mails.md), and its stand-in accepts
 * this one. Pages get it from the stand-in widget; API calls pass it.
 */
export const CAPTCHA_TOKEN = TURNSTILE_DUMMY_TOKEN;

const apiClient = (key: string) =>
  createClient<Database>(E2E_BACKEND_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

/** The platform itself (the service role, past every policy): for a test's setup only, never to check a permission. */
export function platformApi(): SupabaseClient<Database> {
  return apiClient(LOCAL_SERVICE_ROLE_KEY);
}

/** Who signs in: a seeded account by its role, or one a test created (an invited staff member). */
export type Credentials = { email: string; password: string; totpSecret: string | null };

export function credentials(who: Role | Credentials): Credentials {
  return typeof who === 'string' ? { ...account(who), totpSecret: totpSecret(who) } : who;
}

/** A supabase-js client with the anon key, signed in as `who` unless anon. */
export async function apiAs(who: Role | Credentials | 'anon'): Promise<SupabaseClient<Database>> {
  const client = apiClient(LOCAL_ANON_KEY);
  if (who === 'anon') return client;
  const { email, password, totpSecret: secret } = credentials(who);
  const signIn = async () => {
    const { error } = await client.auth.signInWithPassword({
      email,
      password,
      options: { captchaToken: CAPTCHA_TOKEN },
    });
    if (error) throw error;
    if (!secret) return client;
    // Staff reads and writes need aal2 (docs/decisions/072-staff-second-factor.md): answer the account's factor.
    const factors = who === 'admin' ? null : await client.auth.mfa.listFactors();
    const factorId = who === 'admin' ? LOCAL_ADMIN_FACTOR_ID : (factors?.data?.totp[0]?.id ?? '');
    const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) });
    if (verified.error) throw verified.error;
    return client;
  };
  // Verifying a code ends the account's other first-step sessions (as GoTrue
  // does): staff sign in holding their account's first-step lock, so another
  // worker's sign-in cannot cut this one between its password and its code.
  return secret ? atFirstStep(email, signIn) : signIn();
}
