/**
 * The mail outbox and the `deliver-outbox` Edge Function
 * (docs/decisions/115-mail-outbox-and-delivery.md), through the local
 * backend's /functions/v1 and its email API stand-in: who may run the
 * function, mails rendered in both languages with every value escaped, a
 * mail queued while the provider fails is delivered once after it recovers
 * (also when two runs race), the retry schedule until the row is given up
 * and shows in the staff notifications, and the local webhook delivering a
 * new message without anybody asking.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHandler } from '../../supabase/functions/deliver-outbox/handler.ts';
import { REPO_ROOT } from '../../supabase/local/db.ts';
import type { EmailApiMode } from '../../stand-ins/email-api/email-api.ts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { ok, setUpPortalActors, startTestBackend, type PortalActors, type TestBackend } from './helpers.ts';

const WEBHOOK_SECRET = 'test-webhook-secret';
const SITE = 'https://portal.example.com';
let backend: TestBackend;
let actors: PortalActors;

beforeAll(async () => {
  // The test runs the function itself: no webhook, no timer.
  backend = await startTestBackend({
    outbox: { webhook: false, intervalMs: null },
    functionsEnv: { OUTBOX_WEBHOOK_SECRET: WEBHOOK_SECRET, SITE_URL: SITE },
  });
  actors = await setUpPortalActors(backend, randomUUID());
});

afterAll(async () => {
  await backend?.stop();
});

interface Summary {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  stale: number;
}

async function deliver(headers: Record<string, string> = { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` }) {
  const response = await fetch(`${backend.url}/functions/v1/deliver-outbox`, { method: 'POST', headers, body: '{}' });
  return { status: response.status, body: (await response.json()) as Summary & { error?: string } };
}

async function setMode(mode: EmailApiMode): Promise<void> {
  const response = await fetch(`${backend.url}/email-api/__mode`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(response.status).toBe(200);
}

interface OutboxRow {
  id: string;
  attempts: number;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
}

async function outboxFor(conversationId: string): Promise<OutboxRow[]> {
  return backend.db.query<OutboxRow>(
    `select id, attempts, sent_at, failed_at, last_error, created_at, next_attempt_at from private.email_outbox
     where payload ->> 'conversation_id' = $1 order by created_at`,
    [conversationId],
  );
}

/** Makes every unsent row due now (what the clock would do after the backoff). */
async function makeDue(): Promise<void> {
  await backend.db.query(
    `update private.email_outbox set next_attempt_at = now() - interval '1 second', locked_until = null
     where sent_at is null and failed_at is null`,
  );
}

const mailsWith = (subject: string) => backend.inbox.list().filter((message) => message.Subject.includes(subject));

describe('who may run it', () => {
  it.each([
    ['no credentials', {}],
    ['the anon key', { Authorization: `Bearer ${LOCAL_ANON_KEY}`, apikey: LOCAL_ANON_KEY }],
    ['a wrong webhook secret', { 'x-webhook-secret': 'guess' }],
  ])('%s gets 401', async (_, headers) => {
    const { status, body } = await deliver(headers);
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'unauthorized' });
  });

  it('answers a browser’s preflight itself, as a hosted function does, and runs nothing for it', async () => {
    const response = await fetch(`${backend.url}/functions/v1/deliver-outbox`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:4173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('a signed-in user’s token, even an admin’s at aal2, gets 401', async () => {
    const session = await actors.as('admin').auth.getSession();
    const token = session.data.session?.access_token ?? '';
    expect(token).not.toBe('');
    expect((await deliver({ Authorization: `Bearer ${token}`, apikey: LOCAL_ANON_KEY })).status).toBe(401);
  });

  it('the service-role key and the webhook secret may; the stand-in’s switch needs the service-role key', async () => {
    expect((await deliver()).status).toBe(200);
    expect((await deliver({ 'x-webhook-secret': WEBHOOK_SECRET })).status).toBe(200);
    const refused = await fetch(`${backend.url}/email-api/__mode`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${LOCAL_ANON_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'server-error' }),
    });
    expect(refused.status).toBe(401);
    const refusedSend = await fetch(`${backend.url}/email-api/emails`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: 'a@example.com', to: 'b@example.com', subject: 's', html: 'h' }),
    });
    expect(refusedSend.status).toBe(401);
  });
});

