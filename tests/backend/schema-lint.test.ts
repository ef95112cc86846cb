/**
 * Supabase's database linter (splinter) over the migrated database: every
 * security lint, written again in tests/support/database-linter.ts, must
 * report nothing but the deliberate findings listed with their reasons in
 * docs/decisions/064-database-linter-exceptions.md; the same run happens on
 * real PostgreSQL, with pg_graphql installed as on hosted projects, in
 * tests/pg/database-linter.test.ts. Below it, the house rules and the
 * performance lints that apply to this schema. Reads the catalog as the
 * superuser; no permission is tested here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedExceptions, runSecurityLints, SECURITY_LINTS } from '../support/database-linter.ts';
import { startTestBackend, type TestBackend } from './helpers.ts';

const APP_SCHEMAS = `('public', 'private')`;

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

const query = <T>(sql: string) => backend.db.query<T>(sql);

describe('the database linter (splinter) security lints', () => {
  it('cover every security lint of splinter', () => {
    expect(SECURITY_LINTS).toEqual([
      '0002 auth_users_exposed',
      '0007 policy_exists_rls_disabled',
      '0008 rls_enabled_no_policy',
      '0010 security_definer_view',
      '0011 function_search_path_mutable',
      '0012 auth_allow_anonymous_sign_ins',
      '0013 rls_disabled_in_public',
      '0014 extension_in_public',
      '0015 rls_references_user_metadata',
      '0016 materialized_view_in_api',
      '0017 foreign_table_in_api',
      '0018 unsupported_reg_types',
      '0019 insecure_queue_exposed_in_api',
      '0021 fkey_to_auth_unique',
      '0022 extension_versions_outdated',
      '0023 sensitive_columns_exposed',
      '0024 rls_policy_always_true',
      '0025 public_bucket_allows_listing',
      '0026 pg_graphql_anon_table_exposed',
      '0027 pg_graphql_authenticated_table_exposed',
      '0028 anon_security_definer_function_executable',
      '0029 authenticated_security_definer_function_executable',
    ]);
  });

  it('report exactly the findings the decision record lists, each with a reason', async () => {
    // The local backend sends parameters as text: the array goes as a Postgres array literal.
    const findings = await runSecurityLints((sql, schemas) =>
      backend.db.query<{ object: string }>(sql, [`{${schemas.map((schema) => `"${schema}"`).join(',')}}`]),
    );
    const documented = documentedExceptions();
    for (const exception of documented) expect(exception.reason.length, exception.object).toBeGreaterThan(20);
    const key = (finding: { lint: string; object: string }) => `${finding.lint}: ${finding.object}`;
    expect(findings.map(key).sort()).toEqual(documented.map(key).sort());
  });
});

describe('house rules beyond the linter', () => {
  it('every table in public has RLS enabled, granted to an API role or not', async () => {
    const tables = await query<{ name: string; rls: boolean }>(
      `select c.relname::text as name, c.relrowsecurity as rls from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(4);
    expect(tables.filter((table) => !table.rls)).toEqual([]);
  });

  it('every table in public has at least one policy', async () => {
    const bare = await query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity
         and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
    );
    expect(bare).toEqual([]);
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

  it('each public function the API roles may call with its owner’s rights says why in a comment', async () => {
    const definers = await query<{ name: string; comment: string | null }>(
      `select p.proname::text as name, obj_description(p.oid, 'pg_proc') as comment from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prosecdef
         and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`,
    );
    expect(definers.map((row) => row.name).sort()).toEqual([
      'admin_analytics',
      'admin_dashboard',
      'claim_site_publishes',
      'finish_site_publishes',
      'lead_form_token',
      'record_lead_outcome',
      'record_page_view',
      'simple_admin_flag_changes',
      'simple_admin_set_flag',
      'simple_admin_undo_change',
      'simple_admin_unlock',
      'submit_lead',
    ]);
    for (const { name, comment } of definers) expect(comment, name).toMatch(/Deliberate public RPC/);
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

  it('auth.users is readable by no API role, and public has no views to leak it', async () => {
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
});

describe('names and privileges of what migrations create', () => {
  const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');

  /** The SQL of a migration without comments and single-quoted strings (what is left names things). */
  function codeOf(sql: string): string {
    return sql.replace(/--[^\n]*/g, ' ').replace(/'(?:[^']|'')*'/g, "''");
  }

  it('no identifier in a migration is longer than the 63 bytes PostgreSQL keeps', () => {
    const files = readdirSync(MIGRATIONS).filter((file) => file.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(10);
    const tooLong: string[] = [];
    for (const file of files) {
      const code = codeOf(readFileSync(join(MIGRATIONS, file), 'utf8'));
      const names = [
        ...[...code.matchAll(/"((?:[^"]|"")+)"/g)].map((m) => m[1]!.replace(/""/g, '"')),
        ...(code.replace(/"(?:[^"]|"")+"/g, ' ').match(/[A-Za-z_][A-Za-z0-9_$]*/g) ?? []),
      ];
      for (const name of names) if (Buffer.byteLength(name) > 63) tooLong.push(`${file}: ${name}`);
    }
    expect(tooLong).toEqual([]);
  });

  it('sees a long name when there is one', () => {
    const code = codeOf(
      `-- a comment "${'c'.repeat(70)}"\ncreate policy "${'p'.repeat(64)}" on t using ('${'s'.repeat(70)}');`,
    );
    expect(code).toContain('p'.repeat(64));
    expect(code).not.toContain('c'.repeat(70));
    expect(code).not.toContain('s'.repeat(70));
  });

  it('a function a later migration creates is executable by no API role until granted', async () => {
    // As a migration would create it: by the owner of the schema, with no grant.
    await query(`create function public.zz_later_migration() returns integer language sql as 'select 1'`);
    await query(`create function private.zz_later_migration() returns integer language sql as 'select 1'`);
    try {
      const privileges = await query<{ role: string; public_fn: boolean; private_fn: boolean }>(
        `select r as role,
                has_function_privilege(r, 'public.zz_later_migration()', 'execute') as public_fn,
                has_function_privilege(r, 'private.zz_later_migration()', 'execute') as private_fn
         from unnest(array['anon', 'authenticated']) r`,
      );
      expect(privileges).toEqual([
        { role: 'anon', public_fn: false, private_fn: false },
        { role: 'authenticated', public_fn: false, private_fn: false },
      ]);
      const anon = await backend.client().rpc('zz_later_migration' as never);
      expect(anon.error?.code).toBe('42501');
      const member = await (await backend.signIn('member')).rpc('zz_later_migration' as never);
      expect(member.error?.code).toBe('42501');
      // The operator's service role keeps Supabase's default.
      expect(await backend.serviceClient().rpc('zz_later_migration' as never)).toMatchObject({ data: 1, error: null });
    } finally {
      await query(`drop function public.zz_later_migration()`);
      await query(`drop function private.zz_later_migration()`);
    }
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
  // Every check below loops over these rows: an empty list would pass them all.
  const policies = async () => {
    const rows = await query<Policy>(
      `select tablename::text as table, policyname::text as name, cmd::text as command, qual, with_check as check
       from pg_policies where schemaname = 'public'`,
    );
    expect(rows.length, 'policies in schema public').toBeGreaterThan(0);
    return rows;
  };

  it('auth and role helpers are wrapped in (select …) so they run once per statement (0003 auth_rls_initplan)', async () => {
    const wrapped = /\( SELECT (auth\.\w+\(\)|private\.\w+\([^)]*\)) AS \w+\)/g;
    let helpers = 0;
    for (const policy of await policies()) {
      for (const expression of [policy.qual, policy.check]) {
        if (!expression) continue;
        helpers += (expression.match(wrapped) ?? []).length;
        const unwrapped = expression.replace(wrapped, '');
        expect(unwrapped, `${policy.table}: ${policy.name}`).not.toMatch(
          /auth\.(uid|jwt|role|email)\(\)|private\.\w+\(/,
        );
      }
    }
    expect(helpers, 'wrapped helper calls seen').toBeGreaterThan(0);
  });

  it('policies are scoped to a role, never to public', async () => {
    const rows = await query<{ name: string; roles: string[] }>(
      `select policyname::text as name, roles::text[] as roles from pg_policies where schemaname = 'public'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.roles, row.name).not.toContain('public');
  });

  it('no write policy is always true (0024 rls_policy_always_true)', async () => {
    const writes = (await policies()).filter((policy) => policy.command !== 'SELECT');
    expect(writes.length).toBeGreaterThan(0);
    for (const policy of writes) {
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
