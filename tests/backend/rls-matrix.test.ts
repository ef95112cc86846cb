/**
 * Who may do what: every actor (anon, member without a role, client, admin)
 * × every table × select/insert/update/delete, through supabase-js, so the
 * grants and RLS policies of supabase/migrations are what is tested.
 *
 * Outcomes: `rows(n)` the call succeeded and saw/affected n rows (a policy
 * that hides a row makes an update or delete affect 0 rows, without error);
 * `denied` the database refused (42501: 401 for anon, 403 when signed in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagNames } from '../../src/lib/flags/defaults.ts';
import {
  ACCOUNT_IDS,
  ACTORS,
  snapshot,
  startTestBackend,
  type Actor,
  type Client,
  type TestBackend,
} from './helpers.ts';

type Table = 'feature_flags' | 'user_roles' | 'feature_flag_changes';
type Operation = 'select' | 'insert' | 'update' | 'delete';
type Outcome = { rows: number | 'some' } | 'denied';

let backend: TestBackend;
const clients = new Map<Actor, Client>();
let service: Client;
const client = (actor: Actor): Client => {
  const found = clients.get(actor);
  if (!found) throw new Error(`no client for ${actor}`);
  return found;
};

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.serviceClient();
  for (const actor of ACTORS) clients.set(actor, await backend.as(actor));
  // Something to read in the audit trail.
  await service.from('feature_flags').update({ enabled: true }).eq('name', 'teams');
  await service.from('feature_flags').update({ enabled: false }).eq('name', 'teams');
});

afterAll(async () => {
  await backend?.stop();
});

const selfId = (actor: Actor): string => (actor === 'anon' ? ACCOUNT_IDS.member : ACCOUNT_IDS[actor]);

/**
 * One attempt per cell. Writes that succeed are undone through the service
 * role afterwards so the cells stay independent.
 */
const attempts: Record<
  Table,
  Record<
    Operation,
    (
      db: Client,
      actor: Actor,
    ) => PromiseLike<{ data: unknown[] | null; error: { code: string } | null; status: number }>
  >
> = {
  feature_flags: {
    select: (db) => db.from('feature_flags').select('id'),
    insert: (db) => db.from('feature_flags').insert({ name: 'sneaky_flag', enabled: true }).select('id'),
    update: (db) =>
      db.from('feature_flags').update({ description: 'Changed by the matrix.' }).eq('name', 'teams').select('id'),
    delete: (db) => db.from('feature_flags').delete().eq('name', 'teams').select('id'),
  },
  user_roles: {
    select: (db) => db.from('user_roles').select('user_id'),
    // Granting oneself a role: never allowed, not even to an admin.
    insert: (db, actor) =>
      db
        .from('user_roles')
        .insert({ user_id: selfId(actor), role: 'admin' })
        .select('id'),
    // Promoting one's own row (the client has one): never allowed.
    update: (db, actor) => db.from('user_roles').update({ role: 'admin' }).eq('user_id', selfId(actor)).select('id'),
    // Deleting the client's role: admins only.
    delete: (db) => db.from('user_roles').delete().eq('user_id', ACCOUNT_IDS.client).select('id'),
  },
  feature_flag_changes: {
    select: (db) => db.from('feature_flag_changes').select('id'),
    insert: (db) =>
      db
        .from('feature_flag_changes')
        .insert({ flag_name: 'teams', old_enabled: true, new_enabled: false, source: 'portal' })
        .select('id'),
    update: (db) => db.from('feature_flag_changes').update({ source: 'sql' }).gte('id', 0).select('id'),
    delete: (db) => db.from('feature_flag_changes').delete().gte('id', 0).select('id'),
  },
};

const rows = (count: number | 'some'): Outcome => ({ rows: count });
/** The seeded roles, by user id. */
const SEEDED_ROLES = [
  { user_id: ACCOUNT_IDS.admin, role: 'admin' },
  { user_id: '00000000-0000-4000-8000-00000000a002', role: 'account_manager' },
  { user_id: '00000000-0000-4000-8000-00000000a003', role: 'editor' },
  { user_id: ACCOUNT_IDS.client, role: 'client' },
];
const D: Outcome = 'denied';
/** Every flag the site knows: the migrations seed them all. */
const everyFlag = rows(flagNames.length);

/** The expected outcome of each cell: [anon, member, client, admin]. */
const matrix: Record<Table, Record<Operation, [Outcome, Outcome, Outcome, Outcome]>> = {
  feature_flags: {
    select: [everyFlag, everyFlag, everyFlag, everyFlag],
    insert: [D, D, D, D],
    update: [D, rows(0), rows(0), rows(1)],
    delete: [D, D, D, D],
  },
  // Roles are written only by the staff functions (tests/backend/rls-accounts.test.ts).
  user_roles: {
    // The admin reads every role: admin, account manager, editor and client are seeded.
    select: [D, rows(0), rows(1), rows(4)],
    insert: [D, D, D, D],
    update: [D, D, D, D],
    delete: [D, D, D, D],
  },
  feature_flag_changes: {
    select: [D, rows(0), rows(0), rows('some')],
    insert: [D, D, D, D],
    update: [D, D, D, D],
    delete: [D, D, D, D],
  },
};

async function undo(table: Table, operation: Operation): Promise<void> {
  if (table === 'feature_flags' && operation === 'update') {
    await service
      .from('feature_flags')
      .update({ description: 'Teams page and its navigation link.' })
      .eq('name', 'teams');
  }
  if (table === 'user_roles' && operation === 'delete') {
    await service.from('user_roles').upsert({ user_id: ACCOUNT_IDS.client, role: 'client' }, { onConflict: 'user_id' });
  }
}

