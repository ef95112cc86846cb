import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import {
  conversationQueries,
  markConversationRead,
  postConversationMessage,
  setConversationStatus,
  type ConversationSummary,
} from '@/lib/conversations/api';
import { MessageComposer, type ComposerTexts } from '@/lib/conversations/message-composer';
import { formatWhen, MessageThread } from '@/lib/conversations/message-thread';
import { notificationQueries } from '@/features/admin-portal/notifications/notifications-api';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';

/** The staff's words for the reply box (staff screens are English). */
export const STAFF_COMPOSER: ComposerTexts = {
  subject: 'Subject',
  body: 'Reply',
  counter: (count, max) => `${count} / ${max} characters`,
  send: 'Send reply',
  sending: 'Sending…',
  rules: {
    empty: 'Write a reply before sending.',
    tooLong: 'The reply is too long: 5,000 characters at most.',
    subjectEmpty: 'Enter a subject.',
    subjectTooLong: 'The subject is too long: 200 characters at most.',
  },
  failed: {
    'rate-limit': 'Too many messages from this account in the last hour. Wait a while; the reply is kept here.',
    invalid: 'The reply was refused: it must be between 1 and 5,000 characters. The reply is kept here.',
    network: 'The reply could not be sent: the server could not be reached. The reply is kept here; try again.',
    other: 'The reply could not be sent. The reply is kept here; try again in a moment.',
  },
};

const conversationPath = (id: string) => `${paths.adminPortal('messages')}/${id}`;

/** Messages (docs/decisions/118-conversation-screens.md): the inbox, and each conversation at `messages/:id`. */
export function MessagesPage() {
  return (
    <Routes>
      <Route index element={<Inbox />} />
      <Route path=":conversationId" element={<ConversationView />} />
    </Routes>
  );
}

function AwaitingBadge({ conversation }: { conversation: ConversationSummary }) {
  if (conversation.status === 'closed') return <Badge>Closed</Badge>;
  return conversation.awaiting === 'staff' ? (
    <Badge variant="danger">Waiting for us</Badge>
  ) : (
    <Badge variant="success">Waiting for client</Badge>
  );
}

