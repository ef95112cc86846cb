/**
 * The embedded database: PGlite (Postgres compiled to WebAssembly) with
 * pgcrypto, bootstrapped to look like a fresh Supabase project, then the
 * repository's migrations and seed.
 *
 * PGlite is a single connection. Every unit of work goes through one queue
 * (`transaction`), so two HTTP requests can never interleave statements of
 * their transactions, and settings made with `set local` never leak.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { readTemplate, templateKey, writeTemplate } from './template.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, '../..');
/** Where `npm run backend` / `npm start` persist data (git-ignored). */
export const LOCAL_DATA_DIR = join(REPO_ROOT, '.local/db');
const MIGRATIONS_DIR = join(REPO_ROOT, 'supabase/migrations');
const SEED_FILE = join(REPO_ROOT, 'supabase/seed.sql');
const BOOTSTRAP_FILE = join(here, 'sql/bootstrap.sql');
const LOCAL_STUB_FILE = join(here, 'sql/local-stub.sql');
const AUTH_SCHEMA_FILE = join(here, 'sql/auth-schema.sql');
const TEMPLATE_CACHE_DIR = join(REPO_ROOT, 'node_modules/.cache/local-supabase');

/**
 * Postgres's default of 128 MB: PGlite sets up every buffer in WebAssembly
 * memory at each start, about half a second of the boot, though a local
 * database is a few tens of megabytes held in memory or the page cache. With
 * 16 MB a backend starts in about two thirds of the time (each backend test
 * file starts its own) and queries run as fast.
 */
export const SHARED_BUFFERS = '16MB';

/** Same rule as the Supabase CLI (`pkg/migration/file.go`). */
const MIGRATION_NAME = /^([0-9]+)_(.*)\.sql$/;

export type Tx = Transaction;

/**
 * Send every parameter as text and let Postgres parse it with the input
 * function of the type it infers, exactly as PostgREST's unknown-typed
 * literals do. PGlite's own serializers would, for example, turn the string
 * 'false' into a boolean true.
 */
export const TEXT_PARAMS = new Proxy<Record<number, (value: unknown) => string>>(
  {},
  { get: () => (value: unknown) => String(value) },
);

/** The shape PGlite gives database errors (node-postgres compatible). */
export interface DatabaseError {
  code: string;
  message: string;
  severity: string;
  detail?: string;
  hint?: string;
}

/** A Postgres error (with a SQLSTATE), as opposed to a Node or JS failure. */
export function isDatabaseError(error: unknown): error is DatabaseError {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, severity } = error as Partial<Record<keyof DatabaseError, unknown>>;
  return (
    typeof code === 'string' &&
    /^[0-9A-Z]{5}$/.test(code) &&
    typeof message === 'string' &&
    typeof severity === 'string'
  );
}

export interface LocalDatabase {
  /**
   * Bumped by every superuser statement (`query`, `exec`), the only way the schema
   * can change after boot (API roles cannot run DDL), so the Data API's
   * schema cache knows when to reload.
   */
  readonly generation: number;
  /** One transaction at a time, in arrival order. Throwing rolls back. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Superuser statement outside any request (tooling and tests only). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Superuser script of several statements, no parameters (tooling and tests only). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `callback` for each NOTIFY on `channel` (delivered after the
   * notifying transaction commits); answers a function that stops listening.
   */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** null: in memory; else a directory that persists across restarts. */
  dataDir: string | null;
  simpleAdminPassword: string;
  log?: (line: string) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<LocalDatabase> {
  const log = options.log ?? (() => undefined);
  // A new cluster (in memory, or a data directory not created yet) starts
  // from the cached template when there is one; see template.ts.
  const persisted = options.dataDir;
  const newCluster = !persisted || !existsSync(join(persisted, 'PG_VERSION'));
  const key = newCluster
    ? await templateKey({
        cacheDir: TEMPLATE_CACHE_DIR,
        files: [BOOTSTRAP_FILE, AUTH_SCHEMA_FILE, SEED_FILE],
        migrationsDir: MIGRATIONS_DIR,
      }).catch(() => null)
    : null;
  const template = key ? await readTemplate(TEMPLATE_CACHE_DIR, key) : null;
  const pgOptions = {
    extensions: { pgcrypto },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    ...(template ? { loadDataDir: template } : {}),
  };
  let pg: PGlite;
  if (persisted) {
    await mkdir(persisted, { recursive: true });
    pg = new PGlite(persisted, pgOptions);
  } else {
    pg = new PGlite(pgOptions);
  }
  await pg.waitReady;
  if (template) log('created the database from the cached template (migrations and seed applied)');
  const templateToWrite = template ? null : key;

  let tail: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };

