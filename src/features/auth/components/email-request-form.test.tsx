import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tests/support/render';
import { EmailRequestForm } from './email-request-form';

const texts = { intro: 'Enter your address.', email: 'Email', submit: 'Send the link', submitting: 'Sending…' };

describe('EmailRequestForm', () => {
  it('says what is wrong with an empty or malformed address, in the page language, and sends nothing', async () => {
    const send = vi.fn(async () => 'sent');
    renderWithProviders(<EmailRequestForm texts={texts} send={send} />, { path: '/fr/client/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Entrez votre adresse courriel.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nom@exemple');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText('Entrez une adresse courriel valide, par exemple nom@exemple.com.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('nom@exemple');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the trimmed address and shows the answer in place of the form', async () => {
    const send = vi.fn(async () => 'Check your inbox.');
    renderWithProviders(<EmailRequestForm texts={texts} send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), '  ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox.');
    expect(send).toHaveBeenCalledWith('ada@example.com', undefined);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('keeps the form, and what was typed, under the answer when asked to (to ask again)', async () => {
    const send = vi.fn(async () => 'A new link is on its way.');
    renderWithProviders(<EmailRequestForm keepForm texts={texts} send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new link is on its way.');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Send the link' })).toBeEnabled();
  });
});
