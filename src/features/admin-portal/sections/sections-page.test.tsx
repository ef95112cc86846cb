import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flagQueries } from '@/lib/flags/flag-queries';
import { flagRegistry } from '@/lib/flags/registry';
import { fakeSupabase } from '@tests/support/fake-supabase';
import { installFakeFlagServer, type FakeFlagServer } from '@tests/support/fake-flag-server';
import { renderPortal } from '@tests/support/render-portal';
import { consoleErrorGuard } from '@tests/support/console-guard';
import { flagList } from '@tests/support/render';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

let server: FakeFlagServer;

beforeEach(() => {
  server = installFakeFlagServer();
});

const switchFor = (name: string) => screen.getByRole('switch', { name });
const writes = () => server.rpcCalls('set_feature_flag');

describe('Sections & Features', () => {
  it('shows the counters, the three groups, badges and descriptions', async () => {
    server.flags = flagList().map((f) => (f.name === 'teams' ? { ...f, description: 'Meet the people.' } : f));
    renderPortal('/admin-portal/sections');
    const counters = await screen.findByText('Total Sections');
    // The server's flags are at their defaults.
    const inGroup = (group: string) => flagRegistry.filter((meta) => meta.group === group);
    const on = flagRegistry.filter((meta) => meta.default);
    expect(counters.nextElementSibling).toHaveTextContent(String(flagRegistry.length));
    const dt = (label: string) => screen.getByText(label, { selector: 'dt' });
    expect(dt('Active').nextElementSibling).toHaveTextContent(String(on.length));
    expect(dt('Hidden').nextElementSibling).toHaveTextContent(String(flagRegistry.length - on.length));
    expect(dt('Nav Items').nextElementSibling).toHaveTextContent(
      String(on.filter((meta) => meta.group === 'navigation').length),
    );

    const nav = screen.getByRole('region', { name: 'Main Navigation' });
    expect(within(nav).getAllByRole('switch')).toHaveLength(inGroup('navigation').length);
    const homepage = screen.getByRole('region', { name: 'Homepage Sections' });
    expect(within(homepage).getAllByRole('switch')).toHaveLength(inGroup('homepage').length);
    const features = screen.getByRole('region', { name: 'Site Features' });
    expect(within(features).getAllByRole('switch')).toHaveLength(inGroup('features').length);
    expect(screen.getAllByRole('switch')).toHaveLength(flagRegistry.length);
    expect(screen.queryByRole('region', { name: 'Other Flags' })).not.toBeInTheDocument();

    expect(switchFor('teams')).toHaveAccessibleDescription(/Meet the people\./);
    expect(switchFor('products')).toHaveAccessibleDescription(/Products section on the home page/);
    const insightsRow = switchFor('insights').closest('li') as HTMLElement;
    expect(within(insightsRow).getByText('Hidden')).toBeInTheDocument();
    const productsRow = switchFor('products').closest('li') as HTMLElement;
    expect(within(productsRow).getByText('Visible')).toBeInTheDocument();
  });

  it('toggles optimistically, then confirms with a toast and refreshes the public flags', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    server.override.set_feature_flag = (call) =>
      new Promise((resolve) => (answer = () => resolve(server.handle(call))));
    const { queryClient } = renderPortal('/admin-portal/sections', { publicFlags: { insights: false } });
    await screen.findByRole('region', { name: 'Main Navigation' });

    const publicInsights = () =>
      queryClient.getQueryData(flagQueries.list().queryKey)?.find((f) => f.name === 'insights')?.enabled;
    expect(publicInsights()).toBe(false);
    await user.click(switchFor('insights'));
    // Switching on asks nothing. On screen before the server answers, in the one
    // flag list the public site reads too.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(switchFor('insights')).toBeChecked();
    expect(publicInsights()).toBe(true);
    await waitFor(() => expect(writes()).toHaveLength(1));
    // Only the flag and its value (no reason was given); the database stamps the rest.
    expect(writes()[0]?.args).toEqual({ flag_id: server.flags.find((f) => f.name === 'insights')?.id, enabled: true });
    const readsBefore = server.listReads();
    answer();
    expect(await screen.findByText('insights is now on')).toBeInTheDocument();
    expect(publicInsights()).toBe(true);
    // …and the flag list is read again to confirm it.
    await waitFor(() => expect(server.listReads()).toBeGreaterThan(readsBefore));
    expect(switchFor('insights')).toBeChecked();
  });

  it('rolls back a failed toggle, says so in a toast and logs it', async () => {
    consoleErrorGuard.expect(/Feature flag update failed/);
    const user = userEvent.setup();
    let fail: () => void = () => {};
    server.override.set_feature_flag = () =>
      new Promise(
        (resolve) =>
          (fail = () => resolve({ data: null, error: { message: 'permission denied', code: '42501' }, status: 403 })),
      );
    const { queryClient } = renderPortal('/admin-portal/sections', { publicFlags: {} });
    await screen.findByRole('region', { name: 'Main Navigation' });

    await user.click(switchFor('products'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Switch off' }));
    expect(switchFor('products')).not.toBeChecked();
    fail();
    expect(await screen.findByText('Could not turn off products')).toBeInTheDocument();
    expect(screen.getByText('permission denied')).toBeInTheDocument();
    await waitFor(() => expect(switchFor('products')).toBeChecked());
    const row = switchFor('products').closest('li') as HTMLElement;
    expect(within(row).getByText('Visible')).toBeInTheDocument();
    expect(consoleErrorGuard.messages().join('\n')).toMatch(/permission denied/);
    // The public site never saw the refused change.
    expect(queryClient.getQueryData(flagQueries.list().queryKey)?.find((f) => f.name === 'products')?.enabled).toBe(
      true,
    );
  });

  it('Enable All switches on only the flags of the group that are off', async () => {
    const user = userEvent.setup();
    server.flags = flagList({ insights: false, teams: true, partnerships: false, solutions: true, brand_story: false });
    renderPortal('/admin-portal/sections');
    await user.click(await screen.findByRole('button', { name: 'Enable All Navigation' }));
    await waitFor(() => expect(writes()).toHaveLength(3));
    const changed = writes()
      .map((call) => server.flags.find((f) => f.id === (call.args as { flag_id: string }).flag_id)?.name)
      .sort();
    expect(changed).toEqual(['brand_story', 'insights', 'partnerships']);
    expect(writes().every((call) => (call.args as { enabled: boolean }).enabled === true)).toBe(true);
    expect(await screen.findByText('3 flags turned on')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enable All Navigation' })).toBeDisabled());
    // The other groups were untouched.
    expect(screen.getByRole('button', { name: 'Enable All Homepage Sections' })).toBeDisabled();
  });

  it('keeps the ones that worked when part of Enable All fails', async () => {
    consoleErrorGuard.expect(/Feature flag update failed/);
    const user = userEvent.setup();
    const teamsId = server.flags.find((f) => f.name === 'teams')?.id;
    server.override.set_feature_flag = (call) =>
      (call.args as { flag_id: string }).flag_id === teamsId
        ? { data: null, error: { message: 'network down' }, status: 0 }
        : server.handle(call);
    renderPortal('/admin-portal/sections');
    await user.click(await screen.findByRole('button', { name: 'Enable All Navigation' }));
    expect(await screen.findByText('Could not turn on 1 of 4 flags')).toBeInTheDocument();
    await waitFor(() => expect(switchFor('teams')).not.toBeChecked());
    expect(switchFor('insights')).toBeChecked();
    expect(switchFor('solutions')).toBeChecked();
  });

  it('asks before hiding a section, naming it; Cancel changes nothing', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/sections');
    await user.click(await screen.findByRole('switch', { name: 'products' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Hide the Products section and the catalogue pages from the public site?',
    });
    expect(dialog).toHaveAccessibleDescription(
      'The products section leaves the home page, its links leave the navigation and the footer, and the catalogue pages answer "page not found" in both languages.',
    );
    // Behind the question (hidden from assistive technology while it is open), nothing has changed yet.
    expect(screen.getByRole('switch', { name: 'products', hidden: true })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('switch', { name: 'products' })).toBeChecked();
    // Escape is a cancel too.
    await user.click(switchFor('products'));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('switch', { name: 'products' })).toBeChecked();
    expect(writes()).toHaveLength(0);
  });

  it('switches off once confirmed, with the reason typed in the question', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/sections');
    await user.click(await screen.findByRole('switch', { name: 'founder' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hide the Founder section from the public site?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'New portrait coming');
    await user.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByText('founder is now off')).toBeInTheDocument();
    expect(writes()[0]?.args).toEqual({
      flag_id: server.flags.find((f) => f.name === 'founder')?.id,
      enabled: false,
      reason: 'New portrait coming',
    });
    expect(server.changes[0]).toMatchObject({
      flag_name: 'founder',
      new_enabled: false,
      reason: 'New portrait coming',
    });
  });

  it('does not ask before switching off what visitors do not see', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/sections');
    await user.click(await screen.findByRole('switch', { name: 'domain_failover' }));
    expect(await screen.findByText('domain_failover is now off')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sends the reason typed for the next change with a switch-on, then forgets it', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/sections');
    const reason = await screen.findByRole('textbox', { name: 'Reason for your next change (optional)' });
    await user.type(reason, 'Teams page approved');
    await user.click(switchFor('teams'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.args).toMatchObject({ enabled: true, reason: 'Teams page approved' });
    expect(reason).toHaveValue('');
    await user.click(switchFor('partnerships'));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]?.args).not.toHaveProperty('reason');
  });

  it('Enable All says what it will switch on', async () => {
    server.flags = flagList({ insights: false, teams: true, partnerships: false, solutions: false });
    renderPortal('/admin-portal/sections');
    expect(await screen.findByRole('button', { name: 'Enable All Navigation' })).toHaveAccessibleDescription(
      'Switches on Insights, Partnerships and Solutions.',
    );
    expect(screen.getByRole('button', { name: 'Enable All Features' })).toHaveAccessibleDescription(
      'Everything in this group is on.',
    );
  });

  it("shows 'Error loading feature flags: {error}' when the list cannot be read", async () => {
    fakeSupabase.state.respond = (call) =>
      call.table === 'user_roles'
        ? { data: { role: 'admin' }, error: null }
        : { data: null, error: { message: 'relation "feature_flags" does not exist', code: '42P01' }, status: 404 };
    renderPortal('/admin-portal/sections');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading feature flags: relation "feature_flags" does not exist',
    );
  });
});
