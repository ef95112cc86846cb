import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AppRole } from '@/lib/supabase/database-aliases';
import type { AuthEventSource, AuthStore } from './auth-store';
import { SessionContext, type SessionState, type SignInResult } from './session-context';
import { sessionAssurance } from './session-user';

type AuthErrorLike = { message: string; status?: number; code?: string; name?: string };

/** What the provider needs from Supabase; the app passes the real client, tests a fake. */
export type SessionBackend = AuthEventSource & {
  signInWithPassword: (credentials: { email: string; password: string }) => Promise<{ error: AuthErrorLike | null }>;
  signOut: () => Promise<{ error: AuthErrorLike | null }>;
  /** The caller's role from user_roles (null without one); throws when the lookup fails. */
  loadRole: (userId: string) => Promise<AppRole | null>;
};

export const sessionKeys = {
  all: () => ['session'] as const,
  role: (userId: string) => [...sessionKeys.all(), 'role', userId] as const,
};

function classify(error: AuthErrorLike): SignInResult {
  if (error.status === 429 || error.code === 'over_request_rate_limit') return { ok: false, reason: 'rate-limited' };
  // No answer, or the server failed: not the person's fault, so not "invalid credentials".
  if (error.name === 'AuthRetryableFetchError' || !error.status || error.status >= 500) {
    console.error('Sign-in failed:', error.message);
    return { ok: false, reason: 'unexpected' };
  }
  return { ok: false, reason: 'invalid-credentials' };
}

export function SessionProvider({
  backend,
  store,
  children,
}: {
  backend: SessionBackend;
  store: AuthStore;
  children: ReactNode;
}) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  const queryClient = useQueryClient();
  const userId = snapshot.status === 'signed-in' ? snapshot.user.id : null;

  const roleQuery = useQuery({
    queryKey: sessionKeys.role(userId ?? ''),
    queryFn: () => backend.loadRole(userId as string),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });

  useEffect(() => {
    if (roleQuery.error) console.error('Could not load the account role:', roleQuery.error);
  }, [roleQuery.error]);

  useEffect(() => {
    // Nothing of one account's session outlives its sign-out.
    if (snapshot.status === 'signed-out') queryClient.removeQueries({ queryKey: sessionKeys.all() });
  }, [snapshot.status, queryClient]);

  const signIn = useCallback(
    async (email: string, password: string): Promise<SignInResult> => {
      try {
        const { error } = await backend.signInWithPassword({ email, password });
        if (error) return classify(error);
        // A role may have changed since this browser last looked it up.
        await queryClient.invalidateQueries({ queryKey: sessionKeys.all() });
        return { ok: true };
      } catch (error) {
        console.error('Sign-in failed:', error);
        return { ok: false, reason: 'unexpected' };
      }
    },
    [backend, queryClient],
  );

  const signOut = useCallback(async (): Promise<boolean> => {
    store.setSignOutByUser(true);
    try {
      const { error } = await backend.signOut();
      if (!error) return true;
      console.error('Sign-out failed:', error.message);
    } catch (error) {
      console.error('Sign-out failed:', error);
    }
    const signedOut = store.getSnapshot().status === 'signed-out';
    if (!signedOut) store.setSignOutByUser(false);
    return signedOut;
  }, [backend, store]);

  const role = userId !== null && roleQuery.data ? roleQuery.data : null;
  const value = useMemo<SessionState>(
    () => ({
      status: snapshot.status,
      user: snapshot.status === 'signed-in' ? snapshot.user : null,
      session: snapshot.status === 'signed-in' ? snapshot.session : null,
      role,
      isAdmin: role === 'admin',
      isClient: role === 'client',
      currentLevel: snapshot.status === 'signed-in' ? sessionAssurance(snapshot.session) : 'aal1',
      hasVerifiedFactor:
        snapshot.status === 'signed-in' && snapshot.user.factors.some((factor) => factor.status === 'verified'),
      loading: snapshot.status === 'loading' || (snapshot.status === 'signed-in' && roleQuery.isPending),
      endedByUser: snapshot.status === 'signed-out' && snapshot.endedByUser,
      signIn,
      signOut,
    }),
    [snapshot, role, roleQuery.isPending, signIn, signOut],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
