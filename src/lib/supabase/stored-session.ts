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
