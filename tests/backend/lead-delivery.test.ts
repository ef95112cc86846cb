/**
 * Leads the server delivers (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md),
 * through the local backend's /functions/v1/deliver-leads and its HubSpot
 * stand-in: a lead whose browser never reported is left alone during its
 * grace, then sent once, with the request the form makes, and never again
 * (a late browser report, a second run, two runs at once); a lead the browser
 * reported is never sent by the server; HubSpot failing is retried on a
 * schedule up to a maximum, each attempt recorded; a staff resend is sent by
 * the server and names the staff member; only staff at aal2 read the
 * attempts, and nobody writes them or calls the server's functions.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_VERSION, consentTexts } from '../../src/features/lead-forms/consent.ts';
import { formsMessages } from '../../src/features/lead-forms/use-forms-messages.ts';
import { legalConsentOptions } from '../../src/integrations/hubspot/legal-consent.ts';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { ACTORS, startTestBackend, type Client, type TestBackend } from './helpers.ts';

let backend: TestBackend;
let admin: Client;
let agedToken: string;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.signIn('admin');
  const [row] = await backend.db.query<{ token: string }>(
    `select private.lead_form_token_at(now() - interval '12 seconds') as token`,
  );
  agedToken = row!.token;
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  // Setup as the superuser: a clean per-client count and a HubSpot that answers normally.
  await backend.db.query('delete from private.lead_submission_log');
  await standInAnswers(null);
});

type SubmitArgs = Database['public']['Functions']['submit_lead']['Args'];
type Stored = { id: string; token: string; spam: boolean };

const uniqueEmail = (label: string, domain = 'example.com') =>
  `${label}.${Math.random().toString(36).slice(2)}@${domain}`;

function leadArgs(email: string): SubmitArgs {
  return {
    form: 'contact',
    language: 'fr',
    fields: [
      { name: 'firstname', value: 'Hélène' },
      { name: 'lastname', value: 'Tremblay' },
      { name: 'email', value: email },
      { name: 'phone', value: '' },
      { name: 'message', value: 'Feta pour trois magasins.' },
    ],
    page_uri: 'http://localhost:4173/fr#contact',
    page_name: 'Olea & Thyme',
    marketing_consent: true,
    consent_version: CONSENT_VERSION,
    form_token: agedToken,
    hutk: 'abc123',
  };
}

/** A visitor's browser stores a lead (and, in these tests, then closes before reporting anything). */
async function storeLead(email = uniqueEmail('closed-tab')): Promise<Stored & { email: string }> {
  const { data, error } = await backend.client().rpc('submit_lead', leadArgs(email));
  if (error) throw new Error(`submit_lead failed: ${error.message}`);
  return { ...(data as Stored), email };
}

/** The browser's grace has passed (setup as the superuser: what the clock would do). */
async function graceOver(id: string): Promise<void> {
  await backend.db.query(`update public.leads set delivery_due_at = now() - interval '1 second' where id = $1`, [id]);
}

/** The backoff has passed. */
const retryDue = graceOver;

