import { describe, expect, it, vi } from 'vitest';
import { createAuthStore } from '@/lib/session/auth-store';
import type { AuthChangeEvent, AuthSession } from '@/lib/session/session-user';
import { fakeSession } from '@tests/support/fake-session';

function setup() {
  let emit: (event: AuthChangeEvent, session: AuthSession | null) => void = () => {
    throw new Error('not subscribed');
  };
  const unsubscribe = vi.fn();
  const source = {
    onAuthStateChange: vi.fn((cb: typeof emit) => {
      emit = cb;
      return { data: { subscription: { unsubscribe } } };
    }),
  };
  const store = createAuthStore(source);
  const listener = vi.fn();
  store.subscribe(listener);
  return { store, source, listener, unsubscribe, emit: (e: AuthChangeEvent, s: AuthSession | null) => emit(e, s) };
}

describe('createAuthStore', () => {
  it('is loading until the initial session is known, and on the server', () => {
    const { store } = setup();
    expect(store.getSnapshot()).toEqual({ status: 'loading' });
    expect(store.getServerSnapshot()).toEqual({ status: 'loading' });
  });

  it('subscribes to supabase-js once, however many screens listen', () => {
    const { store, source } = setup();
    store.subscribe(() => {});
    store.subscribe(() => {});
    expect(source.onAuthStateChange).toHaveBeenCalledTimes(1);
  });

  it('INITIAL_SESSION without a session means signed out', () => {
    const { store, emit, listener } = setup();
    emit('INITIAL_SESSION', null);
    expect(store.getSnapshot()).toEqual({ status: 'signed-out', endedByUser: false });
    expect(listener).toHaveBeenCalled();
  });

  it('INITIAL_SESSION and SIGNED_IN expose the session user (id, email)', () => {
    const { store, emit } = setup();
    emit('SIGNED_IN', fakeSession('admin'));
    const snapshot = store.getSnapshot();
    expect(snapshot.status).toBe('signed-in');
    if (snapshot.status !== 'signed-in') return;
    expect(snapshot.user).toEqual({
      id: '00000000-0000-4000-8000-00000000a001',
      email: 'admin@example.com',
      firstName: 'Ada',
      lastName: 'Tester',
      factors: [],
      assuranceLevel: 'aal1',
    });
    expect(snapshot.session.access_token).toBe('access-admin');
  });

  it('TOKEN_REFRESHED swaps the tokens but keeps the same user object (no needless re-render downstream)', () => {
    const { store, emit } = setup();
    emit('SIGNED_IN', fakeSession('client'));
    const before = store.getSnapshot();
    emit('TOKEN_REFRESHED', fakeSession('client', { token: 'access-2' }));
    const after = store.getSnapshot();
    if (before.status !== 'signed-in' || after.status !== 'signed-in') throw new Error('expected signed in');
    expect(after.session.access_token).toBe('access-2');
    expect(after.user).toBe(before.user);
  });

  it('MFA_CHALLENGE_VERIFIED with a verified factor raises the assurance level to aal2', () => {
    const { store, emit } = setup();
    emit('SIGNED_IN', fakeSession('admin', { factors: [{ id: 'f1', factor_type: 'totp', status: 'unverified' }] }));
    expect(store.getSnapshot()).toMatchObject({ user: { assuranceLevel: 'aal1' } });
    emit(
      'MFA_CHALLENGE_VERIFIED',
      fakeSession('admin', { factors: [{ id: 'f1', factor_type: 'totp', status: 'verified' }] }),
    );
    expect(store.getSnapshot()).toMatchObject({
      user: { assuranceLevel: 'aal2', factors: [{ id: 'f1', type: 'totp', status: 'verified' }] },
    });
  });

  it('SIGNED_OUT says whether the person asked for it', () => {
    const { store, emit } = setup();
    emit('SIGNED_IN', fakeSession('client'));
    store.setSignOutByUser(true);
    emit('SIGNED_OUT', null);
    expect(store.getSnapshot()).toEqual({ status: 'signed-out', endedByUser: true });
    // A later sign-out that nobody asked for (a refresh failure) is not attributed to the person.
    emit('SIGNED_IN', fakeSession('client'));
    emit('SIGNED_OUT', null);
    expect(store.getSnapshot()).toEqual({ status: 'signed-out', endedByUser: false });
  });

  it('dispose unsubscribes from supabase-js', () => {
    const { store, unsubscribe } = setup();
    store.dispose();
    expect(unsubscribe).toHaveBeenCalled();
  });
});