function Inbox() {
  const [params] = useSearchParams();
  const companyId = params.get('company');
  const list = useQuery(conversationQueries.list());
  const all = list.data ?? [];
  // Narrows what the staff member may read anyway; never a permission check.
  const conversations = companyId ? all.filter((conversation) => conversation.company_id === companyId) : all;
  const companyName = companyId ? all.find((c) => c.company_id === companyId)?.company_name : undefined;

  return (
    <AdminPage
      section="messages"
      title="Messages"
      description="Conversations with client companies: open ones first, the most recent at the top."
    >
      {companyId ? (
        <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-ink">
            Showing the conversations of <strong>{companyName ?? 'this company'}</strong>.
          </span>
          <Link to={paths.adminPortal('messages')} className="font-semibold text-brand-700 underline">
            Show all companies
          </Link>
        </p>
      ) : null}
      {list.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading conversations…
        </p>
      ) : null}
      {list.error ? (
        <p role="alert" className="text-danger">
          The conversations could not be loaded: {list.error.message}
        </p>
      ) : null}
      {list.isSuccess && conversations.length === 0 ? (
        <p className="text-ink-muted">
          {companyId ? 'This company has no conversations yet.' : 'No conversations yet.'}
        </p>
      ) : null}
      {conversations.length > 0 ? (
        <Card>
          <ul className="divide-y divide-sand-200">
            {conversations.map((conversation) => (
              <li key={conversation.id} data-testid="conversation" className="p-4">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <Link
                      to={conversationPath(conversation.id)}
                      className={cn(
                        'break-words text-brand-700 underline-offset-2 hover:underline',
                        conversation.unread ? 'font-bold' : 'font-semibold',
                      )}
                    >
                      {conversation.subject}
                    </Link>
                    <p className="text-sm text-ink">{conversation.company_name}</p>
                    {conversation.last_message_preview ? (
                      <p className="mt-1 line-clamp-2 break-words text-sm text-ink-muted">
                        {conversation.last_message_from_staff ? 'Staff' : 'Client'}: {conversation.last_message_preview}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-col sm:items-end">
                    <span className="flex gap-2">
                      {conversation.unread ? <Badge variant="brand">Unread</Badge> : null}
                      <AwaitingBadge conversation={conversation} />
                    </span>
                    <time dateTime={conversation.last_message_at} className="text-xs text-ink-muted">
                      {formatWhen(conversation.last_message_at, 'en-CA')}
                    </time>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </AdminPage>
  );
}

function ConversationView() {
  const { conversationId = '' } = useParams();
  const list = useQuery(conversationQueries.list());
  const conversation = list.data?.find((c) => c.id === conversationId);
  const messages = useQuery({ ...conversationQueries.messages(conversationId), enabled: Boolean(conversation) });
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const latest = messages.data?.at(-1)?.id;

  useEffect(() => {
    if (!latest) return;
    let current = true;
    markConversationRead(conversationId).then(
      () => {
        if (!current) return;
        void queryClient.invalidateQueries({ queryKey: conversationQueries.list().queryKey });
        void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [conversationId, latest, queryClient]);

  const status = useMutation({
    mutationFn: (next: 'open' | 'closed') => setConversationStatus({ conversationId, status: next }),
    onSuccess: (_data, next) => {
      void queryClient.invalidateQueries({ queryKey: conversationQueries.all() });
      void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
      toast({ title: next === 'closed' ? 'Conversation closed.' : 'Conversation reopened.', variant: 'success' });
    },
    onError: (error) => toast({ title: 'The change failed.', description: error.message, variant: 'error' }),
  });

  return (
    <AdminPage
      section="messages"
      title={conversation?.subject ?? 'Conversation'}
      description={conversation ? `With ${conversation.company_name}` : 'A conversation with a client company.'}
      actions={
        conversation ? (
          <Button
            variant="secondary"
            disabled={status.isPending}
            onClick={() => status.mutate(conversation.status === 'open' ? 'closed' : 'open')}
          >
            {conversation.status === 'open' ? 'Close' : 'Reopen'}
          </Button>
        ) : null
      }
    >
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1">
        <Link to={paths.adminPortal('messages')} className="font-semibold text-brand-700 underline">
          ← All conversations
        </Link>
        {conversation ? (
          <Link
            to={`${paths.adminPortal('companies')}/${conversation.company_id}`}
            className="font-semibold text-brand-700 underline"
          >
            {conversation.company_name}
          </Link>
        ) : null}
      </p>
      {list.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading the conversation…
        </p>
      ) : null}
      {list.error ? (
        <p role="alert" className="text-danger">
          The conversation could not be loaded: {list.error.message}
        </p>
      ) : null}
      {list.isSuccess && !conversation ? <p className="text-ink-muted">There is no such conversation.</p> : null}
      {conversation ? (
        <div className="space-y-6">
          <p>
            <AwaitingBadge conversation={conversation} />
          </p>
          <Card className="p-4 sm:p-6">
            <h2 className="sr-only">Messages</h2>
            {messages.isPending ? (
              <p role="status" className="text-ink-muted">
                Loading messages…
              </p>
            ) : messages.error ? (
              <p role="alert" className="text-danger">
                The messages could not be loaded: {messages.error.message}
              </p>
            ) : (
              <MessageThread
                messages={messages.data}
                ownSide="staff"
                tag="en-CA"
                label={`Messages of “${conversation.subject}”`}
              />
            )}
          </Card>
          <Card className="p-4 sm:p-6">
            <h2 className="mb-3 text-xl font-semibold text-ink">Reply</h2>
            {conversation.status === 'closed' ? (
              <p className="mb-3 text-sm text-ink-muted">
                This conversation is closed. A message from the client reopens it.
              </p>
            ) : null}
            <MessageComposer
              texts={STAFF_COMPOSER}
              locale="en-CA"
              onSend={async ({ body }) => {
                await postConversationMessage({ conversationId, body });
                await queryClient.invalidateQueries({ queryKey: conversationQueries.all() });
                void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
                toast({ title: 'Reply sent. The client is told by email.', variant: 'success' });
              }}
            />
          </Card>
        </div>
      ) : null}
    </AdminPage>
  );
}
