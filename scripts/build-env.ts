/**
 * Resolves the VITE_* variables for a build or dev server: whatever the
 * environment or .env sets wins; anything unset points at the local backend
 * (and its HubSpot stand-in), so a build with no .env talks to the local stack.
 *
 * A production build pointed at a hosted backend (a VITE_SUPABASE_URL that is
 * not a local address) gets no such fallback: every variable visitors'
 * browsers depend on must be set and must not point at a local address, or
 * the build stops and names what is wrong. Otherwise it would ship the local
 * anon key, or post every lead to 127.0.0.1 in visitors' browsers
 * (docs/decisions/066-production-build-and-deploy-configuration.md).
 */
import { loadEnv } from 'vite';
import { LOCAL_ANON_KEY, localBackendUrl } from '../supabase/local/keys.ts';

/** Every public variable the app reads, resolved (none is ever undefined). */
export type PublicEnv = ReturnType<typeof resolvePublicEnv>;

export function resolvePublicEnv(
  mode = 'production',
  root = process.cwd(),
  /** Wins over the environment, e.g. the port of the local backend a server was started with. */
  overrides: Record<string, string> = {},
) {
  const fileEnv = loadEnv(mode, root, ['VITE_', 'LOCAL_', 'PORT']);
  const merged: Record<string, string | undefined> = { ...fileEnv, ...process.env, ...overrides };
  const backend = merged.VITE_SUPABASE_URL || localBackendUrl(merged as NodeJS.ProcessEnv);
  const pick = (name: string, fallback: string) => {
    const value = merged[name];
    return value !== undefined && value !== '' ? value : fallback;
  };
  const usesLocalBackend = !merged.VITE_SUPABASE_URL;
  if (mode === 'production' && !usesLocalBackend && !isLocalUrl(backend)) {
    const problems = productionProblems(merged);
    if (problems.length > 0) {
      throw new Error(
        `Refusing a production build for ${backend}: ${problems.length === 1 ? 'a variable is' : 'variables are'} ` +
          `missing or local.\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n` +
          'Set them in the build environment or .env.production (README, "Deploy").',
      );
    }
  }
  const hubspotBase = usesLocalBackend ? backend : localBackendUrl(merged as NodeJS.ProcessEnv);
  return {
    VITE_SUPABASE_URL: backend,
    VITE_SUPABASE_ANON_KEY: pick('VITE_SUPABASE_ANON_KEY', LOCAL_ANON_KEY),
    VITE_HUBSPOT_PORTAL_ID: pick('VITE_HUBSPOT_PORTAL_ID', 'local-portal'),
    VITE_HUBSPOT_CONTACT_FORM_ID: pick('VITE_HUBSPOT_CONTACT_FORM_ID', 'local-contact-form'),
    VITE_HUBSPOT_B2B_FORM_ID: pick('VITE_HUBSPOT_B2B_FORM_ID', 'local-b2b-form'),
    VITE_HUBSPOT_FORMS_API: pick('VITE_HUBSPOT_FORMS_API', `${hubspotBase}/hubspot/forms`),
    VITE_HUBSPOT_SCRIPT_URL: pick('VITE_HUBSPOT_SCRIPT_URL', `${hubspotBase}/hubspot/js/embed.js`),
    // Any whole number suits the local stand-in; production needs the portal's real subscription type id.
    VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID: pick('VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID', '1'),
    VITE_TAWK_PROPERTY_ID: pick('VITE_TAWK_PROPERTY_ID', ''),
    VITE_TAWK_WIDGET_ID: pick('VITE_TAWK_WIDGET_ID', ''),
    VITE_PRIMARY_DOMAIN: pick('VITE_PRIMARY_DOMAIN', ''),
    VITE_BACKUP_DOMAIN: pick('VITE_BACKUP_DOMAIN', ''),
    VITE_SITE_URL: pick('VITE_SITE_URL', `http://localhost:${merged.PORT || '4173'}`),
  } satisfies Record<`VITE_${string}`, string>;
}

/** Variables a hosted production build needs, with the placeholder each local default uses. */
const REQUIRED_IN_PRODUCTION: ReadonlyArray<{ name: string; kind: 'url' | 'value'; localValue?: string }> = [
  { name: 'VITE_SUPABASE_ANON_KEY', kind: 'value', localValue: LOCAL_ANON_KEY },
  { name: 'VITE_HUBSPOT_PORTAL_ID', kind: 'value', localValue: 'local-portal' },
  { name: 'VITE_HUBSPOT_CONTACT_FORM_ID', kind: 'value', localValue: 'local-contact-form' },
  { name: 'VITE_HUBSPOT_B2B_FORM_ID', kind: 'value', localValue: 'local-b2b-form' },
  { name: 'VITE_HUBSPOT_FORMS_API', kind: 'url' },
  { name: 'VITE_HUBSPOT_SCRIPT_URL', kind: 'url' },
  { name: 'VITE_SITE_URL', kind: 'url' },
];

function productionProblems(merged: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const { name, kind, localValue } of REQUIRED_IN_PRODUCTION) {
    const value = (merged[name] ?? '').trim();
    if (value === '') {
      problems.push(`${name} is not set`);
    } else if (localValue !== undefined && value === localValue) {
      problems.push(`${name} is the local development value`);
    } else if (kind === 'url') {
      let parsed: URL;
      try {
        parsed = new URL(value);
      } catch {
        problems.push(`${name} is not an absolute URL ("${value}")`);
        continue;
      }
      if (isLocalUrl(parsed.href)) problems.push(`${name} points at a local address (${value})`);
    }
  }
  return problems;
}

/** localhost, *.localhost, 127.0.0.0/8, 0.0.0.0, ::1 and unspecified addresses, private ranges. */
export function isLocalUrl(value: string): boolean {
  let host: string;
  try {
    host = new URL(value).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '::' || host === '0.0.0.0') {
    return true;
  }
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (!ipv4) return false;
  const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || a === 0;
}
