/**
 * One lock order for changes of an admin role, on a real PostgreSQL server
 * (docs/decisions/211-managing-staff.md): every path takes the admin-roles
 * lock before it locks a row of user_roles, so two changes at once wait for
 * each other in turn instead of deadlocking. The local backend runs one
 * request at a time, so only here can two of them meet.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from './support/postgres-server.ts';
import { apiRequest, prepareSupabaseDatabase } from './support/supabase-database.ts';

const ADMIN = '00000000-0000-4000-8000-00000000a001';
const STAFF = { role: 'authenticated', claims: { sub: ADMIN, aal: 'aal2' } } as const;
const ADMIN_ROLES_LOCK = `select pg_advisory_xact_lock(hashtext('public.user_roles: admins'))`;

let server: PostgresServer;
let superuser: pg.Client;
let holder: pg.Client;
let probe: pg.Client;
let staff: pg.Client;

beforeAll(async () => {
  server = await startPostgres();
  await prepareSupabaseDatabase(server, { seed: true });
  superuser = await server.connect();
  holder = await server.connect();
  probe = await server.connect();
  staff = await server.connect('authenticator');
}, 120_000);

afterAll(async () => {
  await Promise.all(
    [staff, probe, holder, superuser].filter(Boolean).map((client) => client.end().catch(() => undefined)),
  );
  await server?.stop();
});

const processId = (client: pg.Client) => (client as unknown as { processID: number }).processID;

async function waitUntilBlocked(client: pg.Client): Promise<string> {
  for (;;) {
    const { rows } = await superuser.query<{ locktype: string }>(
      `select locktype from pg_locks where not granted and pid = $1`,
      [processId(client)],
    );
    if (rows[0]) return rows[0].locktype;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('an admin withdrawn the older way', () => {
  it('waits for the admin-roles lock before it locks any admin row, then withdraws', async () => {
    const { rows } = await superuser.query<{ id: string }>(
      `update public.user_roles r set role = 'admin'
         from auth.users u
        where u.id = r.user_id and u.email = 'editor@example.com'
       returning r.user_id as id`,
    );
    const second = rows[0]!.id;

    // Another change of an admin role is under way: it holds the lock.
    await holder.query('begin');
    await holder.query(ADMIN_ROLES_LOCK);
    const withdrawing = apiRequest(staff, STAFF, () =>
      staff.query('select public.admin_set_admin_role($1, false)', [second]),
    );
    expect(await waitUntilBlocked(staff)).toBe('advisory');

    // While it waits, it holds no admin row: a third transaction locks them all at once.
    await probe.query('begin');
    const locked = await probe.query(`select 1 from public.user_roles where role = 'admin' for update nowait`);
    expect(locked.rowCount).toBe(2);
    await probe.query('rollback');

    await holder.query('commit');
    await withdrawing;
    const after = await superuser.query<{ role: string | null }>(
      `select (select r.role::text from public.user_roles r where r.user_id = $1) as role`,
      [second],
    );
    expect(after.rows[0]).toEqual({ role: null });
  });
});
