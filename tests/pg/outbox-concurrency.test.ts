/**
 * The mail outbox and the hourly message limit on a real PostgreSQL server
 * with many connections, as PostgREST runs requests on hosted Supabase
 * (docs/decisions/115-mail-outbox-and-delivery.md,
 * 114-account-manager-conversations.md). The local backend runs one request
 * at a time, so only here can deliverers and clients race each other.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from './support/postgres-server.ts';
import { apiRequest, prepareSupabaseDatabase } from './support/supabase-database.ts';

const CONNECTIONS = 8;
const CLIENT = '00000000-0000-4000-8000-00000000c001';
const SEEDED_CONVERSATION = '00000000-0000-4000-8000-0000000f0c01';

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

const connection = (index: number): pg.Client => {
  const found = connections[index];
  if (!found) throw new Error(`no connection ${index}`);
  return found;
};

async function claim(client: pg.Client, maxRows: number): Promise<string[]> {
  return apiRequest(client, { role: 'service_role' }, async () => {
    const { rows } = await client.query<{ id: string }>('select id from public.claim_email_outbox($1, 300)', [maxRows]);
    return rows.map((row) => row.id);
  });
}

async function queueMails(count: number): Promise<void> {
  await superuser.query('delete from private.email_outbox');
  await superuser.query(
    `insert into private.email_outbox (to_address, template, language, payload)
     select 'buyer' || n || '@example.com', 'client_reply', 'en', '{}'::jsonb from generate_series(1, $1) n`,
    [count],
  );
}

describe('claiming the outbox', () => {
  it(`${CONNECTIONS} deliverers claiming at once never get the same row`, async () => {
    await queueMails(60);
    const claims = await Promise.all(connections.map((client) => claim(client, 10)));
    const all = claims.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(60);
  });

  it('a deliverer skips the rows another one is claiming, instead of waiting for it', async () => {
    await queueMails(5);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holder = connection(0);
    let held: string[] = [];
    const holding = apiRequest(holder, { role: 'service_role' }, async () => {
      const { rows } = await holder.query<{ id: string }>('select id from public.claim_email_outbox(3, 300)');
      held = rows.map((row) => row.id);
      await gate;
    });
    // Wait until the holder has its rows locked (its transaction is still open).
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const other = await claim(connection(1), 10);
    release();
    await holding;
    expect(held).toHaveLength(3);
    expect(other).toHaveLength(2);
    expect(other.some((id) => held.includes(id))).toBe(false);
    // Once committed, the holder's claims are leased: nobody takes them either.
    expect(await claim(connection(2), 10)).toEqual([]);
  });
});

describe('the hourly message limit', () => {
  it(`${CONNECTIONS * 3} concurrent messages from one client: exactly 20 are stored, the rest get 429`, async () => {
    // One request at a time per connection (a connection is one session), all connections at once.
    const post = async (client: pg.Client, n: number): Promise<string> => {
      try {
        await apiRequest(
          client,
          { role: 'authenticated', claims: { sub: CLIENT, role: 'authenticated', aal: 'aal1' } },
          () => client.query('select public.post_conversation_message($1, $2)', [SEEDED_CONVERSATION, `Message ${n}`]),
        );
        return 'stored';
      } catch (error) {
        return (error as { code?: string }).code ?? 'error';
      }
    };
    const perConnection = await Promise.all(
      connections.map(async (client, index) => {
        const outcomes: string[] = [];
        for (let round = 0; round < 3; round += 1) outcomes.push(await post(client, round * CONNECTIONS + index));
        return outcomes;
      }),
    );
    const outcomes = perConnection.flat();
    const tally = outcomes.reduce<Record<string, number>>(
      (counts, outcome) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }),
      {},
    );
    expect(tally).toEqual({ stored: 20, PT429: CONNECTIONS * 3 - 20 });
    const { rows } = await superuser.query<{ n: number }>(
      `select count(*)::int as n from public.conversation_messages
       where author_id = $1 and created_at > now() - interval '1 hour'`,
      [CLIENT],
    );
    expect(rows[0]?.n).toBe(20);
  });
});
