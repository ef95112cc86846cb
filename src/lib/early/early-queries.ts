/**
 * Data requests a signed-in page starts before its application has loaded
 * (docs/decisions/206-signed-in-pages-start-their-data-with-the-page.md): the
 * boot script reads the stored session and starts the page's first queries
 * with its token (src/app/early-start.ts), in parallel with the application's
 * code; the query that needs the data later claims the request once, through
 * `takeEarly`, instead of making it again.
 *
 * An answer is only ever given to the account it was asked for: a request is
 * tagged with the user whose token it carried, and is claimed only while the
 * stored session is still that user's, within `EARLY_MAX_AGE_MS` of being
 * started. Anything else fetches afresh. `discardEarly` drops every pending
 * request (sign-out, another account).
 *
 * The boot script imports this module, so it is shared by the early script
 * and the application (one instance per page) and carries nothing heavy.
 */
import { env } from '@/config/env';
import { readStoredSession } from '@/lib/supabase/stored-session';

/** How long a request started ahead may stand in for a fresh fetch. */
export const EARLY_MAX_AGE_MS = 10_000;

type Entry = { userId: string; startedAt: number; promise: Promise<unknown> };

const entries = new Map<string, Entry>();

const hashKey = (key: readonly unknown[]) => JSON.stringify(key);

/** The user of the session stored now (supabase-js's own storage), or null. */
const storedUser = () => readStoredSession(env.supabaseUrl, undefined, Date.now(), 0)?.userId ?? null;

/** Starts `fetch` for `key` on behalf of `userId`, unless a request for that key is already pending for them. */
export function startEarly(
  userId: string,
  key: readonly unknown[],
  fetch: () => Promise<unknown>,
  now = Date.now(),
): void {
  const hash = hashKey(key);
  const pending = entries.get(hash);
  if (pending && pending.userId === userId && now - pending.startedAt < EARLY_MAX_AGE_MS) return;
  const promise = fetch();
  // A failure is the claiming query's to handle (it fetches again); nobody claiming it is no error.
  promise.catch(() => undefined);
  entries.set(hash, { userId, startedAt: now, promise });
}

/**
 * The request started ahead for `key`, if it was made for the account signed
 * in now and recently enough; `fetch()` otherwise, or when it failed. Either
 * way it is claimed: a later call fetches.
 */
export function takeEarly<T>(
  key: readonly unknown[],
  fetch: () => Promise<T>,
  now = Date.now(),
  user: string | null = storedUser(),
): Promise<T> {
  const hash = hashKey(key);
  const entry = entries.get(hash);
  entries.delete(hash);
  if (!entry || entry.userId !== user || now - entry.startedAt >= EARLY_MAX_AGE_MS) return fetch();
  return (entry.promise as Promise<T>).catch(() => fetch());
}

/** Drops every request started ahead (on sign-out, or when another account signs in). */
export function discardEarly(): void {
  entries.clear();
}
