/**
 * New databases (in memory for tests, or a data directory created for the
 * first time) start from a cached dump of a freshly bootstrapped, migrated
 * and seeded one. Creating a PGlite cluster (initdb) is most of the boot
 * time; loading a dump is several times faster. An existing data directory
 * is never touched by it.
 *
 * The dump is keyed by a hash of everything that shapes it (bootstrap SQL,
 * migrations, seed, the PGlite build), so a changed migration can never be
 * served from a stale template. It lives in node_modules/.cache (git-ignored,
 * rebuilt by any run that misses it).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

const require = createRequire(import.meta.url);

export interface TemplateSources {
  cacheDir: string;
  files: string[];
  migrationsDir: string;
}

export async function templateKey(sources: TemplateSources): Promise<string> {
  const hash = createHash('sha256');
  const wasm = await stat(require.resolve('@electric-sql/pglite/pglite.wasm'));
  hash.update(`pglite:${wasm.size}:${wasm.mtimeMs}\n`);
  const migrations = (await readdir(sources.migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  for (const file of [...sources.files, ...migrations.map((name) => join(sources.migrationsDir, name))]) {
    hash.update(`${file}\n`);
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 32);
}

const templatePath = (cacheDir: string, key: string) => join(cacheDir, `template-${key}.tgz`);

export async function readTemplate(cacheDir: string, key: string): Promise<Blob | null> {
  try {
    return new Blob([await readFile(templatePath(cacheDir, key))]);
  } catch {
    return null;
  }
}

/** Written to a temporary name and renamed, so parallel workers never see half a file. */
export async function writeTemplate(cacheDir: string, key: string, pg: PGlite): Promise<void> {
  const dump = await pg.dumpDataDir('gzip');
  await mkdir(cacheDir, { recursive: true });
  const target = templatePath(cacheDir, key);
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
  await rename(temporary, target);
}
