/**
 * The two end-to-end stacks (scripts/run-e2e.ts): the main one on the ports
 * of ./ports.ts, and the @expiry one beside it, whose backend's tokens expire
 * in 15 s. Each has its own build: the backend's address is part of a build.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_BACKEND_PORT, E2E_SITE_PORT } from './ports.ts';

/** Build settings for a stack whose backend listens on `backendPort`. */
export function e2eBuildEnv(backendPort: number): NodeJS.ProcessEnv {
  // The chat widget is configured (and its embed stubbed by the e2e fixtures) so its specs run.
  return {
    LOCAL_SUPABASE_PORT: String(backendPort),
    VITE_SUPABASE_URL: '',
    VITE_TAWK_PROPERTY_ID: 'e2e-property',
    VITE_TAWK_WIDGET_ID: 'e2e-widget',
  };
}

/** The @expiry stack: its own site and backend ports (its inbox on backend + 5) and build directory. */
export function expiryStack(outDir: string): { sitePort: number; backendPort: number; outDir: string } {
  return { sitePort: E2E_SITE_PORT + 1, backendPort: E2E_BACKEND_PORT + 10, outDir: `${outDir}-expiry` };
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * A stack's build made from another's: two e2e builds differ only in the
 * backend's address (`e2eBuildEnv`), which the build writes out verbatim in
 * the bundle, the prerendered pages, the published content, the hosting
 * headers and the prerender kit the publisher renders pages with. Copying
 * each directory of the build (`[from, to]` pairs) and rewriting that
 * address gives the second stack what a second production build would,
 * without its CPU. Refuses a directory that does not name the address of
 * `fromBackendPort` (a build for another backend), so none can be left
 * pointing at the first stack's backend. Answers how many files it rewrote.
 */
export function copyBuildForBackend(
  directories: [from: string, to: string][],
  fromBackendPort: number,
  toBackendPort: number,
): number {
  const from = Buffer.from(`127.0.0.1:${fromBackendPort}`);
  const to = Buffer.from(`127.0.0.1:${toBackendPort}`);
  if (from.length !== to.length) throw new Error('copyBuildForBackend: the two ports must have as many digits');
  let total = 0;
  for (const [fromDir, toDir] of directories) {
    rmSync(toDir, { recursive: true, force: true });
    cpSync(fromDir, toDir, { recursive: true });
    let rewritten = 0;
    for (const file of filesUnder(toDir)) {
      const bytes = readFileSync(file);
      let at = bytes.indexOf(from);
      if (at === -1) continue;
      for (; at !== -1; at = bytes.indexOf(from, at + to.length)) to.copy(bytes, at);
      writeFileSync(file, bytes);
      rewritten += 1;
    }
    if (rewritten === 0)
      throw new Error(`${fromDir} names no backend at ${from.toString()}: not a build for that stack`);
    total += rewritten;
  }
  return total;
}
