/**
 * The security lints of Supabase's database linter (splinter, the "Security
 * Advisor"), written again for this repository's tests: each check has the
 * lint's number and name, looks at the same catalog facts, and returns one
 * finding per object it would report. Performance lints are not here.
 *
 * Findings that are deliberate are listed, each with its reason, in
 * docs/decisions/064-database-linter-exceptions.md; the tests compare the
 * two lists both ways (docs/decisions/064-database-linter-exceptions.md).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Finding {
  /** e.g. `0028 anon_security_definer_function_executable` */
  lint: string;
  /** e.g. `public.simple_admin_unlock(password text)` */
  object: string;
}

/** Runs SQL with `$1` = the exposed schemas (text[]) and returns rows `{ object }`. */
export type LintQuery = (sql: string, exposedSchemas: string[]) => Promise<Array<{ object: string }>>;

/** Schemas Supabase manages itself; splinter skips them for most lints. */
const SYSTEM_SCHEMAS = [
  '_timescaledb_cache',
  '_timescaledb_catalog',
  '_timescaledb_config',
  '_timescaledb_internal',
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pgmq',
  'pgroonga',
  'pgsodium',
  'pgsodium_masks',
  'pgtle',
  'pgbouncer',
  'pg_catalog',
  'realtime',
  'repack',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'tiger',
  'topology',
  'vault',
];
const NOT_SYSTEM = (column: string) => `${column} <> all (array[${SYSTEM_SCHEMAS.map((s) => `'${s}'`).join(', ')}])`;
const EXPOSED = (column: string) => `${column} = any ($1::text[])`;
const NOT_FROM_EXTENSION = (oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend e where e.objid = ${oid} and e.deptype = 'e')`;
const READABLE_BY_API = (oid: string) =>
  `(pg_catalog.has_table_privilege('anon', ${oid}, 'select') or pg_catalog.has_table_privilege('authenticated', ${oid}, 'select'))`;
const SECURITY_INVOKER = (reloptions: string) =>
  `(lower(coalesce(${reloptions}::text, '{}'))::text[] && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on'])`;
/** `true`, `(true)`, `1=1`, `(1=1)` once spaces are dropped and case folded. */
const ALWAYS_TRUE = (expression: string) =>
  `(regexp_replace(lower(coalesce(${expression}, '')), '\\s', '', 'g') in ('true', '(true)', '1=1', '(1=1)'))`;

/** Column names the linter treats as sensitive when a table is exposed without RLS (0023). */
const SENSITIVE_COLUMNS = [
  // credentials
  ...['password', 'passwd', 'pwd', 'passphrase', 'secret', 'secret_key', 'private_key', 'api_key', 'apikey'],
  ...['auth_key', 'token', 'jwt', 'access_token', 'refresh_token', 'oauth_token', 'session_token', 'bearer_token'],
  ...['auth_code', 'session_id', 'session_key', 'session_secret', 'recovery_code', 'backup_code'],
  ...['verification_code', 'otp', 'two_factor', '2fa_secret', '2fa_code'],
  // identity documents
  ...['ssn', 'social_security', 'social_security_number', 'driver_license', 'drivers_license', 'license_number'],
  ...['passport_number', 'passport_id', 'national_id', 'tax_id'],
  // money
  ...['credit_card', 'card_number', 'cvv', 'cvc', 'cvn', 'bank_account', 'account_number', 'routing_number'],
  ...['iban', 'swift_code', 'bic'],
  // health
  ...['health_record', 'medical_record', 'patient_id', 'insurance_number', 'health_insurance', 'medical_insurance'],
  'treatment',
  // devices, keys, biometrics
  ...['mac_address', 'macaddr', 'imei', 'device_uuid', 'pgp_key', 'gpg_key', 'ssh_key', 'certificate'],
  ...['license_key', 'activation_key', 'facial_recognition'],
];

interface SqlLint {
  id: string;
  name: string;
  sql: string;
}

const SQL_LINTS: SqlLint[] = [
  {
    id: '0002',
    name: 'auth_users_exposed',
    // A view or materialized view over auth.users that the API roles can read.
    sql: `select distinct n.nspname || '.' || c.relname as object
      from pg_catalog.pg_depend d
      join pg_catalog.pg_rewrite r on r.oid = d.objid
      join pg_catalog.pg_class c on c.oid = r.ev_class
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where d.refobjid = (select u.oid from pg_catalog.pg_class u join pg_catalog.pg_namespace un on un.oid = u.relnamespace
                          where un.nspname = 'auth' and u.relname = 'users')
        and d.deptype = 'n' and c.relkind in ('v', 'm') and ${EXPOSED('n.nspname')} and ${READABLE_BY_API('c.oid')}
        and (c.relkind = 'm' or not ${SECURITY_INVOKER('c.reloptions')}
             or not (select u.relrowsecurity from pg_catalog.pg_class u join pg_catalog.pg_namespace un on un.oid = u.relnamespace
                     where un.nspname = 'auth' and u.relname = 'users'))`,
  },
  {
    id: '0007',
    name: 'policy_exists_rls_disabled',
    sql: `select distinct n.nspname || '.' || c.relname as object
      from pg_catalog.pg_policy p join pg_catalog.pg_class c on c.oid = p.polrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and not c.relrowsecurity and ${NOT_SYSTEM('n.nspname')} and ${NOT_FROM_EXTENSION('c.oid')}`,
  },
  {
    id: '0008',
    name: 'rls_enabled_no_policy',
    sql: `select n.nspname || '.' || c.relname as object
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and c.relrowsecurity and ${NOT_SYSTEM('n.nspname')} and ${NOT_FROM_EXTENSION('c.oid')}
        and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)`,
  },
  {
    id: '0010',
    name: 'security_definer_view',
    sql: `select n.nspname || '.' || c.relname as object
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'v' and ${EXPOSED('n.nspname')} and ${NOT_SYSTEM('n.nspname')} and ${READABLE_BY_API('c.oid')}
        and ${NOT_FROM_EXTENSION('c.oid')} and not ${SECURITY_INVOKER('c.reloptions')}`,
  },
  {
    id: '0011',
    name: 'function_search_path_mutable',
    sql: `select n.nspname || '.' || p.proname || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')' as object
      from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where ${NOT_SYSTEM('n.nspname')} and ${NOT_FROM_EXTENSION('p.oid')}
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) setting where setting like 'search_path=%')`,
  },
  {
    id: '0013',
    name: 'rls_disabled_in_public',
    sql: `select n.nspname || '.' || c.relname as object
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and not c.relrowsecurity and ${EXPOSED('n.nspname')} and ${NOT_SYSTEM('n.nspname')}
        and ${READABLE_BY_API('c.oid')}`,
  },
  {
    id: '0014',
    name: 'extension_in_public',
    sql: `select e.extname::text as object from pg_catalog.pg_extension e
      join pg_catalog.pg_namespace n on n.oid = e.extnamespace
      where n.nspname = 'public' and e.extname <> 'plpgsql'`,
  },
  {
    id: '0015',
    name: 'rls_references_user_metadata',
    sql: `select p.schemaname || '.' || p.tablename || ' ' || p.policyname as object from pg_catalog.pg_policies p
      where ${NOT_SYSTEM('p.schemaname')}
        and (coalesce(p.qual, '') || ' ' || coalesce(p.with_check, '')) ~ '(auth\\.jwt\\(\\)|current_setting\\(.*request\\.jwt\\.claims.*\\)).*user_metadata'`,
  },
  {
    id: '0016',
    name: 'materialized_view_in_api',
    sql: `select n.nspname || '.' || c.relname as object
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'm' and ${EXPOSED('n.nspname')} and ${NOT_SYSTEM('n.nspname')} and ${READABLE_BY_API('c.oid')}
        and ${NOT_FROM_EXTENSION('c.oid')}`,
  },
  {
    id: '0017',
    name: 'foreign_table_in_api',
    sql: `select n.nspname || '.' || c.relname as object
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'f' and ${EXPOSED('n.nspname')} and ${NOT_SYSTEM('n.nspname')} and ${READABLE_BY_API('c.oid')}
        and ${NOT_FROM_EXTENSION('c.oid')}`,
  },
  {
    id: '0018',
    name: 'unsupported_reg_types',
    // These reg* types store OIDs that pg_upgrade cannot carry over.
    sql: `select n.nspname || '.' || c.relname || '.' || a.attname as object
      from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_type t on t.oid = a.atttypid join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
      where tn.nspname = 'pg_catalog' and a.attnum > 0 and not a.attisdropped
        and t.typname in ('regcollation', 'regconfig', 'regdictionary', 'regnamespace', 'regoper', 'regoperator', 'regproc', 'regprocedure')
        and n.nspname not in ('pg_catalog', 'information_schema', 'pgsodium')`,
  },
  {
    id: '0019',
    name: 'insecure_queue_exposed_in_api',
    sql: `select n.nspname || '.' || c.relname as object
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relrowsecurity and n.nspname = 'pgmq' and c.relname like 'q\\_%'
        and ${READABLE_BY_API('c.oid')} and 'pgmq_public' = any ($1::text[])`,
  },
  {
    id: '0021',
    name: 'fkey_to_auth_unique',
    // A foreign key onto an auth table's unique (not primary) key breaks when Supabase changes that index.
    sql: `select n.nspname || '.' || r.relname || ' ' || c.conname as object
      from pg_catalog.pg_constraint c join pg_catalog.pg_class r on r.oid = c.conrelid
      join pg_catalog.pg_namespace n on n.oid = r.relnamespace
      join pg_catalog.pg_class target on target.oid = c.confrelid
      join pg_catalog.pg_namespace tn on tn.oid = target.relnamespace
      join pg_catalog.pg_index i on i.indexrelid = c.conindid
      where c.contype = 'f' and tn.nspname = 'auth' and i.indisunique and not i.indisprimary`,
  },
  {
    id: '0022',
    name: 'extension_versions_outdated',
    sql: `select e.name || ' ' || e.installed_version || ' < ' || e.default_version as object
      from pg_catalog.pg_available_extensions e
      where e.installed_version is not null and e.default_version is not null
        and e.installed_version <> e.default_version
        and exists (select 1 from pg_catalog.pg_available_extension_versions v where v.name = e.name and v.installed)`,
  },
  {
    id: '0023',
    name: 'sensitive_columns_exposed',
    sql: `select n.nspname || '.' || c.relname || '.' || a.attname as object
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind = 'r' and not c.relrowsecurity and ${EXPOSED('n.nspname')} and ${NOT_SYSTEM('n.nspname')}
        and ${READABLE_BY_API('c.oid')}
        and replace(lower(a.attname), '-', '_') = any (array[${SENSITIVE_COLUMNS.map((s) => `'${s}'`).join(', ')}])`,
  },
  {
    id: '0024',
    name: 'rls_policy_always_true',
    // Permissive policies for the API roles whose write condition lets anything through.
    sql: `select p.schemaname || '.' || p.tablename || ' ' || p.policyname as object
      from pg_catalog.pg_policies p
      join pg_catalog.pg_namespace n on n.nspname = p.schemaname
      join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
      where c.relkind = 'r' and c.relrowsecurity and p.permissive = 'PERMISSIVE' and ${NOT_SYSTEM('p.schemaname')}
        and p.roles && array['public', 'anon', 'authenticated']::name[]
        and (
          (p.cmd in ('UPDATE', 'DELETE', 'ALL') and (${ALWAYS_TRUE('p.qual')} or p.qual is null))
          or ${ALWAYS_TRUE('p.with_check')}
          or (p.with_check is null and p.cmd = 'INSERT')
          or (p.with_check is null and p.cmd in ('UPDATE', 'ALL') and ${ALWAYS_TRUE('p.qual')})
        )`,
  },
  ...(['anon', 'authenticated'] as const).map((role, index) => ({
    id: index === 0 ? '0026' : '0027',
    name: `pg_graphql_${role}_table_exposed`,
    // pg_graphql lists in its introspection every relation with a column the role can select.
    sql: `select n.nspname || '.' || c.relname as object
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where exists (select 1 from pg_catalog.pg_extension where extname = 'pg_graphql')
        and c.relkind in ('r', 'v', 'm', 'f') and ${NOT_SYSTEM('n.nspname')}
        and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                    and pg_catalog.has_column_privilege('${role}', c.oid, a.attnum, 'select'))`,
  })),
  ...(['anon', 'authenticated'] as const).map((role, index) => ({
    id: index === 0 ? '0028' : '0029',
    name: `${role}_security_definer_function_executable`,
    // Callable as /rest/v1/rpc/<name> with the owner's rights.
    sql: `select n.nspname || '.' || p.proname || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')' as object
      from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where p.prosecdef and pg_catalog.has_function_privilege('${role}', p.oid, 'execute')
        and ${EXPOSED('n.nspname')} and ${NOT_SYSTEM('n.nspname')}`,
  })),
];

/** 0025: public buckets whose SELECT policy on storage.objects lets anyone list them. */
const PUBLIC_BUCKETS_SQL = `select b.id::text as object from storage.buckets b where b.public`;
const BUCKET_LISTING_SQL = `select p.policyname::text as object, p.qual from pg_catalog.pg_policies p
  where p.schemaname = 'storage' and p.tablename = 'objects' and p.cmd in ('SELECT', 'ALL')
    and p.permissive = 'PERMISSIVE' and p.roles && array['public', 'anon', 'authenticated']::name[]`;

/** The config lint (0012 auth_allow_anonymous_sign_ins) reads supabase/config.toml, not the database. */
function configFindings(configToml: string): Finding[] {
  return /^\s*enable_anonymous_sign_ins\s*=\s*true\b/m.test(configToml)
    ? [{ lint: '0012 auth_allow_anonymous_sign_ins', object: 'supabase/config.toml [auth]' }]
    : [];
}

/** The schemas the Data API serves: `[api] schemas` in supabase/config.toml. */
export function exposedSchemas(configToml = readFileSync(resolve(ROOT, 'supabase/config.toml'), 'utf8')): string[] {
  const api = /^\[api\]\s*$([\s\S]*?)(?=^\[)/m.exec(`${configToml}\n[end]`)?.[1] ?? '';
  const list = /^\s*schemas\s*=\s*\[([^\]]*)\]/m.exec(api)?.[1];
  if (list === undefined) throw new Error('supabase/config.toml: [api] schemas not found');
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** Every security lint's number and name (what the tests promise to cover). */
export const SECURITY_LINTS: readonly string[] = [
  ...SQL_LINTS.map((lint) => `${lint.id} ${lint.name}`),
  '0012 auth_allow_anonymous_sign_ins',
  '0025 public_bucket_allows_listing',
].sort();

export async function runSecurityLints(lintQuery: LintQuery): Promise<Finding[]> {
  const configToml = readFileSync(resolve(ROOT, 'supabase/config.toml'), 'utf8');
  const schemas = exposedSchemas(configToml);
  // Every statement takes the exposed schemas as $1, whether it uses them or not.
  const query: LintQuery = (sql, exposed) =>
    lintQuery(`select lint.object::text as object from (${sql}) lint where $1::text[] is not null`, exposed);
  const findings: Finding[] = configFindings(configToml);
  for (const lint of SQL_LINTS) {
    for (const row of await query(lint.sql, schemas))
      findings.push({ lint: `${lint.id} ${lint.name}`, object: row.object });
  }
  const storage = await query(`select to_regclass('storage.buckets')::text as object`, schemas);
  if (storage[0]?.object) {
    const buckets = (await query(PUBLIC_BUCKETS_SQL, schemas)).map((row) => row.object);
    const policies = (await lintQuery(`${BUCKET_LISTING_SQL} and $1::text[] is not null`, schemas)) as Array<{
      object: string;
      qual?: string | null;
    }>;
    for (const bucket of buckets) {
      for (const policy of policies) {
        const qual = (policy.qual ?? '').replace(/\s/g, '').toLowerCase();
        // `bucket_id = '<this bucket>'` and nothing else: every file of the bucket is listable.
        const onlyThisBucket = `bucket_id='${bucket.toLowerCase().replace(/'/g, "''")}'`;
        const bare = qual.replace(/::text/g, '').replace(/^\(+|\)+$/g, '');
        if (!policy.qual || ['true', '(true)', '1=1', '(1=1)'].includes(qual) || bare === onlyThisBucket) {
          findings.push({ lint: '0025 public_bucket_allows_listing', object: `${bucket} ${policy.object}` });
        }
      }
    }
  }
  return findings.sort((a, b) => `${a.lint} ${a.object}`.localeCompare(`${b.lint} ${b.object}`));
}

/**
 * The deliberate findings: rows `| 0028 anon_security_definer_function_executable | object | reason |`
 * of the exceptions table in docs/decisions/064-database-linter-exceptions.md.
 */
export function documentedExceptions(): Array<Finding & { reason: string }> {
  const record = readFileSync(resolve(ROOT, 'docs/decisions/064-database-linter-exceptions.md'), 'utf8');
  const rows: Array<Finding & { reason: string }> = [];
  for (const match of record.matchAll(/^\|\s*(\d{4} [a-z_]+)\s*\|\s*`([^`]+)`\s*\|\s*([^|]*?)\s*\|\s*$/gm)) {
    rows.push({ lint: match[1] ?? '', object: match[2] ?? '', reason: match[3] ?? '' });
  }
  return rows;
}
