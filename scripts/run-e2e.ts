/**
 * `npm run test:e2e`: makes sure the system Chromium is there, builds the site
 * against the e2e backend port (unless E2E_SKIP_BUILD=1, as `npm test` does
 * after its own builds), then runs Playwright. Extra arguments go to
 * Playwright and run that selection only.
 *
 * Without extra arguments, two stacks run side by side: everything but the
 * token-expiry specs against a backend with the normal access-token lifetime,
 * and the @expiry specs against a backend of their own whose tokens expire in
 * 15 s, on the ports of `expiryStack`, with a copy of the build pointed at that
 * backend (`copyBuildForBackend`: the backend's address is all that differs).
 * The expiry spec mostly waits for its tokens to expire, so it costs the other
 * stack little.
 */
import { ensureTestChromium } from './lib/chromium.ts';
import { copyBuildForBackend, e2eBuildEnv, expiryStack } from './lib/e2e-stacks.ts';
import { E2E_BACKEND_PORT } from './lib/ports.ts';
import { kitDir } from './lib/publish/pages.ts';
import { run, runCaptured } from './lib/run.ts';

ensureTestChromium();
const outDir = process.env.E2E_DIST || 'dist';
const extra = process.argv.slice(2);
const expiry = expiryStack(outDir);
if (process.env.E2E_SKIP_BUILD !== '1') {
  const built = await run('npm', ['run', 'build', '--silent', '--', '--outDir', outDir], e2eBuildEnv(E2E_BACKEND_PORT));
  if (built !== 0) process.exit(built);
}
if (extra.length > 0) process.exit(await run('npx', ['playwright', 'test', ...extra]));
copyBuildForBackend(
  [
    [outDir, expiry.outDir],
    [kitDir(outDir), kitDir(expiry.outDir)],
  ],
  E2E_BACKEND_PORT,
  expiry.backendPort,
);
const [mainPass, expiryPass] = await Promise.all([
  run('npx', ['playwright', 'test']),
  runCaptured('npx', ['playwright', 'test'], {
    LOCAL_JWT_EXPIRY: '15',
    E2E_EXPIRY_PASS: '1',
    E2E_SITE_PORT: String(expiry.sitePort),
    E2E_BACKEND_PORT: String(expiry.backendPort),
    // Derived from the expiry backend's port, whatever the main stack was given.
    E2E_MAIL_PORT: '',
    E2E_DIST: expiry.outDir,
    E2E_OUTPUT_DIR: 'test-results/expiry',
  }),
]);
console.info(`\n▶ the @expiry specs (tokens expire in 15 s), run alongside\n${expiryPass.output.trimEnd()}`);
process.exit(mainPass !== 0 ? mainPass : expiryPass.code);
