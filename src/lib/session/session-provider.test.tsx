import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireRole } from '@/lib/session/require-role';
import { useSession } from '@/lib/session/session-context';
import { consoleErrorGuard } from '@tests/support/console-guard';
import { renderWithProviders } from '@tests/support/render';
import { createFakeBackend, fakeSession, withSession } from '@tests/support/fake-session';

function Probe() {
  const s = useSession();
  return (
    <dl>
      <dt>status</dt>
      <dd data-testid="status">{s.status}</dd>
      <dt>loading</dt>
      <dd data-testid="loading">{String(s.loading)}</dd>
      <dt>role</dt>
      <dd data-testid="role">{String(s.role)}</dd>
      <dt>flags</dt>
      <dd data-testid="flags">{`admin:${s.isAdmin} client:${s.isClient}`}</dd>
      <dt>email</dt>
      <dd data-testid="email">{s.user?.email ?? ''}</dd>
    </dl>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('SessionProvider', () => {
  it('recovers a stored session (INITIAL_SESSION), then loads the role from user_roles', async () => {
    const fake = createFakeBackend({ initial: 'admin' });
    renderWithProviders(withSession(fake, <Probe />));
    expect(text('status')).toBe('loading');
    expect(text('loading')).toBe('true');
    await waitFor(() => expect(text('role')).toBe('admin'));
    expect(text('status')).toBe('signed-in');
    expect(text('loading')).toBe('false');
    expect(text('flags')).toBe('admin:true client:false');
    expect(fake.backend.loadRole).toHaveBeenCalledWith('00000000-0000-4000-8000-00000000a001');
  });

  it('stays loading while signed in until the role is known', async () => {
    const fake = createFakeBackend({ initial: null });
    let release: (role: 'client') => void = () => {};
    fake.backend.loadRole.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    renderWithProviders(withSession(fake, <Probe />));
    await waitFor(() => expect(text('status')).toBe('signed-out'));
    expect(text('loading')).toBe('false');
    fake.emit('SIGNED_IN', fakeSession('client'));
    expect(text('status')).toBe('signed-in');
    expect(text('loading')).toBe('true');
    release('client');
    await waitFor(() => expect(text('loading')).toBe('false'));
    expect(text('flags')).toBe('admin:false client:true');
  });

  it('never calls Supabase from inside the auth callback (supabase-js deadlock caveat)', async () => {
    const fake = createFakeBackend({ initial: null });
    renderWithProviders(withSession(fake, <Probe />));
    await waitFor(() => expect(text('status')).toBe('signed-out'));
    fake.backend.loadRole.mockClear();
    // Counted the moment the callback returns: nothing may be fetched during it.
    let calledDuringCallback = -1;
    fake.emit('SIGNED_IN', fakeSession('admin'), () => {
      calledDuringCallback = fake.backend.loadRole.mock.calls.length;
    });
    expect(calledDuringCallback).toBe(0);
    await waitFor(() => expect(fake.backend.loadRole).toHaveBeenCalledTimes(1));
  });

  it('a failed role lookup gives role null, is logged, and ends loading', async () => {
    consoleErrorGuard.expect(/Could not load the account role/);
    const fake = createFakeBackend({ initial: 'admin' });
    fake.backend.loadRole.mockRejectedValue(new Error('permission denied for table user_roles'));
    renderWithProviders(withSession(fake, <Probe />));
    await waitFor(() => expect(text('loading')).toBe('false'));
    expect(text('status')).toBe('signed-in');
    expect(text('role')).toBe('null');
    expect(text('flags')).toBe('admin:false client:false');
    expect(consoleErrorGuard.messages().join('\n')).toMatch(/permission denied for table user_roles/);
  });

  it('a signed-in account without a role is neither admin nor client', async () => {
    const fake = createFakeBackend({ initial: 'member' });
    renderWithProviders(withSession(fake, <Probe />));
    await waitFor(() => expect(text('loading')).toBe('false'));
    expect(text('role')).toBe('null');
    expect(text('email')).toBe('member@example.com');
  });

  it('SIGNED_OUT clears the user and role', async () => {
    const fake = createFakeBackend({ initial: 'client' });
    renderWithProviders(withSession(fake, <Probe />));
    await waitFor(() => expect(text('role')).toBe('client'));
    fake.emit('SIGNED_OUT', null);
    expect(text('status')).toBe('signed-out');
    expect(text('role')).toBe('null');
    expect(text('email')).toBe('');
  });

  it('a second signed-in screen starts from the known session, without a loading flash', async () => {
    const fake = createFakeBackend({ initial: 'client' });
    const first = renderWithProviders(withSession(fake, <Probe />));
    await waitFor(() => expect(text('role')).toBe('client'));
    const { queryClient } = first;
    first.unmount();
    renderWithProviders(withSession(fake, <Probe />), { queryClient });
    expect(text('loading')).toBe('false');
    expect(text('role')).toBe('client');
    expect(fake.backend.onAuthStateChange).toHaveBeenCalledTimes(1);
  });

  describe('signing out', () => {
    /** A protected screen whose query makes two requests in turn, the second held until the test lets it go. */
    function setUp() {
      const fake = createFakeBackend({ initial: 'client' });
      const requests: string[] = [];
      let releaseFirst: () => void = () => {};
      function Screen() {
        const { signOut, signOutFailed } = useSession();
        const data = useQuery({
          queryKey: ['screen'],
          queryFn: async () => {
            requests.push('first');
            await new Promise<void>((resolve) => (releaseFirst = resolve));
            // The session as it stands when the second request starts.
            requests.push(`second:${fake.store.getSnapshot().status}`);
            return 'loaded';
          },
        });
        return (
          <>
            <h1>Protected screen</h1>
            <p>{data.data ?? 'loading'}</p>
            {signOutFailed ? <p role="alert">Sign-out failed</p> : null}
            <button type="button" onClick={() => void signOut()}>
              Sign out
            </button>
          </>
        );
      }
      const ui = (
        <Routes>
          <Route
            path="/client/dashboard"
            element={
              <RequireRole role="client">
                <Screen />
              </RequireRole>
            }
          />
          <Route path="*" element={<p>Signed out page</p>} />
        </Routes>
      );
      const rendered = renderWithProviders(withSession(fake, ui), { path: '/client/dashboard' });
      return { fake, requests, release: () => releaseFirst(), user: userEvent.setup(), ...rendered };
    }

    it('shows "Signing out…" at once and ends the session only after the screen\'s requests finished', async () => {
      const { fake, requests, release, user } = setUp();
      await waitFor(() => expect(requests).toEqual(['first']));
      await user.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Signing out…');
      expect(screen.queryByRole('heading', { name: 'Protected screen' })).not.toBeInTheDocument();
      expect(fake.backend.signOut).not.toHaveBeenCalled();
      release();
      await waitFor(() => expect(fake.backend.signOut).toHaveBeenCalledTimes(1));
      // The query's next request still went out under the session, never as a signed-out visitor.
      expect(requests).toEqual(['first', 'second:signed-in']);
      expect(await screen.findByText('Signed out page')).toBeInTheDocument();
    });

    it('when the server cannot be reached, brings the screen back with the failure, and a retry clears it', async () => {
      consoleErrorGuard.expect(/Sign-out failed/);
      const { fake, requests, release, user } = setUp();
      await waitFor(() => expect(requests).toEqual(['first']));
      release();
      await screen.findByText('loaded');
      fake.backend.signOut.mockResolvedValueOnce({ error: { message: 'Failed to fetch', status: 0 } });
      await user.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Sign-out failed');
      expect(screen.getByRole('heading', { name: 'Protected screen' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(await screen.findByText('Signed out page')).toBeInTheDocument();
      expect(fake.backend.signOut).toHaveBeenCalledTimes(2);
    });
  });
});
