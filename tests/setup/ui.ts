import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadMessages } from '@/i18n/i18n';
import { consoleErrorGuard } from '@tests/support/console-guard';

// findBy… and waitFor wait on the page, never on the clock: on a busy 2-core
// machine a lazily loaded portal page can take more than Testing Library's
// default second to appear, so every UI test waits up to five.
configure({ asyncUtilTimeout: 5000 });

// Each language's catalog is its own chunk: loaded once here, components read it synchronously.
beforeAll(async () => {
  await Promise.all([loadMessages('en'), loadMessages('fr')]);
});

beforeEach(() => {
  consoleErrorGuard.install();
  // jsdom lacks these browser APIs that components use.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  // The files of a worker share one jsdom (docs/decisions/220-test-files-share-a-worker.md):
  // each test leaves it as it found it.
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  consoleErrorGuard.verify();
});
