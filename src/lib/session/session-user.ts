import type { AppSupabaseClient } from '@/lib/supabase/client';

type AuthApi = AppSupabaseClient['auth'];

/** supabase-js's session and event types, without importing supabase-js here (docs/decisions/019-layers-and-import-rules.md: one client module). */
export type AuthSession = NonNullable<Awaited<ReturnType<AuthApi['getSession']>>['data']['session']>;
export type AuthUser = AuthSession['user'];
export type AuthChangeEvent = Parameters<Parameters<AuthApi['onAuthStateChange']>[0]>[0];

export type SessionFactor = {
  id: string;
  type: string;
  status: 'verified' | 'unverified';
  friendlyName: string | null;
};

/** The signed-in person as the app sees them. */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  factors: SessionFactor[];
  /** 'aal2' once a verified second factor exists, else 'aal1'. */
  assuranceLevel: 'aal1' | 'aal2';
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function toSessionUser(user: AuthUser): SessionUser {
  const metadata: Record<string, unknown> = user.user_metadata ?? {};
  const factors: SessionFactor[] = (user.factors ?? []).map((factor) => ({
    id: factor.id,
    type: factor.factor_type,
    status: factor.status === 'verified' ? 'verified' : 'unverified',
    friendlyName: factor.friendly_name ?? null,
  }));
  // Microsoft and Google give a whole name (and Google its parts) with the
  // identity; the account's own metadata keeps only first and last names the
  // person typed (the database strips the rest).
  const claims: Record<string, unknown> =
    (user.identities ?? [])
      .map((identity) => identity.identity_data ?? {})
      .find((data) => text(data.full_name) ?? text(data.name) ?? text(data.given_name)) ?? {};
  const whole = text(claims.full_name) ?? text(claims.name);
  const [wholeFirst = null, ...wholeRest] = whole ? whole.split(/\s+/) : [];
  return {
    id: user.id,
    email: user.email ?? '',
    firstName: text(metadata.first_name) ?? text(claims.given_name) ?? wholeFirst,
    lastName: text(metadata.last_name) ?? text(claims.family_name) ?? (wholeRest.length ? wholeRest.join(' ') : null),
    factors,
    assuranceLevel: factors.some((f) => f.status === 'verified') ? 'aal2' : 'aal1',
  };
}

function tokenClaims(session: Pick<AuthSession, 'access_token'>): Record<string, unknown> {
  const payload = session.access_token.split('.')[1];
  if (!payload) return {};
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The assurance level of the session itself (the access token's `aal`
 * claim): aal2 once a second factor was verified in this session.
 */
export function sessionAssurance(session: Pick<AuthSession, 'access_token'>): 'aal1' | 'aal2' {
  return tokenClaims(session).aal === 'aal2' ? 'aal2' : 'aal1';
}

/**
 * Whether the session was opened by a link mailed to the address or by
 * Microsoft or Google (amr `otp` or `oauth`): what the database asks before it
 * takes an access request from the account (a password sign-in cannot send one).
 */
export function sessionVouchesForAddress(session: Pick<AuthSession, 'access_token'>): boolean {
  const amr = tokenClaims(session).amr;
  return (
    Array.isArray(amr) &&
    amr.some((entry) => {
      const method = (entry as { method?: unknown } | null)?.method;
      return method === 'otp' || method === 'oauth';
    })
  );
}
