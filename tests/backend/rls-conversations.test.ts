/**
 * Conversations and staff notifications (docs/decisions/114-account-manager-conversations.md,
 * 116-staff-notifications.md): what each kind of caller may read, write and
 * call, through supabase-js: anon, member (no role), requester (pending
 * request), the seeded client of company A, the client of company B, a
 * revoked client of company A, the admin at aal1 and at aal2.
 *
 * An outcome is a number (the call succeeded and answered that many of the
 * rows the test made), 'ok' (succeeded), 'denied' (42501: 401 for anon, 403
 * when signed in) or another SQLSTATE. Every refused call is checked to have
 * changed nothing: no conversation, message, read marker or mail.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ok,
  PORTAL_ACTORS,
  setUpPortalActors,
  startTestBackend,
  type Client,
  type PortalActor,
  type PortalActors,
  type TestBackend,
} from './helpers.ts';

type Outcome = number | 'ok' | 'denied' | string;
type Result = { data: unknown; error: { code: string; message: string } | null; status: number };

const COMPANY_B = randomUUID();
let backend: TestBackend;
let actors: PortalActors;
const conversation = { A: '', B: '' };
const ours = () => [conversation.A, conversation.B];

beforeAll(async () => {
  // Deliveries are not what this suite is about: no webhook, no timer.
  backend = await startTestBackend({ outbox: { webhook: false, intervalMs: null } });
  actors = await setUpPortalActors(backend, COMPANY_B);
  conversation.A = ok(
    await actors.as('clientA').rpc('start_conversation', { subject: 'Delivery dates', body: 'When is the next one?' }),
    'conversation A',
  );
  conversation.B = ok(
    await actors.as('clientB').rpc('start_conversation', { subject: 'Invoice copy', body: 'Please resend it.' }),
    'conversation B',
  );
  ok(
    await actors
      .as('admin')
      .rpc('post_conversation_message', { conversation_id: conversation.A, body: 'Next Tuesday.' }),
    'staff reply',
  );
});

afterAll(async () => {
  await backend?.stop();
});

/** Everything the conversation tables and the outbox hold, as one digest (read as the superuser). */
async function digest(): Promise<string> {
  const tables = [
    'public.conversations',
    'public.conversation_messages',
    'public.conversation_reads',
    'public.notification_reads',
    'private.email_outbox',
  ];
  const parts = tables.map(
    (table) => `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from ${table} t)`,
  );
  const [row] = await backend.db.query<{ digest: string }>(`select concat_ws(',', ${parts.join(', ')}) as digest`);
  return row?.digest ?? '';
}

function outcomeOf(result: Result, count?: (data: unknown) => number): Outcome {
  if (result.error) return result.error.code === '42501' ? 'denied' : result.error.code;
  return count ? count(result.data) : 'ok';
}

const rowsOf = (data: unknown) => (Array.isArray(data) ? data.length : 0);
const oursOf = (data: unknown) =>
  Array.isArray(data) ? data.filter((row: { id?: string }) => ours().includes(row.id ?? '')).length : 0;

interface Check {
  attempt: (db: Client) => PromiseLike<Result>;
  count?: (data: unknown) => number;
  /** Per actor, in PORTAL_ACTORS order. */
  expected: Outcome[];
  /** Succeeding calls write: the digest is compared only for refused ones. */
  writes?: boolean;
}

