import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyBuildForBackend } from './e2e-stacks.ts';

describe('copyBuildForBackend', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string | Buffer) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const read = (path: string) => readFileSync(join(root, path), 'utf8');

  it('points every file of the copy at the other backend, and leaves the source as it was', () => {
    root = mkdtempSync(join(tmpdir(), 'stacks-'));
    const bundle = 'const u="http://127.0.0.1:24339";connect("ws://127.0.0.1:24339/realtime");';
    write('dist/assets/startup-abc.js', bundle);
    write('dist/fr/index.html', '<link rel="preconnect" href="http://127.0.0.1:24339">');
    write('dist/_headers', "connect-src 'self' http://127.0.0.1:24339 ws://127.0.0.1:24339");
    write('dist/images/photo.webp', Buffer.from([0, 1, 2, 3]));
    write('dist/robots.txt', 'User-agent: *\nAllow: 127.0.0.1:2433');

    write('kit/ssr/env.js', 'export const url = "http://127.0.0.1:24339";');
    const pairs: [string, string][] = [
      [join(root, 'dist'), join(root, 'dist-expiry')],
      [join(root, 'kit'), join(root, 'kit-expiry')],
    ];
    expect(copyBuildForBackend(pairs, 24339, 24349)).toBe(4);
    expect(read('kit-expiry/ssr/env.js')).toBe('export const url = "http://127.0.0.1:24349";');

    expect(read('dist-expiry/assets/startup-abc.js')).toBe(
      'const u="http://127.0.0.1:24349";connect("ws://127.0.0.1:24349/realtime");',
    );
    expect(read('dist-expiry/fr/index.html')).toBe('<link rel="preconnect" href="http://127.0.0.1:24349">');
    expect(read('dist-expiry/_headers')).toBe("connect-src 'self' http://127.0.0.1:24349 ws://127.0.0.1:24349");
    expect(readFileSync(join(root, 'dist-expiry/images/photo.webp'))).toEqual(Buffer.from([0, 1, 2, 3]));
    expect(read('dist-expiry/robots.txt')).toBe('User-agent: *\nAllow: 127.0.0.1:2433');
    expect(read('dist/assets/startup-abc.js')).toBe(bundle);
  });

  it('replaces a copy left by an earlier run instead of mixing with it', () => {
    root = mkdtempSync(join(tmpdir(), 'stacks-'));
    write('dist/index.html', 'http://127.0.0.1:24339');
    write('dist-expiry/assets/old-chunk.js', 'stale');
    copyBuildForBackend([[join(root, 'dist'), join(root, 'dist-expiry')]], 24339, 24349);
    expect(() => read('dist-expiry/assets/old-chunk.js')).toThrow(/ENOENT/);
  });

  it('refuses a directory made for another backend, and ports of different lengths', () => {
    root = mkdtempSync(join(tmpdir(), 'stacks-'));
    write('dist/index.html', 'http://127.0.0.1:54321');
    expect(() => copyBuildForBackend([[join(root, 'dist'), join(root, 'dist-expiry')]], 24339, 24349)).toThrow(
      /names no backend at 127\.0\.0\.1:24339/,
    );
    expect(() => copyBuildForBackend([[join(root, 'dist'), join(root, 'dist-expiry')]], 24339, 8080)).toThrow(
      /as many digits/,
    );
  });
});
