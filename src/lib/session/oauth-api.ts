/**
 * Sign-in with Microsoft and Google, and the account's sign-in methods,
 * through supabase-js (docs/decisions/142-continue-with-microsoft-or-google.md).
 * The client uses PKCE: the provider sends the browser back to the page it
 * left with a one-time code that only this browser's stored verifier can
 * exchange (`oauth-return.ts`).
 */
import type { AuthProvider } from '@/config/env';
import { loadSupabase } from '@/lib/supabase/load-client';
import { outcome, siteLink, type AuthOutcome } from './account-api';
import type { AuthUser } from './session-user';

/** One sign-in method of an account (supabase-js's UserIdentity). */
export type UserIdentity = NonNullable<AuthUser['identities']>[number];

/** What the providers are asked for: the person's name and address, nothing else. */
const SCOPES = 'openid email profile';

/**
 * Leaves for the provider; it comes back to `returnPath` (a path on this
 * site: the sign-in page with its `from`, or the account page). Resolves only
 * when the redirect could not start.
 */
export async function continueWithProvider(provider: AuthProvider, returnPath: string): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signInWithOAuth({
    provider,
    options: { redirectTo: siteLink(returnPath), scopes: SCOPES },
  });
  return outcome(error);
}

/** Connects another provider to the signed-in account; the provider comes back to `returnPath`. */
export async function connectProvider(provider: AuthProvider, returnPath: string): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.linkIdentity({
    provider,
    options: { redirectTo: siteLink(returnPath), scopes: SCOPES },
  });
  return outcome(error);
}

/** Exchanges the code a provider sent back for a session (once; a second try fails). */
export async function exchangeProviderCode(code: string): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.exchangeCodeForSession(code);
  return outcome(error);
}

/** The signed-in account's sign-in methods, as the server lists them. */
export async function loadIdentities(): Promise<UserIdentity[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.getUserIdentities();
  if (error) throw error;
  return data.identities;
}

/** Disconnects one sign-in method; the server refuses the last one. */
export async function disconnectIdentity(identity: UserIdentity): Promise<AuthOutcome> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.unlinkIdentity(identity);
  return outcome(error);
}
