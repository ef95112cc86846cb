/** The stack Playwright tests: an in-memory local backend and the production build. */
import { startLocalBackend } from '../supabase/local/server.ts';
import { E2E_BACKEND_PORT, E2E_SITE_PORT } from './lib/ports.ts';
import { siteServerOptions } from './lib/site-server-options.ts';
import { startStaticServer } from './lib/static-server.ts';

// LOCAL_JWT_EXPIRY (read by the backend) is shortened for the @expiry run.
const backend = await startLocalBackend({ port: E2E_BACKEND_PORT, dataDir: null, quiet: true });
await startStaticServer({ root: process.env.E2E_DIST || 'dist', port: E2E_SITE_PORT, quiet: true, ...siteServerOptions(backend.url) });
console.info(`e2e stack ready: site http://localhost:${E2E_SITE_PORT}, backend ${backend.url}`);
