import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ConfirmEmailPage from './confirm-email-page';
import { renderWithProviders } from '@tests/support/render';

const api = vi.hoisted(() => ({
  verifyEmailLink: vi.fn(),
  setNewPassword: vi.fn(),
  submitAccessRequest: vi.fn(),
  loadRequestDraft: vi.fn(),
  clearRequestDraft: vi.fn(),
  resendConfirmation: vi.fn(),
}));
vi.mock('@/lib/session/account-api', () => api);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(path: string) {
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/client/confirm" element={<ConfirmEmailPage />} />
      <Route path="/fr/client/confirm" element={<ConfirmEmailPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path },
  );
  return { user };
}

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.verifyEmailLink.mockResolvedValue({ ok: true });
  api.setNewPassword.mockResolvedValue({ ok: true });
  api.submitAccessRequest.mockResolvedValue({ ok: true });
  api.loadRequestDraft.mockReturnValue(null);
});

describe('/client/confirm', () => {
  it('shows the details typed in this browser, and one press verifies, sets the password, then sends them', async () => {
    api.loadRequestDraft.mockReturnValue({
      firstName: 'Vera',
      lastName: 'Owner',
      company: 'Olive Grove',
      jobTitle: 'Buyer',
      phone: '',
    });
    const { user } = renderPage('/client/confirm?token_hash=abc&type=signup');
    expect(screen.getByLabelText('First name')).toHaveValue('Vera');
    expect(screen.getByLabelText('Company')).toHaveValue('Olive Grove');
    await user.type(screen.getByLabelText('Password'), 'Owner#Chosen1');
    await user.clear(screen.getByLabelText('Company'));
    await user.type(screen.getByLabelText('Company'), 'Olive Grove Ltd');
    await user.click(screen.getByRole('button', { name: 'Confirm and send my request' }));

    expect(await screen.findByTestId('where')).toHaveTextContent('/client/account');
    expect(api.verifyEmailLink).toHaveBeenCalledWith('abc', 'signup');
    expect(api.setNewPassword).toHaveBeenCalledWith('Owner#Chosen1');
    expect(api.submitAccessRequest).toHaveBeenCalledWith(
      { firstName: 'Vera', lastName: 'Owner', company: 'Olive Grove Ltd', jobTitle: 'Buyer', phone: '' },
      'en',
    );
    const order = [api.verifyEmailLink, api.setNewPassword, api.submitAccessRequest].map(
      (fn) => fn.mock.invocationCallOrder[0],
    );
    expect(order).toEqual([...order].sort((a = 0, b = 0) => a - b));
    expect(api.clearRequestDraft).toHaveBeenCalled();
  });

  it('uses nothing before the password meets the policy and the required details are filled', async () => {
    const { user } = renderPage('/fr/client/confirm?token_hash=abc&type=signup');
    await user.type(screen.getByLabelText('Mot de passe'), 'aaaaaaaa');
    await user.click(screen.getByRole('button', { name: 'Confirmer et envoyer ma demande' }));
    expect(screen.getByText('Le mot de passe ne respecte pas les exigences.')).toBeInTheDocument();
    expect(screen.getAllByText('Remplissez ce champ.')).toHaveLength(3);
    expect(
      screen.getByText('Un symbole, par exemple ! @ # $ % ^ & * ( ) _ + - = [ ] { } ; \' \\ : " | < > ? , . / ` ~'),
    ).toBeInTheDocument();
    expect(api.verifyEmailLink).not.toHaveBeenCalled();
  });

  it('on a failed send keeps the session and password, and a retry sends the request only', async () => {
    api.submitAccessRequest.mockResolvedValueOnce({ ok: false, code: 'X', status: undefined, message: 'x' });
    const { user } = renderPage('/client/confirm?token_hash=abc&type=signup');
    await user.type(screen.getByLabelText('Password'), 'Owner#Chosen1');
    await user.type(screen.getByLabelText('First name'), 'Vera');
    await user.type(screen.getByLabelText('Last name'), 'Owner');
    await user.type(screen.getByLabelText('Company'), 'Olive Grove');
    await user.click(screen.getByRole('button', { name: 'Confirm and send my request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your request could not be sent.');
    await user.click(screen.getByRole('button', { name: 'Confirm and send my request' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/client/account');
    expect(api.verifyEmailLink).toHaveBeenCalledOnce();
    expect(api.setNewPassword).toHaveBeenCalledOnce();
    expect(api.submitAccessRequest).toHaveBeenCalledTimes(2);
  });

  it('offers a new link when the link is used or expired', async () => {
    api.verifyEmailLink.mockResolvedValue({ ok: false, code: 'otp_expired', status: 403, message: 'x' });
    const { user } = renderPage('/client/confirm?token_hash=abc&type=signup');
    await user.type(screen.getByLabelText('Password'), 'Owner#Chosen1');
    await user.type(screen.getByLabelText('First name'), 'V');
    await user.type(screen.getByLabelText('Last name'), 'O');
    await user.type(screen.getByLabelText('Company'), 'C');
    await user.click(screen.getByRole('button', { name: 'Confirm and send my request' }));
    expect(await screen.findByText('This link is invalid, was already used or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
    expect(api.setNewPassword).not.toHaveBeenCalled();
  });

  it('only verifies a link confirming a changed address', async () => {
    const { user } = renderPage('/client/confirm?token_hash=abc&type=email_change');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/client/account');
    expect(api.verifyEmailLink).toHaveBeenCalledWith('abc', 'email_change');
  });
});
