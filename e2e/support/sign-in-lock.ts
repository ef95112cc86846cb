/**
 * One first-step session per staff account at a time, across workers.
 *
 * Verifying a second factor ends the account's other sessions still at the
 * first step (as GoTrue does), so two workers signing the seeded admin in at
 * once could cut each other between password and code. Whoever signs a staff
 * account in, or keeps it at the first step on purpose, holds that account's
 * lock from the password until the code is verified (or the test is done with
 * the first step). The lock is a directory, which only one process can
 * create; a holder that died, or held it far longer than any sign-in takes,
 * no longer counts.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_BACKEND_PORT } from '../../scripts/lib/ports.ts';

/** Longer than a sign-in or a check at the first step takes on a loaded machine. */
const STALE_AFTER_MS = 60_000;
const POLL_MS = 50;

function lockDir(email: string): string {
  // Per backend: the expiry stack's accounts are its own.
  return join(tmpdir(), `e2e-first-step-${E2E_BACKEND_PORT}-${email.replace(/[^a-z0-9]/gi, '_')}`);
}

function holderIsGone(dir: string): boolean {
  try {
    const { pid, since } = JSON.parse(readFileSync(join(dir, 'holder.json'), 'utf8')) as { pid: number; since: number };
    if (Date.now() - since > STALE_AFTER_MS) return true;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return true;
    // No holder file: being taken right now, or its taker died in between.
    if (code === 'ENOENT') return Date.now() - statMs(dir) > 5_000;
    throw error;
  }
}

function statMs(dir: string): number {
  try {
    return statSync(dir).mtimeMs;
  } catch {
    return Date.now();
  }
}

async function acquire(dir: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'holder.json'), JSON.stringify({ pid: process.pid, since: Date.now() }));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (holderIsGone(dir)) rmSync(dir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/** Runs `steps` while holding `email`'s first-step lock (not re-entrant: `steps` must not take it again). */
export async function atFirstStep<T>(email: string, steps: () => Promise<T>): Promise<T> {
  const dir = lockDir(email);
  await acquire(dir);
  try {
    return await steps();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Where `email`'s lock lives (for its test). */
export const firstStepLockDir = lockDir;
