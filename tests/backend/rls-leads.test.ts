/**
 * Who may read, update and purge leads, through supabase-js as each kind of
 * caller: anon, member (no role), client, admin at aal1 (password only) and
 * admin at aal2 (password and TOTP code). Only the aal2 admin sees or changes
 * anything (supabase/migrations/20261123070000_leads_need_aal2.sql,
 * docs/decisions/084-leads-page-resend-and-aal2.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import { startTestBackend, type Client, type TestBackend } from './helpers.ts';

type Actor = 'anon' | 'member' | 'client' | 'adminAal1' | 'admin';
const ACTORS: Actor[] = ['anon', 'member', 'client', 'adminAal1', 'admin'];

let backend: TestBackend;
let service: Client;
const clients = new Map<Actor, Client>();
const as = (actor: Actor): Client => {
  const found = clients.get(actor);
  if (!found) throw new Error(`no client for ${actor}`);
  return found;
};

type SubmitArgs = Database['public']['Functions']['submit_lead']['Args'];

/** A form token issued a person's time ago (minted as the superuser in beforeAll). */
let formToken = '';

const lead = (overrides: Partial<SubmitArgs> = {}): SubmitArgs => ({
  form: 'b2b_request',
  language: 'fr',
  fields: [
    { name: 'firstname', value: 'Jean' },
    { name: 'email', value: `jean.${Math.random().toString(36).slice(2)}@example.com` },
  ],
  page_uri: 'http://localhost:4173/fr/client/login',
  page_name: 'Connexion client',
  marketing_consent: false,
  consent_version: '2026-11-23',
  form_token: formToken,
  ...overrides,
});

let visitorCount = 0;
/** Stores a lead as a visitor (each from its own address, so the per-client limit never interferes). */
async function submit(overrides: Partial<SubmitArgs> = {}): Promise<string> {
  visitorCount += 1;
  const visitor = backend.client({ headers: { 'x-test-client-address': `198.51.100.${visitorCount}` } });
  const { data, error } = await visitor.rpc('submit_lead', lead(overrides));
  if (error) throw new Error(`submit_lead failed: ${error.message}`);
  return (data as { id: string }).id;
}

async function row(id: string) {
  const { data, error } = await service.from('leads').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data;
}

beforeAll(async () => {
  backend = await startTestBackend({ testClientAddressHeader: 'x-test-client-address' });
  const [minted] = await backend.db.query<{ token: string }>(
    `select private.lead_form_token_at(now() - interval '12 seconds') as token`,
  );
  formToken = minted!.token;
  service = backend.serviceClient();
  clients.set('anon', backend.client());
  clients.set('member', await backend.signIn('member'));
  clients.set('client', await backend.signIn('client'));
  // aal1 first: a later aal2 verification signs the account's aal1 sessions
  // out at /auth/v1, but their access tokens still reach the Data API, which
  // is exactly the stolen-password case this suite is about.
  clients.set('adminAal1', await backend.signIn('admin', { aal: 'aal1' }));
  clients.set('admin', await backend.signIn('admin'));
});

afterAll(async () => {
  await backend?.stop();
});

describe('reading leads', () => {
  const expected: Record<Actor, 'denied' | 'none' | 'all'> = {
    anon: 'denied',
    member: 'none',
    client: 'none',
    adminAal1: 'none',
    admin: 'all',
  };
  it.each(ACTORS)('%s', async (actor) => {
    const id = await submit();
    const { data, error } = await as(actor).from('leads').select('id').eq('id', id);
    if (expected[actor] === 'denied') {
      expect(error?.code).toBe('42501');
      return;
    }
    expect(error).toBeNull();
    expect(data).toEqual(expected[actor] === 'all' ? [{ id }] : []);
  });
});

describe('recording an outcome by hand', () => {
  const outcome = { hubspot_status: 'sent', hubspot_failure: null, hubspot_http_status: 200, hubspot_error_types: [] };

  // Staff resends are sent and recorded by the server (decision 188): nobody updates a lead.
  it.each(ACTORS)('%s is refused', async (actor) => {
    const id = await submit();
    const { error } = await as(actor).from('leads').update(outcome).eq('id', id).select('id');
    expect(error?.code).toBe('42501');
    expect(await row(id)).toMatchObject({ hubspot_status: 'pending', hubspot_attempts: 0, hubspot_updated_at: null });
  });

  it('a staff resend of a spam lead is refused, and it stays not sent', async () => {
    const id = await submit({ honeypot: 'https://spam.example' });
    const { data, error } = await as('admin').rpc('request_lead_resend', { lead_id: id });
    expect(error).toBeNull();
    expect(data).toBe('spam');
    expect((await row(id))?.hubspot_status).toBe('not_sent');
  });
});

describe('deleting and purging', () => {
  it.each(ACTORS)('%s deletes a lead only at aal2', async (actor) => {
    const id = await submit();
    const { error } = await as(actor).from('leads').delete().eq('id', id).select('id');
    if (actor === 'anon') expect(error?.code).toBe('42501');
    else expect(error).toBeNull();
    expect(await row(id)).toEqual(actor === 'admin' ? null : expect.objectContaining({ id }));
  });

  it.each(ACTORS)('%s purges expired leads only at aal2', async (actor) => {
    const id = await submit();
    await backend.db.query(`update public.leads set created_at = now() - interval '25 months' where id = $1::uuid`, [
      id,
    ]);
    const { data, error } = await as(actor).rpc('purge_expired_leads');
    if (actor === 'anon') expect(error?.code).toBe('42501');
    else {
      expect(error).toBeNull();
      expect(data).toBe(actor === 'admin' ? 1 : 0);
    }
    expect(await row(id)).toEqual(actor === 'admin' ? null : expect.objectContaining({ id }));
    await service.from('leads').delete().eq('id', id);
  });
});

describe('the retention periods', () => {
  it.each(ACTORS)('%s', async (actor) => {
    const { data, error } = await as(actor).rpc('lead_retention_periods');
    if (actor === 'anon') {
      expect(error?.code).toBe('42501');
      return;
    }
    expect(error).toBeNull();
    expect(data).toEqual(
      actor === 'admin'
        ? [{ retention_months: 24, retention_days: 0, spam_retention_months: 0, spam_retention_days: 30 }]
        : [],
    );
  });

  it('follow the settings operators change', async () => {
    await backend.db.query(`update private.lead_settings set retention = interval '18 months 15 days'`);
    const { data } = await as('admin').rpc('lead_retention_periods');
    expect(data?.[0]).toMatchObject({ retention_months: 18, retention_days: 15 });
    await backend.db.query(`update private.lead_settings set retention = interval '24 months'`);
  });
});
