import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flagNames } from '@/lib/flags/defaults';
import { flagQueries } from '@/lib/flags/flag-queries';
import { installFakeFlagServer, type FakeFlagServer } from '@tests/support/fake-flag-server';
import { fakeSupabase } from '@tests/support/fake-supabase';
import { consoleErrorGuard } from '@tests/support/console-guard';
import { renderWithProviders } from '@tests/support/render';
import SimpleAdminPage from './simple-admin-page';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

let server: FakeFlagServer;
let PASSWORD: string;

beforeEach(() => {
  server = installFakeFlagServer();
  PASSWORD = server.password;
});

function renderPage() {
  const user = userEvent.setup();
  // The public site's flags are already loaded in this tab.
  return { user, ...renderWithProviders(<SimpleAdminPage />, { path: '/simple-admin', flags: {} }) };
}

async function unlock(user: ReturnType<typeof userEvent.setup>, password = PASSWORD) {
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Unlock' }));
}

const listReads = () => server.listReads();
const rpcCalls = (name: string) => server.rpcCalls(name);
const historyRows = async () =>
  within(await screen.findByRole('region', { name: 'Change History' })).findAllByRole('listitem');

describe('/simple-admin', () => {
  it('starts locked, showing no flags and reading nothing', () => {
    const { queryClient } = renderPage();
    expect(queryClient.getQueryState(flagQueries.list().queryKey)?.isInvalidated).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Simple Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(fakeSupabase.state.calls).toHaveLength(0);
  });

  it('asks for the password before calling the server', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter the password.');
    expect(rpcCalls('simple_admin_unlock')).toHaveLength(0);
  });

  it("says 'Incorrect password.' for a wrong one, keeping it typed", async () => {
    const { user } = renderPage();
    await unlock(user, 'guess');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password.');
    expect(rpcCalls('simple_admin_unlock')[0]?.args).toEqual({ password: 'guess' });
    expect(screen.getByLabelText('Password')).toHaveValue('guess');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it("shows the server's throttle message when guessing is refused", async () => {
    consoleErrorGuard.expect(/Simple admin unlock failed/);
    server.override.simple_admin_unlock = () => ({
      data: null,
      error: { message: 'Too many incorrect passwords. Please wait a minute and try again.', code: 'PT429' },
      status: 429,
    });
    const { user } = renderPage();
    await unlock(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many incorrect passwords. Please wait a minute and try again.',
    );
  });

  it('unlocks with the right password and lists every flag with a switch', async () => {
    const { user } = renderPage();
    await unlock(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Feature Flags' })).toHaveFocus();
    expect(await screen.findAllByRole('switch')).toHaveLength(flagNames.length);
    expect(screen.getByRole('switch', { name: 'insights' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'products' })).toBeChecked();
  });

  it('changes a flag with the password, only once the server accepts it', async () => {
    const { user, queryClient } = renderPage();
    await unlock(user);
    const insights = await screen.findByRole('switch', { name: 'insights' });
    let answer: () => void = () => {};
    server.override.simple_admin_set_flag = (call) =>
      new Promise((resolve) => (answer = () => resolve(server.handle(call))));
    await user.click(insights);
    await waitFor(() => expect(rpcCalls('simple_admin_set_flag')).toHaveLength(1));
    expect(rpcCalls('simple_admin_set_flag')[0]?.args).toEqual({
      password: PASSWORD,
      flag_id: server.flags.find((f) => f.name === 'insights')?.id,
      enabled: true,
    });
    // Not before the server said yes.
    expect(insights).not.toBeChecked();
    const readsBefore = listReads();
    answer();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'insights' })).toBeChecked());
    expect(await screen.findByText('insights is now on')).toBeInTheDocument();
    // …in the one flag list the public site reads too, which is then read again to confirm it.
    expect(queryClient.getQueryData(flagQueries.list().queryKey)?.find((f) => f.name === 'insights')?.enabled).toBe(
      true,
    );
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
  });

  it('leaves the list as it was when a change fails, and says why', async () => {
    consoleErrorGuard.expect(/Simple admin flag update failed/);
    const { user } = renderPage();
    await unlock(user);
    server.override.simple_admin_set_flag = () => ({
      data: null,
      error: { message: 'Feature flag not found.', code: 'PT404' },
      status: 404,
    });
    await user.click(await screen.findByRole('switch', { name: 'products' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByText('Could not turn off products')).toBeInTheDocument();
    expect(screen.getByText('Database Error: Feature flag not found.')).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'products' })).toBeChecked();
  });

  it('asks before hiding a section and sends the reason with the password; the history shows it', async () => {
    const { user } = renderPage();
    await unlock(user);
    await user.click(await screen.findByRole('switch', { name: 'products' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Hide the Products section and the catalogue pages from the public site?',
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Out of stock');
    await user.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByText('products is now off')).toBeInTheDocument();
    expect(rpcCalls('simple_admin_set_flag')[0]?.args).toEqual({
      password: PASSWORD,
      flag_id: server.flags.find((f) => f.name === 'products')?.id,
      enabled: false,
      reason: 'Out of stock',
    });
    const [latest] = await historyRows();
    expect(latest).toHaveTextContent('products');
    expect(latest).toHaveTextContent('On → Off');
    expect(latest).toHaveTextContent('Reason: Out of stock');
    expect(latest).toHaveTextContent('Simple admin page');
    // Read with the password, like every call of this page.
    expect(
      rpcCalls('simple_admin_flag_changes').every((call) => (call.args as { password: string }).password === PASSWORD),
    ).toBe(true);
  });

  it('switches on at once, with the reason typed for it', async () => {
    const { user } = renderPage();
    await unlock(user);
    await user.type(await screen.findByRole('textbox', { name: 'Reason for your next change (optional)' }), 'Launch');
    await user.click(screen.getByRole('switch', { name: 'teams' }));
    expect(await screen.findByText('teams is now on')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(rpcCalls('simple_admin_set_flag')[0]?.args).toMatchObject({ enabled: true, reason: 'Launch' });
  });

  it('shows description changes and undoes changes with the password, an undo of an undo included', async () => {
    server.flags = server.flags.map((f) => (f.name === 'teams' ? { ...f, enabled: true } : f));
    server.editDescription('founder', 'Our founder.');
    const teamsOn = server.record({ flag_name: 'teams', old_enabled: false, new_enabled: true, source: 'portal' });
    const { user } = renderPage();
    await unlock(user);
    const rows = await historyRows();
    expect(rows[1]).toHaveTextContent('Description: “Founder section on the home page.” → “Our founder.”');

    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Undo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this change?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Too soon');
    await user.click(within(dialog).getByRole('button', { name: 'Undo change' }));
    expect(await screen.findByText('Change undone: teams is now off')).toBeInTheDocument();
    expect(rpcCalls('simple_admin_undo_change')[0]?.args).toEqual({
      password: PASSWORD,
      change_id: teamsOn.id,
      reason: 'Too soon',
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'teams' })).not.toBeChecked());

    await waitFor(async () => expect(await historyRows()).toHaveLength(3));
    const [undo] = await historyRows();
    expect(undo).toHaveTextContent('Simple admin page');
    await user.click(within(undo as HTMLElement).getByRole('button', { name: 'Undo' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Undo change' }));
    expect(await screen.findByText('Change undone: teams is now on')).toBeInTheDocument();
    expect(rpcCalls('simple_admin_undo_change')[1]?.args).toEqual({
      password: PASSWORD,
      change_id: server.changes[1]?.id,
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'teams' })).toBeChecked());
  }, 20_000);

  it('locks again when the server no longer accepts the password', async () => {
    const { user } = renderPage();
    await unlock(user);
    server.override.simple_admin_set_flag = () => ({ data: false, error: null });
    await user.click(await screen.findByRole('switch', { name: 'teams' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password.');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
  });

  it('logout returns to the locked gate and forgets the password', async () => {
    const { user } = renderPage();
    await unlock(user);
    await screen.findAllByRole('switch');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(JSON.stringify({ ...localStorage })).not.toContain(PASSWORD);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(PASSWORD);
  });

  it("shows 'Database Error: ' and the message when the list cannot be read", async () => {
    server.override.feature_flags = () => ({
      data: null,
      error: { message: 'permission denied for table feature_flags', code: '42501' },
      status: 401,
    });
    const { user } = renderPage();
    await unlock(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Database Error: permission denied for table feature_flags',
    );
  });

  it('shows the unexpected-error text when the server cannot be reached', async () => {
    server.override.feature_flags = () => ({
      data: null,
      error: { message: 'TypeError: Failed to fetch', code: '' },
      status: 0,
    });
    const { user } = renderPage();
    await unlock(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred while fetching feature flags.',
    );
  });

  it("shows 'No Feature Flags Found' with Try Again, which reloads", async () => {
    server.override.feature_flags = () => ({ data: [], error: null });
    const { user } = renderPage();
    await unlock(user);
    expect(await screen.findByRole('heading', { name: 'No Feature Flags Found' })).toBeInTheDocument();
    delete server.override.feature_flags;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByRole('switch')).toHaveLength(flagNames.length);
    expect(within(screen.getByRole('main')).queryByText('No Feature Flags Found')).not.toBeInTheDocument();
  });
});
