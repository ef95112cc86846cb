/**
 * `npm test`: every check. The first failure stops the run.
 *
 * - First, side by side: the production build (pointed at the e2e stack)
 *   and the static checks: lint, typecheck, formatting (prettier --check)
 *   and dead code (knip), as many checks at once as the machine has cores,
 *   longest first. A lint or type error is reported in the first minutes.
 * - Then, one after the other: the performance budgets, the unit +
 *   integration tests and the Playwright suite, with the machine to
 *   themselves (docs/decisions/227-checks-first-beside-the-build.md: checks
 *   run beside the tests, even at idle priority, slowed the tests by as much
 *   CPU as the checks used).
 *
 * A check that fails ends the run at once, with its output; the summary
 * gives each step's time.
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
const checkSteps: Step[] = [
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.', '--log-level=warn'] },
  { name: 'dead code', command: 'npx', args: ['knip', '--no-progress', '--no-config-hints'] },
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

const checks = mapWithLimit(checkSteps, Math.max(2, availableParallelism()), async (step) => {
  if (stop.signal.aborted) return { step, output: '' };
  const t0 = Date.now();
  const result = await runCaptured(step.command, step.args, step.env, stop.signal);
  // Ended because another step failed: that failure is the one to report.
  if (stop.signal.aborted && result.code !== 0) return { step, output: '' };
  timings.push(line(`${step.name} (beside the build)`, t0, result.code));
  if (result.code !== 0) {
    console.error(`\n▶ ${step.name} failed\n${result.output.trimEnd()}`);
    fail(step.name, result.code);
  }
  return { step, output: result.output };
});

/** After the build: the checks' outputs, once they are all done, before the tests start. */
async function afterChecks() {
  const waited = Date.now();
  const results = await checks;
  if (stop.signal.aborted) return;
  for (const { step, output } of results) {
    if (output.trim()) console.info(`\n▶ ${step.name}\n${output.trimEnd()}`);
  }
  timings.push(line('(waited for the checks)', waited, 0));
}

for (const [index, step] of foreground.entries()) {
  // Every step after the build waits for the checks beside it.
  if (index === 1) await afterChecks();
  if (stop.signal.aborted) break;
  console.info(`\n▶ ${step.name}`);
  const t0 = Date.now();
  const code = await run(step.command, step.args, step.env, stop.signal);
  if (stop.signal.aborted) break;
  timings.push(line(step.name, t0, code));
  if (code !== 0) fail(step.name, code);
}

// A failed foreground step has stopped the checks too: wait until they have ended.
await checks;
// Set by `fail`, which TypeScript cannot see from here.
const failed = failure as { name: string; code: number } | null;
if (failed) {
  console.error(`\n✖ ${failed.name} failed (exit ${failed.code}).\n${timings.join('\n')}`);
  process.exit(failed.code || 1);
}
console.info(`\n✔ all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n${timings.join('\n')}`);
