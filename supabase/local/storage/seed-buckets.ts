/**
 * The Supabase CLI's `supabase seed buckets`: after a fresh database is seeded,
 * every file under a bucket's `objects_path` (`[storage.buckets.<id>]` in
 * supabase/config.toml, relative to supabase/) is uploaded to that bucket. The
 * object name is the file's path relative to `objects_path`, its content type
 * comes from its extension, and it has no owner (the seed's rows point at it).
 * Written as the superuser, so no policy applies, as with the CLI's service key.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { parseToml, type TomlTables } from '../config.ts';
import { TEXT_PARAMS, type LocalDatabase } from '../db.ts';
import type { FileStore } from './files.ts';

/** Content types by extension, as the CLI guesses them (the types our buckets allow, and a few common ones). */
const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

export interface SeedBucket {
  id: string;
  /** Absolute directory whose files are the bucket's objects. */
  objectsDir: string;
}

/** The buckets of config.toml that declare an `objects_path`, resolved against `supabaseDir`. */
export function seedBucketsFrom(tables: TomlTables, supabaseDir: string): SeedBucket[] {
  const prefix = 'storage.buckets.';
  return Object.entries(tables)
    .filter(([name, table]) => name.startsWith(prefix) && typeof table.objects_path === 'string')
    .map(([name, table]) => ({
      id: name.slice(prefix.length),
      objectsDir: resolve(supabaseDir, String(table.objects_path)),
    }));
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path);
      return entry.isFile() ? [path] : [];
    }),
  );
  return nested.flat().sort();
}

/**
 * Uploads every bucket's seed files (replacing an object of the same name) and
 * returns the object names written, as `bucket/name`. A bucket the migrations
 * did not create is an error: the seed would be incomplete.
 */
export async function seedBuckets(
  db: LocalDatabase,
  files: FileStore,
  configText: string,
  supabaseDir: string,
): Promise<string[]> {
  const written: string[] = [];
  for (const bucket of seedBucketsFrom(parseToml(configText), supabaseDir)) {
    const paths = await filesUnder(bucket.objectsDir);
    if (paths.length === 0) continue;
    const exists = await db.query<{ id: string }>('select id from storage.buckets where id = $1', [bucket.id]);
    if (exists.length === 0) throw new Error(`config.toml seeds bucket "${bucket.id}", which no migration creates`);
    for (const path of paths) {
      const name = relative(bucket.objectsDir, path).split(sep).join('/');
      const data = await readFile(path);
      const now = new Date();
      now.setMilliseconds(0);
      const metadata = {
        eTag: `"${createHash('md5').update(data).digest('hex')}"`,
        size: data.length,
        mimetype: contentTypeOf(name),
        cacheControl: 'max-age=3600',
        lastModified: now.toISOString(),
        contentLength: data.length,
        httpStatusCode: 200,
      };
      const staged = await files.stage(data);
      let previous: string | null = null;
      try {
        await db.transaction(async (tx) => {
          const current = await tx.query<{ version: string | null }>(
            'select version from storage.objects where bucket_id = $1 and name = $2 for update',
            [bucket.id, name],
            { serializers: TEXT_PARAMS },
          );
          previous = current.rows[0]?.version ?? null;
          await tx.query(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
             values ($1, $2, null, null, $3::jsonb, $4)
             on conflict (name, bucket_id) do update set metadata = excluded.metadata, version = excluded.version,
               owner = null, owner_id = null, updated_at = now()`,
            [bucket.id, name, JSON.stringify(metadata), staged.version],
            { serializers: TEXT_PARAMS },
          );
          await staged.commit();
        });
      } catch (error) {
        await staged.discard().catch(() => undefined);
        throw error;
      }
      if (previous && previous !== staged.version) await files.remove([previous]);
      written.push(`${bucket.id}/${name}`);
    }
  }
  return written;
}
