// Node-side suites (local backend, RLS, scripts). As in the UI suites, a test
// that logs an unexpected console.error fails (an unexpected error is a bug); the local
// backend reports its own unexpected failures (500s) there, so a backend bug
// fails the test that triggered it. A test that expects one calls
// `consoleErrorGuard.expect(/pattern/)`.
import { afterEach, beforeEach } from 'vitest';
import { consoleErrorGuard } from '@tests/support/console-guard';

beforeEach(() => {
  consoleErrorGuard.install();
});

afterEach(() => {
  consoleErrorGuard.verify();
});
