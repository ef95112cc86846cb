import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { useI18n } from '@/i18n/i18n';
import {
  conversationQueries,
  markConversationRead,
  postConversationMessage,
  startConversation,
  type ConversationSummary,
} from '@/lib/conversations/api';
import { MessageComposer } from '@/lib/conversations/message-composer';
import { formatWhen, MessageThread } from '@/lib/conversations/message-thread';
import { useSession } from '@/lib/session/session-context';
import { clientPortalQueries, type ClientAccount } from '../api/documents';
import { usePortalMessages } from '../use-portal-messages';
import { BackToDashboard, PortalPage } from '@/components/portal-page';
import { ManagerContact } from './manager-contact';

/**
 * /client/messages and /fr/client/messages, behind the client guard
 * (docs/decisions/118-conversation-screens.md): the company's conversations,
 * the one named by `?c=<id>` (mail links use it) or the form to start one,
 * and the account manager's contact details.
 */
export default function ClientMessagesPage() {
  const text = usePortalMessages().messages;
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const account = useQuery({ ...clientPortalQueries.account(user?.id ?? ''), enabled: Boolean(user?.id) });
  const list = useQuery(conversationQueries.list());
  const conversations = list.data ?? [];
  const selected = selectedId ? conversations.find((conversation) => conversation.id === selectedId) : undefined;
  // A confirmation belongs to the conversation it was given for; choosing another hides it.
  const [notice, setNotice] = useState<{ id: string; text: string } | null>(null);
  const queryClient = useQueryClient();
  const noCompany = account.isSuccess && !account.data.company;

  return (
    <PortalPage route="clientMessages" title={text.metaTitle} description={text.metaDescription}>
      <BackToDashboard label={text.backToDashboard} />
      <h1 className="mt-2 font-serif text-3xl font-semibold text-ink md:text-4xl">{text.heading}</h1>
      <p className="mt-2 max-w-prose text-lg text-ink-muted">{text.intro}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
        <div className="min-w-0 space-y-6">
          <Card className="min-w-0">
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <CardTitle as="h2" className="text-xl">
                  {text.listTitle}
                </CardTitle>
                {selectedId && !noCompany ? (
                  <Button variant="secondary" size="sm" onClick={() => setParams({})}>
                    {text.newConversation}
                  </Button>
                ) : null}
              </div>
            </CardHeader>
            <CardContent aria-busy={list.isPending}>
              {list.isPending ? (
                <p role="status" className="text-ink-muted">
                  {text.loading}
                </p>
              ) : list.isError ? (
                <div role="alert" className="space-y-3">
                  <p className="text-sm font-medium text-danger">{text.loadFailed}</p>
                  <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
                    {text.retry}
                  </Button>
                </div>
              ) : conversations.length === 0 ? (
                <p className="text-ink-muted">{noCompany ? text.noCompany : text.empty}</p>
              ) : (
                <ConversationList conversations={conversations} selectedId={selectedId} />
              )}
            </CardContent>
          </Card>
          <ManagerCard account={account.data} />
        </div>

        <section
          aria-labelledby="conversation-heading"
          className={cn('min-w-0', selectedId && 'order-first lg:order-none')}
        >
          {notice && notice.id === selectedId ? (
            <p
              role="status"
              className="mb-4 rounded-md border border-success/30 bg-success-bg px-4 py-3 text-sm font-medium text-success"
            >
              {notice.text}
            </p>
          ) : null}
          {selectedId ? (
            selected ? (
              <ConversationPanel
                key={selected.id}
                conversation={selected}
                onSent={() => setNotice({ id: selected.id, text: text.replied })}
              />
            ) : list.isPending ? null : (
              <Card>
                <CardContent className="pt-5">
                  <h2 id="conversation-heading" className="sr-only">
                    {text.heading}
                  </h2>
                  <p role="alert" className="text-ink">
                    {text.notFound}
                  </p>
                </CardContent>
              </Card>
            )
          ) : noCompany ? (
            <Card>
              <CardContent className="pt-5">
                <h2 id="conversation-heading" className="sr-only">
                  {text.newTitle}
                </h2>
                <p className="text-ink">{text.noCompany}</p>
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardHeader>
                <CardTitle as="h2" id="conversation-heading" className="text-xl">
                  {text.newTitle}
                </CardTitle>
                <p className="text-ink-muted">{text.newIntro}</p>
              </CardHeader>
              <CardContent>
                <NewConversationForm
                  onStarted={(id) => {
                    void queryClient.invalidateQueries({ queryKey: conversationQueries.all() });
                    setParams({ c: id });
                    setNotice({ id, text: text.started });
                  }}
                />
              </CardContent>
            </Card>
          )}
        </section>
      </div>
    </PortalPage>
  );
}

