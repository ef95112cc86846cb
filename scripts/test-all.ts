/**
 * `npm test`: every check, in order, stopping at the first failure:
 * formatting (prettier --check), lint, typecheck, unit + integration tests, the production build (pointed at
 * the e2e backend), the performance budgets, and the Playwright suite.
 */
import { existsSync } from 'node:fs';
import { ensureChromium } from './lib/chromium.ts';
import { E2E_BACKEND_PORT } from './lib/ports.ts';
import { run } from './lib/run.ts';

type Step = { name: string; command: string; args: string[]; env?: NodeJS.ProcessEnv };

// The chat widget is configured (and its embed stubbed by the e2e fixtures) so its specs run.
const buildEnv = {
  LOCAL_SUPABASE_PORT: String(E2E_BACKEND_PORT),
  VITE_SUPABASE_URL: '',
  VITE_TAWK_PROPERTY_ID: 'e2e-property',
  VITE_TAWK_WIDGET_ID: 'e2e-widget',
};
const steps: Step[] = [
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.', '--log-level=warn'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'unit + integration', command: 'npx', args: ['vitest', 'run'] },
  { name: 'build', command: 'npm', args: ['run', 'build', '--silent'], env: buildEnv },
  ...(existsSync('scripts/check-budgets.ts')
    ? [{ name: 'budgets', command: 'npx', args: ['tsx', 'scripts/check-budgets.ts'] }]
    : []),
  { name: 'e2e', command: 'npx', args: ['tsx', 'scripts/run-e2e.ts'], env: { E2E_SKIP_BUILD: '1' } },
];

ensureChromium();
const timings: string[] = [];
const started = Date.now();
for (const step of steps) {
  const t0 = Date.now();
  console.info(`\n▶ ${step.name}`);
  const code = await run(step.command, step.args, step.env);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  timings.push(`${step.name.padEnd(20)} ${seconds.padStart(6)} s ${code === 0 ? 'ok' : 'FAILED'}`);
  if (code !== 0) {
    console.error(`\n✖ ${step.name} failed (exit ${code}).\n${timings.join('\n')}`);
    process.exit(code);
  }
}
console.info(`\n✔ all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n${timings.join('\n')}`);
