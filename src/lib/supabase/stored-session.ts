/**
 * Whether this browser holds a supabase-js session, read synchronously from
 * localStorage without loading supabase-js: the sign-in pages load the auth
 * client at once only then (to follow that session and redirect), and
 * otherwise on the visitor's first touch of a form
 * (docs/decisions/140-sign-in-pages-load-the-auth-client-on-first-touch.md).
 */

/** supabase-js's own default storage key for a project URL; `client.ts` passes it explicitly, so both always agree. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** True when `storage` (localStorage by default) has a value under the auth key; false when storage is unreadable. */
export function hasStoredSession(
  supabaseUrl: string,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return Boolean(storage?.getItem(authStorageKey(supabaseUrl)));
  } catch {
    // Storage blocked (privacy settings): supabase-js cannot read a session either.
    return false;
  }
}

/** What a page may use of the stored session before supabase-js has loaded. */
export type StoredSession = { accessToken: string; userId: string; expiresAt: number };

/**
 * The stored session's access token and user, read without supabase-js, or
 * null when there is none, it cannot be read, or its token expires within
 * `marginMs` of `now` (supabase-js will refresh it: only a request made with
 * the new token would be accepted).
 */
export function readStoredSession(
  supabaseUrl: string,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  now: number = Date.now(),
  marginMs = 60_000,
): StoredSession | null {
  try {
    const value = JSON.parse(storage?.getItem(authStorageKey(supabaseUrl)) || 'null') as {
      access_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown } | null;
    } | null;
    const accessToken = value?.access_token;
    const userId = value?.user?.id;
    const expiresAt = Number(value?.expires_at) * 1000;
    return typeof accessToken === 'string' &&
      accessToken &&
      typeof userId === 'string' &&
      userId &&
      expiresAt - marginMs > now
      ? { accessToken, userId, expiresAt }
      : null;
  } catch {
    return null;
  }
}