function ConversationList({
  conversations,
  selectedId,
}: {
  conversations: ConversationSummary[];
  selectedId: string | null;
}) {
  const { tag } = useI18n();
  const text = usePortalMessages().messages;
  return (
    <ul className="-mx-2 space-y-1">
      {conversations.map((conversation) => {
        const current = conversation.id === selectedId;
        const who = conversation.last_message_from_staff ? text.accountTeam : text.you;
        return (
          <li key={conversation.id} data-testid="conversation">
            <Link
              to={{ search: `?c=${encodeURIComponent(conversation.id)}` }}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'block rounded-md border px-3 py-2.5 transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600',
                current ? 'border-brand-300 bg-brand-50' : 'border-transparent hover:bg-sand-50',
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <span
                  className={cn('min-w-0 break-words text-ink', conversation.unread ? 'font-bold' : 'font-semibold')}
                >
                  {conversation.unread ? (
                    <span aria-hidden="true" className="mr-1.5 inline-block h-2.5 w-2.5 rounded-full bg-brand-700" />
                  ) : null}
                  {conversation.subject}
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  {conversation.unread ? <Badge variant="brand">{text.unread}</Badge> : null}
                  <Badge variant={conversation.status === 'open' ? 'success' : 'neutral'}>
                    {conversation.status === 'open' ? text.open : text.closed}
                  </Badge>
                </span>
              </span>
              {conversation.last_message_preview ? (
                <span className="mt-1 line-clamp-2 break-words text-sm text-ink-muted">
                  {text.lastMessage(who, conversation.last_message_preview)}
                </span>
              ) : null}
              <time dateTime={conversation.last_message_at} className="mt-1 block text-xs text-ink-muted">
                {formatWhen(conversation.last_message_at, tag)}
              </time>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function useComposerTexts() {
  return usePortalMessages().messages.composer;
}

function NewConversationForm({ onStarted }: { onStarted: (id: string) => void }) {
  const { tag } = useI18n();
  const texts = useComposerTexts();
  return (
    <MessageComposer
      texts={texts}
      withSubject
      locale={tag}
      bodyRows={8}
      onSend={async ({ subject, body }) => {
        const id = await startConversation({ subject, body });
        onStarted(id);
      }}
    />
  );
}

/** One conversation: its messages, marked read when seen, and the reply box. */
function ConversationPanel({ conversation, onSent }: { conversation: ConversationSummary; onSent: () => void }) {
  const { tag } = useI18n();
  const text = usePortalMessages().messages;
  const texts = useComposerTexts();
  const queryClient = useQueryClient();
  const messages = useQuery(conversationQueries.messages(conversation.id));
  const latest = messages.data?.at(-1)?.id;

  // Seeing the newest message marks the conversation read; the list and the dashboard's count follow.
  useEffect(() => {
    if (!latest) return;
    let current = true;
    markConversationRead(conversation.id).then(
      () => {
        if (!current) return;
        void queryClient.invalidateQueries({ queryKey: conversationQueries.list().queryKey });
        void queryClient.invalidateQueries({ queryKey: conversationQueries.clientUnreadCount().queryKey });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [conversation.id, latest, queryClient]);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle as="h2" id="conversation-heading" className="min-w-0 break-words text-xl">
            {conversation.subject}
          </CardTitle>
          <Badge variant={conversation.status === 'open' ? 'success' : 'neutral'}>
            {conversation.status === 'open' ? text.open : text.closed}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {messages.isPending ? (
          <p role="status" className="text-ink-muted">
            {text.threadLoading}
          </p>
        ) : messages.isError ? (
          <div role="alert" className="space-y-3">
            <p className="text-sm font-medium text-danger">{text.threadFailed}</p>
            <Button variant="secondary" size="sm" onClick={() => void messages.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : (
          <MessageThread
            messages={messages.data}
            ownSide="client"
            tag={tag}
            label={text.threadLabel(conversation.subject)}
            staffTag={text.accountTeam}
          />
        )}
        {conversation.status === 'closed' ? (
          <p className="rounded-md border border-sand-200 bg-sand-50 px-4 py-3 text-sm text-ink">{text.closedNote}</p>
        ) : null}
        <div className="border-t border-sand-200 pt-4">
          <h3 className="mb-3 text-lg font-semibold text-ink">{text.replyTitle}</h3>
          <MessageComposer
            texts={texts}
            locale={tag}
            onSend={async ({ body }) => {
              await postConversationMessage({ conversationId: conversation.id, body });
              await queryClient.invalidateQueries({ queryKey: conversationQueries.all() });
              onSent();
            }}
          />
        </div>
      </CardContent>
    </Card>
  );
}

function ManagerCard({ account }: { account: ClientAccount | undefined }) {
  const text = usePortalMessages();
  const manager = account?.manager ?? null;
  if (!manager) return null;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          {text.messages.managerTitle}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <ManagerContact manager={manager} />
      </CardContent>
    </Card>
  );
}