describe('the email API stand-in’s key', () => {
  const forged = {
    from: 'Olea Mediterranean <no-reply@example.com>',
    to: 'client@example.com',
    subject: 'Reset your password',
    html: '<a href="https://evil.example/reset">Choose a new password</a>',
  };
  const post = (headers: Record<string, string>) =>
    fetch(`${backend.url}/email-api/emails`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(forged),
    });

  it.each([
    ['no key', {}],
    ['the key the repository used to hold', { Authorization: 'Bearer re_local_stand_in' }],
    ['another backend’s key', { Authorization: 'Bearer re_local_not-this-backends-key-at-all' }],
    ['the service-role key as apikey', { apikey: LOCAL_SERVICE_ROLE_KEY }],
  ])('%s: 401 and nothing lands in the inbox', async (_, headers) => {
    const before = backend.inbox.list('client@example.com').length;
    const response = await post(headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ name: 'missing_api_key' });
    expect(backend.inbox.list('client@example.com')).toHaveLength(before);
  });

  it('is made at random when a backend starts: two backends never share it', async () => {
    const other = await startTestBackend({ outbox: { webhook: false, intervalMs: null } });
    try {
      expect(other.emailApi.apiKey).not.toBe(backend.emailApi.apiKey);
      expect(other.emailApi.apiKey).toMatch(/^re_local_[\w-]{32,}$/);
      const before = backend.inbox.list('client@example.com').length;
      expect((await post({ Authorization: `Bearer ${other.emailApi.apiKey}` })).status).toBe(401);
      expect(backend.inbox.list('client@example.com')).toHaveLength(before);
    } finally {
      await other.stop();
    }
  });
});

describe('rendering', () => {
  it('mails the account manager in English and the client in French, every value escaped, linking to the conversation', async () => {
    const subject = 'Prix <b>&</b> "délais"';
    const id = ok(await actors.as('clientA').rpc('start_conversation', { subject, body: 'Bonjour' }), 'start');
    ok(await actors.as('admin').rpc('post_conversation_message', { conversation_id: id, body: 'Bonjour !' }), 'reply');
    const run = await deliver();
    expect(run.body).toMatchObject({ sent: 2, retried: 0, failed: 0 });

    const [toStaff] = backend.inbox.list('admin@example.com');
    expect(toStaff?.Subject).toBe(`New message from Épicerie Chloé Inc.: ${subject}`);
    expect(toStaff?.HTML).toContain('Prix &lt;b&gt;&amp;&lt;/b&gt; &quot;délais&quot;');
    expect(toStaff?.HTML).not.toContain('<b>&</b>');
    expect(toStaff?.HTML).toContain(`href="${SITE}/admin-portal/messages/${id}"`);
    expect(toStaff?.Text).toContain(`${SITE}/admin-portal/messages/${id}`);
    expect(toStaff?.Text).not.toContain('Bonjour');

    const [toClient] = backend.inbox.list('client@example.com');
    expect(toClient?.Subject).toBe(`Vous avez une réponse : ${subject}`);
    expect(toClient?.HTML).toContain('<html lang="fr-CA">');
    expect(toClient?.HTML).toContain(`href="${SITE}/fr/client/messages?c=${id}"`);
    expect(toClient?.Text).toContain('Ada Admin a répondu à votre message');
  });
});

