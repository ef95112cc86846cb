import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { useToast } from '@/components/ui/toast';
import { formatWhen } from '@/lib/conversations/message-thread';
import { useSession } from '@/lib/session/session-context';
import {
  kindLabel,
  markNotificationsRead,
  notificationQueries,
  portalLink,
  type AdminNotification,
} from './notifications-api';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';

/**
 * Notifications (docs/decisions/117-notifications-by-polling.md): what needs
 * attention, newest first, unread ones marked, each linking to where it is
 * handled.
 */
/** What each role is notified of (the database sends each role only these). */
const WHAT_COMES = {
  admin:
    'Access requests, client messages, new orders and client cancellations, failed deliveries and publishes, and documents about to expire.',
  account_manager:
    'Access requests, leads that did not reach HubSpot, and for the companies you manage: client messages, new orders and client cancellations, and documents about to expire.',
  editor: 'A publish of the site that failed: your posts and products are not on the live site until it succeeds.',
} as const;

export function NotificationsPage() {
  const { role } = useSession();
  const list = useQuery(notificationQueries.list());
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const items = list.data ?? [];
  const unread = items.filter((item) => !item.read).length;

  const mark = useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() }),
    onError: (error) => toast({ title: 'Could not mark as read.', description: error.message, variant: 'error' }),
  });

  return (
    <AdminPage
      section="notifications"
      title="Notifications"
      description={role === 'account_manager' || role === 'editor' ? WHAT_COMES[role] : WHAT_COMES.admin}
      actions={
        <Button variant="secondary" disabled={unread === 0 || mark.isPending} onClick={() => mark.mutate(null)}>
          Mark all as read
        </Button>
      }
    >
      {list.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading notifications…
        </p>
      ) : null}
      {list.error ? (
        <p role="alert" className="text-danger">
          The notifications could not be loaded: {list.error.message}
        </p>
      ) : null}
      {list.isSuccess && items.length > 0 ? (
        <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
          {unread === 0 ? 'Nothing unread.' : `${unread} unread of ${items.length}.`}
        </p>
      ) : null}
      {list.isSuccess && items.length === 0 ? <p className="text-ink">Nothing needs attention.</p> : null}
      {items.length > 0 ? (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-sand-200">
            {items.map((item) => (
              <NotificationItem
                key={item.key}
                item={item}
                link={portalLink(item.link, role)}
                marking={mark.isPending && mark.variables?.includes(item.key) === true}
                onMarkRead={() => mark.mutate([item.key])}
              />
            ))}
          </ul>
        </Card>
      ) : null}
    </AdminPage>
  );
}

function NotificationItem({
  item,
  link,
  marking,
  onMarkRead,
}: {
  item: AdminNotification;
  /** Where the item leads, for the reader's role (`portalLink`); null: shown as text. */
  link: string | null;
  marking: boolean;
  onMarkRead: () => void;
}) {
  return (
    <li
      data-testid="notification"
      data-read={item.read ? 'true' : 'false'}
      className={cn(
        'relative flex flex-col gap-3 p-4 pl-5 sm:flex-row sm:items-start sm:justify-between',
        item.read ? null : 'bg-brand-50/60',
      )}
    >
      {item.read ? null : <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-brand-700" />}
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {item.read ? null : <Badge variant="brand">Unread</Badge>}
          <span className="font-medium text-ink-muted">{kindLabel(item.kind)}</span>
          <time dateTime={item.created_at} className="text-ink-muted">
            {formatWhen(item.created_at, 'en-CA')}
          </time>
        </p>
        <h2 className={cn('mt-1 break-words text-base text-ink', item.read ? 'font-medium' : 'font-bold')}>
          {link ? (
            <Link
              to={link}
              className="text-brand-700 underline-offset-2 hover:underline"
              onClick={() => {
                if (!item.read) onMarkRead();
              }}
            >
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </h2>
        {item.detail ? <p className="mt-0.5 line-clamp-3 break-words text-sm text-ink-muted">{item.detail}</p> : null}
      </div>
      {item.read ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3 shrink-0 self-start sm:ml-0"
          disabled={marking}
          aria-label={`Mark as read: ${item.title}`}
          onClick={onMarkRead}
        >
          Mark as read
        </Button>
      )}
    </li>
  );
}
