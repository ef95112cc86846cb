import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { discardEarly, takeEarly } from '@/lib/early/early-queries';
import type { AppRole } from '@/lib/supabase/database-aliases';
import type { AuthEventSource, AuthStore } from './auth-store';
import { SessionContext, type SessionState, type SignInResult } from './session-context';
import { sessionAssurance } from './session-user';
import { forgetPrivateQueries } from './private-queries';
import { sessionKeys } from './session-keys';

type AuthErrorLike = { message: string; status?: number; code?: string; name?: string };

/** What the provider needs from Supabase; the app passes the real client, tests a fake. */
export type SessionBackend = AuthEventSource & {
  signInWithPassword: (credentials: {
    email: string;
    password: string;
    options?: { captchaToken?: string };
  }) => Promise<{ error: AuthErrorLike | null }>;
  signOut: () => Promise<{ error: AuthErrorLike | null }>;
  /** The caller's role from user_roles (null without one); throws when the lookup fails. */
  loadRole: (userId: string) => Promise<AppRole | null>;
};

/** How long a sign-out waits for requests already under way before it goes ahead regardless. */
const SIGN_OUT_SETTLE_MS = 5_000;

/**
 * Resolves once no query is fetching (or after `limitMs`). A request that
 * starts while supabase-js signs out waits for its lock and then goes out with
 * no session at all, as the anonymous role, and is refused; so the sign-out
 * waits for the screen's requests (a query may make several in turn) first.
 */
function whenQueriesSettle(queryClient: QueryClient, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    // A macrotask first: React commits the "Signing out…" screen, whose unmounting stops new queries.
    setTimeout(() => {
      if (queryClient.isFetching() === 0) return resolve();
      let unsubscribe = () => {};
      const finish = () => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(finish, limitMs);
      unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() === 0) finish();
      });
    }, 0);
  });
}

function classify(error: AuthErrorLike): SignInResult {
  if (error.status === 429 || error.code === 'over_request_rate_limit') return { ok: false, reason: 'rate-limited' };
  if (error.code === 'captcha_failed') return { ok: false, reason: 'captcha-failed' };
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
  const [signingOut, setSigningOut] = useState(false);
  const [signOutFailed, setSignOutFailed] = useState(false);
  const userId = snapshot.status === 'signed-in' ? snapshot.user.id : null;

  const roleQuery = useQuery({
    queryKey: sessionKeys.role(userId ?? ''),
    queryFn: () => takeEarly(sessionKeys.role(userId as string), () => backend.loadRole(userId as string)),
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

  // Nothing of one account is shown to the next: its session ending here or
  // elsewhere, or another account signing in, forgets everything it read.
  const lastUser = useRef<string | null>(null);
  useEffect(() => {
    if (snapshot.status === 'loading') return;
    const previous = lastUser.current;
    lastUser.current = userId;
    const ended = previous !== null && previous !== userId;
    if (userId === null || ended) discardEarly();
    if (ended) forgetPrivateQueries(queryClient);
  }, [snapshot.status, userId, queryClient]);

  const signIn = useCallback(
    async (email: string, password: string, captchaToken?: string): Promise<SignInResult> => {
      try {
        const { error } = await backend.signInWithPassword(
          captchaToken ? { email, password, options: { captchaToken } } : { email, password },
        );
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
    setSignOutFailed(false);
    setSigningOut(true);
    let ended = false;
    try {
      await whenQueriesSettle(queryClient, SIGN_OUT_SETTLE_MS);
      const { error } = await backend.signOut();
      if (error) console.error('Sign-out failed:', error.message);
      ended = !error;
    } catch (error) {
      console.error('Sign-out failed:', error);
    }
    if (!ended) ended = store.getSnapshot().status === 'signed-out';
    if (!ended) {
      store.setSignOutByUser(false);
      setSignOutFailed(true);
    }
    setSigningOut(false);
    return ended;
  }, [backend, store, queryClient]);

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
      signingOut,
      signOutFailed,
      signIn,
      signOut,
    }),
    [snapshot, role, roleQuery.isPending, signingOut, signOutFailed, signIn, signOut],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
