/**
 * The files an Edge Function may read at run time. A hosted deploy bundles a
 * function's modules and, besides them, only the files that
 * `[functions.<name>] static_files` of `supabase/config.toml` names (globs
 * relative to `supabase/`); reading anything else fails there as a missing
 * file does. The local runner (functions.ts) serves the same set, so a
 * template added without its glob fails here first rather than in
 * production (docs/decisions/187-local-secrets-site-address-and-function-files.md).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FILE, parseToml, type TomlTables } from './config.ts';
import { REPO_ROOT } from './db.ts';

/** Where config.toml's paths start (the Supabase CLI resolves them from here). */
export const SUPABASE_DIR = join(REPO_ROOT, 'supabase');

/** Each function's `static_files` globs, by function name (none listed: no entry). */
export type FunctionStaticFiles = Record<string, readonly string[]>;

export function functionStaticFilesFrom(tables: TomlTables): FunctionStaticFiles {
  const result: Record<string, readonly string[]> = {};
  for (const [table, values] of Object.entries(tables)) {
    const name = /^functions\.([^.]+)$/.exec(table)?.[1];
    if (!name || values.static_files === undefined) continue;
    const globs = values.static_files;
    if (!Array.isArray(globs)) throw new Error(`config.toml [${table}] static_files must be a list of globs`);
    for (const glob of globs) globToRegExp(glob);
    result[name] = globs;
  }
  return result;
}

export function loadFunctionStaticFiles(file = CONFIG_FILE): FunctionStaticFiles {
  return functionStaticFilesFrom(parseToml(readFileSync(file, 'utf8')));
}

/**
 * A glob as the CLI matches it (Go's filepath.Match, path by path): `*` is any
 * run of characters within one path segment, `?` one character, `[abc]`, `[a-z]` and `[^a]` one character of a class,
 * `\` escapes. Anything it cannot read is an error, never a silent mismatch.
 */
export function globToRegExp(glob: string): RegExp {
  // Doublestar libraries read these otherwise: refused rather than guessed.
  if (/\*\*|[{}]/.test(glob)) throw new Error(`static_files glob ${glob}: write it without ** or {…}`);
  const normalised = posix.normalize(glob);
  let pattern = '';
  for (let i = 0; i < normalised.length; i += 1) {
    const char = normalised[i] as string;
    if (char === '*') pattern += '[^/]*';
    else if (char === '?') pattern += '[^/]';
    else if (char === '\\') {
      const next = normalised[i + 1];
      if (next === undefined) throw new Error(`static_files glob ${glob} ends with an escape`);
      pattern += escapeRegExp(next);
      i += 1;
    } else if (char === '[') {
      const end = normalised.indexOf(']', i + 2);
      if (end === -1) throw new Error(`static_files glob ${glob} has an unclosed [`);
      let body = normalised.slice(i + 1, end);
      const negated = body.startsWith('^');
      if (negated) body = body.slice(1);
      if (!/^[\w.-]+$/.test(body))
        throw new Error(`static_files glob ${glob} has a class the local runner cannot read`);
      pattern += `[${negated ? '^/' : ''}${body}]`;
      i = end;
    } else pattern += escapeRegExp(char);
  }
  return new RegExp(`^${pattern}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Whether one of the globs names the file (an absolute path). */
export function isDeclaredFile(globs: readonly string[], file: string, root = SUPABASE_DIR): boolean {
  const path = relative(root, resolve(file)).split(sep).join('/');
  return globs.some((glob) => globToRegExp(glob).test(path));
}

/** Deno's error for a missing file (`Deno.errors.NotFound`), which the local Deno shim exposes. */
export class NotFound extends Error {
  override name = 'NotFound';
  readonly code = 'ENOENT';
}

/** The absolute path Deno.readTextFile would open for this argument. */
export function denoPath(path: string | URL): string {
  if (path instanceof URL) {
    if (path.protocol !== 'file:') throw new TypeError('Must be a file URL.');
    return fileURLToPath(path);
  }
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

/**
 * Deno.readTextFile for a function whose bundle holds the files `globs`
 * name: a path outside them is a missing file, as in the deployed bundle.
 */
export async function readFunctionFile(
  globs: readonly string[],
  path: string | URL,
  root = SUPABASE_DIR,
): Promise<string> {
  const file = denoPath(path);
  const missing = () => new NotFound(`No such file or directory (os error 2): readfile '${file}'`);
  if (!isDeclaredFile(globs, file, root)) throw missing();
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw missing();
    throw error;
  }
}
