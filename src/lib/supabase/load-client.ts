/**
 * supabase-js on demand, for the screens a visitor can reach before signing
 * in (sign-in, request access, password reset, the code step). Those pages
 * hydrate without it and fetch it as they start following the session or
 * when the visitor submits, so the 48 KiB client never delays their first
 * interaction (docs/decisions/105-application-startup.md). Screens behind
 * sign-in import `./client` directly: it is already loaded by then.
 */
import type { AppSupabaseClient } from './client';

let pending: Promise<AppSupabaseClient> | undefined;

export function loadSupabase(): Promise<AppSupabaseClient> {
  pending ??= import('./client').then((module) => module.supabase);
  // A failed download (offline for a moment) is retried on the next call.
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
