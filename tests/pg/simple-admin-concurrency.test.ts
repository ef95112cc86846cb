/**
 * The simple-admin throttle and the flag audit on a real PostgreSQL server
 * with many connections, logged in as `authenticator` as PostgREST is on
 * hosted Supabase (docs/decisions/061-simple-admin-attempts-per-client.md,
 * 063-flag-change-attribution.md). The local backend runs one request at a
 * time, so only here can concurrent guesses race each other.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from './support/postgres-server.ts';
import { apiRequest, prepareSupabaseDatabase } from './support/supabase-database.ts';

const PASSWORD = 'Concurrent#Simple-2025';
const CONNECTIONS = 40;
const LIMIT = 10;
const STRANGER = { 'cf-connecting-ip': '203.0.113.50' };
const STAFF = { 'cf-connecting-ip': '198.51.100.20' };

let server: PostgresServer;
let superuser: pg.Client;
let connections: pg.Client[] = [];

beforeAll(async () => {
  server = await startPostgres();
  await prepareSupabaseDatabase(server, { seed: true, simpleAdminPassword: PASSWORD });
  superuser = await server.connect();
  connections = await Promise.all(Array.from({ length: CONNECTIONS + 2 }, () => server.connect('authenticator')));
}, 120_000);

afterAll(async () => {
  await Promise.all([...connections, superuser].filter(Boolean).map((client) => client.end().catch(() => undefined)));
  await server?.stop();
});

type Outcome = 'right' | 'wrong' | 'throttled' | `error ${string}`;

async function unlock(client: pg.Client, headers: Record<string, string>, password: string): Promise<Outcome> {
  try {
    const ok = await apiRequest(client, { role: 'anon', headers }, async () => {
      const { rows } = await client.query<{ ok: boolean }>('select public.simple_admin_unlock($1) as ok', [password]);
      return rows[0]?.ok;
    });
    return ok ? 'right' : 'wrong';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'PT429' ? 'throttled' : `error ${code ?? (error as Error).message}`;
  }
}

const tally = (outcomes: Outcome[]) =>
  outcomes.reduce<Record<string, number>>(
    (counts, outcome) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }),
    {},
  );

async function clearAttempts(): Promise<void> {
  await superuser.query('delete from private.simple_admin_attempts');
}

describe('simple-admin throttle under concurrency', () => {
  it(`${CONNECTIONS} concurrent wrong passwords from one client: exactly ${LIMIT} are checked, the rest get 429`, async () => {
    await clearAttempts();
    const outcomes = await Promise.all(
      connections.slice(0, CONNECTIONS).map((client, i) => unlock(client, STRANGER, `wrong-${i}`)),
    );
    expect(tally(outcomes)).toEqual({ wrong: LIMIT, throttled: CONNECTIONS - LIMIT });
    const { rows } = await superuser.query<{ n: number }>(
      `select count(*)::int as n from private.simple_admin_attempts where client_key = '203.0.113.50'`,
    );
    expect(rows[0]?.n).toBe(LIMIT);
  });

  it('while a stranger floods wrong passwords, staff at another address unlock and switch a flag', async () => {
    await clearAttempts();
    const [staffUnlock, staffToggle] = connections.slice(CONNECTIONS);
    if (!staffUnlock || !staffToggle) throw new Error('missing connections');
    const { rows } = await superuser.query<{ id: string; enabled: boolean }>(
      `select id, enabled from public.feature_flags where name = 'teams'`,
    );
    const teams = rows[0];
    if (!teams) throw new Error('flag teams missing');

    const strangerRun = Promise.all(
      connections.slice(0, CONNECTIONS).map((client, i) => unlock(client, STRANGER, `guess-${i}`)),
    );
    const staffRun = Promise.all([
      unlock(staffUnlock, STAFF, PASSWORD),
      apiRequest(staffToggle, { role: 'anon', headers: STAFF }, async () => {
        const result = await staffToggle.query<{ ok: boolean }>(
          'select public.simple_admin_set_flag($1, $2, $3) as ok',
          [PASSWORD, teams.id, !teams.enabled],
        );
        return result.rows[0]?.ok;
      }),
    ]);
    const [stranger, staff] = await Promise.all([strangerRun, staffRun]);

    expect(staff).toEqual(['right', true]);
    expect(tally(stranger)).toEqual({ wrong: LIMIT, throttled: CONNECTIONS - LIMIT });
    const after = await superuser.query<{ enabled: boolean }>(
      `select enabled from public.feature_flags where name = 'teams'`,
    );
    expect(after.rows[0]?.enabled).toBe(!teams.enabled);
  });
});

describe('flag audit on an authenticator login', () => {
  async function latestAuthor(): Promise<{ changed_by_email: string | null; source: string } | undefined> {
    const { rows } = await superuser.query<{ changed_by_email: string | null; source: string }>(
      `select changed_by_email, source from public.feature_flag_changes order by id desc limit 1`,
    );
    return rows[0];
  }

  it('the service key names "service role / SQL", a signed-in admin names themself, never a login role', async () => {
    const client = connections[0];
    if (!client) throw new Error('missing connection');
    await apiRequest(client, { role: 'service_role' }, () =>
      client.query(`update public.feature_flags set enabled = not enabled where name = 'solutions'`),
    );
    expect(await latestAuthor()).toEqual({ changed_by_email: 'service role / SQL', source: 'sql' });

    const adminClaims = {
      sub: '00000000-0000-4000-8000-00000000a001',
      email: 'admin@example.com',
      aud: 'authenticated',
      // Staff writes need a second factor (docs/decisions/072-staff-second-factor.md).
      aal: 'aal2',
    };
    await apiRequest(client, { role: 'authenticated', claims: adminClaims }, () =>
      client.query(`update public.feature_flags set enabled = not enabled where name = 'solutions'`),
    );
    expect(await latestAuthor()).toEqual({ changed_by_email: 'admin@example.com', source: 'portal' });

    await superuser.query(`update public.feature_flags set enabled = not enabled where name = 'solutions'`);
    expect(await latestAuthor()).toEqual({ changed_by_email: 'service role / SQL', source: 'sql' });

    const { rows } = await superuser.query<{ author: string }>(
      `select distinct changed_by_email as author from public.feature_flag_changes where changed_by_email is not null`,
    );
    const loginRoles = await superuser.query<{ rolname: string }>('select rolname from pg_roles');
    const roleNames = new Set(loginRoles.rows.map((row) => row.rolname));
    for (const { author } of rows) expect(roleNames.has(author), author).toBe(false);
  });
});
