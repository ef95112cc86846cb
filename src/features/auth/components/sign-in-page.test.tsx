import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import SignInPage from '@/features/auth/components/sign-in-page';
import { consoleErrorGuard } from '@tests/support/console-guard';
import { I18nProvider } from '@/i18n/i18n';
import { createTestQueryClient, renderWithProviders } from '@tests/support/render';
import { createFakeBackend, withSession, type FakeUser } from '@tests/support/fake-session';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderSignIn(path = '/admin/login', initial: FakeUser | null = null) {
  const fake = createFakeBackend({ initial });
  const user = userEvent.setup();
  renderWithProviders(
    withSession(
      fake,
      <Routes>
        <Route path="/admin/login" element={<SignInPage />} />
        <Route path="/fr/admin/login" element={<SignInPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
    ),
    { path },
  );
  return { fake, user };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email: string, password: string, fr = false) {
  if (email) await user.type(screen.getByLabelText(fr ? 'Courriel' : 'Email'), email);
  if (password) await user.type(screen.getByLabelText(fr ? 'Mot de passe' : 'Password'), password);
  await user.click(screen.getByRole('button', { name: fr ? 'Se connecter' : 'Sign in' }));
}

describe('/admin/login', () => {
  it('explains what is missing, next to each field, without calling the server', async () => {
    const { fake, user } = renderSignIn();
    await fillAndSubmit(user, '', '');
    const email = screen.getByLabelText('Email');
    // The checks load with the form's first touch; their answer follows.
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(fake.backend.signInWithPassword).not.toHaveBeenCalled();
  });

  it('rejects a malformed email address, in French on /fr/admin/login', async () => {
    const { fake, user } = renderSignIn('/fr/admin/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    await fillAndSubmit(user, 'pas-une-adresse', 'secret', true);
    await waitFor(() =>
      expect(screen.getByLabelText('Courriel')).toHaveAccessibleDescription(
        'Entrez une adresse courriel valide, par exemple nom@exemple.com.',
      ),
    );
    expect(fake.backend.signInWithPassword).not.toHaveBeenCalled();
  });

  it('shows the invalid-credentials message when sign-in returns an error, keeping what was typed', async () => {
    const { user } = renderSignIn();
    await fillAndSubmit(user, 'nobody@example.com', 'Wrong#2025');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid credentials or your account may not have B2B access.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('nobody@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('Wrong#2025');
    // Editing clears the message.
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the invalid-credentials message when sign-in throws, in French too', async () => {
    consoleErrorGuard.expect(/Sign-in failed/);
    const { fake, user } = renderSignIn('/fr/admin/login');
    fake.backend.signInWithPassword.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await fillAndSubmit(user, 'admin@example.com', 'LocalAdmin#2025', true);
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur inattendue s’est produite.');
    expect(screen.getByLabelText('Courriel')).toHaveValue('admin@example.com');
  });

  it('says so when sign-in is rate limited', async () => {
    const { fake, user } = renderSignIn();
    fake.backend.signInWithPassword.mockResolvedValueOnce({
      error: { message: 'Request rate limit reached', status: 429, code: 'over_request_rate_limit' },
    });
    await fillAndSubmit(user, 'admin@example.com', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many sign-in attempts/);
  });

  it('shows and hides the password', async () => {
    const { user } = renderSignIn();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it.each<[string, string, string, string]>([
    ['admin', 'admin@example.com', '/admin/login', '/admin-portal/dashboard'],
    ['client', 'client@example.com', '/admin/login', '/client/dashboard'],
    ['French client', 'client@example.com', '/fr/admin/login', '/fr/client/dashboard'],
    ['member', 'member@example.com', '/admin/login', '/client/account'],
    ['French member', 'member@example.com', '/fr/admin/login', '/fr/client/account'],
    ['admin with from', 'admin@example.com', '/admin/login?from=%2Fadmin-portal%2Fsections', '/admin-portal/sections'],
    [
      'client with an admin from',
      'client@example.com',
      '/admin/login?from=%2Fadmin-portal%2Fsections',
      '/client/dashboard',
    ],
    [
      'admin with an off-site from',
      'admin@example.com',
      '/admin/login?from=https%3A%2F%2Fevil.example',
      '/admin-portal/dashboard',
    ],
  ])('signs in a %s and goes where decision 001 says', async (_label, email, path, destination) => {
    const { user } = renderSignIn(path);
    const fr = path.startsWith('/fr');
    await fillAndSubmit(user, email, 'Any#Password1', fr);
    expect(await screen.findByTestId('where')).toHaveTextContent(
      new RegExp(`^${destination.replace(/[/?]/g, '\\$&')}$`),
    );
  });

  it('lets an account without a role that arrives signed in sign out, instead of bouncing it home', async () => {
    const { fake, user } = renderSignIn('/admin/login', 'member');
    const panel = await screen.findByTestId('signed-in-without-access');
    expect(panel).toHaveTextContent('You are signed in as member@example.com.');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(fake.backend.signOut).toHaveBeenCalled();
    // Signed out, the form is back, and signing in again leads to the request's status.
    await fillAndSubmit(user, 'member@example.com', 'Any#Password1');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/client\/account$/);
  });

  it('offers the same way out in French', async () => {
    renderSignIn('/fr/admin/login', 'member');
    expect(await screen.findByTestId('signed-in-without-access')).toHaveTextContent(
      'Vous êtes connecté avec le compte member@example.com.',
    );
    expect(screen.getByRole('link', { name: 'Aller à la page d’accueil' })).toHaveAttribute('href', '/fr');
  });

  it('redirects an account that is already signed in', async () => {
    renderSignIn('/admin/login?from=%2Fclient%2Fdashboard', 'client');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/client\/dashboard$/);
  });

  it('waits for the role before redirecting (never a wrong guess)', async () => {
    const { fake, user } = renderSignIn();
    let release: (role: 'admin') => void = () => {};
    fake.backend.loadRole.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    await fillAndSubmit(user, 'admin@example.com', 'LocalAdmin#2025');
    await waitFor(() => expect(fake.backend.loadRole).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    release('admin');
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin-portal/dashboard');
  });

  it('prerenders an inert form: no native GET can put the password in a URL before hydration', () => {
    const fake = createFakeBackend();
    const html = renderToString(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/admin/login']}>
          <I18nProvider locale="en">{withSession(fake, <SignInPage />)}</I18nProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const form = doc.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(doc.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    expect(doc.querySelector('input[type="email"]')).not.toBeNull();
    // Prerendering never subscribes to Supabase.
    expect(fake.backend.onAuthStateChange).not.toHaveBeenCalled();
  });

  it('enables the submit button once hydrated', () => {
    renderSignIn();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
