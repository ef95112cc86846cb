/**
 * Conversations as clients and staff use them, and the staff notifications
 * feed (docs/decisions/114-account-manager-conversations.md,
 * 116-staff-notifications.md): who must answer next, reopening, unread
 * markers, the mails queued with each message and their language, the input
 * limits, the hourly limit, one transaction for a message and its mail, and
 * every kind of notification with read state per staff member.
 * Deliveries are tested in outbox-delivery.test.ts; here nothing sends.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ok,
  setUpPortalActors,
  signUpConfirmed,
  startTestBackend,
  verifySecondFactor,
  type Client,
  type PortalActors,
  type TestBackend,
} from './helpers.ts';

const COMPANY_B = randomUUID();
let backend: TestBackend;
let actors: PortalActors;
let service: Client;

beforeAll(async () => {
  backend = await startTestBackend({ outbox: { webhook: false, intervalMs: null } });
  service = backend.serviceClient();
  actors = await setUpPortalActors(backend, COMPANY_B);
});

afterAll(async () => {
  await backend?.stop();
});

interface Mail {
  to_address: string;
  template: string;
  language: string;
  payload: Record<string, string>;
}

async function mailsFor(conversationId: string): Promise<Mail[]> {
  return backend.db.query<Mail>(
    `select to_address, template, language, payload from private.email_outbox
     where payload ->> 'conversation_id' = $1 order by created_at, to_address`,
    [conversationId],
  );
}

async function conversationRow(id: string): Promise<{ status: string; awaiting: string }> {
  const [row] = await backend.db.query<{ status: string; awaiting: string }>(
    'select status, awaiting from public.conversations where id = $1',
    [id],
  );
  if (!row) throw new Error(`no conversation ${id}`);
  return row;
}

const counts = async () =>
  (
    await backend.db.query<{ conversations: number; messages: number; mails: number }>(
      `select (select count(*)::int from public.conversations) as conversations,
              (select count(*)::int from public.conversation_messages) as messages,
              (select count(*)::int from private.email_outbox) as mails`,
    )
  )[0];

describe('a conversation from start to reply', () => {
  let id = '';

  it('a client starts one: trimmed, open, awaiting staff, and one mail to the account manager in English', async () => {
    id = ok(
      await actors.as('clientB').rpc('start_conversation', {
        subject: '  Pallet sizes  ',
        body: '\n  Do you ship half pallets?  \n',
      }),
      'start',
    );
    const { data } = await actors.as('clientB').from('conversations').select('subject, status, awaiting').eq('id', id);
    expect(data).toEqual([{ subject: 'Pallet sizes', status: 'open', awaiting: 'staff' }]);
    const messages = await actors
      .as('clientB')
      .from('conversation_messages')
      .select('body, from_staff, author_name')
      .eq('conversation_id', id);
    expect(messages.data).toEqual([
      { body: 'Do you ship half pallets?', from_staff: false, author_name: 'Rita Request' },
    ]);
    expect(await mailsFor(id)).toEqual([
      {
        to_address: 'admin@example.com',
        template: 'new_client_message',
        language: 'en',
        payload: {
          company_name: 'Boston Provisions LLC',
          subject: 'Pallet sizes',
          conversation_id: id,
          link: `/admin-portal/messages/${id}`,
          author_name: 'Rita Request',
        },
      },
    ]);
  });

  it('staff see it unread; the client, who wrote last, does not', async () => {
    const staffList = ok(await actors.as('admin').rpc('list_conversations'), 'staff list');
    expect(staffList.find((row) => row.id === id)).toMatchObject({
      company_name: 'Boston Provisions LLC',
      unread: true,
      last_message_preview: 'Do you ship half pallets?',
      last_message_from_staff: false,
    });
    const clientList = ok(await actors.as('clientB').rpc('list_conversations'), 'client list');
    expect(clientList.map((row) => [row.id, row.unread])).toEqual([[id, false]]);
  });

  it('a staff reply awaits the client and mails each active client of the company in its own language', async () => {
    // A second client of company B who asked for access in English.
    const english = await signUpConfirmed(backend, 'english-buyer', {
      first_name: 'Ed',
      last_name: 'Buyer',
      locale: 'en',
    });
    ok(await actors.as('admin').rpc('admin_approve_access_request', { target: english.id }), 'approve');
    ok(await service.from('company_clients').insert({ user_id: english.id, company_id: COMPANY_B }), 'attach');

    ok(
      await actors.as('admin').rpc('post_conversation_message', { conversation_id: id, body: 'Yes, we do.' }),
      'reply',
    );
    expect(await conversationRow(id)).toEqual({ status: 'open', awaiting: 'client' });
    const replies = (await mailsFor(id)).filter((mail) => mail.template === 'client_reply');
    const [{ email: clientB } = { email: '' }] = await backend.db.query<{ email: string }>(
      'select email from auth.users where id = $1',
      [actors.ids.clientB],
    );
    expect(replies.map((mail) => [mail.to_address, mail.language, mail.payload.link]).sort()).toEqual(
      [
        // Client B asked for access in French although its company prefers English.
        [clientB, 'fr', `/fr/client/messages?c=${id}`],
        [english.email, 'en', `/client/messages?c=${id}`],
      ].sort(),
    );
    expect(replies[0]?.payload.author_name).toBe('Ada Admin');
  });

  it('the client sees the reply unread until it marks the conversation read', async () => {
    const count = async () => ok(await actors.as('clientB').rpc('client_unread_conversation_count'), 'count');
    expect(await count()).toBe(1);
    const listed = ok(await actors.as('clientB').rpc('list_conversations'), 'list');
    expect(listed[0]).toMatchObject({ id, unread: true, last_message_from_staff: true });
    ok(await actors.as('clientB').rpc('mark_conversation_read', { conversation_id: id }), 'read');
    expect(await count()).toBe(0);
  });

  it('staff close it; the client’s next message reopens it and awaits staff again', async () => {
    ok(await actors.as('admin').rpc('set_conversation_status', { conversation_id: id, status: 'closed' }), 'close');
    expect(await conversationRow(id)).toEqual({ status: 'closed', awaiting: 'client' });
    const bad = await actors.as('admin').rpc('set_conversation_status', { conversation_id: id, status: 'archived' });
    expect([bad.error?.code, bad.status]).toEqual(['22023', 400]);
    ok(
      await actors.as('clientB').rpc('post_conversation_message', { conversation_id: id, body: 'One more thing.' }),
      'more',
    );
    expect(await conversationRow(id)).toEqual({ status: 'open', awaiting: 'staff' });
  });

  it('lists open conversations first, then the newest', async () => {
    const other = ok(
      await actors.as('clientB').rpc('start_conversation', { subject: 'Closed later', body: 'Newest, but closed.' }),
      'other',
    );
    ok(await actors.as('admin').rpc('set_conversation_status', { conversation_id: other, status: 'closed' }), 'close');
    const listed = ok(await actors.as('clientB').rpc('list_conversations'), 'list');
    expect(listed.map((row) => row.id)).toEqual([id, other]);
  });
});

describe('input and limits', () => {
  it.each([
    ['an empty subject', { subject: '   ', body: 'Hello' }],
    ['an empty body', { subject: 'Hello', body: ' \n\t ' }],
    ['a subject of 201 characters', { subject: 'x'.repeat(201), body: 'Hello' }],
    ['a body of 5001 characters', { subject: 'Hello', body: 'x'.repeat(5001) }],
  ])('refuses %s with 400 (22023) and stores nothing', async (_, args) => {
    const before = await counts();
    const result = await actors.as('clientA').rpc('start_conversation', args);
    expect([result.error?.code, result.status]).toEqual(['22023', 400]);
    expect(await counts()).toEqual(before);
  });

  it('accepts a body of exactly 5000 characters once trimmed', async () => {
    const id = ok(
      await actors.as('clientA').rpc('start_conversation', { subject: 'x'.repeat(200), body: ` ${'é'.repeat(5000)} ` }),
      'start',
    );
    const { data } = await actors.as('clientA').from('conversation_messages').select('body').eq('conversation_id', id);
    expect(data?.[0]?.body).toHaveLength(5000);
  });

  it('the 21st message of an hour (new conversations and replies together) gets 429 and is not stored', async () => {
    const { client } = await actors.newClient('chatty', COMPANY_B);
    const first = ok(await client.rpc('start_conversation', { subject: 'Many', body: 'Message 1' }), 'first');
    for (let n = 2; n <= 20; n += 1) {
      ok(
        await client.rpc('post_conversation_message', { conversation_id: first, body: `Message ${n}` }),
        `message ${n}`,
      );
    }
    const before = await counts();
    const reply = await client.rpc('post_conversation_message', { conversation_id: first, body: 'Message 21' });
    expect([reply.error?.code, reply.status]).toEqual(['PT429', 429]);
    expect(reply.error?.message).toMatch(/at most 20 an hour/);
    const started = await client.rpc('start_conversation', { subject: 'Another', body: 'Message 21' });
    expect(started.status).toBe(429);
    expect(await counts()).toEqual(before);
    // Staff answering are not limited by the client's count.
    ok(await actors.as('admin').rpc('post_conversation_message', { conversation_id: first, body: 'Noted.' }), 'staff');
  });

  it('a message and its mail are stored together or not at all', async () => {
    const id = ok(await actors.as('clientA').rpc('start_conversation', { subject: 'Atomic', body: 'First' }), 'start');
    await backend.db.exec(`
      create function private.test_refuse_mail() returns trigger language plpgsql set search_path = '' as $$
      begin raise exception 'outbox unavailable (test)'; end; $$;
      create trigger test_refuse_mail before insert on private.email_outbox
        for each row execute function private.test_refuse_mail();`);
    try {
      const before = await counts();
      const started = await actors.as('clientA').rpc('start_conversation', { subject: 'Lost?', body: 'Never half' });
      expect(started.error?.message).toMatch(/outbox unavailable/);
      const posted = await actors.as('clientA').rpc('post_conversation_message', { conversation_id: id, body: 'Nope' });
      expect(posted.error?.message).toMatch(/outbox unavailable/);
      const replied = await actors.as('admin').rpc('post_conversation_message', { conversation_id: id, body: 'Nope' });
      expect(replied.error?.message).toMatch(/outbox unavailable/);
      expect(await counts()).toEqual(before);
      const messages = await actors
        .as('clientA')
        .from('conversation_messages')
        .select('body')
        .eq('conversation_id', id);
      expect(messages.data).toEqual([{ body: 'First' }]);
    } finally {
      await backend.db.exec(`drop trigger test_refuse_mail on private.email_outbox;
        drop function private.test_refuse_mail();`);
    }
  });
});

describe('business days', () => {
  const hours = async (since: string, until: string) =>
    Number(
      (
        await backend.db.query<{ h: string }>(
          `select private.business_hours_between($1::timestamp at time zone 'America/Toronto',
                                                 $2::timestamp at time zone 'America/Toronto') as h`,
          [since, until],
        )
      )[0]?.h,
    );

  it('a message of Friday 17:00 has waited 7 business hours on Saturday noon, one business day on Monday 17:00', async () => {
    expect(await hours('2026-11-27 17:00', '2026-11-28 12:00')).toBe(7);
    expect(await hours('2026-11-27 17:00', '2026-11-30 17:00')).toBe(24);
    expect(await hours('2026-11-27 17:00', '2026-11-30 18:00')).toBe(25);
    expect(await hours('2026-11-28 09:00', '2026-11-29 20:00')).toBe(0);
    expect(await hours('2026-11-24 09:00', '2026-11-25 09:30')).toBe(24.5);
  });
});

describe('staff notifications', () => {
  let waiting = '';
  let fresh = '';
  let leadId = '';
  let mailId = '';
  let publishId = 0;
  let second: Client;

  type Item = { key: string; kind: string; title: string; link: string; read: boolean };
  const feed = async (db: Client): Promise<Item[]> =>
    ok(await db.rpc('admin_notifications', { max_items: 500 }), 'feed');
  const unread = async (db: Client) => ok(await db.rpc('admin_unread_notification_count'), 'unread');

  beforeAll(async () => {
    // A conversation awaiting staff for two weeks, and a fresh one.
    waiting = ok(await actors.as('clientA').rpc('start_conversation', { subject: 'Old', body: 'Still there?' }), 'old');
    await backend.db.query(
      `update public.conversations set last_message_at = now() - interval '14 days' where id = $1`,
      [waiting],
    );
    fresh = ok(await actors.as('clientA').rpc('start_conversation', { subject: 'Fresh', body: 'Hello' }), 'fresh');
    [{ id: leadId } = { id: '' }] = await backend.db.query<{ id: string }>(
      `insert into public.leads (form, language, fields, page_uri, page_name, marketing_consent, consent_version,
                                 consent_text, processing_text, hubspot_status, hubspot_failure, hubspot_http_status)
       values ('contact', 'en', '[{"name":"email","value":"a@example.com"}]', 'https://example.com/contact',
               'Contact', false, 'v1', 'Consent', 'Processing', 'failed', 'status', 503)
       returning id`,
    );
    [{ id: mailId } = { id: '' }] = await backend.db.query<{ id: string }>(
      `insert into private.email_outbox (to_address, template, language, payload, attempts, last_error, failed_at)
       values ('gone@example.com', 'client_reply', 'en', '{"subject":"Lost mail"}', 27, 'HTTP 500', now())
       returning id`,
    );
    [{ id: publishId } = { id: 0 }] = await backend.db.query<{ id: number }>(
      `insert into public.site_publishes (reason, status, error, finished_at)
       values ('test', 'failed', 'build hook answered 500', now()) returning id`,
    );
    await backend.db.query(
      `update public.documents set expires_on = (now() at time zone 'America/Toronto')::date + 10
       where id = '00000000-0000-4000-8000-0000000d0c01'`,
    );
    await backend.db.query(
      `update public.documents set expires_on = (now() at time zone 'America/Toronto')::date - 1
       where id = '00000000-0000-4000-8000-0000000d0c02'`,
    );
    // A second staff member with its own authenticator, at aal2.
    const staff = await signUpConfirmed(backend, 'second-staff', { first_name: 'Sam', last_name: 'Staff' });
    ok(await service.from('user_roles').insert({ user_id: staff.id, role: 'admin' }), 'admin role');
    const enrolled = ok(
      await staff.client.auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: 'Second phone',
        issuer: 'Olea Mediterranean',
      }),
      'enrol',
    );
    if (!enrolled) throw new Error('no factor enrolled');
    await verifySecondFactor(staff.client, enrolled.id, enrolled.totp.secret);
    second = staff.client;
  });

  it('show every kind for the seeded state, with its link', async () => {
    const items = await feed(actors.as('admin'));
    const find = (kind: string, part: string) => items.find((item) => item.kind === kind && item.key.includes(part));
    expect(find('access_request', actors.ids.requester)?.link).toBe('/admin-portal/users');
    expect(find('client_message', fresh)?.link).toBe(`/admin-portal/messages/${fresh}`);
    expect(find('client_message', waiting)?.link).toBe(`/admin-portal/messages/${waiting}`);
    expect(find('conversation_waiting', waiting)?.link).toBe(`/admin-portal/messages/${waiting}`);
    expect(find('conversation_waiting', fresh)).toBeUndefined();
    expect(find('lead_failed', leadId)?.link).toBe('/admin-portal/leads');
    expect(find('mail_failed', mailId)).toMatchObject({
      link: '/admin-portal/notifications',
      title: 'A mail to gone@example.com could not be delivered',
    });
    expect(find('publish_failed', String(publishId))?.link).toBe('/admin-portal/feature-flags');
    expect(find('document_expiring', '0000000d0c01')?.link).toBe('/admin-portal/documents');
    expect(find('document_expired', '0000000d0c02')?.link).toBe('/admin-portal/documents');
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(items.every((item) => !item.read)).toBe(true);
  });

  it('read state is kept per staff member, and a new client message makes its item unread again', async () => {
    const admin = actors.as('admin');
    const before = await unread(admin);
    const freshKey = (await feed(admin)).find(
      (item) => item.kind === 'client_message' && item.key.includes(fresh),
    )?.key;
    ok(await admin.rpc('mark_notifications_read', { keys: [freshKey ?? ''] }), 'mark one');
    expect(await unread(admin)).toBe(before - 1);
    expect((await feed(admin)).find((item) => item.key === freshKey)?.read).toBe(true);
    // The other staff member has read nothing.
    expect((await feed(second)).find((item) => item.key === freshKey)?.read).toBe(false);
    expect(await unread(second)).toBe(before);

    ok(await actors.as('clientA').rpc('post_conversation_message', { conversation_id: fresh, body: 'And?' }), 'again');
    const again = (await feed(admin)).find((item) => item.kind === 'client_message' && item.key.includes(fresh));
    expect(again?.key).not.toBe(freshKey);
    expect(again?.read).toBe(false);
  });

  it('marking all read clears the count for that staff member only; a staff reply removes the client message', async () => {
    ok(await actors.as('admin').rpc('mark_notifications_read', {}), 'mark all');
    expect(await unread(actors.as('admin'))).toBe(0);
    expect(await unread(second)).toBeGreaterThan(0);
    ok(await second.rpc('post_conversation_message', { conversation_id: fresh, body: 'Answered.' }), 'answer');
    const items = await feed(second);
    expect(items.some((item) => item.kind === 'client_message' && item.key.includes(fresh))).toBe(false);
  });

  it('a failed publish followed by a successful one is no longer shown', async () => {
    await backend.db.query(
      `insert into public.site_publishes (reason, status, finished_at) values ('ok', 'published', now())`,
    );
    const items = await feed(actors.as('admin'));
    expect(items.some((item) => item.kind === 'publish_failed')).toBe(false);
  });
});
