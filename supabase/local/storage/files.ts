/**
 * Where the local Storage API keeps object contents: one file per object
 * version, named by the version (a UUID the backend generates), so no object
 * name ever becomes a filesystem path. The row in storage.objects says which
 * version is current. New contents are written under `tmp/` and renamed into
 * place only once their row is written, inside the row's transaction; a
 * failure deletes them. Old versions are deleted after the replacing or
 * deleting transaction commits, so a row never points at a missing file (a
 * crash at the wrong moment can at worst leave an unreferenced file).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where a persisted database keeps its Storage files: `<dataDir>-storage` (`.local/db-storage`). */
export function storageDirFor(dataDir: string): string {
  return `${resolve(dataDir).replace(/[/\\]+$/, '')}-storage`;
}

export class FileStore {
  readonly root: string;
  private readonly temporary: boolean;

  private constructor(root: string, temporary: boolean) {
    this.root = root;
    this.temporary = temporary;
  }

  /**
   * A store in `dir`, or, for an in-memory backend (`dir` null), in a new
   * temporary directory that `close()` removes. `empty`: start with no files
   * (a database created just now has no rows to point at old ones).
   */
  static async open(dir: string | null, options: { empty: boolean }): Promise<FileStore> {
    if (dir === null) return new FileStore(await mkdtemp(join(tmpdir(), 'local-supabase-storage-')), true);
    if (options.empty && existsSync(dir)) await rm(dir, { recursive: true, force: true });
    await mkdir(join(dir, 'objects'), { recursive: true });
    return new FileStore(dir, false);
  }

  private objectPath(version: string): string {
    if (!VERSION.test(version)) throw new Error(`not an object version: ${version}`);
    return join(this.root, 'objects', version);
  }

  /** Writes `data` under a temporary name; `commit()` moves it to the version's place. */
  async stage(data: Buffer): Promise<StagedFile> {
    const tmp = join(this.root, 'tmp');
    await mkdir(tmp, { recursive: true });
    await mkdir(join(this.root, 'objects'), { recursive: true });
    const version = randomUUID();
    const temporaryPath = join(tmp, `${version}.part`);
    await writeFile(temporaryPath, data);
    const finalPath = this.objectPath(version);
    let committed = false;
    return {
      version,
      commit: async () => {
        await rename(temporaryPath, finalPath);
        committed = true;
      },
      discard: async () => {
        await rm(committed ? finalPath : temporaryPath, { force: true });
      },
    };
  }

  /** The contents of a version, or null when there is no such file. */
  async read(version: string | null): Promise<Buffer | null> {
    if (!version || !VERSION.test(version)) return null;
    try {
      return await readFile(this.objectPath(version));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(versions: Array<string | null>): Promise<void> {
    await Promise.all(
      versions
        .filter((version): version is string => typeof version === 'string' && VERSION.test(version))
        .map((version) => rm(this.objectPath(version), { force: true })),
    );
  }

  /** The versions that have a file, and the staged files not yet placed (tests). */
  async list(): Promise<{ objects: string[]; staged: string[] }> {
    const names = (dir: string) => readdir(join(this.root, dir)).catch(() => [] as string[]);
    return { objects: (await names('objects')).sort(), staged: (await names('tmp')).sort() };
  }

  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}

export interface StagedFile {
  version: string;
  /** Moves the staged file to its version's place (call once its row is written). */
  commit(): Promise<void>;
  /** Deletes the file, staged or committed (call when the row could not be written). */
  discard(): Promise<void>;
}
