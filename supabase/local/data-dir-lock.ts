/**
 * PGlite has no postmaster to stop a second process from opening the same
 * data directory, and two writers corrupt it. A pid file next to the
 * directory guards against `npm run backend` and `npm start` running at once.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Directories this process has open (a pid file cannot tell them apart). */
const heldHere = new Set<string>();

export function lockPathFor(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.lock`;
}

/** The pid holding the lock, when that process is still alive. */
export function lockHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(lockPathFor(dataDir), 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) return heldHere.has(lockPathFor(dataDir)) ? pid : null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but not ours to signal; ESRCH: gone (a stale lock).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

export function acquireLock(dataDir: string): () => void {
  const holder = lockHolder(dataDir);
  if (holder !== null) {
    throw new Error(
      holder === process.pid
        ? `The local database ${dataDir} is in use by process ${holder} (this process already has it open).`
        : `The local database ${dataDir} is in use by process ${holder} (another "npm run backend" or "npm start"?). ` +
            `Stop it first; if no backend is running, delete ${lockPathFor(dataDir)}.`,
    );
  }
  const path = lockPathFor(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, String(process.pid));
  heldHere.add(path);
  return () => {
    heldHere.delete(path);
    rmSync(path, { force: true });
  };
}
