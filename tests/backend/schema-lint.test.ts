/**
 * Supabase's database linter (splinter), the rules that apply to this
 * schema, run over the migrated database: cheap checks that catch the
 * classic holes (a table without RLS, a mutable search_path, an RPC anyone
 * can call). Reads the catalog as the superuser; no permission is tested here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './helpers.ts';

/** The deliberate anon-callable RPCs (DECISIONS D2, migration 000500). */
const DOCUMENTED_PUBLIC_RPCS = ['simple_admin_set_flag', 'simple_admin_unlock'];
const APP_SCHEMAS = `('public', 'private')`;

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

const query = <T>(sql: string) => backend.db.query<T>(sql);

describe('security lints', () => {
  it('every table in public has RLS enabled (0013 rls_disabled_in_public, 0007)', async () => {
    const tables = await query<{ name: string; rls: boolean }>(
      `select c.relname::text as name, c.relrowsecurity as rls from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(4);
    expect(tables.filter((table) => !table.rls)).toEqual([]);
  });

  it('every table with RLS has at least one policy (0008 rls_enabled_no_policy), except private secrets', async () => {
    const bare = await query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity
         and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
    );
    expect(bare).toEqual([]);
  });

  it('every function of the app has a fixed search_path (0011 function_search_path_mutable)', async () => {
    const mutable = await query<{ name: string }>(
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ${APP_SCHEMAS}
         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
    );
    expect(mutable).toEqual([]);
  });

  it('security definer functions pin an empty search_path', async () => {
    const definers = await query<{ name: string; config: string[] | null }>(
      `select n.nspname || '.' || p.proname as name, p.proconfig as config from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema', 'extensions')`,
    );
    expect(definers.length).toBeGreaterThan(0);
    for (const definer of definers) {
      expect(definer.config, definer.name).toContain('search_path=""');
    }
  });

  it('no security definer function in public is executable by anon or authenticated, but the two documented RPCs (0028/0029)', async () => {
    const executable = await query<{ name: string; role: string }>(
      `select p.proname::text as name, r.rolname::text as role from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       cross join (select rolname from pg_roles where rolname in ('anon', 'authenticated')) r
       where n.nspname = 'public' and p.prosecdef and has_function_privilege(r.rolname, p.oid, 'execute')
       order by 1, 2`,
    );
    expect(executable).toEqual(
      DOCUMENTED_PUBLIC_RPCS.flatMap((name) => ['anon', 'authenticated'].map((role) => ({ name, role }))),
    );
    // Each of them says why it is public.
    const comments = await query<{ name: string; comment: string | null }>(
      `select p.proname::text as name, obj_description(p.oid, 'pg_proc') as comment from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = any(array['simple_admin_set_flag', 'simple_admin_unlock'])`,
    );
    for (const { comment } of comments) expect(comment).toMatch(/Deliberate public RPC/);
  });

  it('API roles cannot touch the private schema’s tables', async () => {
    const grants = await query<{ name: string; role: string }>(
      `select c.relname::text as name, r.rolname::text as role from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       cross join (select rolname from pg_roles where rolname in ('anon', 'authenticated')) r
       where n.nspname = 'private' and c.relkind = 'r'
         and has_table_privilege(r.rolname, c.oid, 'select, insert, update, delete')`,
    );
    expect(grants).toEqual([]);
  });

  it('auth.users is not exposed through a view or a grant (0002 auth_users_exposed)', async () => {
    const exposed = await query<{ role: string }>(
      `select rolname::text as role from pg_roles where rolname in ('anon', 'authenticated')
       and has_table_privilege(rolname, 'auth.users', 'select')`,
    );
    expect(exposed).toEqual([]);
    const views = await query<{ name: string }>(
      `select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('v', 'm')`,
    );
    expect(views).toEqual([]);
  });

  it('no extension lives in public (0014 extension_in_public)', async () => {
    const inPublic = await query<{ name: string }>(
      `select e.extname::text as name from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'`,
    );
    expect(inPublic).toEqual([]);
  });
});

describe('policy lints', () => {
  interface Policy {
    table: string;
    name: string;
    command: string;
    qual: string | null;
    check: string | null;
  }
  const policies = () =>
    query<Policy>(
      `select tablename::text as table, policyname::text as name, cmd::text as command, qual, with_check as check
       from pg_policies where schemaname = 'public'`,
    );

  it('auth and role helpers are wrapped in (select …) so they run once per statement (0003 auth_rls_initplan)', async () => {
    const wrapped = /\( SELECT (auth\.\w+\(\)|private\.\w+\([^)]*\)) AS \w+\)/g;
    for (const policy of await policies()) {
      for (const expression of [policy.qual, policy.check]) {
        if (!expression) continue;
        const unwrapped = expression.replace(wrapped, '');
        expect(unwrapped, `${policy.table}: ${policy.name}`).not.toMatch(
          /auth\.(uid|jwt|role|email)\(\)|private\.\w+\(/,
        );
      }
    }
  });

  it('policies are scoped to a role, never to public', async () => {
    const rows = await query<{ name: string; roles: string[] }>(
      `select policyname::text as name, roles::text[] as roles from pg_policies where schemaname = 'public'`,
    );
    for (const row of rows) expect(row.roles, row.name).not.toContain('public');
  });

  it('no write policy is always true (0024 rls_policy_always_true)', async () => {
    for (const policy of await policies()) {
      if (policy.command === 'SELECT') continue;
      expect(policy.qual ?? '', policy.name).not.toBe('true');
      expect(policy.check ?? '', policy.name).not.toBe('true');
    }
  });

  it('no policy trusts user_metadata, which users can edit (0015)', async () => {
    for (const policy of await policies()) {
      expect(`${policy.qual ?? ''} ${policy.check ?? ''}`, policy.name).not.toMatch(/user_metadata|raw_user_meta_data/);
    }
  });
});

describe('performance lints', () => {
  it('every foreign key is covered by an index (0001 unindexed_foreign_keys)', async () => {
    const unindexed = await query<{ name: string }>(
      `select c.conname::text as name from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname in ${APP_SCHEMAS}
         and not exists (select 1 from pg_index i where i.indrelid = c.conrelid
                         and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] = c.conkey)`,
    );
    expect(unindexed).toEqual([]);
  });

  it('every table has a primary key (0004 no_primary_key)', async () => {
    const missing = await query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ${APP_SCHEMAS} and c.relkind = 'r'
         and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary)`,
    );
    expect(missing).toEqual([]);
  });

  it('no duplicate indexes (0009 duplicate_index)', async () => {
    const duplicates = await query<{ name: string }>(
      `select string_agg(indexrelid::regclass::text, ', ') as name from pg_index i
       join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ${APP_SCHEMAS}
       group by indrelid, indkey::text, coalesce(indexprs::text, ''), coalesce(indpred::text, '') having count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
  });

  it('one permissive policy per table, command and role (0006 multiple_permissive_policies)', async () => {
    const multiple = await query<{ table: string; command: string; role: string; n: number }>(
      `select tablename::text as table, cmd::text as command, role::text, count(*)::int as n
       from pg_policies, unnest(roles) role
       where schemaname = 'public' and permissive = 'PERMISSIVE'
       group by 1, 2, 3 having count(*) > 1`,
    );
    expect(multiple).toEqual([]);
  });
});
