import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';
import { renderPortal } from '@tests/support/render-portal';
import type { UserIdentity } from './oauth-api';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

const api = vi.hoisted(() => ({
  loadIdentities: vi.fn(),
  disconnectIdentity: vi.fn(),
  connectProvider: vi.fn(),
  continueWithProvider: vi.fn(),
  exchangeProviderCode: vi.fn(),
}));
vi.mock('./oauth-api', () => api);

configure({ asyncUtilTimeout: 5000 });

const identity = (provider: string, email: string): UserIdentity =>
  ({
    id: `${provider}-1`,
    identity_id: `${provider}-id`,
    provider,
    identity_data: { email },
  }) as unknown as UserIdentity;

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = () => ({ data: [], error: null });
  for (const fn of Object.values(api)) fn.mockReset();
});

async function methods() {
  renderPortal('/admin-portal/settings');
  const heading = await screen.findByRole('heading', { name: 'Sign-in methods' });
  return within(heading.closest('section') as HTMLElement);
}

describe('Sign-in methods', () => {
  it('lists what is connected and disconnects a provider, saying so', async () => {
    let identities = [identity('email', 'admin@example.com'), identity('azure', 'ada@work.example')];
    api.loadIdentities.mockImplementation(async () => identities);
    api.disconnectIdentity.mockImplementation(async () => {
      identities = identities.filter((one) => one.provider !== 'azure');
      return { ok: true };
    });
    const user = userEvent.setup();
    const section = await methods();
    expect(await section.findByText('ada@work.example')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Connect Google' })).toBeEnabled();
    await user.click(section.getByRole('button', { name: 'Disconnect Microsoft' }));
    expect(await section.findByRole('status')).toHaveTextContent('Microsoft is disconnected.');
    expect(api.disconnectIdentity).toHaveBeenCalledWith(expect.objectContaining({ provider: 'azure' }));
    expect(await section.findByRole('button', { name: 'Connect Microsoft' })).toBeEnabled();
  });

  it('never offers to disconnect the only method; an account without a password is offered one', async () => {
    api.loadIdentities.mockResolvedValue([identity('google', 'only@gmail.example')]);
    const section = await methods();
    expect(await section.findByRole('button', { name: 'Disconnect Google' })).toBeDisabled();
    expect(section.getByText('No password yet')).toBeInTheDocument();
    expect(section.getByText('Set a password to sign in with your email address as well.')).toBeInTheDocument();
  });

  it('keeps a password the policy refuses, with the reason beside it', async () => {
    api.loadIdentities.mockResolvedValue([identity('email', 'admin@example.com')]);
    const user = userEvent.setup();
    const section = await methods();
    const field = await section.findByLabelText('New password');
    await user.type(field, 'short');
    await user.click(section.getByRole('button', { name: 'Save the password' }));
    expect(await section.findByText('Password does not meet requirements.')).toBeInTheDocument();
    expect(field).toHaveValue('short');
  });

  it('says why connecting failed when the redirect cannot start', async () => {
    api.loadIdentities.mockResolvedValue([identity('email', 'admin@example.com')]);
    api.connectProvider.mockResolvedValue({ ok: false, code: 'manual_linking_disabled', status: 404, message: '' });
    const user = userEvent.setup();
    const section = await methods();
    await user.click(await section.findByRole('button', { name: 'Connect Google' }));
    expect(await section.findByRole('alert')).toHaveTextContent(
      'Connecting another sign-in method is switched off at the moment.',
    );
  });
});
