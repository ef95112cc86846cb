/**
 * Which test files need a module graph of their own
 * (docs/decisions/220-test-files-share-a-worker.md). Most files can share
 * their worker's modules with the files before them: the UI tests one jsdom
 * and one evaluation of React, Testing Library and the application; the
 * backend tests one evaluation of the local backend and of PGlite's
 * WebAssembly (each file still boots its own database). A file that swaps a
 * module for a fake, stubs a global or the environment, writes
 * `process.env`, or resets the module registry changes what the next file
 * would see, so it keeps Vitest's per-file isolation, unless its only swap
 * is the shared Data API fake: files making the same such swaps share a
 * worker of their own. The rule reads the file, so a new test lands on the
 * right side without a list to keep.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a test file does that another file sharing its worker would see. */
const SHARES_BADLY = [
  /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|stubGlobal|stubEnv|resetModules|importMock)\s*\(/,
  /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/,
  /\bdelete\s+process\.env\b/,
];

/**
 * The one module swap files may share: the Data API fake of
 * tests/support/fake-supabase.ts, whose state each test replaces in its
 * `beforeEach`. Files that make exactly the same such swaps, and nothing
 * else on the list above, share a worker with each other (never with a file
 * that imports the real module): each file's swap is the one already in place.
 */
const SHARED_FAKE =
  /\bvi\s*\.\s*mock\s*\(\s*'([^']+)'\s*,\s*async\s*\(\)\s*=>\s*\(\s*await\s+import\s*\(\s*'@tests\/support\/fake-supabase'\s*\)\s*\)\s*\.\s*\w+\s*\(\s*\)\s*\)/g;

export function needsIsolation(source: string): boolean {
  return SHARES_BADLY.some((pattern) => pattern.test(source));
}

/**
 * The modules a file swaps for the shared Data API fake, sorted (none for a
 * file that swaps nothing), or null when it does anything else that needs
 * per-file isolation.
 */
export function sharedFakes(source: string): string[] | null {
  const modules = [...source.matchAll(SHARED_FAKE)].map((match) => match[1] as string);
  return needsIsolation(source.replace(SHARED_FAKE, '')) ? null : [...new Set(modules)].sort();
}

const TEST_FILE = /\.test\.tsx?$/;

/** The test files under `dir` (relative to `root`), outside node_modules; none when it is missing. */
function testFilesUnder(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((path) => join(dir, path))
    .filter((path) => TEST_FILE.test(path) && !path.split(/[\\/]/).includes('node_modules'));
}

type Placement = { path: string; fakes: string[] | null };

/** Each test file under `dirs` (relative to `root`, with forward slashes) and the swaps it makes (null: isolated). */
function placements(root: string, dirs: readonly string[]): Placement[] {
  return dirs
    .flatMap((dir) => testFilesUnder(root, dir))
    .map((path) => ({
      path: path.split('\\').join('/'),
      fakes: sharedFakes(readFileSync(join(root, path), 'utf8')),
    }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The test files under `dirs` (relative to `root`, with forward slashes) that keep per-file isolation. */
export function isolatedTestFiles(root: string, dirs: readonly string[]): string[] {
  return placements(root, dirs)
    .filter((file) => file.fakes === null)
    .map((file) => file.path);
}

/**
 * Vitest projects over the test files under `dirs`: `name`, whose files
 * share their worker's module graph (and environment); one project per set
 * of shared fakes (`name+fake:<modules>`), whose files share a worker with
 * the files swapping the same modules; and `name-isolated`, for the files
 * that need their own.
 */
type TestProject<Settings> = {
  extends: true;
  test: Settings & { name: string; include: string[]; exclude?: string[]; isolate?: false };
};

export function sharedAndIsolatedProjects<Settings extends object>(
  root: string,
  name: string,
  dirs: readonly string[],
  settings: Settings,
): TestProject<Settings>[] {
  const files = placements(root, dirs);
  const isolated = files.filter((file) => file.fakes === null).map((file) => file.path);
  const faking = new Map<string, string[]>();
  for (const { path, fakes } of files) {
    if (!fakes || fakes.length === 0) continue;
    const key = fakes.map((module) => module.split('/').at(-1)).join(',');
    faking.set(key, [...(faking.get(key) ?? []), path]);
  }
  const include = dirs.map((dir) => `${dir}/**/*.test.{ts,tsx}`);
  const withFakes = [...faking.values()].flat();
  return [
    { extends: true, test: { ...settings, name, include, exclude: [...isolated, ...withFakes], isolate: false } },
    ...[...faking].map(([key, paths]) => ({
      extends: true as const,
      test: { ...settings, name: `${name}+fake:${key}`, include: paths, isolate: false as const },
    })),
    { extends: true, test: { ...settings, name: `${name}-isolated`, include: isolated } },
  ];
}
