/**
 * Leads through supabase-js, as each kind of caller (docs/decisions/080-leads-stored-before-hubspot.md):
 * a visitor stores exactly one bounded lead per request and reads nothing,
 * records HubSpot's answer for its own lead only, and is throttled per
 * client; only admins read leads, record resend outcomes and purge old ones.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_VERSION, consentTexts } from '../../src/features/lead-forms/consent.ts';
import { formsMessages } from '../../src/features/lead-forms/use-forms-messages.ts';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import { startTestBackend, type Client, type TestBackend } from './helpers.ts';

/** Stands for the caller's network address (docs/decisions/060-client-address-from-cf-connecting-ip.md). */
const CLIENT_HEADER = 'x-test-client-address';

let backend: TestBackend;
let admin: Client;
/** A form token issued 12 s ago: what a visitor who took a person's time sends. */
let agedToken: string;

beforeAll(async () => {
  backend = await startTestBackend({ testClientAddressHeader: CLIENT_HEADER });
  admin = await backend.signIn('admin');
  agedToken = await tokenIssuedSecondsAgo(12);
});

/** A form token as lead_form_token() would have issued it `seconds` ago (minted as the superuser: no waiting). */
async function tokenIssuedSecondsAgo(seconds: number): Promise<string> {
  const [row] = await backend.db.query<{ token: string }>(
    `select private.lead_form_token_at(now() - make_interval(secs => $1::int)) as token`,
    [String(seconds)],
  );
  return row!.token;
}

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
    consent_version: CONSENT_VERSION,
    form_token: agedToken,
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
    const shown = consentTexts(formsMessages.en, 'en');

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
      consent_version: CONSENT_VERSION,
      consent_text: shown.communication,
      processing_text: shown.processing,
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
    ['a page address over 2048 characters', { page_uri: `http://localhost/${'p'.repeat(2048)}` }, '22023'],
    ['a javascript: page address', { page_uri: 'javascript:alert(document.cookie)//https://x' }, '22023'],
    ['a page on another site', { page_uri: 'https://evil.example/contact' }, '22023'],
    [
      'a page on another site behind a look-alike',
      { page_uri: 'https://oleathyme.example.com@evil.example/' },
      '22023',
    ],
    ['a plain-http page of the site', { page_uri: 'http://oleathyme.example.com/contact' }, '22023'],
    ['an unknown consent version', { consent_version: '1999-01-01' }, '22023'],
    ['a form token over 200 characters', { form_token: 't'.repeat(201) }, '22001'],
    ['a tracking token over 128 characters', { hutk: 'h'.repeat(129) }, '23514'],
    ['an unknown form', { form: 'newsletter' }, '23514'],
    ['an unknown language', { language: 'de' }, '22023'],
    ['a honeypot over 1000 characters', { honeypot: 'h'.repeat(1001) }, '22001'],
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

  it('the fill time is the server’s: a lead sent too soon after its form token is spam, whatever the sender claims', async () => {
    // What the browser used to say about itself is not a parameter any more.
    const claimed = await visitor('192.0.2.2').rpc('submit_lead', { ...lead(), fill_ms: 999_999 } as SubmitArgs);
    expect(claimed.error?.code).toBe('PGRST202');

    // A person needs a minute here, so a token fetched just now is young however slow this machine is.
    await backend.db.query('update private.lead_settings set min_fill_ms = 60000');
    try {
      const fresh = await submit(visitor('192.0.2.2'), lead({ form_token: await tokenIssuedSecondsAgo(0) }));
      expect(fresh.spam).toBe(true);
      expect(await asAdmin(fresh.id)).toMatchObject({
        spam: true,
        spam_reason: 'too_fast',
        hubspot_status: 'not_sent',
      });
      // A token fetched through the API, as the form does on approach, is measured the same way.
      const issued = await visitor('192.0.2.2').rpc('lead_form_token');
      expect(issued.data).toMatch(/^v1\.\d+\.[0-9a-f]{64}$/);
      expect((await submit(visitor('192.0.2.2'), lead({ form_token: issued.data as string }))).spam).toBe(true);
    } finally {
      await backend.db.query('update private.lead_settings set min_fill_ms = 3000');
    }

    const human = await submit(visitor('192.0.2.2'), lead({ form_token: await tokenIssuedSecondsAgo(4) }));
    expect(human.spam).toBe(false);
  });

  it.each([
    ['no token', ''],
    ['a made-up token', `v1.${Date.now() - 60_000}.${'0'.repeat(64)}`],
    ['a token whose time was moved back', 'tampered'],
    ['a token older than a day', 'stale'],
  ])('%s counts as too fast', async (_label, given) => {
    let token = given;
    if (given === 'tampered') {
      const real = await tokenIssuedSecondsAgo(1);
      const [, stamp, signature] = real.split('.');
      token = `v1.${Number(stamp) - 60_000}.${signature}`;
    }
    if (given === 'stale') token = await tokenIssuedSecondsAgo(25 * 3600);
    const stored = await submit(visitor('192.0.2.3'), lead({ form_token: token }));
    expect(await asAdmin(stored.id)).toMatchObject({ spam: true, spam_reason: 'too_fast', hubspot_status: 'not_sent' });
  });
});

