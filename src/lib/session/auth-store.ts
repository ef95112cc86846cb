import { toSessionUser, type AuthChangeEvent, type AuthSession, type SessionUser } from './session-user';

export type AuthSnapshot =
  | { status: 'loading' }
  /** `endedByUser`: the person pressed Sign out (guards then skip the `from` round trip). */
  | { status: 'signed-out'; endedByUser: boolean }
  | { status: 'signed-in'; session: AuthSession; user: SessionUser };

export type AuthEventSource = {
  onAuthStateChange(callback: (event: AuthChangeEvent, session: AuthSession | null) => void): {
    data: { subscription: { unsubscribe: () => void } };
  };
};

export type AuthStore = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => AuthSnapshot;
  getServerSnapshot: () => AuthSnapshot;
  /** Set just before signing out on the person's request; cleared when that fails. */
  setSignOutByUser: (value: boolean) => void;
  /** Stops following supabase-js (tests; the app's store lives as long as the page). */
  dispose: () => void;
};

const LOADING: AuthSnapshot = { status: 'loading' };

/**
 * Follows supabase-js's auth events and keeps the latest state, for
 * useSyncExternalStore. It subscribes on first use (in the browser only, so
 * prerendering never touches auth) and stays subscribed, so a second signed-in
 * screen starts from the known state instead of flashing a loading view.
 *
 * The callback only records state: supabase-js holds its auth lock while it
 * runs, so calling supabase from inside it could deadlock. The role is loaded
 * afterwards, from React.
 */
export function createAuthStore(source: AuthEventSource): AuthStore {
  let snapshot: AuthSnapshot = LOADING;
  let endedByUser = false;
  let unsubscribe: (() => void) | null = null;
  const listeners = new Set<() => void>();

  function set(next: AuthSnapshot) {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  function handle(event: AuthChangeEvent, session: AuthSession | null) {
    if (event === 'SIGNED_OUT' || !session) {
      set({ status: 'signed-out', endedByUser: event === 'SIGNED_OUT' && endedByUser });
      endedByUser = false;
      return;
    }
    // INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED, MFA_CHALLENGE_VERIFIED
    // and PASSWORD_RECOVERY all carry the current session.
    const previous = snapshot.status === 'signed-in' ? snapshot : null;
    const user = toSessionUser(session.user);
    const sameUser = previous && JSON.stringify(previous.user) === JSON.stringify(user);
    set({ status: 'signed-in', session, user: sameUser ? previous.user : user });
  }

  function start() {
    if (unsubscribe) return;
    const { data } = source.onAuthStateChange(handle);
    unsubscribe = () => data.subscription.unsubscribe();
  }

  return {
    subscribe(listener) {
      start();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    getServerSnapshot: () => LOADING,
    setSignOutByUser(value) {
      endedByUser = value;
    },
    dispose() {
      unsubscribe?.();
      unsubscribe = null;
      listeners.clear();
    },
  };
}
