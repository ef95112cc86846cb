import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flagQueries } from '@/lib/flags/flag-queries';
import type { FeatureFlag } from '@/lib/flags/flag-names';
import { consoleErrorGuard } from '../../utils/console-guard';
import { flagList } from '../../utils/render';
import { createFakeSupabaseState, fakeSupabaseClient, type FakeCall, type FakeResponse } from './fake-supabase';
import { renderPortal } from './portal-harness';

const supabaseState = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabaseState> }));
vi.mock('@/lib/supabase/client', () => ({
  supabase: new Proxy(
    {},
    { get: (_t, key) => (fakeSupabaseClient(supabaseState.current!) as Record<string | symbol, unknown>)[key] },
  ),
}));

let serverFlags: FeatureFlag[];
let onUpdate: (call: FakeCall) => FakeResponse | Promise<FakeResponse>;

function accept(call: FakeCall): FakeResponse {
  const id = call.filters.find(([column]) => column === 'id')?.[1];
  const values = call.values as { enabled: boolean };
  serverFlags = serverFlags.map((f) => (f.id === id ? { ...f, enabled: values.enabled } : f));
  return { data: serverFlags.find((f) => f.id === id), error: null };
}

beforeEach(() => {
  serverFlags = flagList();
  onUpdate = accept;
  supabaseState.current = createFakeSupabaseState();
  supabaseState.current.respond = (call) => {
    if (call.table === 'feature_flags' && call.method === 'update') return onUpdate(call);
    if (call.table === 'feature_flags') return { data: serverFlags, error: null };
    if (call.table === 'feature_flag_changes') return { data: [], error: null };
    if (call.table === 'user_roles') return { data: { role: 'admin' }, error: null };
    return { data: null, error: { message: `unexpected ${call.table}` } };
  };
});

const updates = () => supabaseState.current!.calls.filter((c) => c.method === 'update');
const switchFor = (name: string) => screen.getByRole('switch', { name });

describe('Sections & Features (spec 2.8)', () => {
  it('shows the counters, the three groups, badges and descriptions', async () => {
    serverFlags = flagList().map((f) => (f.name === 'teams' ? { ...f, description: 'Meet the people.' } : f));
    renderPortal('/admin-portal/sections');
    const counters = await screen.findByText('Total Sections');
    expect(counters.nextElementSibling).toHaveTextContent('18');
    const dt = (label: string) => screen.getByText(label, { selector: 'dt' });
    expect(dt('Active').nextElementSibling).toHaveTextContent('14');
    expect(dt('Hidden').nextElementSibling).toHaveTextContent('4');
    expect(dt('Nav Items').nextElementSibling).toHaveTextContent('6');

    const nav = screen.getByRole('region', { name: 'Main Navigation' });
    expect(within(nav).getAllByRole('switch')).toHaveLength(10);
    expect(within(screen.getByRole('region', { name: 'Homepage Sections' })).getAllByRole('switch')).toHaveLength(4);
    expect(within(screen.getByRole('region', { name: 'Site Features' })).getAllByRole('switch')).toHaveLength(4);

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
    onUpdate = (call) => new Promise((resolve) => (answer = () => resolve(accept(call))));
    const { queryClient } = renderPortal('/admin-portal/sections', { publicFlags: { insights: false } });
    await screen.findByRole('region', { name: 'Main Navigation' });

    await user.click(switchFor('insights'));
    // On screen before the server answers; the public site waits for the answer.
    expect(switchFor('insights')).toBeChecked();
    const publicInsights = () =>
      queryClient.getQueryData(flagQueries.list().queryKey)?.find((f) => f.name === 'insights')?.enabled;
    expect(publicInsights()).toBe(false);
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]).toMatchObject({
      table: 'feature_flags',
      values: { enabled: true, updated_at: expect.any(String) },
      filters: [['id', serverFlags.find((f) => f.name === 'insights')?.id]],
    });
    answer();
    expect(await screen.findByText('insights is now on')).toBeInTheDocument();
    expect(publicInsights()).toBe(true);
    await waitFor(() => expect(queryClient.getQueryState(flagQueries.list().queryKey)?.isInvalidated).toBe(true));
    expect(switchFor('insights')).toBeChecked();
  });

  it('rolls back a failed toggle, says so in a toast and logs it', async () => {
    consoleErrorGuard.expect(/Feature flag update failed/);
    const user = userEvent.setup();
    let fail: () => void = () => {};
    onUpdate = () =>
      new Promise(
        (resolve) =>
          (fail = () => resolve({ data: null, error: { message: 'permission denied', code: '42501' }, status: 403 })),
      );
    const { queryClient } = renderPortal('/admin-portal/sections', { publicFlags: {} });
    await screen.findByRole('region', { name: 'Main Navigation' });

    await user.click(switchFor('products'));
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
    serverFlags = flagList({ insights: false, teams: true, partnerships: false, solutions: true, brand_story: false });
    renderPortal('/admin-portal/sections');
    await user.click(await screen.findByRole('button', { name: 'Enable All Navigation' }));
    await waitFor(() => expect(updates()).toHaveLength(3));
    const changed = updates()
      .map((call) => serverFlags.find((f) => f.id === call.filters[0]?.[1])?.name)
      .sort();
    expect(changed).toEqual(['brand_story', 'insights', 'partnerships']);
    expect(updates().every((call) => (call.values as { enabled: boolean }).enabled === true)).toBe(true);
    expect(await screen.findByText('3 flags turned on')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enable All Navigation' })).toBeDisabled());
    // The other groups were untouched.
    expect(screen.getByRole('button', { name: 'Enable All Homepage Sections' })).toBeDisabled();
  });

  it('keeps the ones that worked when part of Enable All fails', async () => {
    consoleErrorGuard.expect(/Feature flag update failed/);
    const user = userEvent.setup();
    const teamsId = serverFlags.find((f) => f.name === 'teams')?.id;
    onUpdate = (call) =>
      call.filters[0]?.[1] === teamsId ? { data: null, error: { message: 'network down' }, status: 0 } : accept(call);
    renderPortal('/admin-portal/sections');
    await user.click(await screen.findByRole('button', { name: 'Enable All Navigation' }));
    expect(await screen.findByText('Could not turn on 1 of 4 flags')).toBeInTheDocument();
    await waitFor(() => expect(switchFor('teams')).not.toBeChecked());
    expect(switchFor('insights')).toBeChecked();
    expect(switchFor('solutions')).toBeChecked();
  });

  it("shows 'Error loading feature flags: {error}' when the list cannot be read", async () => {
    supabaseState.current!.respond = (call) =>
      call.table === 'user_roles'
        ? { data: { role: 'admin' }, error: null }
        : { data: null, error: { message: 'relation "feature_flags" does not exist', code: '42P01' }, status: 404 };
    renderPortal('/admin-portal/sections');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading feature flags: relation "feature_flags" does not exist',
    );
  });
});

