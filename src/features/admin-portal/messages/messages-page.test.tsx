import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { conversation, conversationResponder, message, RATE_LIMITED } from '@tests/support/conversations';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from '@tests/support/fake-supabase';
import { renderPortal } from '@tests/support/render-portal';
import { flagList } from '@tests/support/render';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

configure({ asyncUtilTimeout: 5000 });

const waiting = conversation({
  subject: 'Livraison',
  company_id: 'company-a',
  company_name: 'Épicerie Chloé Inc.',
  awaiting: 'staff',
  unread: true,
  last_message_preview: 'Bonjour, quand livrez-vous?',
});
const answered = conversation({
  subject: 'Price list',
  company_id: 'company-b',
  company_name: 'Bistro Bob Ltd.',
  awaiting: 'client',
  last_message_from_staff: true,
  last_message_at: '2026-11-23T10:00:00Z',
  last_message_preview: 'Attached.',
});
const old = conversation({
  subject: 'Old question',
  company_id: 'company-a',
  company_name: 'Épicerie Chloé Inc.',
  status: 'closed',
  last_message_at: '2026-11-25T10:00:00Z',
});
const thread = [
  message(waiting.id, {
    author_name: 'Chloé Client',
    body: 'Bonjour, quand livrez-vous? <script>alert(1)</script> http://x.example',
  }),
];

let override: (call: FakeCall) => FakeResponse | undefined;

beforeEach(() => {
  override = () => undefined;
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = conversationResponder(
    // Returned in any order: the page sorts open first, then newest.
    { conversations: [old, answered, waiting], messages: thread, override: (call) => override(call) },
    (call) => {
      if (call.rpc === 'admin_unread_notification_count') return { data: 0, error: null };
      return { data: call.method === 'select' ? flagList() : null, error: null };
    },
  );
});

const calls = (rpc: string) => fakeSupabase.state.calls.filter((call) => call.rpc === rpc);

describe('admin Messages', () => {
  it('lists open conversations first with company, last message and who must answer', async () => {
    renderPortal('/admin-portal/messages');
    const items = await screen.findAllByTestId('conversation');
    expect(items.map((item) => within(item).getAllByRole('link')[0]?.textContent)).toEqual([
      'Livraison',
      'Price list',
      'Old question',
    ]);
    expect(within(items[0]!).getByText('Waiting for us')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Unread')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Épicerie Chloé Inc.')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Client: Bonjour, quand livrez-vous?')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Waiting for client')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Closed')).toBeInTheDocument();
  });

  it('?company= narrows the list to one company', async () => {
    renderPortal('/admin-portal/messages?company=company-a');
    await waitFor(() =>
      expect(screen.getByText(/Showing the conversations of/)).toHaveTextContent('Épicerie Chloé Inc.'),
    );
    expect((await screen.findAllByTestId('conversation')).map((item) => item.querySelector('a')?.textContent)).toEqual([
      'Livraison',
      'Old question',
    ]);
  });

  it('a thread shows the message as text, marks it read, and sends a reply', async () => {
    const user = userEvent.setup();
    renderPortal(`/admin-portal/messages/${waiting.id}`);
    const list = await screen.findByRole('list', { name: 'Messages of “Livraison”' });
    expect(within(list).getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'http://x.example' })).toHaveAttribute('rel', 'noopener noreferrer');
    await waitFor(() => expect(calls('mark_conversation_read')).toHaveLength(1));
    await user.type(screen.getByLabelText('Reply'), 'Jeudi.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(calls('post_conversation_message')[0]?.args).toEqual({ conversation_id: waiting.id, body: 'Jeudi.' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Reply')).toHaveValue(''));
  });

  it('keeps the reply when the hourly limit refuses it', async () => {
    override = (call) => (call.rpc === 'post_conversation_message' ? RATE_LIMITED : undefined);
    const user = userEvent.setup();
    renderPortal(`/admin-portal/messages/${waiting.id}`);
    await user.type(await screen.findByLabelText('Reply'), 'Jeudi.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(/Too many messages from this account in the last hour/)).toBeInTheDocument();
    expect(screen.getByLabelText('Reply')).toHaveValue('Jeudi.');
  });

  it('Close closes it, Reopen reopens a closed one', async () => {
    const user = userEvent.setup();
    renderPortal(`/admin-portal/messages/${waiting.id}`);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(calls('set_conversation_status')[0]?.args).toEqual({ conversation_id: waiting.id, status: 'closed' }),
    );
    await user.click(screen.getByRole('link', { name: '← All conversations' }));
    await user.click(await screen.findByRole('link', { name: 'Old question' }));
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(calls('set_conversation_status')[1]?.args).toEqual({ conversation_id: old.id, status: 'open' }),
    );
  });
});