describe('what the server decides, not the sender', () => {
  it('stores the consent text the server knows for the version and language, in both languages', async () => {
    for (const language of ['en', 'fr'] as const) {
      const { id } = await submit(
        visitor('192.0.2.5'),
        // The old parameters would carry the sender's own text; they are not accepted any more.
        lead({ language }),
      );
      const shown = consentTexts(formsMessages[language], language);
      expect(await asAdmin(id)).toMatchObject({
        consent_version: CONSENT_VERSION,
        consent_text: shown.communication,
        processing_text: shown.processing,
      });
    }
    const forged = await visitor('192.0.2.5').rpc('submit_lead', {
      ...lead(),
      consent_text: 'I never consented to anything',
      processing_text: 'x',
    } as SubmitArgs);
    expect(forged.error?.code).toBe('PGRST202');
  });

  it('takes the site’s own https pages and local development pages', async () => {
    for (const page_uri of [
      'https://oleathyme.example.com/fr#contact',
      'https://oleathyme-backup.example.com/b2b?x=1',
      'http://127.0.0.1:4173/',
      'http://localhost/',
    ]) {
      const { id } = await submit(visitor('192.0.2.6'), lead({ page_uri }));
      expect((await asAdmin(id))?.page_uri).toBe(page_uri);
    }
  });

  it('limits leads per IPv6 /64, so one subscriber cannot flood by changing addresses', async () => {
    const stored: boolean[] = [];
    for (let i = 1; i <= 30; i += 1) {
      const { error } = await visitor(`2001:db8:aa:bb::${i.toString(16)}`).rpc('submit_lead', lead());
      stored.push(error === null);
      if (error) expect(error.code).toBe('PT429');
    }
    expect(stored.filter(Boolean)).toHaveLength(5);
    // Another /64 is another client.
    await expect(submit(visitor('2001:db8:aa:bc::1'))).resolves.toMatchObject({ spam: false });
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

describe('recorded error types', () => {
  it('are HubSpot’s documented ones: invented types never show staff a form mismatch', async () => {
    const anon = visitor('192.0.2.14');
    const { id, token } = await submit(anon);
    const recorded = await anon.rpc('record_lead_outcome', {
      lead_id: id,
      token: token ?? '',
      status: 'rejected',
      failure: 'rejected',
      http_status: 400,
      error_types: ['MADE_UP', 'INVALID_EMAIL', 'INVALID_EMAIL', 'x'.repeat(40)],
    });
    expect(recorded).toMatchObject({ data: true, error: null });
    expect(await asAdmin(id)).toMatchObject({ hubspot_error_types: ['INVALID_EMAIL'], form_mismatch: false });
  });

  it('are kept only for a rejected submission', async () => {
    const anon = visitor('192.0.2.15');
    const { id, token } = await submit(anon);
    await anon.rpc('record_lead_outcome', {
      lead_id: id,
      token: token ?? '',
      status: 'failed',
      failure: 'status',
      http_status: 500,
      error_types: ['FIELD_NOT_IN_FORM_DEFINITION'],
    });
    expect(await asAdmin(id)).toMatchObject({
      hubspot_status: 'failed',
      hubspot_error_types: [],
      form_mismatch: false,
    });
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

  it('nobody records an outcome or rewrites a lead by hand: the server sends and records (decision 188)', async () => {
    const { id } = await submit(visitor('192.0.2.21'));
    for (const who of ['member', 'client', 'admin'] as const) {
      const db = who === 'admin' ? admin : await backend.signIn(who);
      const update = await db.from('leads').update({ hubspot_status: 'sent' }).eq('id', id).select('id');
      expect(update.error?.code, who).toBe('42501');
    }
    expect((await asAdmin(id))?.hubspot_status).toBe('pending');

    // The submission itself is evidence (e.g. of consent) and cannot be rewritten.
    for (const patch of [
      { marketing_consent: true },
      { consent_text: 'edited' },
      { fields: [] },
      { hubspot_attempts: 0 },
      { delivery_due_at: null },
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
