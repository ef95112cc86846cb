/**
 * A refused CAPTCHA (docs/decisions/185-captcha-before-auth-mails.md): the
 * forms that Auth checks one on say so in the page's language and keep what
 * was typed, so the visitor only presses the button again. The widget itself
 * is replaced here by one that yields Turnstile's test token (or cannot).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SignInPage from '@/features/auth/components/sign-in-page';
import { renderWithProviders } from '@tests/support/render';
import { createFakeBackend, withSession } from '@tests/support/fake-session';
import type * as AccountApi from '@/lib/session/account-api';
import { ForgotPasswordForm } from './forgot-password-form';

const TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
const widget = vi.hoisted(() => ({ token: vi.fn<() => Promise<string | undefined>>() }));

vi.mock('@/integrations/captcha/use-captcha', () => ({
  useCaptcha: () => ({
    slot: null,
    approachHandlers: { onFocus() {}, onKeyDown() {}, onPointerDown() {}, onPointerEnter() {} },
    token: widget.token,
    spent: () => undefined,
  }),
}));

const reset = vi.hoisted(() => vi.fn());
vi.mock('@/lib/session/account-api', async (original) => ({
  ...(await original<typeof AccountApi>()),
  requestPasswordReset: reset,
}));

beforeEach(() => {
  widget.token.mockReset().mockResolvedValue(TOKEN);
  reset.mockReset();
});

function renderSignIn(path: string) {
  const fake = createFakeBackend({ initial: null });
  renderWithProviders(
    withSession(
      fake,
      <Routes>
        <Route path="/admin/login" element={<SignInPage />} />
        <Route path="/fr/admin/login" element={<SignInPage />} />
      </Routes>,
    ),
    { path },
  );
  return fake;
}

describe('sign-in with a refused CAPTCHA', () => {
  it('sends the token, then says the check did not pass and keeps both fields', async () => {
    const fake = renderSignIn('/admin/login');
    fake.backend.signInWithPassword.mockResolvedValueOnce({
      error: {
        status: 400,
        code: 'captcha_failed',
        message: 'captcha protection: request disallowed (invalid-input-response)',
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'LocalAdmin#2025');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The security check did not pass. Everything you typed is kept: please try again.',
    );
    expect(fake.backend.signInWithPassword).toHaveBeenCalledWith({
      email: 'admin@example.com',
      password: 'LocalAdmin#2025',
      options: { captchaToken: TOKEN },
    });
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('LocalAdmin#2025');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('says so in French when the widget gives no token, and sends nothing', async () => {
    const fake = renderSignIn('/fr/admin/login');
    widget.token.mockRejectedValueOnce(new Error('The CAPTCHA script could not load'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Courriel'), 'admin@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'LocalAdmin#2025');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La vérification de sécurité n’a pas abouti. Tout ce que vous avez saisi est conservé : veuillez réessayer.',
    );
    expect(fake.backend.signInWithPassword).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Courriel')).toHaveValue('admin@example.com');
  });
});

describe('password reset with a refused CAPTCHA', () => {
  it('keeps the form and the address, with the message in French, instead of claiming a mail was sent', async () => {
    reset.mockResolvedValueOnce({ ok: false, code: 'captcha_failed', status: 400, message: 'refused' });
    renderWithProviders(<ForgotPasswordForm onBack={() => undefined} />, { path: '/fr/client/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Courriel'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: /Envoyer/ }));
    expect(
      await screen.findByText(
        'La vérification de sécurité n’a pas abouti. Tout ce que vous avez saisi est conservé : veuillez réessayer.',
      ),
    ).toBeInTheDocument();
    expect(reset).toHaveBeenCalledWith('ada@example.com', expect.any(String), TOKEN);
    expect(screen.getByLabelText('Courriel')).toHaveValue('ada@example.com');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
