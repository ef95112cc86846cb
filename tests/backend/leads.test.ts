/**
 * Leads through supabase-js, as each kind of caller (docs/decisions/080-leads-stored-before-hubspot.md):
 * a visitor stores exactly one bounded lead per request and reads nothing,
 * records HubSpot's answer for its own lead only, and is throttled per
 * client; only admins read leads, record resend outcomes and purge old ones.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import { startTestBackend, type Client, type TestBackend } from './helpers.ts';

/** Stands for the caller's network address (docs/decisions/060-client-address-from-cf-connecting-ip.md). */
const CLIENT_HEADER = 'x-test-client-address';

let backend: TestBackend;
let admin: Client;

beforeAll(async () => {
  backend = await startTestBackend({ testClientAddressHeader: CLIENT_HEADER });
  admin = await backend.signIn('admin');
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  // Each test starts with a clean per-client count (set up as the superuser; the checks below act through the API).
  await backend.db.query('delete from private.lead_submission_log');
});

/** An anonymous visitor at `address` (what the gateway reports as the client's address). */
function visitor(address: string): Client {
  return backend.client({ headers: { [CLIENT_HEADER]: address } });
}

type SubmitArgs = Database['public']['Functions']['submit_lead']['Args'];

function lead(overrides: Partial<SubmitArgs> = {}): SubmitArgs {
  return {
    form: 'contact',
    language: 'en',
    fields: [
      { name: 'firstname', value: 'Eleni' },
      { name: 'lastname', value: 'Georgiou' },
      { name: 'email', value: `eleni.${Math.random().toString(36).slice(2)}@example.com` },
      { name: 'phone', value: '' },
      { name: 'message', value: 'Kalamata olives for six delis.' },
    ],
    page_uri: 'http://localhost:4173/#contact',
    page_name: 'Olea & Thyme Imports',
    marketing_consent: true,
    consent_version: '2026-11-23',
    consent_text: 'Yes, send me news and offers by email. I can withdraw my consent at any time.',
    processing_text: 'We store what you send to answer you.',
    fill_ms: 12_000,
    ...overrides,
  };
}

type Stored = { id: string; token: string | null; spam: boolean };

async function submit(client: Client, args: SubmitArgs = lead()): Promise<Stored> {
  const { data, error } = await client.rpc('submit_lead', args);
  if (error) throw new Error(`submit_lead failed: ${error.code} ${error.message}`);
  return data as Stored;
}

async function asAdmin(id: string) {
  const { data, error } = await admin.from('leads').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data;
}

async function leadCount(): Promise<number> {
  const { count, error } = await admin.from('leads').select('id', { count: 'exact', head: true });
  if (error) throw error;
  return count ?? 0;
}

