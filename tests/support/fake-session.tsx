/**
 * A fake of what SessionProvider needs from Supabase: tests emit auth events
 * by hand and decide what sign-in, sign-out and the role lookup answer.
 */
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createAuthStore, type AuthStore } from '@/lib/session/auth-store';
import { SessionProvider, type SessionBackend } from '@/lib/session/session-provider';
import type { AuthChangeEvent, AuthSession } from '@/lib/session/session-user';
import type { AppRole } from '@/lib/supabase/database-aliases';

export const USERS = {
  admin: { id: '00000000-0000-4000-8000-00000000a001', email: 'admin@example.com' },
  client: { id: '00000000-0000-4000-8000-00000000c001', email: 'client@example.com' },
  member: { id: '00000000-0000-4000-8000-00000000e001', email: 'member@example.com' },
} as const;

export type FakeUser = keyof typeof USERS;

export function fakeSession(
  who: FakeUser,
  extra: { factors?: { id: string; factor_type: string; status: 'verified' | 'unverified' }[]; token?: string } = {},
): AuthSession {
  const { id, email } = USERS[who];
  return {
    access_token: extra.token ?? `access-${who}`,
    refresh_token: `refresh-${who}`,
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id,
      email,
      aud: 'authenticated',
      created_at: '2025-04-28T00:00:00Z',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: who === 'admin' ? 'Ada' : 'Chloe', last_name: 'Tester' },
      factors: extra.factors?.map((f) => ({ ...f, friendly_name: 'Phone', created_at: '', updated_at: '' })),
    },
  } as unknown as AuthSession;
}

/**
 * A signed-in session as the app gets it: the admin has a verified TOTP
 * factor and a token at aal2, as after a real sign-in with the code
 * (docs/decisions/072-staff-second-factor.md).
 */
export function signedInSession(who: FakeUser): AuthSession {
  if (who !== 'admin') return fakeSession(who);
  const payload = btoa(JSON.stringify({ aal: 'aal2' })).replace(/=+$/, '');
  return fakeSession(who, {
    factors: [{ id: 'factor-admin', factor_type: 'totp', status: 'verified' }],
    token: `header.${payload}.signature`,
  });
}

const defaultRoles: Record<string, AppRole | null> = {
  [USERS.admin.id]: 'admin',
  [USERS.client.id]: 'client',
  [USERS.member.id]: null,
};

export function createFakeBackend(options: { roles?: Record<string, AppRole | null>; initial?: FakeUser | null } = {}) {
  const roles = { ...defaultRoles, ...options.roles };
  let listener: ((event: AuthChangeEvent, session: AuthSession | null) => void) | null = null;
  const emitInitial = 'initial' in options;

  const backend = {
    onAuthStateChange: vi.fn((callback: (event: AuthChangeEvent, session: AuthSession | null) => void) => {
      listener = callback;
      if (emitInitial) {
        // supabase-js emits INITIAL_SESSION asynchronously after subscribing.
        queueMicrotask(() => callback('INITIAL_SESSION', options.initial ? signedInSession(options.initial) : null));
      }
      return { data: { subscription: { unsubscribe: vi.fn() } } };
    }),
    signInWithPassword: vi.fn(async ({ email }: { email: string; password: string }) => {
      const who = (Object.keys(USERS) as FakeUser[]).find((k) => USERS[k].email === email);
      if (!who) return { error: { message: 'Invalid login credentials', status: 400, code: 'invalid_credentials' } };
      listener?.('SIGNED_IN', signedInSession(who));
      return { error: null };
    }),
    signOut: vi.fn(async (): Promise<{ error: { message: string; status?: number } | null }> => {
      listener?.('SIGNED_OUT', null);
      return { error: null };
    }),
    loadRole: vi.fn(async (userId: string) => roles[userId] ?? null),
  } satisfies SessionBackend;

  return {
    backend,
    store: createAuthStore(backend),
    /** Emits an auth event the way supabase-js would, inside act(); `afterCallback` runs as the callback returns. */
    emit(event: AuthChangeEvent, session: AuthSession | null, afterCallback?: () => void) {
      act(() => {
        if (!listener) throw new Error('Nothing subscribed to auth events yet.');
        listener(event, session);
        afterCallback?.();
      });
    },
  };
}

export function withSession(fake: { backend: SessionBackend; store: AuthStore }, ui: ReactNode) {
  return (
    <SessionProvider backend={fake.backend} store={fake.store}>
      {ui}
    </SessionProvider>
  );
}