describe('Feature Flags page (spec 2.8, D8)', () => {
  it('shows totals, every flag and the latest changes with who and when', async () => {
    supabaseState.current!.respond = (call) => {
      if (call.table === 'feature_flag_changes')
        return {
          data: [
            {
              id: 3,
              flag_name: 'insights',
              old_enabled: false,
              new_enabled: true,
              changed_by_email: 'admin@example.com',
              source: 'portal',
              changed_at: '2025-04-28T14:05:00Z',
            },
            {
              id: 2,
              flag_name: 'teams',
              old_enabled: true,
              new_enabled: false,
              changed_by_email: 'simple-admin',
              source: 'simple-admin',
              changed_at: '2025-04-27T09:00:00Z',
            },
          ],
          error: null,
        };
      if (call.table === 'feature_flags') return { data: serverFlags, error: null };
      return { data: { role: 'admin' }, error: null };
    };
    renderPortal('/admin-portal/feature-flags');
    expect((await screen.findByText('Total Flags')).nextElementSibling).toHaveTextContent('18');
    expect(screen.getByText('Active Flags').nextElementSibling).toHaveTextContent('14');
    expect(within(screen.getByRole('region', { name: 'All Flags' })).getAllByRole('switch')).toHaveLength(18);

    const history = screen.getByRole('region', { name: 'Change History' });
    const rows = await within(history).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('insights');
    expect(rows[0]).toHaveTextContent('Off → On');
    expect(rows[0]).toHaveTextContent('admin@example.com');
    expect(within(rows[0] as HTMLElement).getByText(/2025/)).toHaveAttribute('datetime', '2025-04-28T14:05:00Z');
    expect(rows[1]).toHaveTextContent('On → Off');
    expect(rows[1]).toHaveTextContent('Simple admin page');
  });

  it('refreshes the change history after a toggle', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/feature-flags');
    await within(await screen.findByRole('region', { name: 'Change History' })).findByText('No changes recorded yet.');
    const before = supabaseState.current!.calls.filter((c) => c.table === 'feature_flag_changes').length;
    await user.click(switchFor('teams'));
    await screen.findByText('teams is now on');
    await waitFor(() =>
      expect(supabaseState.current!.calls.filter((c) => c.table === 'feature_flag_changes').length).toBeGreaterThan(
        before,
      ),
    );
  });
});
