/**
 * Conversations between a client company and its account team
 * (docs/decisions/114-account-manager-conversations.md): the reads and the
 * RPCs both portals call. Row-level security and the RPCs decide who may
 * read or write what; nothing here filters for permission.
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import { unwrap } from '@/lib/supabase/errors';
import { takeEarly } from '@/lib/early/early-queries';
import { CONVERSATION_LIST_KEY, sortConversations } from './list';

/** The most characters a message may have (the RPCs refuse more). */
export const MESSAGE_MAX = 5000;
/** The most characters a subject may have. */
export const SUBJECT_MAX = 200;
/** How often an open list or thread asks for new messages while its tab is visible. */
export const CONVERSATION_POLL_MS = 30_000;

export type ConversationStatus = 'open' | 'closed';
export type Awaiting = 'staff' | 'client';

/** A row of `list_conversations()`. */
export type ConversationSummary = {
  id: string;
  company_id: string;
  company_name: string;
  subject: string;
  status: ConversationStatus;
  awaiting: Awaiting;
  created_at: string;
  last_message_at: string;
  last_message_preview: string | null;
  last_message_from_staff: boolean | null;
  unread: boolean;
};

export type ConversationMessage = {
  id: string;
  conversation_id: string;
  author_id: string | null;
  author_name: string;
  from_staff: boolean;
  body: string;
  created_at: string;
};

/** Characters as the database counts them (code points, so an emoji is one). */
export const characterCount = (text: string): number => [...text].length;

export const conversationQueries = {
  all: () => ['conversations'] as const,
  list: () =>
    queryOptions({
      queryKey: CONVERSATION_LIST_KEY,
      queryFn: () =>
        takeEarly(CONVERSATION_LIST_KEY, async () =>
          sortConversations((unwrap(await supabase.rpc('list_conversations')) ?? []) as ConversationSummary[]),
        ),
      refetchInterval: CONVERSATION_POLL_MS,
    }),
  messages: (conversationId: string) =>
    queryOptions({
      queryKey: [...conversationQueries.all(), 'messages', conversationId] as const,
      queryFn: async () =>
        unwrap(
          await supabase
            .from('conversation_messages')
            .select('id, conversation_id, author_id, author_name, from_staff, body, created_at')
            .eq('conversation_id', conversationId)
            .order('created_at', { ascending: true }),
        ) ?? [],
      refetchInterval: CONVERSATION_POLL_MS,
    }),
  clientUnreadCount: () =>
    queryOptions({
      queryKey: [...conversationQueries.all(), 'client-unread'] as const,
      queryFn: async () => {
        const count = Number(unwrap(await supabase.rpc('client_unread_conversation_count')));
        return Number.isInteger(count) && count > 0 ? count : 0;
      },
    }),
};

/** Starts a conversation (a client); returns its id. */
export const startConversation = async (input: { subject: string; body: string }): Promise<string> =>
  unwrap(await supabase.rpc('start_conversation', { subject: input.subject.trim(), body: input.body.trim() }));

/** Adds a message to a conversation (its client, or staff at aal2); returns the message's id. */
export const postConversationMessage = async (input: { conversationId: string; body: string }): Promise<string> =>
  unwrap(
    await supabase.rpc('post_conversation_message', { conversation_id: input.conversationId, body: input.body.trim() }),
  );

export const markConversationRead = async (conversationId: string): Promise<void> => {
  unwrap(await supabase.rpc('mark_conversation_read', { conversation_id: conversationId }));
};

/** Closes or reopens a conversation (staff at aal2). */
export const setConversationStatus = async (input: {
  conversationId: string;
  status: ConversationStatus;
}): Promise<void> => {
  unwrap(
    await supabase.rpc('set_conversation_status', { conversation_id: input.conversationId, status: input.status }),
  );
};

/**
 * Why sending failed, for its message: too many messages this hour (HTTP 429),
 * refused as invalid (too long or empty by the server's count), no answer
 * from the server, or anything else.
 */
export type SendErrorKind = 'rate-limit' | 'invalid' | 'network' | 'other';

export function sendErrorKind(error: unknown): SendErrorKind {
  if (error instanceof TypeError) return 'network';
  if (error && typeof error === 'object') {
    const { status, code, message } = error as { status?: unknown; code?: unknown; message?: unknown };
    if (status === 429 || code === 'PT429') return 'rate-limit';
    if (code === '22023' || code === '23514' || code === '22001') return 'invalid';
    if (status === 0 || (typeof message === 'string' && /failed to fetch|network|load failed/i.test(message))) {
      return 'network';
    }
  }
  return 'other';
}