describe('a visitor', () => {
  it('stores one lead and gets its id and a one-time token, and cannot read it back', async () => {
    const anon = visitor('198.51.100.1');
    const args = lead();
    const stored = await submit(anon, args);
    expect(stored).toEqual({ id: expect.any(String), token: expect.stringMatching(/^[0-9a-f]{48}$/), spam: false });

    const read = await anon.from('leads').select('*');
    expect(read.error?.code).toBe('42501');
    expect(read.data).toBeNull();

    expect(await asAdmin(stored.id)).toMatchObject({
      form: 'contact',
      language: 'en',
      fields: args.fields,
      page_uri: args.page_uri,
      page_name: args.page_name,
      hutk: null,
      marketing_consent: true,
      consent_version: '2026-11-23',
      consent_text: args.consent_text,
      processing_text: args.processing_text,
      spam: false,
      spam_reason: null,
      hubspot_status: 'pending',
      hubspot_attempts: 0,
      form_mismatch: false,
    });
  });

  it('cannot insert rows directly, one or many, nor change or delete any', async () => {
    const anon = visitor('198.51.100.2');
    const { id } = await submit(anon);
    const before = await leadCount();
    const row = {
      form: 'contact',
      language: 'en',
      fields: [{ name: 'email', value: 'bulk@example.com' }],
      page_uri: 'http://localhost/',
      page_name: 'x',
      marketing_consent: false,
      consent_version: 'v',
      consent_text: 't',
      processing_text: 'p',
    };
    const bulk = await anon.from('leads').insert([row, row, row]);
    expect(bulk.error?.code).toBe('42501');
    const single = await anon.from('leads').insert(row);
    expect(single.error?.code).toBe('42501');
    const update = await anon.from('leads').update({ hubspot_status: 'sent' }).eq('id', id);
    expect(update.error?.code).toBe('42501');
    const remove = await anon.from('leads').delete().eq('id', id);
    expect(remove.error?.code).toBe('42501');
    expect(await leadCount()).toBe(before);
    expect((await asAdmin(id))?.hubspot_status).toBe('pending');
  });

  it('cannot store several leads in one request', async () => {
    const before = await leadCount();
    const response = await backend.fetch('/rest/v1/rpc/submit_lead', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CLIENT_HEADER]: '198.51.100.3' },
      body: JSON.stringify([lead(), lead()]),
    });
    expect(response.status).toBe(400);
    expect(await leadCount()).toBe(before);
  });

  it.each([
    ['a field value over 5000 characters', { fields: [{ name: 'message', value: 'x'.repeat(5001) }] }, '22023'],
    ['more than 20 fields', { fields: Array.from({ length: 21 }, (_, i) => ({ name: `f${i}`, value: 'x' })) }, '23514'],
    ['a field that is not {name, value}', { fields: [{ name: 'email', value: 'a@b.co', extra: 'x' }] }, '22023'],
    ['a field name that is not a property name', { fields: [{ name: 'Robert"); drop', value: 'x' }] }, '22023'],
    ['fields that are not a list', { fields: { email: 'a@b.co' } }, '22023'],
    ['a consent text over 2000 characters', { consent_text: 'c'.repeat(2001) }, '23514'],
    ['a page address over 2048 characters', { page_uri: `http://localhost/${'p'.repeat(2048)}` }, '23514'],
    ['a tracking token over 128 characters', { hutk: 'h'.repeat(129) }, '23514'],
    ['an unknown form', { form: 'newsletter' }, '23514'],
    ['an unknown language', { language: 'de' }, '23514'],
    ['a honeypot over 1000 characters', { honeypot: 'h'.repeat(1001) }, '22001'],
    ['a negative fill time', { fill_ms: -1 }, '22023'],
  ] as const)('is refused %s, and nothing is stored', async (_label, overrides, code) => {
    const before = await leadCount();
    const { error } = await visitor('198.51.100.4').rpc('submit_lead', lead(overrides as Partial<SubmitArgs>));
    expect(error?.code).toBe(code);
    expect(await leadCount()).toBe(before);
  });

  it('is limited to 5 leads per 10 minutes per client, without blocking other clients', async () => {
    const noisy = visitor('203.0.113.9');
    for (let i = 0; i < 5; i += 1) await submit(noisy);
    const before = await leadCount();
    const refused = await noisy.rpc('submit_lead', lead());
    expect(refused.error?.code).toBe('PT429');
    expect(refused.status).toBe(429);
    // Spam counts too: a bot cannot dodge the limit by tripping the spam checks.
    expect((await noisy.rpc('submit_lead', lead({ honeypot: 'http://spam.example' }))).status).toBe(429);
    expect(await leadCount()).toBe(before);
    await expect(submit(visitor('203.0.113.10'))).resolves.toMatchObject({ spam: false });
  });

  it('cannot pick another bucket by sending the gateway’s header itself', async () => {
    const noisy = visitor('203.0.113.12');
    for (let i = 0; i < 5; i += 1) await submit(noisy);
    const spoofing = backend.client({ headers: { [CLIENT_HEADER]: '203.0.113.12', 'cf-connecting-ip': '192.0.2.99' } });
    expect((await spoofing.rpc('submit_lead', lead())).status).toBe(429);
  });

  it('holds the limit when many requests of one client arrive at once', async () => {
    const burst = visitor('203.0.113.11');
    const results = await Promise.all(Array.from({ length: 12 }, () => burst.rpc('submit_lead', lead())));
    expect(results.filter((r) => r.error === null)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
  });
});

