/** `npm run dev`: the local backend plus Vite's dev server (http://localhost:5173). */
import { createServer } from 'vite';
import { localBackendPort } from '../supabase/local/keys.ts';
import { DEV_SITE_PORT, localMailPort } from '../stand-ins/inbox/inbox.ts';
import { startLocalBackend } from '../supabase/local/server.ts';

const backend = await startLocalBackend({
  port: localBackendPort(),
  dataDir: '.local/db',
  mailPort: localMailPort(),
  // Only the dev site's pages may read the inbox's API.
  inboxOrigins: [`http://localhost:${DEV_SITE_PORT}`, `http://127.0.0.1:${DEV_SITE_PORT}`],
  // Links in portal mails lead to the dev server (SITE_URL wins).
  siteUrl: process.env.SITE_URL || 'http://localhost:5173',
});
const vite = await createServer({ mode: 'development' });
await vite.listen();
console.info(
  `\n  Dev site:       http://localhost:${DEV_SITE_PORT}\n  Local backend:  ${backend.url}\n  Local inbox:    ${backend.mailUrl}\n`,
);

async function shutdown() {
  await vite.close();
  await backend.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
