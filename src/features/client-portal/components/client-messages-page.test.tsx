import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ClientMessagesPage from '@/features/client-portal/components/client-messages-page';
import { RequireRole } from '@/lib/session/require-role';
import { renderWithProviders } from '@tests/support/render';
import { createFakeBackend, withSession } from '@tests/support/fake-session';
import { portalResponder, type PortalAnswers } from '@tests/support/client-documents';
import {
  conversation,
  conversationResponder,
  message,
  NETWORK_DOWN,
  RATE_LIMITED,
  type ConversationAnswers,
} from '@tests/support/conversations';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
});

const delivery = conversation({ subject: 'Delivery dates', unread: true, last_message_from_staff: true });
const closed = conversation({
  subject: 'Invoice 1042',
  status: 'closed',
  awaiting: 'client',
  last_message_at: '2026-11-20T10:00:00Z',
  last_message_preview: 'Paid, thank you.',
});
const thread = [
  message(delivery.id, { body: 'When is the next delivery?', created_at: '2026-11-24T14:00:00Z' }),
  message(delivery.id, {
    author_name: 'Ada Admin',
    from_staff: true,
    body: 'Thursday. Tracking: https://track.example/abc and javascript:alert(1)',
    created_at: '2026-11-24T15:30:00Z',
  }),
];

function renderMessages(path: string, answers: ConversationAnswers = {}, portal: PortalAnswers = {}) {
  fakeSupabase.state.respond = conversationResponder(
    { conversations: [delivery, closed], messages: thread, ...answers },
    portalResponder(portal),
  );
  const fake = createFakeBackend({ initial: 'client' });
  const page = (
    <RequireRole role="client">
      <ClientMessagesPage />
    </RequireRole>
  );
  renderWithProviders(
    withSession(
      fake,
      <Routes>
        <Route path="/client/messages" element={page} />
        <Route path="/fr/client/messages" element={page} />
      </Routes>,
    ),
    { path },
  );
  return userEvent.setup();
}

/** The date as the page writes it in the machine's time zone ("Nov 24, 2026, 3:30 p.m." / "24 nov. 2026, 15 h 30" in UTC). */
const at = (iso: string, tag: string) => new Date(iso).toLocaleString(tag, { dateStyle: 'medium', timeStyle: 'short' });

const calls = (rpc: string) => fakeSupabase.state.calls.filter((call) => call.rpc === rpc);

describe('/client/messages', () => {
  it('lists the conversations with their unread marker and status, and the account manager beside them', async () => {
    renderMessages('/client/messages');
    const items = await screen.findAllByTestId('conversation');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      expect.stringContaining('Delivery dates'),
      expect.stringContaining('Invoice 1042'),
    ]);
    expect(within(items[0]!).getByText('Unread')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Open')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Account team: When is the next delivery?')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Closed')).toBeInTheDocument();
    expect(within(items[1]!).getByText('You: Paid, thank you.')).toBeInTheDocument();
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'admin@example.com' })).toHaveAttribute('href', 'mailto:admin@example.com');
    expect(screen.getByRole('link', { name: '+1 613 555 0100' })).toHaveAttribute('href', 'tel:+16135550100');
    // Without ?c= the page offers a new conversation.
    expect(screen.getByRole('heading', { name: 'Start a conversation' })).toBeInTheDocument();
  });

  it('?c= opens that conversation: oldest message first, author and date, safe links, marked read', async () => {
    renderMessages(`/client/messages?c=${delivery.id}`);
    const list = await screen.findByRole('list', { name: 'Messages of “Delivery dates”' });
    const items = within(list).getAllByTestId('message');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'When is the next delivery?',
      'Thursday. Tracking: https://track.example/abc and javascript:alert(1)',
    ]);
    expect(within(items[1]!).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(items[1]!).getByText(at('2026-11-24T15:30:00Z', 'en-CA'))).toBeInTheDocument();
    const link = within(items[1]!).getByRole('link', { name: 'https://track.example/abc' });
    expect(link).toHaveAttribute('href', 'https://track.example/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(items[1]!).getAllByRole('link')).toHaveLength(1);
    await waitFor(() => expect(calls('mark_conversation_read')[0]?.args).toEqual({ conversation_id: delivery.id }));
  });

  it('starts a conversation with a subject and a message, then opens it', async () => {
    const user = renderMessages('/client/messages', { startedId: delivery.id });
    await user.type(await screen.findByLabelText('Subject'), 'Delivery dates');
    await user.type(screen.getByLabelText('Message'), '  When is the next delivery?  ');
    expect(screen.getByText('26 / 5,000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your message has been sent to your account manager.')).toBeInTheDocument();
    expect(calls('start_conversation')[0]?.args).toEqual({
      subject: 'Delivery dates',
      body: 'When is the next delivery?',
    });
    expect(await screen.findByRole('heading', { name: 'Delivery dates', level: 2 })).toBeInTheDocument();
  });

  it('refuses an empty message and one over 5,000 characters, keeping the text', async () => {
    const user = renderMessages(`/client/messages?c=${delivery.id}`);
    const box = await screen.findByLabelText('Message');
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message before sending.')).toBeInTheDocument();
    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(5001));
    expect(screen.getByText('5,001 / 5,000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/The message is too long: 5,000 characters at most/)).toBeInTheDocument();
    expect(box).toHaveValue('x'.repeat(5001));
    expect(calls('post_conversation_message')).toHaveLength(0);
  });

  it('keeps the text when the server cannot be reached, and sends it on the next try', async () => {
    let down = true;
    const user = renderMessages(`/client/messages?c=${delivery.id}`, {
      override: (call) => (call.rpc === 'post_conversation_message' && down ? NETWORK_DOWN : undefined),
    });
    const box = await screen.findByLabelText('Message');
    await user.type(box, 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/the server could not be reached/);
    expect(box).toHaveValue('Thank you!');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your reply has been sent.')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(calls('post_conversation_message').at(-1)?.args).toEqual({
      conversation_id: delivery.id,
      body: 'Thank you!',
    });
  });

  it('in French: the hourly limit (HTTP 429) is explained in French and the text is kept', async () => {
    const user = renderMessages('/fr/client/messages', {
      override: (call) => (call.rpc === 'start_conversation' ? RATE_LIMITED : undefined),
    });
    expect(await screen.findByRole('heading', { name: 'Commencer une conversation' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Objet'), 'Livraison');
    await user.type(screen.getByLabelText('Message'), 'Bonjour, quand livrez-vous?');
    expect(screen.getByText(/^27 \/ 5\s000 caractères$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vous avez envoyé beaucoup de messages au cours de la dernière heure.',
    );
    expect(screen.getByLabelText('Objet')).toHaveValue('Livraison');
    expect(screen.getByLabelText('Message')).toHaveValue('Bonjour, quand livrez-vous?');
    expect(screen.getByText('Vos conversations')).toBeInTheDocument();
    expect(screen.getAllByText('Non lu').length).toBeGreaterThan(0);
  });

  it('in French: dates in fr-CA and the empty-message error in French', async () => {
    const user = renderMessages(`/fr/client/messages?c=${delivery.id}`);
    const list = await screen.findByRole('list', { name: 'Messages de «\u00a0Delivery dates\u00a0»' });
    expect(within(list).getByText(at('2026-11-24T15:30:00Z', 'fr-CA'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Écrivez un message avant d’envoyer.')).toBeInTheDocument();
  });

  it('a conversation that is not among the client’s says so', async () => {
    renderMessages('/client/messages?c=00000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('This conversation does not exist or is not yours.');
    expect(calls('mark_conversation_read')).toHaveLength(0);
  });
});
