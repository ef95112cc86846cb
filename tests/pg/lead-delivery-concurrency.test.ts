/**
 * Claiming leads for the server's delivery on a real PostgreSQL server with
 * many connections, as PostgREST runs requests on hosted Supabase
 * (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md).
 * The local backend runs one request at a time, so only here can deliverers
 * race each other and the visitor's late report.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from './support/postgres-server.ts';
import { apiRequest, prepareSupabaseDatabase } from './support/supabase-database.ts';

const CONNECTIONS = 8;

let server: PostgresServer;
let superuser: pg.Client;
let connections: pg.Client[] = [];

beforeAll(async () => {
  server = await startPostgres();
  await prepareSupabaseDatabase(server, { seed: true });
  superuser = await server.connect();
  connections = await Promise.all(Array.from({ length: CONNECTIONS }, () => server.connect('authenticator')));
}, 120_000);

afterAll(async () => {
  await Promise.all([...connections, superuser].filter(Boolean).map((client) => client.end().catch(() => undefined)));
  await server?.stop();
});

async function claim(client: pg.Client, maxRows: number): Promise<Array<{ id: string; claim_token: string }>> {
  return apiRequest(client, { role: 'service_role' }, async () => {
    const { rows } = await client.query<{ id: string; claim_token: string }>(
      'select id, claim_token from public.claim_lead_deliveries($1, 120)',
      [maxRows],
    );
    return rows;
  });
}

/** Leads whose browser's grace is over (setup as the superuser). */
async function dueLeads(count: number): Promise<void> {
  await superuser.query('delete from public.leads');
  await superuser.query(
    `insert into public.leads (form, language, fields, page_uri, page_name, marketing_consent, consent_version,
                               consent_text, processing_text, delivery_due_at)
     select 'contact', 'en', jsonb_build_array(jsonb_build_object('name', 'email', 'value', 'buyer' || n || '@example.com')),
            'http://localhost/', 'Home', false, 'v', 'consent', 'processing', now() - interval '1 second'
     from generate_series(1, $1) n`,
    [count],
  );
}

describe('claiming leads to deliver', () => {
  it(`${CONNECTIONS} deliverers claiming at once never get the same lead`, async () => {
    await dueLeads(60);
    const claims = await Promise.all(connections.map((client) => claim(client, 10)));
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(60);
    // Leased: a later run takes none of them.
    expect(await claim(connections[0]!, 100)).toEqual([]);
  });

  it('only the holder of the claim records the outcome; a second record of the same claim changes nothing', async () => {
    await dueLeads(1);
    const [first] = await claim(connections[0]!, 1);
    const record = (client: pg.Client, token: string) =>
      apiRequest(client, { role: 'service_role' }, async () => {
        const { rows } = await client.query<{ answer: string }>(
          `select public.record_lead_delivery($1, $2, 'sent', null, 200, '[]'::jsonb) as answer`,
          [first!.id, token],
        );
        return rows[0]!.answer;
      });
    const answers = await Promise.all([
      record(connections[1]!, first!.claim_token),
      record(connections[2]!, first!.claim_token),
      record(connections[3]!, '00000000-0000-4000-8000-000000000000'),
    ]);
    expect(answers.sort()).toEqual(['sent', 'stale', 'stale']);
    const { rows } = await superuser.query<{ n: number; applied: number }>(
      `select count(*)::int as n, count(*) filter (where result = 'applied')::int as applied
       from public.lead_delivery_attempts where lead_id = $1`,
      [first!.id],
    );
    expect(rows[0]).toEqual({ n: 3, applied: 1 });
  });

  it('a lead the browser settles while deliverers race is claimed by none of them afterwards', async () => {
    await dueLeads(1);
    const { rows } = await superuser.query<{ id: string }>('select id from public.leads');
    const id = rows[0]!.id;
    const settle = superuser.query(
      `update public.leads set hubspot_status = 'sent', delivery_due_at = null where id = $1`,
      [id],
    );
    const claims = await Promise.all(connections.slice(0, 4).map((client) => claim(client, 1)));
    await settle;
    // At most one deliverer got it before the browser's report committed; never two.
    expect(claims.flat().length).toBeLessThanOrEqual(1);
    expect(await claim(connections[5]!, 1)).toEqual([]);
  });
});
