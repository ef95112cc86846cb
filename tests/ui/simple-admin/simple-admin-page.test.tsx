import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SimpleAdminPage from '@/features/simple-admin/components/simple-admin-page';
import { flagQueries } from '@/lib/flags/flag-queries';
import type { FeatureFlag } from '@/lib/flags/flag-names';
import { consoleErrorGuard } from '../../utils/console-guard';
import { flagList, renderWithProviders } from '../../utils/render';
import { createFakeSupabaseState, fakeSupabaseClient, type FakeCall, type FakeResponse } from '../admin/fake-supabase';

const supabaseState = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabaseState> }));
vi.mock('@/lib/supabase/client', () => ({
  supabase: new Proxy(
    {},
    { get: (_t, key) => (fakeSupabaseClient(supabaseState.current!) as Record<string | symbol, unknown>)[key] },
  ),
}));

const PASSWORD = 'Correct#Horse2025';
let serverFlags: FeatureFlag[];
let onUnlock: (call: FakeCall) => FakeResponse;
let onSetFlag: (call: FakeCall) => FakeResponse | Promise<FakeResponse>;
let onList: () => FakeResponse;

function setFlagAccepting(call: FakeCall): FakeResponse {
  const args = call.args as { password: string; flag_id: string; enabled: boolean };
  if (args.password !== PASSWORD) return { data: false, error: null };
  serverFlags = serverFlags.map((f) => (f.id === args.flag_id ? { ...f, enabled: args.enabled } : f));
  return { data: true, error: null };
}

beforeEach(() => {
  serverFlags = flagList();
  onUnlock = (call) => ({ data: (call.args as { password: string }).password === PASSWORD, error: null });
  onSetFlag = setFlagAccepting;
  onList = () => ({ data: serverFlags, error: null });
  supabaseState.current = createFakeSupabaseState();
  supabaseState.current.respond = (call) => {
    if (call.rpc === 'simple_admin_unlock') return onUnlock(call);
    if (call.rpc === 'simple_admin_set_flag') return onSetFlag(call);
    if (call.table === 'feature_flags') return onList();
    return { data: null, error: { message: `unexpected call ${call.table ?? call.rpc}` } };
  };
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

const rpcCalls = (name: string) => supabaseState.current!.calls.filter((c) => c.rpc === name);

describe('/simple-admin (spec 2.7, D2)', () => {
  it('starts locked, showing no flags and reading nothing', () => {
    const { queryClient } = renderPage();
    expect(queryClient.getQueryState(flagQueries.list().queryKey)?.isInvalidated).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Simple Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(supabaseState.current!.calls).toHaveLength(0);
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
    onUnlock = () => ({
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
    expect(await screen.findAllByRole('switch')).toHaveLength(18);
    expect(screen.getByRole('switch', { name: 'insights' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'products' })).toBeChecked();
  });

  it('changes a flag with the password, only once the server accepts it', async () => {
    const { user, queryClient } = renderPage();
    await unlock(user);
    const insights = await screen.findByRole('switch', { name: 'insights' });
    let answer: () => void = () => {};
    onSetFlag = (call) => new Promise((resolve) => (answer = () => resolve(setFlagAccepting(call))));
    await user.click(insights);
    await waitFor(() => expect(rpcCalls('simple_admin_set_flag')).toHaveLength(1));
    expect(rpcCalls('simple_admin_set_flag')[0]?.args).toEqual({
      password: PASSWORD,
      flag_id: serverFlags.find((f) => f.name === 'insights')?.id,
      enabled: true,
    });
    // Not before the server said yes.
    expect(insights).not.toBeChecked();
    answer();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'insights' })).toBeChecked());
    expect(await screen.findByText('insights is now on')).toBeInTheDocument();
    // …and the public site in this tab shows it at once, then refetches its flags.
    expect(queryClient.getQueryData(flagQueries.list().queryKey)?.find((f) => f.name === 'insights')?.enabled).toBe(
      true,
    );
    expect(queryClient.getQueryState(flagQueries.list().queryKey)?.isInvalidated).toBe(true);
  });

  it('leaves the list as it was when a change fails, and says why', async () => {
    consoleErrorGuard.expect(/Simple admin flag update failed/);
    const { user } = renderPage();
    await unlock(user);
    onSetFlag = () => ({ data: null, error: { message: 'Feature flag not found.', code: 'PT404' }, status: 404 });
    await user.click(await screen.findByRole('switch', { name: 'products' }));
    expect(await screen.findByText('Could not turn off products')).toBeInTheDocument();
    expect(screen.getByText('Database Error: Feature flag not found.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'products' })).toBeChecked();
  });

  it('locks again when the server no longer accepts the password', async () => {
    const { user } = renderPage();
    await unlock(user);
    onSetFlag = () => ({ data: false, error: null });
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
    onList = () => ({
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
    onList = () => ({ data: null, error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 });
    const { user } = renderPage();
    await unlock(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred while fetching feature flags.',
    );
  });

  it("shows 'No Feature Flags Found' with Try Again, which reloads", async () => {
    onList = () => ({ data: [], error: null });
    const { user } = renderPage();
    await unlock(user);
    expect(await screen.findByRole('heading', { name: 'No Feature Flags Found' })).toBeInTheDocument();
    onList = () => ({ data: serverFlags, error: null });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByRole('switch')).toHaveLength(18);
    expect(within(screen.getByRole('main')).queryByText('No Feature Flags Found')).not.toBeInTheDocument();
  });
});
