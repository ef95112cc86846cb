/**
 * `npm start`: the local backend, persisted in .local/; then the production
 * build, prerendered with the flags that backend holds (so the first pages
 * already follow them, with no "database unreachable" warning); then the
 * build at http://localhost:4173 (PORT overrides) and the local publisher,
 * which re-prerenders pages when a flag changes.
 */
import {
  LOCAL_ACCOUNTS,
  LOCAL_ADMIN_TOTP_SECRET,
  LOCAL_ANON_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  localBackendPort,
  DEFAULT_SIMPLE_ADMIN_PASSWORD,
} from '../supabase/local/keys.ts';
import { localMailPort } from '../stand-ins/inbox/inbox.ts';
import { startLocalBackend } from '../supabase/local/server.ts';
import { startLocalPublisher } from './lib/publish/local-publisher.ts';
import { serverPolicyEnv, siteServerOptions, warnOnPolicyDrift } from './lib/site-server-options.ts';
import { run } from './lib/run.ts';
import { startStaticServer } from './lib/static-server.ts';
import { stopOnSignal } from './lib/stop-on-signal.ts';

const port = Number(process.env.PORT || 4173);
const backend = await startLocalBackend({
  port: localBackendPort(),
  dataDir: '.local/db',
  mailPort: localMailPort(),
  // Only this site's pages may read the inbox's API.
  inboxOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
  // Links in portal mails lead to this site (SITE_URL wins).
  siteUrl: process.env.SITE_URL || `http://localhost:${port}`,
});
// The build reads the flags from this backend (its default address, or LOCAL_SUPABASE_PORT).
const built = await run('npm', ['run', 'build', '--silent']);
if (built !== 0) {
  await backend.stop();
  process.exit(built);
}
const env = serverPolicyEnv(backend.url);
// Re-prerenders the pages a flag change affects, within seconds, however the
// flag was changed (docs/decisions/041-publishing-on-flag-change.md).
const publisher = await startLocalPublisher({
  outDir: 'dist',
  supabaseUrl: backend.url,
  anonKey: LOCAL_ANON_KEY,
  serviceKey: LOCAL_SERVICE_ROLE_KEY,
  env,
  wake: (round) => backend.listen('site_publishes', round),
});
const siteOptions = siteServerOptions(backend.url, env, publisher.flags, publisher.content);
warnOnPolicyDrift('dist', siteOptions);
const site = await startStaticServer({ root: 'dist', port, ...siteOptions });

console.info(`
  Site:           http://localhost:${port}
  Local backend:  ${backend.url}  (data in .local/db; "npm run db:reset" wipes it)
  Local inbox:    ${backend.mailUrl}  (every auth e-mail: confirmations, password resets)
  Publishing:     pages follow flag changes within seconds ("[publish]" lines below)

  Seeded local accounts (local only):
${LOCAL_ACCOUNTS.map((a) => `    ${a.email.padEnd(20)} ${a.password.padEnd(18)} ${a.role ?? 'no role'}`).join('\n')}
    admin's TOTP secret (authenticator app): ${LOCAL_ADMIN_TOTP_SECRET}
  Simple admin (/simple-admin) password: ${process.env.SIMPLE_ADMIN_PASSWORD || DEFAULT_SIMPLE_ADMIN_PASSWORD}
`);

stopOnSignal(site, publisher, backend);
