import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireRole } from '@/lib/session/require-role';
import { renderWithProviders } from '@tests/support/render';
import { createFakeBackend, withSession, type FakeUser } from '@tests/support/fake-session';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function app() {
  return (
    <Routes>
      <Route
        path="/admin-portal/*"
        element={
          <RequireRole role="admin">
            <h1>Portal content</h1>
          </RequireRole>
        }
      />
      {['/client/dashboard', '/fr/client/dashboard'].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireRole role="client">
              <h1>Dashboard content</h1>
            </RequireRole>
          }
        />
      ))}
      <Route path="*" element={<Where />} />
    </Routes>
  );
}

function renderAt(path: string, who: FakeUser | null) {
  const fake = createFakeBackend({ initial: who });
  return { fake, ...renderWithProviders(withSession(fake, app()), { path }) };
}

describe('RequireRole (decision 001)', () => {
  it('shows a status, never the protected content, while the session loads', () => {
    const fake = createFakeBackend();
    renderWithProviders(withSession(fake, app()), { path: '/admin-portal/dashboard' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByText('Portal content')).not.toBeInTheDocument();
  });

  it('shows a status, never the protected content, while the role loads', async () => {
    const fake = createFakeBackend({ initial: 'member' });
    fake.backend.loadRole.mockImplementation(() => new Promise(() => {}));
    renderWithProviders(withSession(fake, app()), { path: '/admin-portal/dashboard' });
    await waitFor(() => expect(fake.backend.loadRole).toHaveBeenCalled());
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Portal content')).not.toBeInTheDocument();
  });

  it('sends a visitor to /admin/login carrying where they came from', async () => {
    renderAt('/admin-portal/sections?tab=nav', null);
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/admin/login?from=%2Fadmin-portal%2Fsections%3Ftab%3Dnav',
    );
    expect(screen.queryByText('Portal content')).not.toBeInTheDocument();
  });

  it('keeps a French visitor in French: /fr/admin/login', async () => {
    renderAt('/fr/client/dashboard', null);
    expect(await screen.findByTestId('where')).toHaveTextContent('/fr/admin/login?from=%2Ffr%2Fclient%2Fdashboard');
  });

  it.each<[FakeUser, string, string]>([
    ['client', '/admin-portal/dashboard', '/'],
    // Without a role: the request's status (docs/decisions/070-accounts-run-themselves.md).
    ['member', '/admin-portal/dashboard', '/client/account'],
  ])('sends a signed-in %s away from the admin-only %s to %s', async (who, path, home) => {
    renderAt(path, who);
    expect(await screen.findByTestId('where')).toHaveTextContent(new RegExp(`^${home}$`));
  });

  it.each<[FakeUser, string, string]>([
    ['admin', '/client/dashboard', '/'],
    ['member', '/client/dashboard', '/client/account'],
    ['member', '/fr/client/dashboard', '/fr/client/account'],
  ])('sends a signed-in %s away from %s to %s', async (who, path, home) => {
    renderAt(path, who);
    expect(await screen.findByTestId('where')).toHaveTextContent(new RegExp(`^${home}$`));
  });

  it.each<[FakeUser, string, string]>([
    ['admin', '/admin-portal/dashboard', 'Portal content'],
    ['client', '/client/dashboard', 'Dashboard content'],
    ['client', '/fr/client/dashboard', 'Dashboard content'],
  ])('lets a signed-in %s into %s', async (who, path, content) => {
    renderAt(path, who);
    expect(await screen.findByRole('heading', { name: content })).toBeInTheDocument();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('after Sign out, goes to the sign-in page without a `from` round trip', async () => {
    const { fake } = renderAt('/fr/client/dashboard', 'client');
    await screen.findByRole('heading', { name: 'Dashboard content' });
    fake.store.setSignOutByUser(true);
    fake.emit('SIGNED_OUT', null);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/fr\/admin\/login$/);
  });

  it('when the session expires elsewhere, carries `from` so signing in again comes back', async () => {
    const { fake } = renderAt('/admin-portal/feature-flags', 'admin');
    await screen.findByRole('heading', { name: 'Portal content' });
    fake.emit('SIGNED_OUT', null);
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/login?from=%2Fadmin-portal%2Ffeature-flags');
  });
});
