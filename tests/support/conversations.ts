/**
 * Conversations as the Data API returns them to the fake supabase client
 * (tests/support/fake-supabase.ts): rows of `list_conversations()`, messages,
 * and an answer function for the conversation calls of both portals.
 */
import type { ConversationMessage, ConversationSummary } from '@/lib/conversations/api';
import type { FakeCall, FakeResponse } from './fake-supabase';

let serial = 0;
const nextId = (prefix: string) => {
  serial += 1;
  return `${prefix}-0000-4000-8000-${String(serial).padStart(12, '0')}`;
};

export function conversation(fields: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: nextId('c0000000'),
    company_id: '00000000-0000-4000-8000-0000000c0a01',
    company_name: 'Épicerie Chloé Inc.',
    subject: 'Delivery dates',
    status: 'open',
    awaiting: 'staff',
    created_at: '2026-11-24T14:00:00Z',
    last_message_at: '2026-11-24T14:00:00Z',
    last_message_preview: 'When is the next delivery?',
    last_message_from_staff: false,
    unread: false,
    ...fields,
  };
}

export function message(conversationId: string, fields: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id: nextId('d0000000'),
    conversation_id: conversationId,
    author_id: '00000000-0000-4000-8000-00000000c001',
    author_name: 'Chloé Client',
    from_staff: false,
    body: 'When is the next delivery?',
    created_at: '2026-11-24T14:00:00Z',
    ...fields,
  };
}

export type ConversationAnswers = {
  conversations?: ConversationSummary[];
  messages?: ConversationMessage[];
  /** The id start_conversation answers. */
  startedId?: string;
  /** Overrides any answer (errors); return undefined to answer normally. */
  override?: (call: FakeCall) => FakeResponse | undefined | Promise<FakeResponse | undefined>;
};

/** Answers the conversation calls, and gives anything else to `fallback`. */
export function conversationResponder(
  answers: ConversationAnswers,
  fallback: (call: FakeCall) => FakeResponse | Promise<FakeResponse>,
) {
  return async (call: FakeCall): Promise<FakeResponse> => {
    const overridden = await answers.override?.(call);
    if (overridden) return overridden;
    const conversations = answers.conversations ?? [];
    if (call.rpc === 'list_conversations') return { data: conversations, error: null };
    if (call.table === 'conversation_messages') {
      const id = call.filters.find(([column]) => column === 'conversation_id')?.[1];
      return { data: (answers.messages ?? []).filter((m) => m.conversation_id === id), error: null };
    }
    if (call.rpc === 'start_conversation') return { data: answers.startedId ?? nextId('c0000000'), error: null };
    if (call.rpc === 'post_conversation_message') return { data: nextId('d0000000'), error: null };
    if (call.rpc === 'mark_conversation_read' || call.rpc === 'set_conversation_status') {
      return { data: null, error: null };
    }
    return fallback(call);
  };
}

/** What PostgREST answers when the hourly limit refuses a message. */
export const RATE_LIMITED: FakeResponse = {
  data: null,
  error: { message: 'Too many messages in the last hour.', code: 'PT429' },
  status: 429,
};
/** What supabase-js answers when the server cannot be reached. */
export const NETWORK_DOWN: FakeResponse = {
  data: null,
  error: { message: 'TypeError: Failed to fetch' },
  status: 0,
};
