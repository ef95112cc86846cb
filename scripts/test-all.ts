/**
 * `npm test`: every check. The first failure stops the run.
 *
 * - In the foreground, one after the other: the production build (pointed at
 *   the e2e stack), the performance budgets, the unit + integration tests and
 *   the Playwright suite.
 * - In the background, from the start: lint, typecheck, formatting
 *   (prettier --check) and dead code (knip), as many at once as the machine
 *   has cores, longest first, at the idle scheduling priority (SCHED_IDLE;
 *   nice 19 where `chrt` is missing), their sessions at the lowest
 *   (docs/decisions/226-a-background-check-yields-across-sessions.md).
 *   Nothing waits for them, so they run on
 *   the CPU the tests leave idle: a browser waiting for its backend, a worker
 *   between two tests (docs/decisions/222-checks-on-idle-cpu.md). A check
 *   that fails ends the run at once, with its output.
 *
 * Background checks print their output when the run ends (or when one
 * fails); the summary gives each step's time.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { ensureTestChromium } from './lib/chromium.ts';
import { e2eBuildEnv } from './lib/e2e-stacks.ts';
import { E2E_BACKEND_PORT } from './lib/ports.ts';
import { mapWithLimit, run, runCaptured } from './lib/run.ts';

type Step = { name: string; command: string; args: string[]; env?: NodeJS.ProcessEnv };

const foreground: Step[] = [
  { name: 'build', command: 'npm', args: ['run', 'build', '--silent'], env: e2eBuildEnv(E2E_BACKEND_PORT) },
  ...(existsSync('scripts/check-budgets.ts')
    ? [{ name: 'budgets', command: 'npx', args: ['tsx', 'scripts/check-budgets.ts'] }]
    : []),
  { name: 'unit + integration', command: 'npx', args: ['vitest', 'run'] },
  { name: 'e2e', command: 'npx', args: ['tsx', 'scripts/run-e2e.ts'], env: { E2E_SKIP_BUILD: '1' } },
];

/** Longest first: the last to start should be the shortest. */
const background: Step[] = [
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.', '--log-level=warn'] },
  { name: 'dead code', command: 'npx', args: ['knip', '--no-progress', '--no-config-hints'] },
];

/**
 * Runs a command only when no other process wants the CPU. Each step leads a
 * session of its own, and where the kernel groups sessions for scheduling
 * (autogroup, on by default in most distributions) it shares the CPU out
 * between sessions first: an idle-priority check in its own session took as
 * much as the whole unit stage. So the check's session is also set to the
 * lowest priority (`/proc/self/autogroup`, where the kernel has it) before
 * the check starts.
 */
const idlePriority = [
  'sh',
  '-c',
  'echo 19 > /proc/self/autogroup 2>/dev/null; exec "$@"',
  'idle-priority',
  ...(existsSync('/usr/bin/chrt') ? ['chrt', '--idle', '0'] : ['nice', '-n', '19']),
];

ensureTestChromium();
const started = Date.now();
const timings: string[] = [];
const line = (name: string, t0: number, code: number) =>
  `${name.padEnd(28)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s ${code === 0 ? 'ok' : 'FAILED'}`;

const stop = new AbortController();
let failure: { name: string; code: number } | null = null;
function fail(name: string, code: number) {
  if (failure) return;
  failure = { name, code };
  stop.abort();
}
// Every step leads a process group of its own (to be ended whole), out of
// reach of the terminal's Ctrl-C: pass it on.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => fail(`npm test (${signal})`, 130));

const checks = mapWithLimit(background, Math.max(2, availableParallelism()), async (step) => {
  if (stop.signal.aborted) return { step, output: '' };
  const t0 = Date.now();
  const [priority, ...priorityArgs] = idlePriority as [string, ...string[]];
  const result = await runCaptured(priority, [...priorityArgs, step.command, ...step.args], step.env, stop.signal);
  // Ended because another step failed: that failure is the one to report.
  if (stop.signal.aborted && result.code !== 0) return { step, output: '' };
  timings.push(line(`${step.name} (background)`, t0, result.code));
  if (result.code !== 0) {
    console.error(`\n▶ ${step.name} (background) failed\n${result.output.trimEnd()}`);
    fail(step.name, result.code);
  }
  return { step, output: result.output };
});

for (const step of foreground) {
  if (stop.signal.aborted) break;
  console.info(`\n▶ ${step.name}`);
  const t0 = Date.now();
  const code = await run(step.command, step.args, step.env, stop.signal);
  if (stop.signal.aborted) break;
  timings.push(line(step.name, t0, code));
  if (code !== 0) fail(step.name, code);
}

const waited = Date.now();
const results = await checks;
// Set by `fail`, which TypeScript cannot see from here.
const failed = failure as { name: string; code: number } | null;
if (failed) {
  console.error(`\n✖ ${failed.name} failed (exit ${failed.code}).\n${timings.join('\n')}`);
  process.exit(failed.code || 1);
}
for (const { step, output } of results) {
  if (output.trim()) console.info(`\n▶ ${step.name}\n${output.trimEnd()}`);
}
timings.push(line('(waited for the checks)', waited, 0));
console.info(`\n✔ all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n${timings.join('\n')}`);
