import type { ReactNode } from 'react';
import type { AppRole } from '@/lib/supabase/database-aliases';
import { loadSupabase } from '@/lib/supabase/load-client';
import { unwrap } from '@/lib/supabase/errors';
import { createAuthStore } from './auth-store';
import { SessionProvider, type SessionBackend } from './session-provider';

export { RequireRole } from './require-role';

// supabase-js is fetched once the page has hydrated (the store subscribes from
// an effect), so the sign-in screens answer at once (load-client.ts).
const backend: SessionBackend = {
  onAuthStateChange(callback) {
    let subscription: { unsubscribe: () => void } | null = null;
    let ended = false;
    // Subscribing happens in the effects of the hydrating commit: the
    // download starts once that commit is over.
    setTimeout(() => {
      if (ended) return;
      loadSupabase().then(
        (supabase) => {
          if (!ended) subscription = supabase.auth.onAuthStateChange(callback).data.subscription;
        },
        (error: unknown) => {
          // Without the client nobody can be signed in on this page: say so
          // rather than leave the session "loading" for ever.
          console.error('Could not load the sign-in client:', error);
          if (!ended) callback('SIGNED_OUT', null);
        },
      );
    }, 0);
    return {
      data: {
        subscription: {
          unsubscribe() {
            ended = true;
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