  let generation = 0;
  const db: LocalDatabase = {
    get generation() {
      return generation;
    },
    transaction: (work) => enqueue(() => pg.transaction(work)),
    query: async <T>(sql: string, params: unknown[] = []) =>
      enqueue(async () => {
        generation += 1;
        return (await pg.query<T>(sql, params, { serializers: TEXT_PARAMS })).rows;
      }),
    exec: async (sql: string) =>
      enqueue(async () => {
        generation += 1;
        await pg.exec(sql);
      }),
    listen: async (channel: string, callback: (payload: string) => void) => {
      const unlisten = await enqueue(() => pg.listen(channel, callback));
      return () => enqueue(() => unlisten());
    },
    close: () => enqueue(() => pg.close()),
  };

  try {
    // Session-wide: JSON timestamps come out in UTC, as on hosted Supabase.
    await pg.exec(`set time zone 'UTC'`);
    const fresh = await isFresh(pg);
    if (fresh) {
      await db.transaction(async (tx) => {
        await tx.exec(await readFile(BOOTSTRAP_FILE, 'utf8'));
      });
      log('created a new database (Supabase roles, auth schema, extensions)');
    }
    if (!fresh && !(await hasStorageSchema(pg))) {
      // A data directory created before bootstrap.sql had Storage's schema.
      const section = storageSection(await readFile(BOOTSTRAP_FILE, 'utf8'));
      await db.transaction(async (tx) => {
        await tx.exec(section);
      });
      log('added the storage schema');
    }
    await db.transaction(async (tx) => {
      await tx.exec(await readFile(AUTH_SCHEMA_FILE, 'utf8'));
    });
    await applyMigrations(db, log);
    if (fresh) {
      await db.transaction(async (tx) => {
        await tx.exec(await readFile(SEED_FILE, 'utf8'));
      });
      log('applied supabase/seed.sql');
      if (templateToWrite) {
        // Best effort: a failed write only means the next boot builds again.
        await writeTemplate(TEMPLATE_CACHE_DIR, templateToWrite, pg).catch(() => undefined);
      }
    }
    await db.transaction(async (tx) => {
      await tx.exec(await readFile(LOCAL_STUB_FILE, 'utf8'));
      // Each boot, so SIMPLE_ADMIN_PASSWORD always wins over what is stored.
      await tx.query('select private.set_simple_admin_password($1)', [options.simpleAdminPassword], {
        serializers: TEXT_PARAMS,
      });
    });
  } catch (error) {
    await pg.close().catch(() => undefined);
    throw error;
  }
  return db;
}

async function isFresh(pg: PGlite): Promise<boolean> {
  const { rows } = await pg.query<{ present: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as present`,
  );
  return !rows[0]?.present;
}

/** The line of bootstrap.sql where Storage's schema starts (it runs to the end of the file). */
export const STORAGE_SECTION_MARKER = '-- ==== storage ====';

export function storageSection(bootstrap: string): string {
  const at = bootstrap.indexOf(STORAGE_SECTION_MARKER);
  if (at === -1) throw new Error(`bootstrap.sql has no "${STORAGE_SECTION_MARKER}" section`);
  return bootstrap.slice(at);
}

async function hasStorageSchema(pg: PGlite): Promise<boolean> {
  const { rows } = await pg.query<{ present: boolean }>(`select to_regclass('storage.objects') is not null as present`);
  return rows[0]?.present === true;
}

async function applyMigrations(db: LocalDatabase, log: (line: string) => void): Promise<void> {
  const files = (await readdir(MIGRATIONS_DIR))
    .map((file) => ({ file, match: MIGRATION_NAME.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({ file, version: match[1] ?? '', name: match[2] ?? '' }))
    .sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));

  const applied = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).map(
      (row) => row.version,
    ),
  );

  for (const migration of files) {
    if (applied.has(migration.version)) continue;
    const sql = await readFile(join(MIGRATIONS_DIR, migration.file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, array[$3])',
          [migration.version, migration.name, sql],
          { serializers: TEXT_PARAMS },
        );
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${migration.file} failed: ${message}`, { cause: error });
    }
    log(`applied migration ${migration.file}`);
  }
}
