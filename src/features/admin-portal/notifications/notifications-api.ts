/**
 * The staff's notifications (docs/decisions/117-notifications-by-polling.md):
 * what needs someone's attention, computed by the database for an admin at
 * aal2, each item with a stable key so its read state survives until the item
 * changes.
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import { unwrap } from '@/lib/supabase/errors';
import type { AppRole } from '@/lib/supabase/database-aliases';
import { adminSections, canOpenSection } from '@/features/admin-portal/layout/admin-sections';

export type NotificationKind =
  | 'access_request'
  | 'client_message'
  | 'conversation_waiting'
  | 'lead_failed'
  | 'mail_failed'
  | 'publish_failed'
  | 'document_expiring'
  | 'document_expired'
  | 'order_submitted'
  | 'order_cancelled';

/** A row of `admin_notifications()`. */
export type AdminNotification = {
  key: string;
  kind: NotificationKind | string;
  title: string;
  detail: string | null;
  link: string | null;
  created_at: string;
  read: boolean;
};

/** How often the unread count is asked for while the portal is open and its tab visible. */
export const NOTIFICATION_POLL_MS = 30_000;
/** The most items the page lists. */
export const NOTIFICATION_LIMIT = 100;

const asCount = (value: unknown): number => {
  const count = Number(value);
  return Number.isInteger(count) && count > 0 ? count : 0;
};

export const notificationQueries = {
  all: () => ['admin', 'notifications'] as const,
  list: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'list'] as const,
      queryFn: async () =>
        (unwrap(await supabase.rpc('admin_notifications', { max_items: NOTIFICATION_LIMIT })) ??
          []) as AdminNotification[],
      refetchInterval: NOTIFICATION_POLL_MS,
    }),
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'unread-count'] as const,
      queryFn: async () => asCount(unwrap(await supabase.rpc('admin_unread_notification_count'))),
      // Polled while the portal is open; TanStack Query pauses the interval while the tab is hidden
      // and asks again when it is shown.
      refetchInterval: NOTIFICATION_POLL_MS,
      refetchIntervalInBackground: false,
    }),
};

/** Marks these items read, or every current item when `keys` is null. */
export async function markNotificationsRead(keys: string[] | null): Promise<void> {
  unwrap(await supabase.rpc('mark_notifications_read', keys ? { keys } : {}));
}

/** A link the page follows inside the portal, to a section the reader's role opens; anything else is not a link. */
export function portalLink(link: string | null, role: AppRole | null | undefined): string | null {
  if (!link || !/^\/admin-portal\/[A-Za-z0-9/_?=&%-]*$/.test(link)) return null;
  // Only to a section the reader's role opens: never a link to "Not for your role".
  const slug = link.slice('/admin-portal/'.length).split(/[/?]/)[0];
  const section = adminSections.find((row) => row.slug === slug);
  return section && canOpenSection(section, role) ? link : null;
}

export const KIND_LABEL: Record<NotificationKind, string> = {
  access_request: 'Access request',
  client_message: 'Client message',
  conversation_waiting: 'Waiting for an answer',
  lead_failed: 'Lead not in HubSpot',
  mail_failed: 'Email not delivered',
  publish_failed: 'Publish failed',
  document_expiring: 'Document expiring',
  document_expired: 'Document expired',
  order_submitted: 'New order',
  order_cancelled: 'Order cancelled by the client',
};

export const kindLabel = (kind: string): string => KIND_LABEL[kind as NotificationKind] ?? 'Notice';
