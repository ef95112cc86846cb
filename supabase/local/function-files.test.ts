import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseToml } from './config.ts';
import {
  functionStaticFilesFrom,
  globToRegExp,
  isDeclaredFile,
  NotFound,
  readFunctionFile,
  SUPABASE_DIR,
} from './function-files.ts';

const templates = ['./templates/client_reply.*'];
const at = (path: string) => join(SUPABASE_DIR, path);

describe('static_files globs', () => {
  it('match as the CLI does: * and ? stay within one folder, classes pick one character', () => {
    expect(isDeclaredFile(templates, at('templates/client_reply.en.html'))).toBe(true);
    expect(isDeclaredFile(templates, at('templates/client_reply'))).toBe(false);
    expect(isDeclaredFile(['./templates/*'], at('templates/nested/client_reply.en.html'))).toBe(false);
    expect(isDeclaredFile(['./templates/client_reply.??.html'], at('templates/client_reply.fr.html'))).toBe(true);
    expect(isDeclaredFile(['templates/client_reply.[ef][nr].txt'], at('templates/client_reply.fr.txt'))).toBe(true);
    expect(isDeclaredFile(['templates/client_reply.[^e]*'], at('templates/client_reply.en.txt'))).toBe(false);
  });

  it('never reach outside the folder they name, however the path is written', () => {
    expect(isDeclaredFile(templates, at('templates/../config.toml'))).toBe(false);
    expect(isDeclaredFile(templates, at('functions/deliver-outbox/handler.ts'))).toBe(false);
    expect(isDeclaredFile(['./templates/*'], at('templates/../../package.json'))).toBe(false);
  });

  it('refuse syntax whose meaning differs between glob libraries', () => {
    expect(() => globToRegExp('./templates/**/*.html')).toThrow(/\*\*/);
    expect(() => globToRegExp('./templates/{a,b}.html')).toThrow(/\{/);
    expect(() => globToRegExp('./templates/[a')).toThrow(/unclosed/);
  });

  it('are read per function from config.toml', () => {
    const tables = parseToml(
      ['[functions.a]', 'static_files = ["./templates/a.*", "./b.txt"]', '[functions.b]', 'verify_jwt = false'].join(
        '\n',
      ),
    );
    expect(functionStaticFilesFrom(tables)).toEqual({ a: ['./templates/a.*', './b.txt'] });
    expect(() => functionStaticFilesFrom(parseToml('[functions.a]\nstatic_files = "./x"'))).toThrow(/list/);
  });
});

describe('readFunctionFile (the runner’s Deno.readTextFile)', () => {
  it('reads a declared file, by path or by file URL', async () => {
    const file = at('templates/client_reply.en.html');
    expect(await readFunctionFile(templates, file)).toContain('<title>');
    expect(await readFunctionFile(templates, pathToFileURL(file))).toContain('<title>');
  });

  it('answers an undeclared file, even one that exists, as Deno answers a missing one', async () => {
    for (const path of [
      at('templates/recovery.html'),
      at('templates/../config.toml'),
      at('functions/deliver-outbox/handler.ts'),
    ]) {
      const failure = await readFunctionFile(templates, path).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(NotFound);
      expect((failure as Error).name).toBe('NotFound');
      expect((failure as Error).message).toMatch(/^No such file or directory \(os error 2\)/);
    }
  });

  it('answers a declared file that is missing with the same error', async () => {
    await expect(readFunctionFile(templates, at('templates/client_reply.xx.html'))).rejects.toBeInstanceOf(NotFound);
  });

  it('refuses a URL that is not a file URL, as Deno does', async () => {
    await expect(readFunctionFile(templates, new URL('https://example.com/client_reply.en.html'))).rejects.toThrow(
      TypeError,
    );
  });
});