async function runDelivery(body: unknown = {}) {
  const response = await fetch(`${backend.url}/functions/v1/deliver-leads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, number> };
}

async function standInAnswers(answer: string | null): Promise<void> {
  const response = await backend.fetch('/hubspot/forms/__answer', {
    method: 'PUT',
    apikey: LOCAL_SERVICE_ROLE_KEY,
    body: JSON.stringify({ answer }),
  });
  expect(response.status).toBe(200);
}

type Submission = {
  form_id: string;
  portal_id: string;
  fields: unknown;
  context: unknown;
  legal_consent_options: unknown;
};

/** What the HubSpot stand-in received for this email address. */
async function receivedFor(email: string): Promise<Submission[]> {
  const response = await backend.fetch('/hubspot/forms/__submissions', { apikey: LOCAL_SERVICE_ROLE_KEY });
  const rows = (await response.json()) as Submission[];
  return rows.filter((row) => JSON.stringify(row.fields).includes(JSON.stringify(email)));
}

async function leadOf(id: string) {
  const { data, error } = await admin.from('leads').select('*').eq('id', id).single();
  if (error) throw error;
  return data;
}

async function attemptsOf(id: string) {
  const { data, error } = await admin
    .from('lead_delivery_attempts')
    .select('actor, outcome, failure, http_status, error_types, result, staff_name, staff_email')
    .eq('lead_id', id)
    .order('id');
  if (error) throw error;
  return data;
}

describe('a lead whose tab closed before HubSpot answered', () => {
  it('is left to the browser during its grace, then delivered once by the server with the form’s request', async () => {
    const lead = await storeLead();
    expect(await runDelivery()).toMatchObject({ status: 200, body: { claimed: 0 } });
    expect(await receivedFor(lead.email)).toEqual([]);

    await graceOver(lead.id);
    expect(await runDelivery()).toMatchObject({ status: 200, body: { claimed: 1, sent: 1 } });
    const shown = consentTexts(formsMessages.fr, 'fr');
    const received = await receivedFor(lead.email);
    expect(received).toEqual([
      expect.objectContaining({
        portal_id: 'local-portal',
        form_id: 'local-contact-form',
        fields: leadArgs(lead.email).fields,
        context: { pageUri: 'http://localhost:4173/fr#contact', pageName: 'Olea & Thyme', hutk: 'abc123' },
        legal_consent_options: legalConsentOptions({
          processingText: shown.processing,
          communicationText: shown.communication,
          marketingConsent: true,
          subscriptionTypeId: 1,
        }),
      }),
    ]);
    expect(await leadOf(lead.id)).toMatchObject({
      hubspot_status: 'sent',
      hubspot_http_status: 200,
      delivery_due_at: null,
    });
    expect(await attemptsOf(lead.id)).toEqual([
      expect.objectContaining({ actor: 'server', outcome: 'sent', result: 'applied', staff_name: null }),
    ]);

    // Run again: nothing more is sent.
    expect((await runDelivery()).body).toMatchObject({ claimed: 0 });
    expect(await receivedFor(lead.email)).toHaveLength(1);
  });

  it('a late report from the browser is kept as an attempt and changes nothing; HubSpot still has it once', async () => {
    const lead = await storeLead();
    await graceOver(lead.id);
    expect((await runDelivery()).body).toMatchObject({ sent: 1 });

    const late = await backend.client().rpc('record_lead_outcome', {
      lead_id: lead.id,
      token: lead.token,
      status: 'failed',
      failure: 'timeout',
      http_status: null as unknown as number,
      error_types: [],
    });
    expect(late).toMatchObject({ data: false, error: null });
    expect(await leadOf(lead.id)).toMatchObject({ hubspot_status: 'sent', delivery_due_at: null });
    await graceOver(lead.id);
    expect((await runDelivery()).body).toMatchObject({ claimed: 0 });
    expect(await receivedFor(lead.email)).toHaveLength(1);
    expect((await attemptsOf(lead.id)).map((a) => [a.actor, a.outcome, a.result])).toEqual([
      ['server', 'sent', 'applied'],
      ['browser', 'failed', 'late'],
    ]);
  });

  it('a run naming one lead sends only that lead, once', async () => {
    const lead = await storeLead();
    const other = await storeLead();
    await graceOver(lead.id);
    await graceOver(other.id);
    expect((await runDelivery({ lead_id: lead.id })).body).toMatchObject({ claimed: 1, sent: 1 });
    expect((await runDelivery({ lead_id: lead.id })).body).toMatchObject({ claimed: 0 });
    expect(await receivedFor(lead.email)).toHaveLength(1);
    expect(await receivedFor(other.email)).toEqual([]);
    expect((await runDelivery()).body).toMatchObject({ claimed: 1, sent: 1 });
    expect(await receivedFor(other.email)).toHaveLength(1);
  });

  it('two runs at once send it once', async () => {
    const lead = await storeLead();
    await graceOver(lead.id);
    const [first, second] = await Promise.all([runDelivery(), runDelivery()]);
    expect((first.body.sent ?? 0) + (second.body.sent ?? 0)).toBe(1);
    expect(await receivedFor(lead.email)).toHaveLength(1);
    expect(await attemptsOf(lead.id)).toHaveLength(1);
  });

  it('a lead the browser reported sent is never sent by the server', async () => {
    const lead = await storeLead();
    const reported = await backend.client().rpc('record_lead_outcome', {
      lead_id: lead.id,
      token: lead.token,
      status: 'sent',
      failure: null as unknown as string,
      http_status: 200,
      error_types: [],
    });
    expect(reported).toMatchObject({ data: true, error: null });
    await backend.db.query(`update public.leads set created_at = now() - interval '1 hour' where id = $1`, [lead.id]);
    expect((await runDelivery()).body).toMatchObject({ claimed: 0 });
    expect(await receivedFor(lead.email)).toEqual([]);
    expect(await attemptsOf(lead.id)).toEqual([expect.objectContaining({ actor: 'browser', outcome: 'sent' })]);
  });
});

describe('HubSpot failing', () => {
  it('is retried later until it recovers, each attempt recorded', async () => {
    const lead = await storeLead();
    await graceOver(lead.id);
    await standInAnswers('server-error');
    expect((await runDelivery()).body).toMatchObject({ claimed: 1, retried: 1 });
    const failed = await leadOf(lead.id);
    expect(failed).toMatchObject({ hubspot_status: 'failed', hubspot_failure: 'status', hubspot_http_status: 500 });
    // The next attempt is scheduled for later, not now.
    expect(Date.parse(failed.delivery_due_at!)).toBeGreaterThan(Date.parse(failed.hubspot_updated_at!));
    expect((await runDelivery()).body).toMatchObject({ claimed: 0 });

    await retryDue(lead.id);
    await standInAnswers('rate-limited');
    expect((await runDelivery()).body).toMatchObject({ retried: 1 });
    await retryDue(lead.id);
    await standInAnswers(null);
    expect((await runDelivery()).body).toMatchObject({ sent: 1 });

    expect(await receivedFor(lead.email)).toHaveLength(1);
    expect((await attemptsOf(lead.id)).map((a) => [a.actor, a.outcome, a.http_status, a.result])).toEqual([
      ['server', 'failed', 500, 'retry'],
      ['server', 'failed', 429, 'retry'],
      ['server', 'sent', 200, 'applied'],
    ]);
  });

  it('gives up after the maximum number of attempts', async () => {
    const lead = await storeLead();
    await graceOver(lead.id);
    // Setup: all but the last attempt already made.
    await backend.db.query(
      `update public.leads set delivery_attempts = (select max_delivery_attempts - 1 from private.lead_settings) where id = $1`,
      [lead.id],
    );
    await standInAnswers('server-error');
    expect((await runDelivery()).body).toMatchObject({ gaveUp: 1 });
    expect(await leadOf(lead.id)).toMatchObject({ hubspot_status: 'failed', delivery_due_at: null });
    await graceOver(lead.id);
    expect((await runDelivery()).body).toMatchObject({ claimed: 0 });
  });

  it('a refusal HubSpot explains is final, with its error types', async () => {
    const lead = await storeLead(uniqueEmail('refused', 'invalid-email.hubspot-stand-in.test'));
    await graceOver(lead.id);
    expect((await runDelivery()).body).toMatchObject({ rejected: 1 });
    expect(await leadOf(lead.id)).toMatchObject({
      hubspot_status: 'rejected',
      hubspot_error_types: ['INVALID_EMAIL'],
      delivery_due_at: null,
    });
    expect(await attemptsOf(lead.id)).toEqual([
      expect.objectContaining({ actor: 'server', outcome: 'rejected', error_types: ['INVALID_EMAIL'] }),
    ]);
  });
});

describe('a staff resend', () => {
  it('is sent by the server and records the staff member', async () => {
    const lead = await storeLead();
    await graceOver(lead.id);
    await standInAnswers('server-error');
    await runDelivery();
    await standInAnswers(null);

    const { data, error } = await admin.functions.invoke('deliver-leads', { body: { lead_id: lead.id } });
    expect(error).toBeNull();
    expect(data).toEqual({ result: 'sent' });
    expect(await receivedFor(lead.email)).toHaveLength(1);
    const attempts = await attemptsOf(lead.id);
    expect(attempts.at(-1)).toMatchObject({
      actor: 'staff',
      outcome: 'sent',
      staff_email: 'admin@example.com',
      staff_name: expect.any(String),
    });
    // Sent: asking again is refused, and nothing more is sent.
    const again = await admin.functions.invoke('deliver-leads', { body: { lead_id: lead.id } });
    expect(again.error).not.toBeNull();
    expect(await receivedFor(lead.email)).toHaveLength(1);
  });

  it('waits while the visitor’s browser may still report', async () => {
    const lead = await storeLead();
    expect(await admin.rpc('request_lead_resend', { lead_id: lead.id })).toMatchObject({ data: 'too_soon' });
    expect(await receivedFor(lead.email)).toEqual([]);
  });

  it('is refused to everyone but staff at aal2', async () => {
    const lead = await storeLead();
    await graceOver(lead.id);
    const aal1 = await backend.signIn('admin', { aal: 'aal1' });
    for (const [who, client] of [
      ['anon', backend.client()],
      ['member', await backend.signIn('member')],
      ['client', await backend.signIn('client')],
      ['admin at aal1', aal1],
    ] as const) {
      const { error } = await client.functions.invoke('deliver-leads', { body: { lead_id: lead.id } });
      expect((error as { context?: Response } | null)?.context?.status, who).toBe(403);
      expect((await client.rpc('request_lead_resend', { lead_id: lead.id })).error?.code, who).toBe('42501');
    }
    const unsigned = await fetch(`${backend.url}/functions/v1/deliver-leads`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(401);
    const withAnonKey = await fetch(`${backend.url}/functions/v1/deliver-leads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${LOCAL_ANON_KEY}` },
      body: '{}',
    });
    expect(withAnonKey.status).toBe(400);
    expect(await receivedFor(lead.email)).toEqual([]);
    expect(await leadOf(lead.id)).toMatchObject({ hubspot_status: 'pending', delivery_requested_by: null });
  });
});

describe('the attempts', () => {
  it.each(ACTORS)('%s reads them only as staff at aal2, and writes none', async (actor) => {
    const lead = await storeLead();
    await graceOver(lead.id);
    await runDelivery();
    const client = actor === 'anon' ? backend.client() : actor === 'admin' ? admin : await backend.signIn(actor);
    const read = await client.from('lead_delivery_attempts').select('lead_id').eq('lead_id', lead.id);
    if (actor === 'anon') expect(read.error?.code).toBe('42501');
    else expect(read.data).toEqual(actor === 'admin' ? [{ lead_id: lead.id }] : []);
    const insert = await client.from('lead_delivery_attempts').insert({
      lead_id: lead.id,
      actor: 'staff',
      staff_user_id: '00000000-0000-4000-8000-00000000a001',
      outcome: 'sent',
      result: 'applied',
    });
    expect(insert.error?.code).toBe('42501');
    const erase = await client.from('lead_delivery_attempts').delete().eq('lead_id', lead.id).select('id');
    if (actor === 'anon') expect(erase.error?.code).toBe('42501');
    else expect(erase.error?.code ?? (erase.data?.length === 0 ? 'none' : 'deleted')).toMatch(/42501|none/);
    // Nor may they claim or record deliveries.
    const claim = await client.rpc('claim_lead_deliveries', { max_rows: 10 });
    expect(claim.error?.code).toBe('42501');
    expect(await attemptsOf(lead.id)).toHaveLength(1);
  });

  it('an admin at aal1 reads none', async () => {
    const lead = await storeLead();
    await graceOver(lead.id);
    await runDelivery();
    const aal1 = await backend.signIn('admin', { aal: 'aal1' });
    expect(await aal1.from('lead_delivery_attempts').select('id').eq('lead_id', lead.id)).toMatchObject({
      data: [],
      error: null,
    });
  });
});
