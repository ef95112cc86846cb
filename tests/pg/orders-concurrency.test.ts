/**
 * Two staff confirming one order at once, on a real PostgreSQL server with a
 * connection each, as PostgREST runs requests on hosted Supabase
 * (docs/decisions/196-order-totals-idempotency-and-transitions.md): the row
 * lock makes the second wait for the first, and the version the first bumped
 * makes the second fail with 'order_changed'. The local backend runs one
 * request at a time, so only here can the two race.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from './support/postgres-server.ts';
import { apiRequest, prepareSupabaseDatabase } from './support/supabase-database.ts';

const ADMIN = '00000000-0000-4000-8000-00000000a001';
const COMPANY_A = '00000000-0000-4000-8000-0000000c0a01';
const STAFF = { role: 'authenticated', claims: { sub: ADMIN, aal: 'aal2' } } as const;

let server: PostgresServer;
let superuser: pg.Client;
let first: pg.Client;
let second: pg.Client;

beforeAll(async () => {
  server = await startPostgres();
  await prepareSupabaseDatabase(server, { seed: true });
  superuser = await server.connect();
  first = await server.connect('authenticator');
  second = await server.connect('authenticator');
}, 120_000);

afterAll(async () => {
  await Promise.all([first, second, superuser].filter(Boolean).map((client) => client.end().catch(() => undefined)));
  await server?.stop();
});

const confirm = (client: pg.Client, order: string, version: number) =>
  client.query<{ result: { version: number } }>('select public.confirm_order($1, $2, null, null, $3) as result', [
    order,
    version,
    'Confirmed',
  ]);

describe('two confirmations of one order', () => {
  it('exactly one wins; the other waits for it and is told the order changed', async () => {
    const { rows } = await superuser.query<{ id: string; version: number }>(
      `select id, version from public.orders where company_id = $1 and status = 'submitted' limit 1`,
      [COMPANY_A],
    );
    const order = rows[0]!;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let confirmed = false;
    // The first confirms and keeps its transaction open until the second is waiting.
    const winning = apiRequest(first, STAFF, async () => {
      const result = await confirm(first, order.id, order.version);
      confirmed = true;
      await gate;
      return result.rows[0]!.result;
    });
    while (!confirmed) await new Promise((resolve) => setImmediate(resolve));
    const losing = apiRequest(second, STAFF, () => confirm(second, order.id, order.version)).then(
      () => null,
      (error: Error & { code?: string }) => error,
    );
    // Wait until the second is blocked on the first's row lock.
    for (;;) {
      const waiting = await superuser.query<{ n: number }>(
        `select count(*)::int as n from pg_locks where not granted and pid = $1`,
        [(second as unknown as { processID: number }).processID],
      );
      if (waiting.rows[0]!.n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    const won = await winning;
    const lost = await losing;
    expect(won.version).toBe(order.version + 1);
    expect(lost?.message).toBe('order_changed');
    expect(lost?.code).toBe('P0001');
    const after = await superuser.query<{ status: string; version: number; events: number; mails: number }>(
      `select o.status::text, o.version,
              (select count(*)::int from public.order_events e where e.order_id = o.id and e.kind = 'confirmed') as events,
              (select count(*)::int from private.email_outbox m
                where m.template = 'order_confirmed' and m.payload ->> 'order_number' = o.number) as mails
       from public.orders o where o.id = $1`,
      [order.id],
    );
    expect(after.rows[0]).toEqual({ status: 'confirmed', version: order.version + 1, events: 1, mails: 1 });
  });
});
