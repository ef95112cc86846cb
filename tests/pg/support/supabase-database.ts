/**
 * Turns a bare PostgreSQL server into what the repository's migrations expect
 * of a Supabase project (the same bootstrap the local backend uses: API roles,
 * `authenticator`, the `auth` schema and helpers, GoTrue's MFA tables,
 * pgcrypto in `extensions`),
 * applies `supabase/migrations` in order and, optionally, `supabase/seed.sql`.
 * Then runs SQL the way PostgREST does for one request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import type { PostgresServer } from './postgres-server.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const MIGRATIONS_DIR = join(ROOT, 'supabase/migrations');

/** `<version>_<name>.sql`, applied in version order (the Supabase CLI's rule). */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^[0-9]+_.*\.sql$/.test(file))
    .sort((a, b) => {
      const va = a.split('_')[0] ?? '';
      const vb = b.split('_')[0] ?? '';
      return va < vb ? -1 : va > vb ? 1 : 0;
    });
}

export interface PrepareOptions {
  /** Run before the migrations, after the bootstrap (e.g. what a hosted project has installed). */
  beforeMigrations?: string;
  seed?: boolean;
  simpleAdminPassword?: string;
}

export async function prepareSupabaseDatabase(server: PostgresServer, options: PrepareOptions = {}): Promise<void> {
  const db = await server.connect();
  try {
    await db.query(readFileSync(join(ROOT, 'supabase/local/sql/bootstrap.sql'), 'utf8'));
    // GoTrue's MFA tables, which the local backend also adds on every boot.
    await db.query(readFileSync(join(ROOT, 'supabase/local/sql/auth-schema.sql'), 'utf8'));
    if (options.beforeMigrations) await db.query(options.beforeMigrations);
    for (const file of migrationFiles()) {
      try {
        await db.query(`begin; ${readFileSync(join(MIGRATIONS_DIR, file), 'utf8')}; commit;`);
      } catch (error) {
        await db.query('rollback').catch(() => undefined);
        throw new Error(`Migration ${file} failed on PostgreSQL: ${(error as Error).message}`, { cause: error });
      }
    }
    if (options.seed) await db.query(readFileSync(join(ROOT, 'supabase/seed.sql'), 'utf8'));
    if (options.simpleAdminPassword) {
      await db.query('select private.set_simple_admin_password($1)', [options.simpleAdminPassword]);
    }
  } finally {
    await db.end();
  }
}

export interface ApiRequest {
  role: 'anon' | 'authenticated' | 'service_role';
  claims?: Record<string, unknown>;
  headers?: Record<string, string>;
  method?: string;
}

/**
 * One Data API request as PostgREST runs it on a connection logged in as
 * `authenticator`: a transaction, `set local role`, the request settings,
 * the work, commit (rollback if the work throws, and the error is rethrown).
 */
export async function apiRequest<T>(client: pg.Client, request: ApiRequest, work: () => Promise<T>): Promise<T> {
  const method = request.method ?? 'POST';
  await client.query(method === 'GET' || method === 'HEAD' ? 'begin read only' : 'begin');
  try {
    await client.query(`set local role ${request.role}`);
    await client.query(
      `select set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true),
              set_config('request.method', $3, true)`,
      [JSON.stringify({ role: request.role, ...request.claims }), JSON.stringify(request.headers ?? {}), method],
    );
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