describe('when the email provider is down', () => {
  it('a mail queued during the outage is delivered exactly once after the provider recovers, even by racing runs', async () => {
    await setMode('server-error');
    const subject = `Outage ${randomUUID().slice(0, 8)}`;
    const id = ok(await actors.as('clientB').rpc('start_conversation', { subject, body: 'Hello?' }), 'start');

    const failed = await deliver();
    expect(failed.body).toMatchObject({ claimed: 1, sent: 0, retried: 1 });
    let [row] = await outboxFor(id);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(row?.last_error).toMatch(/HTTP 500/);
    expect(mailsWith(subject)).toHaveLength(0);
    // Not due yet: the next attempt waits a minute.
    expect((await deliver()).body.claimed).toBe(0);

    await setMode('ok');
    await makeDue();
    const runs = await Promise.all([deliver(), deliver(), deliver()]);
    expect(runs.map((run) => run.status)).toEqual([200, 200, 200]);
    expect(runs.reduce((sum, run) => sum + run.body.sent, 0)).toBe(1);
    expect(mailsWith(subject)).toHaveLength(1);
    [row] = await outboxFor(id);
    expect(row).toMatchObject({ attempts: 2, failed_at: null, last_error: null });
    expect(row?.sent_at).not.toBeNull();

    // Later runs leave a sent row alone.
    await makeDue();
    expect((await deliver()).body.claimed).toBe(0);
    expect(mailsWith(subject)).toHaveLength(1);
  });

  it('racing runs over many due mails send each one once', async () => {
    const subject = `Burst ${randomUUID().slice(0, 8)}`;
    const { client } = await actors.newClient('burst', actors.companyB);
    for (let n = 1; n <= 6; n += 1) {
      ok(await client.rpc('start_conversation', { subject: `${subject} #${n}`, body: 'Hi' }), `start ${n}`);
    }
    const runs = await Promise.all([deliver(), deliver(), deliver()]);
    expect(runs.reduce((sum, run) => sum + run.body.sent, 0)).toBe(6);
    const subjects = mailsWith(subject).map((message) => message.Subject);
    expect(subjects).toHaveLength(6);
    expect(new Set(subjects).size).toBe(6);
  });

  it('retries after 1, 5 and 30 minutes, then hourly, gives up after 24 hours and tells staff', async () => {
    await setMode('server-error');
    const subject = `Down all day ${randomUUID().slice(0, 8)}`;
    const id = ok(await actors.as('clientB').rpc('start_conversation', { subject, body: 'Anyone?' }), 'start');
    const [queued] = await outboxFor(id);
    if (!queued) throw new Error('no outbox row');

    // The same function, in this process, with a clock the test moves.
    let clock = new Date(queued.created_at);
    const env: Record<string, string> = {
      SUPABASE_URL: backend.url,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      SITE_URL: SITE,
      EMAIL_API_URL: `${backend.url}/email-api`,
      // What the backend put in its functions' environment.
      RESEND_API_KEY: backend.emailApi.apiKey,
      EMAIL_FROM: 'Test <no-reply@example.com>',
    };
    const run = createHandler({
      env: (name) => env[name],
      now: () => clock,
      readTemplate: (name) => readFile(join(REPO_ROOT, 'supabase/templates', name), 'utf8'),
    });
    const runAt = async (moment: Date) => {
      clock = moment;
      const response = await run(
        new Request('http://localhost/deliver-outbox', {
          method: 'POST',
          headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
        }),
      );
      return (await response.json()) as Summary;
    };

    for (let step = 0; step < 40; step += 1) {
      const [row] = await outboxFor(id);
      if (!row || row.failed_at) break;
      const due = new Date(step === 0 ? row.created_at : row.next_attempt_at);
      if (step > 0) expect((await runAt(new Date(due.getTime() - 1000))).claimed, 'a second early').toBe(0);
      await runAt(due);
    }
    const attempts = await backend.db.query<{ minutes: number; succeeded: boolean }>(
      `select round(extract(epoch from a.attempted_at - o.created_at) / 60)::int as minutes, a.succeeded
       from private.email_outbox_attempts a join private.email_outbox o on o.id = a.outbox_id
       where o.id = $1 order by a.attempted_at`,
      [queued.id],
    );
    const hourly = Array.from({ length: 23 }, (_, n) => 96 + 60 * n);
    expect(attempts.map((attempt) => attempt.minutes)).toEqual([0, 1, 6, 36, ...hourly]);
    expect(attempts.every((attempt) => !attempt.succeeded)).toBe(true);
    const [given] = await outboxFor(id);
    expect(given).toMatchObject({ attempts: 27, sent_at: null });
    expect(given?.failed_at).not.toBeNull();
    expect(mailsWith(subject)).toHaveLength(0);

    // Once given up, no run takes it again, even when the provider is back.
    await setMode('ok');
    expect((await runAt(new Date(clock.getTime() + 3_600_000))).claimed).toBe(0);

    const feed = ok(await actors.as('admin').rpc('admin_notifications', { max_items: 500 }), 'feed');
    expect(feed.find((item) => item.key === `mail_failed:${queued.id}`)).toMatchObject({
      kind: 'mail_failed',
      link: '/admin-portal/notifications',
      read: false,
    });
  });
});

describe('the local webhook', () => {
  let live: TestBackend;

  beforeAll(async () => {
    live = await startTestBackend({ outbox: { webhook: true, intervalMs: null } });
  });

  afterAll(async () => {
    await live?.stop();
  });

  it('delivers a new message’s mail without anybody running the function', async () => {
    const client = await live.signIn('client');
    const subject = `Webhook ${randomUUID().slice(0, 8)}`;
    ok(await client.rpc('start_conversation', { subject, body: 'Quick one' }), 'start');
    await vi.waitFor(
      () => {
        expect(live.inbox.list('admin@example.com').some((message) => message.Subject.includes(subject))).toBe(true);
      },
      { timeout: 15_000, interval: 50 },
    );
  });
});
