/**
 * Every file an Edge Function reads at run time is declared in its
 * `[functions.<name>] static_files` (supabase/config.toml), for every
 * function in supabase/functions: a hosted deploy bundles nothing else, so an
 * undeclared template would work in a test that reads it from the disk and
 * fail in production (docs/decisions/187-local-secrets-site-address-and-function-files.md).
 * The local runner refuses undeclared reads too (tests/backend/function-files.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE, parseToml } from '../../supabase/local/config.ts';
import {
  functionStaticFilesFrom,
  isDeclaredFile,
  SUPABASE_DIR,
  type FunctionStaticFiles,
} from '../../supabase/local/function-files.ts';
import {
  entrypointOf,
  fromSupabaseDir,
  functionNames,
  functionReads,
  listFiles,
} from '../support/function-file-reads.ts';

const tables = parseToml(readFileSync(CONFIG_FILE, 'utf8'));
const declared = functionStaticFilesFrom(tables);
const names = functionNames();

/** The files `name` reads that its globs do not declare, as paths under supabase/. */
function undeclaredReads(name: string, staticFiles: FunctionStaticFiles): string[] {
  const reads = functionReads(entrypointOf(name, tables));
  return reads.files
    .filter((file) => !isDeclaredFile(staticFiles[name] ?? [], file))
    .map((file) => fromSupabaseDir(file));
}

describe.each(names)('the %s function', (name) => {
  it('reads only files its static_files declares, named so that the check can follow them', () => {
    const reads = functionReads(entrypointOf(name, tables));
    expect(reads.problems).toEqual([]);
    expect(undeclaredReads(name, declared)).toEqual([]);
  });

  it('declares no glob that matches nothing', () => {
    const everyFile = listFiles(SUPABASE_DIR);
    const unmatched = (declared[name] ?? []).filter((glob) => !everyFile.some((file) => isDeclaredFile([glob], file)));
    expect(unmatched).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds every function directory and the templates deliver-outbox reads', () => {
    expect(names).toContain('deliver-outbox');
    const files = functionReads(entrypointOf('deliver-outbox', tables)).files.map((file) => fromSupabaseDir(file));
    expect(files).toEqual(
      expect.arrayContaining([
        'templates/client_reply.en.html',
        'templates/client_reply.fr.txt',
        'templates/new_client_message.en.html',
        'templates/new_client_message.fr.txt',
      ]),
    );
    // The auth templates sit in the same folder but are not the function's.
    expect(files).not.toContain('templates/recovery.html');
  });

  it('fails when a template the function reads has lost its glob', () => {
    const withoutReplies = {
      ...declared,
      'deliver-outbox': ['./templates/new_client_message.*', './templates/order_*'],
    };
    expect(undeclaredReads('deliver-outbox', withoutReplies)).toEqual([
      'templates/client_reply.en.html',
      'templates/client_reply.en.txt',
      'templates/client_reply.fr.html',
      'templates/client_reply.fr.txt',
    ]);
  });
});
