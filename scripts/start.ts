/**
 * `npm start` (after `npm run build`): the local backend, persisted in .local/,
 * and the production build at http://localhost:4173 (PORT overrides).
 */
import {
  LOCAL_ACCOUNTS,
  LOCAL_ADMIN_TOTP_SECRET,
  localBackendPort,
  DEFAULT_SIMPLE_ADMIN_PASSWORD,
} from '../supabase/local/keys.ts';
import { localMailPort } from '../supabase/local/mail/inbox.ts';
import { startLocalBackend } from '../supabase/local/server.ts';
import { siteServerOptions, warnOnPolicyDrift } from './lib/site-server-options.ts';
import { startStaticServer } from './lib/static-server.ts';

const port = Number(process.env.PORT || 4173);
const backend = await startLocalBackend({ port: localBackendPort(), dataDir: '.local/db', mailPort: localMailPort() });
const siteOptions = siteServerOptions(backend.url);
warnOnPolicyDrift('dist', siteOptions);
const site = await startStaticServer({ root: 'dist', port, ...siteOptions });

console.info(`
  Site:           http://localhost:${port}
  Local backend:  ${backend.url}  (data in .local/db; "npm run db:reset" wipes it)
  Local inbox:    ${backend.mailUrl}  (every auth e-mail: confirmations, password resets)

  Seeded local accounts (local only):
${LOCAL_ACCOUNTS.map((a) => `    ${a.email.padEnd(20)} ${a.password.padEnd(18)} ${a.role ?? 'no role'}`).join('\n')}
    admin's TOTP secret (authenticator app): ${LOCAL_ADMIN_TOTP_SECRET}
  Simple admin (/simple-admin) password: ${process.env.SIMPLE_ADMIN_PASSWORD || DEFAULT_SIMPLE_ADMIN_PASSWORD}
`);

async function shutdown() {
  site.close();
  await backend.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