describe('spam', () => {
  it('a filled honeypot is stored as spam, not to be sent, and gets no token', async () => {
    const stored = await submit(visitor('192.0.2.1'), lead({ honeypot: 'https://cheap-pills.example' }));
    expect(stored).toEqual({ id: expect.any(String), token: null, spam: true });
    expect(await asAdmin(stored.id)).toMatchObject({ spam: true, spam_reason: 'honeypot', hubspot_status: 'not_sent' });
  });

  it('a form sent sooner than 3 s after it appeared is stored as spam', async () => {
    const fast = await submit(visitor('192.0.2.2'), lead({ fill_ms: 2999 }));
    expect(fast.spam).toBe(true);
    expect(await asAdmin(fast.id)).toMatchObject({ spam: true, spam_reason: 'too_fast', hubspot_status: 'not_sent' });
    const human = await submit(visitor('192.0.2.2'), lead({ fill_ms: 3000 }));
    expect(human.spam).toBe(false);
  });
});

describe('recording HubSpot’s answer', () => {
  it('the visitor records the outcome of its own lead once, with its token', async () => {
    const anon = visitor('192.0.2.10');
    const { id, token } = await submit(anon);
    const record = () =>
      anon.rpc('record_lead_outcome', {
        lead_id: id,
        token: token ?? '',
        status: 'rejected',
        failure: 'rejected',
        http_status: 400,
        error_types: ['FIELD_NOT_IN_FORM_DEFINITION'],
      });
    expect(await record()).toMatchObject({ data: true, error: null });
    expect(await asAdmin(id)).toMatchObject({
      hubspot_status: 'rejected',
      hubspot_failure: 'rejected',
      hubspot_http_status: 400,
      hubspot_error_types: ['FIELD_NOT_IN_FORM_DEFINITION'],
      form_mismatch: true,
      hubspot_attempts: 1,
      hubspot_updated_at: expect.any(String),
    });
    // Once only: replaying the token changes nothing.
    expect(await record()).toMatchObject({ data: false, error: null });
    expect((await asAdmin(id))?.hubspot_attempts).toBe(1);
  });

  it('no token, a wrong token or another lead’s token changes nothing', async () => {
    const anon = visitor('192.0.2.11');
    const mine = await submit(anon);
    const theirs = await submit(visitor('192.0.2.12'));
    const attempt = (leadId: string, token: string) =>
      anon.rpc('record_lead_outcome', {
        lead_id: leadId,
        token,
        status: 'sent',
        failure: '',
        http_status: 200,
        error_types: [],
      });
    expect((await attempt(theirs.id, '')).data).toBe(false);
    expect((await attempt(theirs.id, 'f'.repeat(48))).data).toBe(false);
    expect((await attempt(theirs.id, mine.token ?? '')).data).toBe(false);
    expect((await asAdmin(theirs.id))?.hubspot_status).toBe('pending');
    // Mine still accepts mine.
    expect((await attempt(mine.id, mine.token ?? '')).data).toBe(true);
    expect(await asAdmin(mine.id)).toMatchObject({ hubspot_status: 'sent', hubspot_failure: null });
  });

  it('refuses an unknown status and malformed error types', async () => {
    const anon = visitor('192.0.2.13');
    const { id, token } = await submit(anon);
    const base = { lead_id: id, token: token ?? '', failure: 'status', http_status: 500 };
    expect((await anon.rpc('record_lead_outcome', { ...base, status: 'pending', error_types: [] })).error?.code).toBe(
      '22023',
    );
    expect((await anon.rpc('record_lead_outcome', { ...base, status: 'failed', error_types: [1] })).error?.code).toBe(
      '22023',
    );
    expect((await asAdmin(id))?.hubspot_status).toBe('pending');
  });
});

