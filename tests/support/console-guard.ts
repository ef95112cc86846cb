import { vi } from 'vitest';

/**
 * Fails a test that logs an unexpected console.error (an unexpected error is a bug, even when the assertions pass).
 * A test that expects one calls `consoleErrorGuard.expect(/pattern/)`.
 */
let calls: unknown[][] = [];
let expected: RegExp[] = [];

function text(args: unknown[]): string {
  return args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' ');
}

export const consoleErrorGuard = {
  install() {
    calls = [];
    expected = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      calls.push(args);
    });
  },
  expect(pattern: RegExp) {
    expected.push(pattern);
  },
  /** The console.error calls so far, as text. */
  messages(): string[] {
    return calls.map(text);
  },
  verify() {
    const unexpected = calls.map(text).filter((message) => !expected.some((p) => p.test(message)));
    calls = [];
    expected = [];
    if (unexpected.length > 0) {
      throw new Error(`Unexpected console.error:\n${unexpected.join('\n')}`);
    }
  },
};
