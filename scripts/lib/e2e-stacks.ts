/**
 * The end-to-end stacks (scripts/run-e2e.ts): the main one on the ports of
 * ./ports.ts; the second serial stack beside it, for the serial specs of
 * `SECOND_SERIAL_SPECS`; and the @expiry one, whose backend's tokens expire
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

/**
 * The second serial stack: its own site and backend ports (its inbox on backend + 5) and build directory.
 * Serial specs change what a stack shares (flags, the seeded accounts'
 * carts and sessions); on a backend of their own, these run one at a time
 * from the start, beside the parallel specs, instead of after them.
 */
export function secondSerialStack(outDir: string): { sitePort: number; backendPort: number; outDir: string } {
  return { sitePort: E2E_SITE_PORT + 2, backendPort: E2E_BACKEND_PORT + 20, outDir: `${outDir}-serial-b` };
}

/**
 * The serial specs the second serial stack runs, by file name: about two
 * thirds of the serial project's time, since this stack starts at once while
 * the main one first runs the parallel project. Every serial spec sets up
 * what it needs itself, so either stack may run any of them.
 */
export const SECOND_SERIAL_SPECS = [
  'accounts.serial.spec.ts',
  'admin-companies.serial.spec.ts',
  'admin-leads.serial.spec.ts',
  'admin-orders.serial.spec.ts',
  'admin-pages.serial.spec.ts',
  'admin-portal.serial.spec.ts',
  'client-catalogue.serial.spec.ts',
  'client-orders.serial.spec.ts',
  'oauth.serial.spec.ts',
  'order-journey.serial.spec.ts',
] as const;

/** Which serial specs a Playwright run takes: all (a run of chosen specs), the main stack's share, or the second stack's. */
export type SerialShare = 'all' | 'main' | 'second';

export function serialShare(): SerialShare {
  const share = process.env.E2E_SERIAL_SHARE;
  return share === 'main' || share === 'second' ? share : 'all';
}
