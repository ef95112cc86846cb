/**
 * `npm run test:e2e`: makes sure the system Chromium is there, builds the site
 * against the e2e backend port (unless E2E_SKIP_BUILD=1, as `npm test` does
 * after its own build), then runs Playwright. Extra arguments go to Playwright.
 */
import { ensureChromium } from './lib/chromium.ts';
import { E2E_BACKEND_PORT } from './lib/ports.ts';
import { run } from './lib/run.ts';

ensureChromium();
// The chat widget is configured (and its embed stubbed by the e2e fixtures) so its specs run.
const buildEnv = {
  LOCAL_SUPABASE_PORT: String(E2E_BACKEND_PORT),
  VITE_SUPABASE_URL: '',
  VITE_TAWK_PROPERTY_ID: 'e2e-property',
  VITE_TAWK_WIDGET_ID: 'e2e-widget',
};
const outDir = process.env.E2E_DIST || 'dist';
if (process.env.E2E_SKIP_BUILD !== '1') {
  const built = await run('npm', ['run', 'build', '--silent', '--', '--outDir', outDir], buildEnv);
  if (built !== 0) process.exit(built);
}
const extra = process.argv.slice(2);
// Everything but the token-expiry specs, against a backend with the normal
// access-token lifetime…
const main = await run('npx', ['playwright', 'test', ...extra]);
if (main !== 0 || extra.length > 0) process.exit(main);
// …then the @expiry specs against a backend whose tokens expire in 15 s.
process.exit(await run('npx', ['playwright', 'test'], { LOCAL_JWT_EXPIRY: '15', E2E_EXPIRY_PASS: '1' }));
