import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';
import { renderPortal } from '@tests/support/render-portal';
import type { AccountEntry } from './accounts-api';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

const account = (email: string, role: AccountEntry['role']): AccountEntry => ({
  user_id: `id-${email}`,
  email,
  first_name: '',
  last_name: '',
  company: '',
  role,
  request_status: null,
  decision_note: null,
  email_confirmed: true,
  has_second_factor: true,
  created_at: '2026-11-01T12:00:00Z',
  last_sign_in_at: null,
});

let inviteStatus: number | null = null;

beforeEach(() => {
  inviteStatus = null;
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = (call) => {
    if (call.rpc === 'admin_list_accounts')
      return { data: [account('eva@example.com', 'editor'), account('cli@example.com', 'client')], error: null };
    if (call.method === 'function' && call.rpc === 'invite-staff')
      return inviteStatus
        ? { data: null, error: { message: 'refused' }, status: inviteStatus }
        : { data: {}, error: null };
    return { data: [], error: null };
  };
});

describe('Users: staff', () => {
  it('invites by e-mail with a role, sending the new-password page as the way back', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/users');
    const form = await screen.findByRole('form', { name: 'Invite staff' });
    await user.type(within(form).getByLabelText('Email'), 'new person');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter an email address, like name@example.com.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveValue('new person');
    expect(fakeSupabase.state.calls.some((call) => call.method === 'function')).toBe(false);

    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'new@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'account_manager');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com as account manager.')).toBeInTheDocument();
    const sent = fakeSupabase.state.calls.find((call) => call.method === 'function');
    expect(sent?.rpc).toBe('invite-staff');
    expect(sent?.args).toEqual({
      email: 'new@example.com',
      role: 'account_manager',
      redirect_to: `${window.location.origin}/reset-password`,
    });
  });

  it('explains an address that already has an account, keeping what was typed', async () => {
    const user = userEvent.setup();
    inviteStatus = 409;
    renderPortal('/admin-portal/users');
    const form = await screen.findByRole('form', { name: 'Invite staff' });
    await user.type(within(form).getByLabelText('Email'), 'eva@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('eva@example.com already has an account: give it a role from the list below instead.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveValue('eva@example.com');
  });

  it('changes a staff role and removes staff access; a client account has no staff role control', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPortal('/admin-portal/users');
    const row = await screen.findByTestId('account-eva@example.com');
    expect(within(row).getByText('Editor', { selector: 'td' })).toBeInTheDocument();
    await user.selectOptions(within(row).getByLabelText('Staff role of eva@example.com'), 'account_manager');
    await user.click(within(row).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('eva@example.com is now account manager.')).toBeInTheDocument();
    expect(fakeSupabase.state.calls.find((call) => call.rpc === 'set_staff_role')?.args).toEqual({
      target: 'id-eva@example.com',
      role: 'account_manager',
    });

    await user.selectOptions(within(row).getByLabelText('Staff role of eva@example.com'), '');
    await user.click(within(row).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('eva@example.com no longer has staff access.')).toBeInTheDocument();
    expect(fakeSupabase.state.calls.find((call) => call.rpc === 'remove_staff_access')?.args).toEqual({
      target: 'id-eva@example.com',
    });

    const client = screen.getByTestId('account-cli@example.com');
    expect(within(client).queryByLabelText(/Staff role of/)).not.toBeInTheDocument();
  });

  it('shows an account manager the client accounts to approve or revoke, and nothing of staff', async () => {
    fakeSupabase.state.respond = (call) => {
      if (call.rpc === 'admin_list_accounts')
        return {
          data: [
            { ...account('new@example.com', null), request_status: 'pending' },
            account('cli@example.com', 'client'),
          ],
          error: null,
        };
      return { data: [], error: null };
    };
    renderPortal('/admin-portal/users', { role: 'account_manager' });
    const pending = await screen.findByTestId('account-new@example.com');
    expect(within(pending).getByRole('button', { name: /Approve/ })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('account-cli@example.com')).getByRole('button', { name: /Revoke/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite staff' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Staff role changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account changes' })).not.toBeInTheDocument();
    // The audits are an admin's: the page does not even ask for them.
    const tables = fakeSupabase.state.calls.map((call) => call.table);
    expect(tables).not.toContain('staff_changes');
    expect(tables).not.toContain('account_changes');
  });
});