describe('staff', () => {
  it('only admins read leads', async () => {
    const { id } = await submit(visitor('192.0.2.20'));
    for (const who of ['member', 'client'] as const) {
      const db = await backend.signIn(who);
      const read = await db.from('leads').select('id');
      expect(read.error).toBeNull();
      expect(read.data).toEqual([]);
    }
    const read = await admin.from('leads').select('id').eq('id', id);
    expect(read.data).toEqual([{ id }]);
  });

  it('only admins record an outcome, and only the outcome columns', async () => {
    const { id } = await submit(visitor('192.0.2.21'));
    for (const who of ['member', 'client'] as const) {
      const db = await backend.signIn(who);
      const update = await db.from('leads').update({ hubspot_status: 'sent' }).eq('id', id).select('id');
      expect(update.error).toBeNull();
      expect(update.data).toEqual([]);
    }
    expect((await asAdmin(id))?.hubspot_status).toBe('pending');

    const update = await admin
      .from('leads')
      .update({
        hubspot_status: 'failed',
        hubspot_failure: 'timeout',
        hubspot_http_status: null,
        hubspot_error_types: [],
      })
      .eq('id', id)
      .select('hubspot_status, hubspot_attempts');
    expect(update.error).toBeNull();
    expect(update.data).toEqual([{ hubspot_status: 'failed', hubspot_attempts: 1 }]);

    // A HubSpot form requiring a field the site does not is a mismatch for staff to fix.
    const mismatch = await admin
      .from('leads')
      .update({
        hubspot_status: 'rejected',
        hubspot_failure: 'rejected',
        hubspot_http_status: 400,
        hubspot_error_types: ['REQUIRED_FIELD'],
      })
      .eq('id', id)
      .select('form_mismatch, hubspot_attempts');
    expect(mismatch.data).toEqual([{ form_mismatch: true, hubspot_attempts: 2 }]);

    // The submission itself is evidence (e.g. of consent) and cannot be rewritten.
    for (const patch of [
      { marketing_consent: true },
      { consent_text: 'edited' },
      { fields: [] },
      { hubspot_attempts: 0 },
    ]) {
      const refused = await admin.from('leads').update(patch).eq('id', id);
      expect(refused.error?.code, JSON.stringify(patch)).toBe('42501');
    }
  });

  it('purging deletes leads past the retention period (spam sooner), for admins only', async () => {
    const old = await submit(visitor('192.0.2.30'));
    const oldSpam = await submit(visitor('192.0.2.30'), lead({ honeypot: 'x' }));
    const recentSpam = await submit(visitor('192.0.2.30'), lead({ honeypot: 'y' }));
    const recent = await submit(visitor('192.0.2.30'));
    await backend.db.query(
      `update public.leads set created_at = case id
         when $1::uuid then now() - interval '25 months'
         when $2::uuid then now() - interval '31 days'
         when $3::uuid then now() - interval '29 days'
         else created_at end`,
      [old.id, oldSpam.id, recentSpam.id],
    );

    expect((await visitor('192.0.2.31').rpc('purge_expired_leads')).error?.code).toBe('42501');
    const member = await backend.signIn('member');
    expect(await member.rpc('purge_expired_leads')).toMatchObject({ data: 0, error: null });
    expect(await asAdmin(old.id)).not.toBeNull();

    const purged = await admin.rpc('purge_expired_leads');
    expect(purged).toMatchObject({ data: 2, error: null });
    expect(await asAdmin(old.id)).toBeNull();
    expect(await asAdmin(oldSpam.id)).toBeNull();
    expect(await asAdmin(recentSpam.id)).not.toBeNull();
    expect(await asAdmin(recent.id)).not.toBeNull();
  });
});
