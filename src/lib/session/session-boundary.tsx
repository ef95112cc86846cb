import type { ReactNode } from 'react';
import { env } from '@/config/env';
import type { AppRole } from '@/lib/supabase/database-aliases';
import { loadSupabase, whenSupabaseLoaded } from '@/lib/supabase/load-client';
import { authStorageKey, hasStoredSession } from '@/lib/supabase/stored-session';
import { unwrap } from '@/lib/supabase/errors';
import { createAuthStore } from './auth-store';
import { SessionProvider, type SessionBackend } from './session-provider';

export { RequireRole } from './require-role';

// supabase-js is not fetched for a visitor this browser holds no session for:
// they are signed out, which is what supabase-js would conclude from the same
// storage, and the sign-in forms fetch it on their first touch
// (docs/decisions/140-sign-in-pages-load-the-auth-client-on-first-touch.md).
// With a stored session it is fetched once the page has hydrated (the store
// subscribes from an effect), so the page can follow it (and redirect).
// Whoever loads the client first, the store follows its events from then on.
const backend: SessionBackend = {
  onAuthStateChange(callback) {
    let subscription: { unsubscribe: () => void } | null = null;
    let ended = false;
    const stopWaiting = whenSupabaseLoaded((supabase) => {
      if (!ended && !subscription) subscription = supabase.auth.onAuthStateChange(callback).data.subscription;
    });
    // Another tab signing in stores the session here too: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === authStorageKey(env.supabaseUrl) && event.newValue) void loadSupabase().catch(() => undefined);
    };
    window.addEventListener('storage', onStorage);
    // Subscribing happens in the effects of the hydrating commit: the
    // decision (and any download) comes once that commit is over.
    setTimeout(() => {
      if (ended || subscription) return;
      if (!hasStoredSession(env.supabaseUrl)) {
        callback('INITIAL_SESSION', null);
        return;
      }
      loadSupabase().catch((error: unknown) => {
        // Without the client nobody can be signed in on this page: say so
        // rather than leave the session "loading" for ever.
        console.error('Could not load the sign-in client:', error);
        if (!ended && !subscription) callback('SIGNED_OUT', null);
      });
    }, 0);
    return {
      data: {
        subscription: {
          unsubscribe() {
            ended = true;
            stopWaiting();
            window.removeEventListener('storage', onStorage);
            subscription?.unsubscribe();
          },
        },
      },
    };
  },
  signInWithPassword: async (credentials) => (await loadSupabase()).auth.signInWithPassword(credentials),
  // 'local' ends this browser's session only: signing out on a phone must not
  // sign the same person out of their desktop.
  signOut: async () => (await loadSupabase()).auth.signOut({ scope: 'local' }),
  async loadRole(userId) {
    const supabase = await loadSupabase();
    const row = unwrap<{ role: AppRole } | null>(
      await supabase.from('user_roles').select('role').eq('user_id', userId).maybeSingle(),
    );
    return row?.role ?? null;
  },
};

// One store per page: every signed-in screen shares the session supabase-js keeps.
const store = createAuthStore(backend);

/** The auth provider of the signed-in areas (loaded lazily, so public pages never download supabase-js). */
export function SessionBoundary({ children }: { children: ReactNode }) {
  return (
    <SessionProvider backend={backend} store={store}>
      {children}
    </SessionProvider>
  );
}
