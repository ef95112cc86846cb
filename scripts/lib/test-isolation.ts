/**
 * Which test files need a module graph of their own
 * (docs/decisions/220-test-files-share-a-worker.md). Most files can share
 * their worker's modules with the files before them: the UI tests one jsdom
 * and one evaluation of React, Testing Library and the application; the
 * backend tests one evaluation of the local backend and of PGlite's
 * WebAssembly (each file still boots its own database). A file that swaps a
 * module for a fake, stubs a global or the environment, writes
 * `process.env`, or resets the module registry changes what the next file
 * would see, so it keeps Vitest's per-file isolation. The rule reads the
 * file, so a new test lands on the right side without a list to keep.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a test file does that another file sharing its worker would see. */
const SHARES_BADLY = [
  /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|stubGlobal|stubEnv|resetModules|importMock)\s*\(/,
  /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/,
  /\bdelete\s+process\.env\b/,
];

export function needsIsolation(source: string): boolean {
  return SHARES_BADLY.some((pattern) => pattern.test(source));
}

const TEST_FILE = /\.test\.tsx?$/;

/** The test files under `dir` (relative to `root`), outside node_modules; none when it is missing. */
function testFilesUnder(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((path) => join(dir, path))
    .filter((path) => TEST_FILE.test(path) && !path.split(/[\\/]/).includes('node_modules'));
}

/** The test files under `dirs` (relative to `root`, with forward slashes) that keep per-file isolation. */
export function isolatedTestFiles(root: string, dirs: readonly string[]): string[] {
  return dirs
    .flatMap((dir) => testFilesUnder(root, dir))
    .filter((path) => needsIsolation(readFileSync(join(root, path), 'utf8')))
    .map((path) => path.split('\\').join('/'))
    .sort();
}

/**
 * Two Vitest projects over the test files under `dirs`: `name`, whose files
 * share their worker's module graph (and environment), and `name-isolated`,
 * for the files that need their own.
 */
export function sharedAndIsolatedProjects<Settings extends object>(
  root: string,
  name: string,
  dirs: readonly string[],
  settings: Settings,
) {
  const isolated = isolatedTestFiles(root, dirs);
  const include = dirs.map((dir) => `${dir}/**/*.test.{ts,tsx}`);
  return [
    { extends: true, test: { ...settings, name, include, exclude: isolated, isolate: false } },
    { extends: true, test: { ...settings, name: `${name}-isolated`, include: isolated } },
  ] as const;
}
