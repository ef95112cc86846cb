/**
 * supabase-js on demand, for the screens a visitor can reach before signing
 * in (sign-in, request access, password reset, the code step). Those pages
 * hydrate without it. The sign-in pages fetch it on the visitor's first touch
 * of a form, or at once when this browser holds a session
 * (docs/decisions/140-sign-in-pages-load-the-auth-client-on-first-touch.md),
 * and every account call awaits it, so the client never delays their first
 * interaction (docs/decisions/105-application-startup.md). Screens behind
 * sign-in import `./client` directly: it is already loaded by then.
 */
import type { AppSupabaseClient } from './client';

let pending: Promise<AppSupabaseClient> | undefined;
const waiting = new Set<(client: AppSupabaseClient) => void>();

export function loadSupabase(): Promise<AppSupabaseClient> {
  if (!pending) {
    const load = import('./client').then((module) => module.supabase);
    pending = load;
    load.then(
      (client) => {
        for (const callback of waiting) callback(client);
        waiting.clear();
      },
      // A failed download (offline for a moment) is retried on the next call.
      () => {
        if (pending === load) pending = undefined;
      },
    );
  }
  return pending;
}

/** Starts the download without waiting for it (a form's first focus, keystroke or press). */
export function preloadSupabase(): void {
  loadSupabase().catch(() => {
    // The call that needs the client reports a failure; a warm-up stays silent.
  });
}

/**
 * Handlers for a sign-in, request or password-reset form: its first focus,
 * keystroke, press or pointer approach starts the client's download, so it is
 * usually there by the time the visitor submits (a submit before then waits
 * for it).
 */
export const loadSupabaseOnTouch = {
  onFocus: preloadSupabase,
  onKeyDown: preloadSupabase,
  onPointerDown: preloadSupabase,
  onPointerEnter: preloadSupabase,
} as const;

/**
 * Calls `callback` with the client once something has loaded it (now, if it
 * already has); returns a function that cancels the wait.
 */
export function whenSupabaseLoaded(callback: (client: AppSupabaseClient) => void): () => void {
  let cancelled = false;
  const once = (client: AppSupabaseClient) => {
    if (!cancelled) callback(client);
  };
  if (pending) {
    pending.then(once, () => waiting.add(once));
  } else {
    waiting.add(once);
  }
  return () => {
    cancelled = true;
    waiting.delete(once);
  };
}
