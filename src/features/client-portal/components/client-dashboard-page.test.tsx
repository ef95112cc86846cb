import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import ClientDashboardPage from '@/features/client-portal/components/client-dashboard-page';
import { RequireRole } from '@/lib/session/require-role';
import { consoleErrorGuard } from '@tests/support/console-guard';
import { renderWithProviders } from '@tests/support/render';
import { createFakeBackend, withSession } from '@tests/support/fake-session';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderDashboard(path: string) {
  const fake = createFakeBackend({ initial: 'client' });
  const guarded = (
    <RequireRole role="client">
      <ClientDashboardPage />
    </RequireRole>
  );
  renderWithProviders(
    withSession(
      fake,
      <Routes>
        <Route path="/client/dashboard" element={guarded} />
        <Route path="/fr/client/dashboard" element={guarded} />
        <Route path="*" element={<Where />} />
      </Routes>,
    ),
    { path },
  );
  return { fake, user: userEvent.setup() };
}

describe('/client/dashboard', () => {
  it('welcomes the client by email and shows the cards and services panel', async () => {
    renderDashboard('/client/dashboard');
    expect(await screen.findByText('Welcome, client@example.com')).toBeInTheDocument();
    for (const title of ['Orders', 'Analytics', 'Documents', 'Your B2B Services']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Contact Your Account Manager' })).toBeInTheDocument();
  });

  it('Sign Out ends the session and goes to /admin/login', async () => {
    const { fake, user } = renderDashboard('/client/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(fake.backend.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/admin\/login$/);
  });

  it('in French, signs out to /fr/admin/login (decision 014)', async () => {
    const { user } = renderDashboard('/fr/client/dashboard');
    expect(await screen.findByText('Bienvenue, client@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/fr\/admin\/login$/);
  });

  it('says so when signing out fails, and stays', async () => {
    consoleErrorGuard.expect(/Sign-out failed/);
    const { fake, user } = renderDashboard('/client/dashboard');
    fake.backend.signOut.mockResolvedValueOnce({ error: { message: 'Failed to fetch', status: 0 } });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not sign you out/);
    expect(screen.getByText('Welcome, client@example.com')).toBeInTheDocument();
  });
});
