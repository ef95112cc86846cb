import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';
import { renderPortal } from '@tests/support/render-portal';
import { flagList } from '@tests/support/render';
import type { AdminNotification } from './notifications-api';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

configure({ asyncUtilTimeout: 5000 });

let items: AdminNotification[];

beforeEach(() => {
  items = [
    {
      key: 'client_message:c1:1764100000',
      kind: 'client_message',
      title: 'Épicerie Chloé Inc.: Livraison',
      detail: 'Bonjour, quand livrez-vous?',
      link: '/admin-portal/messages/c1',
      created_at: '2026-11-25T14:00:00Z',
      read: false,
    },
    {
      key: 'access_request:r1',
      kind: 'access_request',
      title: 'Access request from rita@example.com',
      detail: null,
      link: '/admin-portal/users',
      created_at: '2026-11-24T14:00:00Z',
      read: true,
    },
    {
      key: 'mail_failed:m1',
      kind: 'mail_failed',
      title: 'Email to a@example.com not delivered',
      detail: 'SMTP refused',
      link: 'javascript:alert(1)',
      created_at: '2026-11-23T14:00:00Z',
      read: false,
    },
  ];
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = (call) => {
    if (call.rpc === 'admin_notifications') return { data: items, error: null };
    if (call.rpc === 'admin_unread_notification_count') {
      return { data: items.filter((item) => !item.read).length, error: null };
    }
    if (call.rpc === 'mark_notifications_read') {
      const keys = (call.args as { keys?: string[] }).keys;
      items = items.map((item) => (!keys || keys.includes(item.key) ? { ...item, read: true } : item));
      return { data: null, error: null };
    }
    return { data: call.method === 'select' ? flagList() : null, error: null };
  };
});

const calls = (rpc: string) => fakeSupabase.state.calls.filter((call) => call.rpc === rpc);
const badge = () => within(screen.getByRole('navigation', { name: 'Admin Portal' })).queryByTestId('sidebar-badge');

describe('admin Notifications', () => {
  it('lists the feed, unread ones marked, each linking where it is handled; the sidebar counts the unread', async () => {
    renderPortal('/admin-portal/notifications');
    const rows = await screen.findAllByTestId('notification');
    expect(rows.map((row) => row.getAttribute('data-read'))).toEqual(['false', 'true', 'false']);
    expect(within(rows[0]!).getByText('Unread')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Client message')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Épicerie Chloé Inc.: Livraison' })).toHaveAttribute(
      'href',
      '/admin-portal/messages/c1',
    );
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/admin-portal/users');
    // A link that is not a portal path is shown as text.
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('2 unread'));
    expect(screen.getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName('Notifications 2 unread');
  });

  it('links an item only to a section the reader’s role opens', async () => {
    items = [
      { ...items[0]!, key: 'publish_failed:p1', kind: 'publish_failed', link: '/admin-portal/content' },
      { ...items[1]!, key: 'publish_failed:p0', kind: 'publish_failed', link: '/admin-portal/feature-flags' },
    ];
    renderPortal('/admin-portal/notifications', { role: 'editor' });
    const rows = await screen.findAllByTestId('notification');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/admin-portal/content');
    // Feature Flags is an admin's: the item reads as text, never a link to "Not for your role".
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText(/^A publish of the site that failed/)).toBeInTheDocument();
  });

  it('Mark as read marks one item; Mark all as read the rest; the sidebar count follows', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/notifications');
    await user.click(await screen.findByRole('button', { name: 'Mark as read: Épicerie Chloé Inc.: Livraison' }));
    await waitFor(() =>
      expect(calls('mark_notifications_read')[0]?.args).toEqual({ keys: ['client_message:c1:1764100000'] }),
    );
    await waitFor(() => expect(badge()).toHaveTextContent('1 unread'));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls('mark_notifications_read')[1]?.args).toEqual({}));
    await waitFor(() => expect(badge()).not.toBeInTheDocument());
    expect(screen.getAllByTestId('notification').map((row) => row.getAttribute('data-read'))).toEqual([
      'true',
      'true',
      'true',
    ]);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('polls the unread count every 30 seconds while the portal is open', async () => {
    const { queryClient } = renderPortal('/admin-portal/dashboard');
    await waitFor(() => expect(calls('admin_unread_notification_count').length).toBeGreaterThan(0));
    const query = queryClient.getQueryCache().find({ queryKey: ['admin', 'notifications', 'unread-count'] });
    const options = query?.options as { refetchInterval?: unknown; refetchIntervalInBackground?: unknown };
    expect(options.refetchInterval).toBe(30_000);
    expect(options.refetchIntervalInBackground).toBe(false);
  });
});