describe.each(Object.keys(matrix) as Table[])('%s', (table) => {
  const cells = (Object.keys(matrix[table]) as Operation[]).flatMap((operation) =>
    ACTORS.map((actor, index) => ({ operation, actor, expected: matrix[table][operation][index] as Outcome })),
  );

  it.each(cells)('$actor $operation → $expected', async ({ operation, actor, expected }) => {
    const before = await snapshot(client('admin'));
    const result = await attempts[table][operation](client(actor), actor);
    if (expected === 'denied') {
      expect(result.error?.code).toBe('42501');
      expect(result.status).toBe(actor === 'anon' ? 401 : 403);
      expect(await snapshot(client('admin'))).toEqual(before);
    } else {
      expect(result.error).toBeNull();
      const seen = result.data?.length ?? 0;
      if (expected.rows === 'some') expect(seen).toBeGreaterThan(0);
      else expect(seen).toBe(expected.rows);
      if (operation !== 'select' && expected.rows === 0) expect(await snapshot(client('admin'))).toEqual(before);
    }
    await undo(table, operation);
  });
});

describe('the rules that matter most', () => {
  it('a client cannot update a flag: no error, nothing changes', async () => {
    const before = await backend.client().from('feature_flags').select('*').order('name');
    const result = await client('client').from('feature_flags').update({ enabled: true }).eq('name', 'insights');
    expect(result.error).toBeNull();
    expect(result.status).toBe(204);
    expect((await backend.client().from('feature_flags').select('*').order('name')).data).toEqual(before.data);
  });

  it('nobody grants themselves a role, whatever the route', async () => {
    for (const actor of ['member', 'client', 'admin'] as const) {
      const db = client(actor);
      const insert = await db.from('user_roles').insert({ user_id: ACCOUNT_IDS[actor], role: 'admin' });
      expect(insert.error?.code).toBe('42501');
      const upsert = await db
        .from('user_roles')
        .upsert({ user_id: ACCOUNT_IDS[actor], role: 'admin' }, { onConflict: 'user_id' });
      expect(upsert.error?.code).toBe('42501');
      const update = await db.from('user_roles').update({ role: 'admin' }).eq('user_id', ACCOUNT_IDS[actor]).select();
      expect(update.data ?? []).toEqual([]);
    }
    const roles = await service.from('user_roles').select('user_id,role').order('user_id');
    expect(roles.data).toEqual(SEEDED_ROLES);
  });

  it('not even an admin writes user_roles directly: roles change only through the staff functions', async () => {
    const admin = client('admin');
    const grant = await admin.from('user_roles').insert({ user_id: ACCOUNT_IDS.member, role: 'client' }).select('role');
    expect(grant.error?.code).toBe('42501');
    const withdraw = await admin.from('user_roles').delete().eq('user_id', ACCOUNT_IDS.client).select('role');
    expect(withdraw.error?.code).toBe('42501');
    const roles = await service.from('user_roles').select('user_id,role').order('user_id');
    expect(roles.data).toEqual(SEEDED_ROLES);
  });

  it('anon can read neither user_roles nor feature_flag_changes', async () => {
    for (const table of ['user_roles', 'feature_flag_changes'] as const) {
      const { data, error, status } = await client('anon').from(table).select('*');
      expect(data).toBeNull();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    }
  });

  it('an admin’s flag change is recorded with their email and source portal', async () => {
    const admin = client('admin');
    const flag = await admin.from('feature_flags').select('id,enabled').eq('name', 'partnerships').single();
    const update = await admin
      .from('feature_flags')
      .update({ enabled: !flag.data?.enabled })
      .eq('id', flag.data?.id ?? '')
      .select('enabled')
      .single();
    expect(update.data?.enabled).toBe(!flag.data?.enabled);
    const change = await admin
      .from('feature_flag_changes')
      .select('flag_id,flag_name,old_enabled,new_enabled,changed_by,changed_by_email,source')
      .eq('flag_name', 'partnerships')
      .order('id', { ascending: false })
      .limit(1)
      .single();
    expect(change.data).toEqual({
      flag_id: flag.data?.id,
      flag_name: 'partnerships',
      old_enabled: flag.data?.enabled,
      new_enabled: !flag.data?.enabled,
      changed_by: ACCOUNT_IDS.admin,
      changed_by_email: 'admin@example.com',
      source: 'portal',
    });
    await admin
      .from('feature_flags')
      .update({ enabled: flag.data?.enabled ?? false })
      .eq('id', flag.data?.id ?? '');
  });

  it('the retired analytics_events table is gone: nobody adds rows to it or reads it, whatever the client', async () => {
    // It was write-only for visitors and read by nobody (page views replaced it); a flood of rows went nowhere useful.
    for (const actor of ACTORS) {
      const insert = await client(actor)
        .from('analytics_events' as never)
        .insert({ name: 'app_initialized', pathname: '/', user_agent: actor } as never);
      expect(insert.status, actor).toBe(404);
      expect(insert.error?.code, actor).toBe('PGRST205');
      const read = await client(actor)
        .from('analytics_events' as never)
        .select('*');
      expect(read.error?.code, actor).toBe('PGRST205');
    }
    // Without supabase-js: a raw POST, as curl would send it.
    const raw = await backend.fetch('/rest/v1/analytics_events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'app_initialized', pathname: '/' }),
    });
    expect(raw.status).toBe(404);
    expect((await raw.json()) as { code: string }).toMatchObject({ code: 'PGRST205' });
  });
});
