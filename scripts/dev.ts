/** `npm run dev`: the local backend plus Vite's dev server (http://localhost:5173). */
import { createServer } from 'vite';
import { localBackendPort } from '../supabase/local/keys.ts';
import { localMailPort } from '../supabase/local/mail/inbox.ts';
import { startLocalBackend } from '../supabase/local/server.ts';

const backend = await startLocalBackend({
  port: localBackendPort(),
  dataDir: '.local/db',
  mailPort: localMailPort(),
  // Links in portal mails lead to the dev server (SITE_URL wins).
  siteUrl: process.env.SITE_URL || 'http://localhost:5173',
});
const vite = await createServer({ mode: 'development' });
await vite.listen();
console.info(
  `\n  Dev site:       http://localhost:5173\n  Local backend:  ${backend.url}\n  Local inbox:    ${backend.mailUrl}\n`,
);

async function shutdown() {
  await vite.close();
  await backend.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
