/**
 * `npm run test:e2e`: makes sure the system Chromium is there, builds the site
 * against the e2e backend port (unless E2E_SKIP_BUILD=1, as `npm test` does
 * after its own builds), then runs Playwright. Extra arguments go to
 * Playwright and run that selection only.
 *
 * Without extra arguments, three stacks run side by side, each with its own
 * ports, backend and build (the backend's address is part of a build):
 * - the main one: the parallel specs, then the serial specs not listed in
 *   `SECOND_SERIAL_SPECS`, one at a time;
 * - the second serial stack (`secondSerialStack`): the serial specs listed
 *   there, one at a time from the start, beside the parallel ones; the machine
 *   has room for them, since one worker leaves much of it idle;
 * - the @expiry stack (`expiryStack`), whose tokens expire in 15 s: the
 *   token-expiry specs, which mostly wait, so they cost the others little.
 */
import { ensureTestChromium } from './lib/chromium.ts';
import { e2eBuildEnv, expiryStack, secondSerialStack } from './lib/e2e-stacks.ts';
import { E2E_BACKEND_PORT } from './lib/ports.ts';
import { run, runCaptured } from './lib/run.ts';

ensureTestChromium();
const outDir = process.env.E2E_DIST || 'dist';
const extra = process.argv.slice(2);
const expiry = expiryStack(outDir);
const second = secondSerialStack(outDir);
const build = (dir: string, backendPort: number) =>
  run('npm', ['run', 'build', '--silent', '--', '--outDir', dir], e2eBuildEnv(backendPort));
if (process.env.E2E_SKIP_BUILD !== '1') {
  const built = await build(outDir, E2E_BACKEND_PORT);
  if (built !== 0) process.exit(built);
  if (extra.length === 0) {
    for (const stack of [second, expiry]) {
      const builtStack = await build(stack.outDir, stack.backendPort);
      if (builtStack !== 0) process.exit(builtStack);
    }
  }
}
if (extra.length > 0) process.exit(await run('npx', ['playwright', 'test', ...extra]));
/** A stack's own ports, build and output (its inbox is derived from its backend's port). */
const stackEnv = (stack: { sitePort: number; backendPort: number; outDir: string }, name: string) => ({
  E2E_SITE_PORT: String(stack.sitePort),
  E2E_BACKEND_PORT: String(stack.backendPort),
  E2E_MAIL_PORT: '',
  E2E_DIST: stack.outDir,
  E2E_OUTPUT_DIR: `test-results-${name}`,
  E2E_REPORT_DIR: `playwright-report-${name}`,
});
const [mainPass, secondPass, expiryPass] = await Promise.all([
  run('npx', ['playwright', 'test'], { E2E_SERIAL_SHARE: 'main' }),
  runCaptured('npx', ['playwright', 'test'], { E2E_SERIAL_SHARE: 'second', ...stackEnv(second, 'serial-b') }),
  runCaptured('npx', ['playwright', 'test'], {
    LOCAL_JWT_EXPIRY: '15',
    E2E_EXPIRY_PASS: '1',
    ...stackEnv(expiry, 'expiry'),
  }),
]);
console.info(`\n▶ the second serial stack's specs, run alongside\n${secondPass.output.trimEnd()}`);
console.info(`\n▶ the @expiry specs (tokens expire in 15 s), run alongside\n${expiryPass.output.trimEnd()}`);
process.exit([mainPass, secondPass.code, expiryPass.code].find((code) => code !== 0) ?? 0);
