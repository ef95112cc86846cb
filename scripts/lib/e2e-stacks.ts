/**
 * The two end-to-end stacks (scripts/run-e2e.ts): the main one on the ports
 * of ./ports.ts, and the @expiry one beside it, whose backend's tokens expire
 * in 15 s. Each has its own build: the backend's address is part of a build.
 */
import { E2E_BACKEND_PORT, E2E_SITE_PORT } from './ports.ts';

/** Build settings for a stack whose backend listens on `backendPort`. */
export function e2eBuildEnv(backendPort: number): NodeJS.ProcessEnv {
  // The chat widget is configured (and its embed stubbed by the e2e fixtures) so its specs run.
  return {
    LOCAL_SUPABASE_PORT: String(backendPort),
    VITE_SUPABASE_URL: '',
    VITE_TAWK_PROPERTY_ID: 'e2e-property',
    VITE_TAWK_WIDGET_ID: 'e2e-widget',
  };
}

/** The @expiry stack: its own site and backend ports (its inbox on backend + 5) and build directory. */
export function expiryStack(outDir: string): { sitePort: number; backendPort: number; outDir: string } {
  return { sitePort: E2E_SITE_PORT + 1, backendPort: E2E_BACKEND_PORT + 10, outDir: `${outDir}-expiry` };
}
