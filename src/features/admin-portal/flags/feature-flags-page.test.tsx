import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFlags, flagNames } from '@/lib/flags/defaults';
import { fakeSupabase } from '@tests/support/fake-supabase';
import { installFakeFlagServer, type FakeFlagServer } from '@tests/support/fake-flag-server';
import { renderPortal } from '@tests/support/render-portal';
import { consoleErrorGuard } from '@tests/support/console-guard';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

let server: FakeFlagServer;

beforeEach(() => {
  server = installFakeFlagServer();
});

const switchFor = (name: string) => screen.getByRole('switch', { name });
const historyRows = async () =>
  within(await screen.findByRole('region', { name: 'Change History' })).findAllByRole('listitem');

describe('Feature Flags page', () => {
  it('shows totals, every flag and the latest changes with who, when and why', async () => {
    server.record({
      flag_name: 'teams',
      old_enabled: true,
      new_enabled: false,
      changed_by_email: 'simple-admin',
      source: 'simple-admin',
      changed_at: '2025-04-27T09:00:00Z',
    });
    server.record({
      flag_name: 'insights',
      old_enabled: false,
      new_enabled: true,
      changed_by_email: 'admin@example.com',
      source: 'portal',
      reason: 'News section launched',
      changed_at: '2025-04-28T14:05:00Z',
    });
    renderPortal('/admin-portal/feature-flags');
    const on = flagNames.filter((name) => defaultFlags[name]);
    expect((await screen.findByText('Total Flags')).nextElementSibling).toHaveTextContent(String(flagNames.length));
    expect(screen.getByText('Active Flags').nextElementSibling).toHaveTextContent(String(on.length));
    expect(within(screen.getByRole('region', { name: 'All Flags' })).getAllByRole('switch')).toHaveLength(
      flagNames.length,
    );

    const rows = await historyRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('insights');
    expect(rows[0]).toHaveTextContent('Off → On');
    expect(rows[0]).toHaveTextContent('admin@example.com');
    expect(rows[0]).toHaveTextContent('Reason: News section launched');
    expect(within(rows[0] as HTMLElement).getByText(/2025/)).toHaveAttribute('datetime', '2025-04-28T14:05:00Z');
    expect(rows[1]).toHaveTextContent('On → Off');
    expect(rows[1]).toHaveTextContent('Simple admin page');
    expect(rows[1]).not.toHaveTextContent('Reason');
  });

  it('shows the latest 50 changes, newest first, when the history holds more', async () => {
    // 51 changes, recorded oldest first: founder's number n on day n of 2025.
    for (let n = 1; n <= 51; n += 1) {
      server.record({
        flag_name: 'founder',
        reason: `change ${n}`,
        changed_at: new Date(Date.UTC(2025, 0, n, 12)).toISOString(),
      });
    }
    // The model answers all of them, oldest first: the page's query must sort and cut.
    server.changes = [...server.changes].reverse();
    renderPortal('/admin-portal/feature-flags');
    const rows = await historyRows();
    expect(rows).toHaveLength(50);
    expect(rows[0]).toHaveTextContent('Reason: change 51');
    expect(rows[49]).toHaveTextContent('Reason: change 2');
    expect(screen.queryByText('Reason: change 1')).not.toBeInTheDocument();
  });

  it('shows a change of description like a change of the switch', async () => {
    server.editDescription('founder', 'Our founder, Eleni.');
    renderPortal('/admin-portal/feature-flags');
    const [row] = await historyRows();
    expect(row).toHaveTextContent('founder');
    expect(row).toHaveTextContent('Description: “Founder section on the home page.” → “Our founder, Eleni.”');
    expect(within(row as HTMLElement).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('undoes a change after asking, with a reason, and the undo can be undone', async () => {
    const user = userEvent.setup();
    server.flags = server.flags.map((f) => (f.name === 'teams' ? { ...f, enabled: true } : f));
    const change = server.record({ flag_name: 'teams', old_enabled: false, new_enabled: true, source: 'portal' });
    renderPortal('/admin-portal/feature-flags');
    const [row] = await historyRows();
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Undo' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this change?' });
    expect(dialog).toHaveAccessibleDescription(
      /^Teams goes back to Off: this hides the Teams page from the public site\./,
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Not ready');
    await user.click(within(dialog).getByRole('button', { name: 'Undo change' }));
    expect(await screen.findByText('Change undone: teams is now off')).toBeInTheDocument();
    expect(server.rpcCalls('undo_feature_flag_change')[0]?.args).toEqual({ change_id: change.id, reason: 'Not ready' });
    await waitFor(() => expect(switchFor('teams')).not.toBeChecked());
    // The undo is in the history, marked as one, with its reason.
    await waitFor(async () => expect(await historyRows()).toHaveLength(2));
    const [undo] = await historyRows();
    expect(undo).toHaveTextContent('On → Off');
    expect(undo).toHaveTextContent('Reason: Not ready');
    expect(within(undo as HTMLElement).getByText('Undo', { selector: 'span' })).toBeInTheDocument();

    // Undo of the undo: teams is on again.
    await user.click(within(undo as HTMLElement).getByRole('button', { name: 'Undo' }));
    const again = await screen.findByRole('alertdialog', { name: 'Undo this change?' });
    expect(again).toHaveAccessibleDescription('Teams goes back to On.');
    await user.click(within(again).getByRole('button', { name: 'Undo change' }));
    expect(await screen.findByText('Change undone: teams is now on')).toBeInTheDocument();
    expect(server.rpcCalls('undo_feature_flag_change')[1]?.args).toEqual({ change_id: server.changes[1]?.id });
    await waitFor(() => expect(switchFor('teams')).toBeChecked());
  }, 20_000);

  it('restores a description with Undo', async () => {
    const user = userEvent.setup();
    server.editDescription('founder', 'Our founder, Eleni.');
    renderPortal('/admin-portal/feature-flags');
    const [row] = await historyRows();
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Undo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this change?' });
    expect(dialog).toHaveAccessibleDescription(
      'The description of Founder goes back to “Founder section on the home page.”.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Undo change' }));
    expect(await screen.findByText('Change undone: the description of founder is back')).toBeInTheDocument();
    await waitFor(() => expect(switchFor('founder')).toHaveAccessibleDescription(/Founder section on the home page\./));
  });

  it('says why an undo failed, and logs it', async () => {
    consoleErrorGuard.expect(/Undo of flag change/);
    const user = userEvent.setup();
    // The history says teams was switched on, but it is off again already.
    server.record({ flag_name: 'teams', old_enabled: false, new_enabled: true, source: 'portal' });
    renderPortal('/admin-portal/feature-flags');
    const [row] = await historyRows();
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Undo' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Undo change' }));
    expect(await screen.findByText('Could not undo the change to teams')).toBeInTheDocument();
    expect(screen.getByText('teams is already off: there is nothing to undo.')).toBeInTheDocument();
  });

  it('refreshes the change history after a toggle', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/feature-flags');
    await within(await screen.findByRole('region', { name: 'Change History' })).findByText('No changes recorded yet.');
    const before = fakeSupabase.state.calls.filter((c) => c.table === 'feature_flag_changes').length;
    await user.click(switchFor('teams'));
    await screen.findByText('teams is now on');
    await waitFor(() =>
      expect(fakeSupabase.state.calls.filter((c) => c.table === 'feature_flag_changes').length).toBeGreaterThan(before),
    );
  });
});