//                 anon      member    requester clientA   clientB   revoked   adminAal1 admin
const checks: Record<string, Check> = {
  'select conversations': {
    attempt: (db) => db.from('conversations').select('id').in('id', ours()),
    count: rowsOf,
    expected: ['denied', 0, 0, 1, 1, 0, 0, 2],
  },
  'select conversation_messages': {
    attempt: (db) => db.from('conversation_messages').select('id').in('conversation_id', ours()),
    count: rowsOf,
    expected: ['denied', 0, 0, 2, 1, 0, 0, 3],
  },
  'select conversation_reads': {
    attempt: (db) => db.from('conversation_reads').select('conversation_id').in('conversation_id', ours()),
    count: rowsOf,
    // Each reader sees only its own marker.
    expected: ['denied', 0, 0, 1, 1, 0, 0, 1],
  },
  'insert conversations': {
    attempt: (db) =>
      db.from('conversations').insert({ company_id: COMPANY_B, subject: 'Forged' }).select('id') as PromiseLike<Result>,
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied'],
  },
  'insert conversation_messages': {
    attempt: (db) =>
      db
        .from('conversation_messages')
        .insert({ conversation_id: conversation.A, author_name: 'Forged', from_staff: true, body: 'Forged' })
        .select('id') as PromiseLike<Result>,
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied'],
  },
  'update conversations': {
    attempt: (db) => db.from('conversations').update({ status: 'closed' }).eq('id', conversation.A).select('id'),
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied'],
  },
  'delete conversation_messages': {
    attempt: (db) => db.from('conversation_messages').delete().eq('conversation_id', conversation.B).select('id'),
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied'],
  },
  'insert notification_reads': {
    attempt: (db) =>
      db
        .from('notification_reads')
        .insert({ user_id: randomUUID(), key: 'forged' })
        .select('key') as PromiseLike<Result>,
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied'],
  },
  'rpc start_conversation': {
    attempt: (db) => db.rpc('start_conversation', { subject: 'Matrix', body: 'Started by the matrix.' }),
    expected: ['denied', 'denied', 'denied', 'ok', 'ok', 'denied', 'denied', 'denied'],
    writes: true,
  },
  'rpc post_conversation_message (company A)': {
    attempt: (db) => db.rpc('post_conversation_message', { conversation_id: conversation.A, body: 'Matrix reply.' }),
    expected: ['denied', 'PT404', 'PT404', 'ok', 'PT404', 'PT404', 'PT404', 'ok'],
    writes: true,
  },
  'rpc set_conversation_status (company A)': {
    attempt: (db) => db.rpc('set_conversation_status', { conversation_id: conversation.A, status: 'open' }),
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'ok'],
    writes: true,
  },
  'rpc mark_conversation_read (company B)': {
    attempt: (db) => db.rpc('mark_conversation_read', { conversation_id: conversation.B }),
    expected: ['denied', 'PT404', 'PT404', 'PT404', 'ok', 'PT404', 'PT404', 'ok'],
    writes: true,
  },
  'rpc list_conversations': {
    attempt: (db) => db.rpc('list_conversations'),
    count: oursOf,
    expected: ['denied', 0, 0, 1, 1, 0, 0, 2],
  },
  'rpc client_unread_conversation_count': {
    attempt: (db) => db.rpc('client_unread_conversation_count'),
    count: (data) => Number(data),
    // The seeded conversation and A both carry an unread staff reply for client A.
    expected: ['denied', 0, 0, 2, 0, 0, 0, 0],
  },
  'rpc account_manager_contact': {
    attempt: (db) => db.rpc('account_manager_contact'),
    count: rowsOf,
    expected: ['denied', 0, 0, 1, 1, 0, 0, 0],
  },
  'rpc admin_notifications': {
    attempt: (db) => db.rpc('admin_notifications', {}),
    count: (data) => (rowsOf(data) > 0 ? 1 : 0),
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 1],
  },
  'rpc admin_unread_notification_count': {
    attempt: (db) => db.rpc('admin_unread_notification_count'),
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'ok'],
  },
  'rpc mark_notifications_read': {
    attempt: (db) => db.rpc('mark_notifications_read', { keys: ['matrix:key'] }),
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'ok'],
    writes: true,
  },
  'rpc claim_email_outbox (service role only)': {
    attempt: (db) => db.rpc('claim_email_outbox', {}),
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied'],
  },
  'rpc record_email_outcome (service role only)': {
    attempt: (db) =>
      db.rpc('record_email_outcome', { outbox_id: randomUUID(), claim_token: randomUUID(), succeeded: true }),
    expected: ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied'],
  },
};

describe.each(Object.keys(checks))('%s', (name) => {
  const check = checks[name] as Check;
  const cells = PORTAL_ACTORS.map((actor, index) => ({ actor, expected: check.expected[index] as Outcome }));
  it.each(cells)('$actor → $expected', async ({ actor, expected }: { actor: PortalActor; expected: Outcome }) => {
    const before = await digest();
    const result = (await check.attempt(actors.as(actor))) as Result;
    const actual = outcomeOf(result, check.count);
    expect(actual, result.error?.message ?? '').toEqual(expected);
    if (actual === 'denied') expect(result.status).toBe(actor === 'anon' ? 401 : 403);
    if (!check.writes || actual !== 'ok') expect(await digest()).toBe(before);
  });
});

describe('what each side reads', () => {
  it('a client reads its company’s messages in order, with the authors’ names and sides', async () => {
    const { data } = await actors
      .as('clientB')
      .from('conversation_messages')
      .select('body, from_staff, author_name')
      .eq('conversation_id', conversation.B)
      .order('created_at');
    expect(data?.[0]).toEqual({ body: 'Please resend it.', from_staff: false, author_name: 'Rita Request' });
  });

  it('a revoked client, once a client of company A, sees none of its conversations any more', async () => {
    const listed = ok(await actors.as('revoked').rpc('list_conversations'), 'list');
    expect(listed).toEqual([]);
    const contact = ok(await actors.as('revoked').rpc('account_manager_contact'), 'contact');
    expect(contact).toEqual([]);
  });

  it('the service role reads everything and still cannot write around the functions’ checks', async () => {
    const service = backend.serviceClient();
    const { data } = await service.from('conversations').select('id').in('id', ours());
    expect(data).toHaveLength(2);
    // No account: starting a conversation needs a client.
    const started = await service.rpc('start_conversation', { subject: 'Service', body: 'No account.' });
    expect(started.error?.code).toBe('42501');
  });
});
