/**
 * `npm run backend`: the local Supabase-compatible backend, persisted in
 * `.local/db` (git-ignored), on LOCAL_SUPABASE_PORT (default 54321).
 */
import { LOCAL_DATA_DIR } from './db.ts';
import {
  DEFAULT_SIMPLE_ADMIN_PASSWORD,
  LOCAL_ACCOUNTS,
  LOCAL_ADMIN_TOTP_SECRET,
  LOCAL_ANON_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  localBackendPort,
} from './keys.ts';
import { localMailPort } from '../../stand-ins/inbox/inbox.ts';
import { startLocalBackend } from './server.ts';

async function main(): Promise<void> {
  const started = Date.now();
  const backend = await startLocalBackend({
    port: localBackendPort(),
    dataDir: LOCAL_DATA_DIR,
    mailPort: localMailPort(),
  });
  const simpleAdminPassword = process.env.SIMPLE_ADMIN_PASSWORD || DEFAULT_SIMPLE_ADMIN_PASSWORD;
  const lines = [
    '',
    `Local Supabase-compatible backend ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    `  URL               ${backend.url}`,
    `  inbox             ${backend.mailUrl}   (every auth e-mail lands here)`,
    `  anon key          ${LOCAL_ANON_KEY}`,
    `  service role key  ${LOCAL_SERVICE_ROLE_KEY}   (tools and tests only, never in the browser)`,
    `  data              ${LOCAL_DATA_DIR}   (npm run db:reset wipes it)`,
    '',
    'Seeded accounts (local only):',
    ...LOCAL_ACCOUNTS.map(
      (account) => `  ${account.email.padEnd(20)} ${account.password.padEnd(18)} ${account.role ?? 'no role'}`,
    ),
    `  admin's TOTP secret: ${LOCAL_ADMIN_TOTP_SECRET}   (authenticator app, issuer "Olea Mediterranean")`,
    `Simple-admin password: ${simpleAdminPassword}`,
    '',
    'Press Ctrl+C to stop.',
    '',
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local backend...`);
    backend.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Failed to stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Could not start the local backend: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
