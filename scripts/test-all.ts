/**
 * `npm test`: every check, stopping at the first failed stage: lint,
 * typecheck, the production builds (pointed at the e2e stacks), formatting
 * (prettier --check) and dead code (knip), as many at once as the machine has
 * cores and longest first (six at once fought over two cores and took a
 * quarter longer); then the performance budgets, the unit + integration tests
 * and the Playwright suite, one after the other. Steps of one stage keep
 * their output and print it in order once all have ended.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { ensureTestChromium } from './lib/chromium.ts';
import { e2eBuildEnv, expiryStack } from './lib/e2e-stacks.ts';
import { E2E_BACKEND_PORT } from './lib/ports.ts';
import { mapWithLimit, run, runCaptured } from './lib/run.ts';

type Step = { name: string; command: string; args: string[]; env?: NodeJS.ProcessEnv };

const expiry = expiryStack('dist');

/** Stages in order; the steps of one stage run side by side, longest first. */
const stages: Step[][] = [
  [
    { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
    { name: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
    { name: 'build', command: 'npm', args: ['run', 'build', '--silent'], env: e2eBuildEnv(E2E_BACKEND_PORT) },
    {
      name: 'build (expiry stack)',
      command: 'npm',
      args: ['run', 'build', '--silent', '--', '--outDir', expiry.outDir],
      env: e2eBuildEnv(expiry.backendPort),
    },
    { name: 'format', command: 'npx', args: ['prettier', '--check', '.', '--log-level=warn'] },
    { name: 'dead code', command: 'npx', args: ['knip', '--no-progress', '--no-config-hints'] },
  ],
  ...(existsSync('scripts/check-budgets.ts')
    ? [[{ name: 'budgets', command: 'npx', args: ['tsx', 'scripts/check-budgets.ts'] }]]
    : []),
  [{ name: 'unit + integration', command: 'npx', args: ['vitest', 'run'] }],
  [{ name: 'e2e', command: 'npx', args: ['tsx', 'scripts/run-e2e.ts'], env: { E2E_SKIP_BUILD: '1' } }],
];

ensureTestChromium();
const timings: string[] = [];
const started = Date.now();
const line = (name: string, t0: number, code: number) =>
  `${name.padEnd(20)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s ${code === 0 ? 'ok' : 'FAILED'}`;

for (const stage of stages) {
  const t0 = Date.now();
  let failed: { name: string; code: number } | null = null;
  if (stage.length === 1) {
    const [step] = stage as [Step];
    console.info(`\n▶ ${step.name}`);
    const code = await run(step.command, step.args, step.env);
    timings.push(line(step.name, t0, code));
    if (code !== 0) failed = { name: step.name, code };
  } else {
    console.info(`\n▶ ${stage.map((step) => step.name).join(', ')} (side by side)`);
    const results = await mapWithLimit(stage, Math.max(2, availableParallelism()), async (step) => {
      const stepStarted = Date.now();
      const result = await runCaptured(step.command, step.args, step.env);
      timings.push(line(step.name, stepStarted, result.code));
      return { step, ...result };
    });
    for (const { step, code, output } of results) {
      console.info(`\n▶ ${step.name}${output.trim() ? `\n${output.trimEnd()}` : ''}`);
      if (code !== 0 && !failed) failed = { name: step.name, code };
    }
    timings.push(line('(those, in all)', t0, failed ? 1 : 0));
  }
  if (failed) {
    console.error(`\n✖ ${failed.name} failed (exit ${failed.code}).\n${timings.join('\n')}`);
    process.exit(failed.code);
  }
}
console.info(`\n✔ all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n${timings.join('\n')}`);
