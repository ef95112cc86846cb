import type { ReactNode } from 'react';
import { supabase } from '@/lib/supabase/client';
import type { AppRole } from '@/lib/supabase/database-aliases';
import { unwrap } from '@/lib/supabase/errors';
import { createAuthStore } from './auth-store';
import { SessionProvider, type SessionBackend } from './session-provider';

export { RequireRole } from './require-role';

const backend: SessionBackend = {
  onAuthStateChange: (callback) => supabase.auth.onAuthStateChange(callback),
  signInWithPassword: (credentials) => supabase.auth.signInWithPassword(credentials),
  // 'local' ends this browser's session only: signing out on a phone must not
  // sign the same person out of their desktop.
  signOut: () => supabase.auth.signOut({ scope: 'local' }),
  async loadRole(userId) {
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
