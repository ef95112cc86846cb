import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isolatedTestFiles, needsIsolation, sharedAndIsolatedProjects, sharedFakes } from './test-isolation.ts';

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

const FAKE_CLIENT = `vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());`;
const FAKE_REST = `vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());`;

describe('sharedFakes', () => {
  it('names the modules a file swaps for the shared Data API fake, sorted, once each', () => {
    expect(sharedFakes(`${FAKE_REST}\n${FAKE_CLIENT}\n${FAKE_CLIENT}\nrender(<A />);`)).toEqual([
      '@/lib/supabase/client',
      '@/lib/supabase/rest',
    ]);
    expect(sharedFakes(`render(<A />);`)).toEqual([]);
  });

  it('isolates a file that swaps anything else too, or swaps a module for a fake of its own', () => {
    expect(sharedFakes(`${FAKE_CLIENT}\nvi.stubGlobal('fetch', f);`)).toBeNull();
    expect(sharedFakes(`${FAKE_CLIENT}\nvi.mock('./api', () => ({ load: vi.fn() }));`)).toBeNull();
    expect(sharedFakes(`vi.mock('@/lib/supabase/client', () => ({ supabase: {} }));`)).toBeNull();
    expect(
      sharedFakes(`vi.mock('@/lib/supabase/client', async () => (await import('./my-fake')).fakeClientModule());`),
    ).toBeNull();
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

  it('makes a shared project, one per set of shared fakes and an isolated one, with the same settings', () => {
    root = mkdtempSync(join(tmpdir(), 'isolation-'));
    write('tests/a.test.ts', `vi.mock('./b');`);
    write('tests/b.test.ts', `it('adds', () => {});`);
    write('tests/c.test.ts', `${FAKE_CLIENT}\n${FAKE_REST}`);
    write('tests/d.test.ts', FAKE_CLIENT);
    write('tests/e.test.ts', `${FAKE_REST}\n${FAKE_CLIENT}`);
    const projects = sharedAndIsolatedProjects(root, 'unit', ['tests'], { testTimeout: 9 });
    expect(projects.map((project) => project.test)).toEqual([
      {
        testTimeout: 9,
        name: 'unit',
        include: ['tests/**/*.test.{ts,tsx}'],
        exclude: ['tests/a.test.ts', 'tests/c.test.ts', 'tests/e.test.ts', 'tests/d.test.ts'],
        isolate: false,
      },
      {
        testTimeout: 9,
        name: 'unit+fake:client,rest',
        include: ['tests/c.test.ts', 'tests/e.test.ts'],
        isolate: false,
      },
      { testTimeout: 9, name: 'unit+fake:client', include: ['tests/d.test.ts'], isolate: false },
      { testTimeout: 9, name: 'unit-isolated', include: ['tests/a.test.ts'] },
    ]);
  });
});
