/**
 * Fixed credentials of the local backend, committed on purpose like the
 * Supabase CLI's demo keys. They sign nothing outside this machine; hosted
 * Supabase has its own secret and keys. The anon key is public by design
 * (RLS is what protects data). The service-role key is for tests and
 * tooling only and must never reach the browser bundle.
 */
export const LOCAL_JWT_SECRET = 'local-only-jwt-secret-for-olea-dev-backend-0001';

export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1sb2NhbCIsInJvbGUiOiJhbm9uIiwiaWF0IjoxNzM1Njg5NjAwLCJleHAiOjIwODI3NTg0MDB9.DvbgoEaCdab-d_C1X2BQ_IxPU-PwTJpOdPrJnUlwiJs';

export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1sb2NhbCIsInJvbGUiOiJzZXJ2aWNlX3JvbGUiLCJpYXQiOjE3MzU2ODk2MDAsImV4cCI6MjA4Mjc1ODQwMH0.DN3unP_d5RA-EY5yryxe9R0Z75s4JWbnEIK6UNd8KIw';

export const DEFAULT_BACKEND_PORT = 54321;

export function localBackendPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LOCAL_SUPABASE_PORT;
  const port = raw ? Number.parseInt(raw, 10) : DEFAULT_BACKEND_PORT;
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : DEFAULT_BACKEND_PORT;
}

export function localBackendUrl(env: NodeJS.ProcessEnv = process.env): string {
  return `http://127.0.0.1:${localBackendPort(env)}`;
}

/** Seeded local accounts (local only; documented in README). */
export const LOCAL_ACCOUNTS = [
  { email: 'admin@example.com', password: 'LocalAdmin#2025', role: 'admin', firstName: 'Ada', lastName: 'Admin' },
  { email: 'client@example.com', password: 'LocalClient#2025', role: 'client', firstName: 'Chloe', lastName: 'Client' },
  { email: 'member@example.com', password: 'LocalMember#2025', role: null, firstName: 'Milo', lastName: 'Member' },
  {
    email: 'manager@example.com',
    password: 'LocalManager#2025',
    role: 'account_manager',
    firstName: 'Marc',
    lastName: 'Manager',
  },
  { email: 'editor@example.com', password: 'LocalEditor#2025', role: 'editor', firstName: 'Eva', lastName: 'Editor' },
] as const;

/**
 * The seeded admin's verified TOTP factor (seed.sql): add it to an
 * authenticator app, or compute codes with `totpCode()` in scripts and tests.
 * Local only, like the passwords above.
 */
export const LOCAL_ADMIN_TOTP_SECRET = 'GNBUKCBEZKMWNAWNVYXDYDBBWSWM464Y';
export const LOCAL_ADMIN_FACTOR_ID = '00000000-0000-4000-8000-00000000fa01';

/** The seeded account manager's and editor's TOTP secrets (seed.sql), local only. */
export const LOCAL_STAFF_TOTP_SECRETS = {
  'manager@example.com': 'MUXZMVM332C5LVC3PB35QNZUJNAMWYTE',
  'editor@example.com': '7NKA3YO3JJV2GF2RCFB5JCHAA6ZHZNZI',
} as const;

export const DEFAULT_SIMPLE_ADMIN_PASSWORD = 'LocalSimple#2025';
