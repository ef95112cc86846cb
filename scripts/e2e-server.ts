/** The stack Playwright tests: an in-memory local backend and the production build. */
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../supabase/local/keys.ts';
import { startLocalBackend } from '../supabase/local/server.ts';
import { E2E_BACKEND_PORT, E2E_MAIL_PORT, E2E_SITE_PORT, E2E_SITE_URL } from './lib/ports.ts';
import { startLocalPublisher } from './lib/publish/local-publisher.ts';
import { serverPolicyEnv, siteServerOptions, warnOnPolicyDrift } from './lib/site-server-options.ts';
import { startStaticServer } from './lib/static-server.ts';
import { stopOnSignal } from './lib/stop-on-signal.ts';

// LOCAL_JWT_EXPIRY (read by the backend) is shortened for the @expiry run.
const backend = await startLocalBackend({
  port: E2E_BACKEND_PORT,
  dataDir: null,
  quiet: true,
  mailPort: E2E_MAIL_PORT,
  // Two browsers sign up and sign in (the admin with the current TOTP code)
  // far more often than config.toml's per-address limits allow, all from
  // 127.0.0.1; tests/backend/auth-limits.test.ts holds those limits.
  relaxedAuthLimits: true,
  // Every browser of the suite records its page views from 127.0.0.1 too.
  pageViewsPerMinute: 100_000,
  inboxOrigins: [E2E_SITE_URL, `http://127.0.0.1:${E2E_SITE_PORT}`],
  // Links in portal mails lead to this stack's site.
  siteUrl: E2E_SITE_URL,
  // The specs run deliver-leads themselves, for the one lead they watch.
  leadDelivery: { intervalMs: null },
});
const root = process.env.E2E_DIST || 'dist';
const env = serverPolicyEnv(backend.url);
// As `npm start`: flag changes re-prerender the pages they affect (e2e/published-html.serial.spec.ts).
const publisher = await startLocalPublisher({
  outDir: root,
  supabaseUrl: backend.url,
  anonKey: LOCAL_ANON_KEY,
  serviceKey: LOCAL_SERVICE_ROLE_KEY,
  env,
  wake: (round) => backend.listen('site_publishes', round),
  quiet: process.env.E2E_PUBLISH_LOG !== '1',
});
const siteOptions = siteServerOptions(backend.url, env, publisher.flags, publisher.content);
warnOnPolicyDrift(root, siteOptions);
const site = await startStaticServer({ root, port: E2E_SITE_PORT, quiet: true, ...siteOptions });
console.info(
  `e2e stack ready: site http://localhost:${E2E_SITE_PORT}, backend ${backend.url}, inbox ${backend.mailUrl}`,
);

stopOnSignal(site, publisher, backend);
