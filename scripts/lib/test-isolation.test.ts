import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isolatedTestFiles, needsIsolation, sharedAndIsolatedProjects } from './test-isolation.ts';

describe('needsIsolation', () => {
  it('keeps apart a file that swaps a module, a global or the environment', () => {
    expect(needsIsolation(`vi.mock('@/lib/supabase/client', () => ({}));`)).toBe(true);
    expect(needsIsolation(`vi.doMock('./x')`)).toBe(true);
    expect(needsIsolation(`vi.stubGlobal('IntersectionObserver', Fake);`)).toBe(true);
    expect(needsIsolation(`vi.stubEnv('VITE_X', '1')`)).toBe(true);
    expect(needsIsolation(`vi\n  .resetModules()`)).toBe(true);
    expect(needsIsolation(`process.env.SITE_URL = 'http://x';`)).toBe(true);
    expect(needsIsolation(`process.env['A'] = '1'`)).toBe(true);
    expect(needsIsolation(`delete process.env.SITE_URL;`)).toBe(true);
  });

  it('lets a file that only spies, fakes timers or renders share its worker', () => {
    expect(needsIsolation(`const spy = vi.fn(); vi.spyOn(console, 'warn'); vi.useFakeTimers();`)).toBe(false);
    expect(needsIsolation(`render(<Page />); // a comment about mocking`)).toBe(false);
    expect(needsIsolation(`if (process.env.CI === '1') run(process.env.PORT);`)).toBe(false);
  });
});

describe('isolatedTestFiles and sharedAndIsolatedProjects', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('finds the test files that need isolation under each folder, sorted, and nothing else', () => {
    root = mkdtempSync(join(tmpdir(), 'isolation-'));
    write('src/b/page.test.tsx', `vi.mock('./api');`);
    write('src/a/form.test.ts', `vi.stubGlobal('fetch', f);`);
    write('src/a/plain.test.tsx', `render(<A />);`);
    write('src/a/helper.ts', `vi.mock('./not-a-test');`);
    write('src/node_modules/pkg/x.test.ts', `vi.mock('y');`);
    write('tests/ui/site.test.tsx', `vi.doMock('./z');`);
    expect(isolatedTestFiles(root, ['src', 'tests/ui', 'missing'])).toEqual([
      'src/a/form.test.ts',
      'src/b/page.test.tsx',
      'tests/ui/site.test.tsx',
    ]);
  });

  it('makes a shared project without those files and an isolated one with only them, same settings', () => {
    root = mkdtempSync(join(tmpdir(), 'isolation-'));
    write('tests/a.test.ts', `vi.mock('./b');`);
    write('tests/b.test.ts', `it('adds', () => {});`);
    const [shared, isolated] = sharedAndIsolatedProjects(root, 'unit', ['tests'], { testTimeout: 9 });
    expect(shared.test).toEqual({
      testTimeout: 9,
      name: 'unit',
      include: ['tests/**/*.test.{ts,tsx}'],
      exclude: ['tests/a.test.ts'],
      isolate: false,
    });
    expect(isolated.test).toEqual({ testTimeout: 9, name: 'unit-isolated', include: ['tests/a.test.ts'] });
  });
});
