import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import ClientLoginPage from './client-login-page';
import { renderWithProviders } from '@tests/support/render';
import { createFakeBackend, withSession, type FakeUser } from '@tests/support/fake-session';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderPage(path = '/client/login', options: { initial?: FakeUser | null; b2b?: boolean } = {}) {
  const fake = createFakeBackend({ initial: options.initial ?? null });
  const user = userEvent.setup();
  const page = <ClientLoginPage requestForm={() => <form aria-label="B2B request form stand-in" />} />;
  renderWithProviders(
    withSession(
      fake,
      <Routes>
        <Route path="/client/login" element={page} />
        <Route path="/fr/client/login" element={page} />
        <Route path="*" element={<Where />} />
      </Routes>,
    ),
    { path, flags: { b2b_request_form: options.b2b ?? true } },
  );
  return { fake, user };
}

describe('/client/login', () => {
  it('offers sign-in with email, password and show/hide', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Client Portal' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('switches to the request form and back', async () => {
    const { user } = renderPage();
    expect(screen.getByText(/Need B2B access\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request it here' }));
    expect(screen.getByRole('form', { name: 'B2B request form stand-in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Request B2B access' })).toHaveFocus();
    expect(screen.getByText(/Already have access\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByRole('form', { name: 'B2B request form stand-in' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('hides the request link when b2b_request_form is off (decision 003)', () => {
    renderPage('/client/login', { b2b: false });
    expect(screen.queryByRole('button', { name: 'Request it here' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Need B2B access/)).not.toBeInTheDocument();
  });

  it('answers "Forgot your password?" with the reset form (docs/decisions/071-password-reset-by-email.md)', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the link' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('speaks French on /fr/client/login (decision 014)', async () => {
    const { user } = renderPage('/fr/client/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Portail client' })).toBeInTheDocument();
    expect(screen.getByLabelText('Courriel')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mot de passe oublié\u00a0?' }));
    expect(screen.getByRole('heading', { name: 'Réinitialiser votre mot de passe' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retour à la connexion' }));
    await user.click(screen.getByRole('button', { name: 'Faites-en la demande ici' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Demander un accès B2B' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connectez-vous' })).toBeInTheDocument();
  });

  it('does not apply the password policy to sign-in (only a new password must meet it)', async () => {
    const { fake, user } = renderPage();
    await user.type(screen.getByLabelText('Email'), 'client@example.com');
    await user.type(screen.getByLabelText('Password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(fake.backend.signInWithPassword).toHaveBeenCalledWith({ email: 'client@example.com', password: 'weak' });
    expect(screen.queryByText('Password does not meet requirements.')).not.toBeInTheDocument();
  });

  it('sends a client to the dashboard after signing in, in their language', async () => {
    const { user } = renderPage('/fr/client/login');
    await user.type(screen.getByLabelText('Courriel'), 'client@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'LocalClient#2025');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/fr\/client\/dashboard$/);
  });

  it.each<[FakeUser, string]>([
    ['client', '/client/dashboard'],
    ['member', '/client/account'],
  ])('sends a signed-in %s who opens the page to %s', async (who, destination) => {
    renderPage('/client/login', { initial: who });
    expect(await screen.findByTestId('where')).toHaveTextContent(new RegExp(`^${destination}$`));
  });
});
