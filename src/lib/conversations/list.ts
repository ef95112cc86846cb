/**
 * The conversation list without supabase-js: its order, its query key, and
 * the same read made with a stored session's token, which the boot script
 * starts before the application has loaded (src/app/early-start.ts,
 * docs/decisions/206-signed-in-pages-start-their-data-with-the-page.md).
 */
import { restRpc } from '@/lib/supabase/rest';
import type { ConversationSummary } from './api';

/** The list query's key (conversationQueries.list(), under conversationQueries.all()). */
export const CONVERSATION_LIST_KEY = ['conversations', 'list'] as const;

/** `list_conversations()`: open first, then the most recent. */
export function sortConversations(rows: ConversationSummary[]): ConversationSummary[] {
  return [...rows].sort((a, b) => {
    if (a.status !== b.status) return a.status === 'open' ? -1 : 1;
    return a.last_message_at < b.last_message_at ? 1 : a.last_message_at > b.last_message_at ? -1 : 0;
  });
}

/** The same read as the list query, made with `accessToken` through the Data API. */
export async function fetchConversationsWithToken(accessToken: string): Promise<ConversationSummary[]> {
  return sortConversations(
    (await restRpc<ConversationSummary[] | null>('list_conversations', {}, { accessToken })) ?? [],
  );
}
