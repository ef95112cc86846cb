/**
 * Nothing of the application runs before the first paint of a prerendered
 * page (docs/decisions/105-application-startup.md,
 * docs/decisions/153-nothing-before-first-paint-but-the-press-capture.md):
 * the boot script only waits for the paint, then requests the application,
 * the full stylesheet and the page's own chunks, each once. (The SPA shell,
 * with nothing to paint, starts at once: e2e/startup.spec.ts.)
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => [] as string[]);

vi.mock('./main', () => {
  loaded.push('application');
  return {};
});
vi.mock('./app/stylesheet', () => {
  loaded.push('stylesheet');
  return {};
});
vi.mock('./app/page-loaders', () => ({
  loadPageChunks: (names: string | undefined) => loaded.push(`chunks ${names ?? ''}`),
}));

type Observer = { callback: () => void; disconnected: boolean };
let observers: Observer[] = [];
let painted = false;

beforeEach(() => {
  loaded.length = 0;
  observers = [];
  painted = false;
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      entry: Observer;
      constructor(callback: () => void) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) =>
    name === 'first-contentful-paint' && painted ? ([{ name, startTime: 1 }] as unknown as PerformanceEntryList) : [],
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

it('a prerendered page runs nothing of the application before its first contentful paint, then requests each part once', async () => {
  document.body.innerHTML = '<div id="root" data-prerendered="en" data-page-chunks="contactForm"><h1>Hi</h1></div>';
  await import('./boot');
  await vi.dynamicImportSettled();
  expect(loaded).toEqual([]);
  expect(observers).toHaveLength(1);

  painted = true;
  observers[0]!.callback();
  observers[0]!.callback();
  await vi.waitFor(() => expect(loaded).toContain('chunks contactForm'));
  await vi.dynamicImportSettled();
  expect([...loaded].sort()).toEqual(['application', 'chunks contactForm', 'stylesheet']);
  expect(observers[0]!.disconnected).toBe(true);
});
