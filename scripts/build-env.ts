/**
 * Resolves the VITE_* variables for a build or dev server: whatever the
 * environment or .env sets wins; anything unset points at the local backend
 * (and its HubSpot stand-in), so a build with no .env talks to the local stack.
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
  const hubspotBase = usesLocalBackend ? backend : localBackendUrl(merged as NodeJS.ProcessEnv);
  return {
    VITE_SUPABASE_URL: backend,
    VITE_SUPABASE_ANON_KEY: pick('VITE_SUPABASE_ANON_KEY', LOCAL_ANON_KEY),
    VITE_HUBSPOT_PORTAL_ID: pick('VITE_HUBSPOT_PORTAL_ID', 'local-portal'),
    VITE_HUBSPOT_CONTACT_FORM_ID: pick('VITE_HUBSPOT_CONTACT_FORM_ID', 'local-contact-form'),
    VITE_HUBSPOT_B2B_FORM_ID: pick('VITE_HUBSPOT_B2B_FORM_ID', 'local-b2b-form'),
    VITE_HUBSPOT_FORMS_API: pick('VITE_HUBSPOT_FORMS_API', `${hubspotBase}/hubspot/forms`),
    VITE_HUBSPOT_SCRIPT_URL: pick('VITE_HUBSPOT_SCRIPT_URL', `${hubspotBase}/hubspot/js/embed.js`),
    VITE_TAWK_PROPERTY_ID: pick('VITE_TAWK_PROPERTY_ID', ''),
    VITE_TAWK_WIDGET_ID: pick('VITE_TAWK_WIDGET_ID', ''),
    VITE_PRIMARY_DOMAIN: pick('VITE_PRIMARY_DOMAIN', ''),
    VITE_BACKUP_DOMAIN: pick('VITE_BACKUP_DOMAIN', ''),
    VITE_SITE_URL: pick('VITE_SITE_URL', `http://localhost:${merged.PORT || '4173'}`),
  } satisfies Record<`VITE_${string}`, string>;
}
