import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from '@tests/support/fake-supabase';
import { renderPortal } from '@tests/support/render-portal';
import type { AccountEntry } from '@/features/admin-portal/users/accounts-api';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

configure({ asyncUtilTimeout: 5000 });

const ok = (data: unknown): FakeResponse => ({ data, error: null });
const staff = [{ user_id: 'staff-1', display_name: 'Ada Admin', email: 'admin@example.com' }];
const pendingAccount: AccountEntry = {
  user_id: 'user-new',
  email: 'rita@example.com',
  first_name: 'Rita',
  last_name: 'Request',
  company: 'Épicerie Test Inc.',
  role: null,
  request_status: 'pending',
  decision_note: null,
  email_confirmed: true,
  has_second_factor: false,
  created_at: '2026-11-20T14:05:00Z',
  last_sign_in_at: null,
};

let extra: (call: FakeCall) => FakeResponse | undefined;

beforeEach(() => {
  extra = () => undefined;
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = (call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.rpc === 'admin_list_companies') return ok([]);
    if (call.rpc === 'admin_list_accounts') return ok([pendingAccount]);
    if (call.table === 'staff_profiles') return ok(staff);
    if (call.table === 'access_requests') return ok({ industry: 'retail', locale: 'fr' });
    if (call.method === 'insert' && call.table === 'companies') {
      return ok({ id: 'company-new', ...(call.values as object) });
    }
    if (call.method === 'select') return ok([]);
    return ok(null);
  };
});

const calls = (predicate: (call: FakeCall) => boolean) => fakeSupabase.state.calls.filter(predicate);

describe('Companies', () => {
  it('validates a new company, then creates it with the province of the chosen country', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/companies');
    await user.click(await screen.findByRole('button', { name: 'New company' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Create company' }));
    expect(await within(dialog).findByText('Enter the company’s legal name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a province or state.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a customer type.')).toBeInTheDocument();
    expect(calls((c) => c.method === 'insert')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Legal name'), '  Épicerie Nouvelle Inc. ');
    await user.selectOptions(within(dialog).getByLabelText('Province or territory'), 'QC');
    // Switching country empties the region and offers the states.
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'US');
    expect(within(dialog).getByLabelText('State')).toHaveValue('');
    expect(within(dialog).queryByRole('option', { name: 'Quebec' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('State'), 'NY');
    await user.selectOptions(within(dialog).getByLabelText('Customer type'), 'foodservice');
    await user.selectOptions(within(dialog).getByLabelText('Account manager'), 'staff-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));

    await waitFor(() => expect(calls((c) => c.method === 'insert' && c.table === 'companies')).toHaveLength(1));
    expect(calls((c) => c.method === 'insert')[0]?.values).toEqual({
      legal_name: 'Épicerie Nouvelle Inc.',
      country: 'US',
      region: 'NY',
      customer_type: 'foodservice',
      preferred_language: 'en',
      account_manager_id: 'staff-1',
    });
    expect(await screen.findByText('Created Épicerie Nouvelle Inc..')).toBeInTheDocument();
  });

  it('shows the database’s refusal and keeps the form', async () => {
    extra = (call) =>
      call.method === 'insert'
        ? { data: null, error: { message: 'new row violates row-level security policy' } }
        : undefined;
    const user = userEvent.setup();
    renderPortal('/admin-portal/companies');
    await user.click(await screen.findByRole('button', { name: 'New company' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('Legal name'), 'Test');
    await user.selectOptions(within(dialog).getByLabelText('Province or territory'), 'ON');
    await user.selectOptions(within(dialog).getByLabelText('Customer type'), 'retail');
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('row-level security');
    expect(within(dialog).getByLabelText('Legal name')).toHaveValue('Test');
  });
});

describe('Approving an access request', () => {
  it('approves, then creates the company from the request and attaches the client', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/users');
    await user.click(await screen.findByRole('button', { name: 'Approve rita@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve access' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Approved rita@example.com.');
    expect(calls((c) => c.rpc === 'admin_approve_access_request')[0]?.args).toEqual({ target: 'user-new' });

    expect(within(dialog).getByRole('radio', { name: 'Create company «Épicerie Test Inc.»' })).toBeChecked();
    // Prefilled from the request: name, industry and language.
    expect(await within(dialog).findByLabelText('Legal name')).toHaveValue('Épicerie Test Inc.');
    expect(within(dialog).getByLabelText('Customer type')).toHaveValue('retail');
    expect(within(dialog).getByLabelText('Preferred language')).toHaveValue('fr');
    await user.selectOptions(within(dialog).getByLabelText('Province or territory'), 'QC');
    await user.click(within(dialog).getByRole('button', { name: 'Create company and attach' }));

    expect(
      await within(dialog).findByText('Created Épicerie Test Inc.; rita@example.com is its client.'),
    ).toBeInTheDocument();
    expect(calls((c) => c.method === 'insert' && c.table === 'company_clients')[0]?.values).toEqual({
      company_id: 'company-new',
      user_id: 'user-new',
    });
  });

  it('approves, then attaches the client to a company whose name matches', async () => {
    extra = (call) =>
      call.rpc === 'admin_find_company_candidates'
        ? ok([
            {
              id: 'company-a',
              legal_name: 'epicerie test inc',
              country: 'CA',
              region: 'QC',
              archived_at: null,
              exact: true,
            },
          ])
        : undefined;
    const user = userEvent.setup();
    renderPortal('/admin-portal/users');
    await user.click(await screen.findByRole('button', { name: 'Approve rita@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve access' }));
    await user.click(await within(dialog).findByRole('radio', { name: 'Attach to existing company' }));
    await user.click(await within(dialog).findByRole('radio', { name: /epicerie test inc/ }));
    expect(calls((c) => c.rpc === 'admin_find_company_candidates')[0]?.args).toEqual({ name: 'Épicerie Test Inc.' });
    await user.click(within(dialog).getByRole('button', { name: 'Attach to company' }));
    expect(
      await within(dialog).findByText('rita@example.com is now a client of epicerie test inc.'),
    ).toBeInTheDocument();
    expect(calls((c) => c.method === 'insert' && c.table === 'companies')).toHaveLength(0);
    expect(calls((c) => c.method === 'insert' && c.table === 'company_clients')[0]?.values).toEqual({
      company_id: 'company-a',
      user_id: 'user-new',
    });
  });
});
