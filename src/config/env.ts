/**
 * Public build-time configuration. Vite inlines these values; the build
 * (scripts/build-env.ts) fills unset ones with local-backend defaults.
 * Parsed by hand rather than with zod so public pages do not download a
 * validation library (the public page's JavaScript budget, docs/decisions/024-env-parsed-by-hand.md).
 */

function read(name: string, value: string | undefined): string {
  return (value ?? '').trim() || (import.meta.env.MODE === 'test' ? `test-${name}` : '');
}

function url(name: string, value: string | undefined): string {
  const raw = read(name, value);
  if (!raw) return '';
  try {
    const parsed = new URL(raw);
    return parsed.href.replace(/\/$/, '');
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}".`);
  }
}

/** A positive whole number (e.g. a HubSpot id), or null when unset. */
function wholeNumber(name: string, value: string | undefined): number | null {
  const raw = (value ?? '').trim();
  if (!raw) return import.meta.env.MODE === 'test' ? 1 : null;
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw new Error(`${name} must be a positive whole number, got "${raw}".`);
  return Number(raw);
}

export type AuthProvider = 'azure' | 'google';

/** The providers offered beside the password, in a fixed order (Microsoft first). */
function providers(value: string | undefined): readonly AuthProvider[] {
  const raw = import.meta.env.MODE === 'test' && value === undefined ? 'azure,google' : (value ?? '');
  const names = new Set(raw.split(',').map((name) => name.trim()));
  return (['azure', 'google'] as const).filter((name) => names.has(name));
}

export const env = {
  supabaseUrl: url('VITE_SUPABASE_URL', import.meta.env.VITE_SUPABASE_URL) || 'http://127.0.0.1:54321',
  supabaseAnonKey: read('VITE_SUPABASE_ANON_KEY', import.meta.env.VITE_SUPABASE_ANON_KEY),
  hubspot: {
    portalId: read('VITE_HUBSPOT_PORTAL_ID', import.meta.env.VITE_HUBSPOT_PORTAL_ID),
    contactFormId: read('VITE_HUBSPOT_CONTACT_FORM_ID', import.meta.env.VITE_HUBSPOT_CONTACT_FORM_ID),
    b2bFormId: read('VITE_HUBSPOT_B2B_FORM_ID', import.meta.env.VITE_HUBSPOT_B2B_FORM_ID),
    formsApi: url('VITE_HUBSPOT_FORMS_API', import.meta.env.VITE_HUBSPOT_FORMS_API),
    scriptUrl: url('VITE_HUBSPOT_SCRIPT_URL', import.meta.env.VITE_HUBSPOT_SCRIPT_URL),
    /** The subscription type the marketing-consent checkbox subscribes to (HubSpot: Settings › Marketing › Email › Subscriptions). */
    subscriptionTypeId: wholeNumber(
      'VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID',
      import.meta.env.VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID,
    ),
  },
  tawk: {
    propertyId: (import.meta.env.VITE_TAWK_PROPERTY_ID ?? '').trim(),
    widgetId: (import.meta.env.VITE_TAWK_WIDGET_ID ?? '').trim(),
  },
  failover: {
    primaryDomain: (import.meta.env.VITE_PRIMARY_DOMAIN ?? '').trim().toLowerCase(),
    backupDomain: (import.meta.env.VITE_BACKUP_DOMAIN ?? '').trim().toLowerCase(),
  },
  siteUrl: url('VITE_SITE_URL', import.meta.env.VITE_SITE_URL) || 'http://localhost:4173',
  /** "Continue with Microsoft / Google" appear only for providers the backend has (docs/decisions/142-continue-with-microsoft-or-google.md). */
  authProviders: providers(import.meta.env.VITE_AUTH_PROVIDERS),
  /**
   * The CAPTCHA widget Auth's checks need (docs/decisions/185-captcha-before-auth-mails.md).
   * No site key: no widget (a backend without the CAPTCHA). Unit tests have
   * none either (no script loads in their DOM): a test that needs the widget
   * replaces it.
   */
  captcha: {
    siteKey: import.meta.env.MODE === 'test' ? '' : (import.meta.env.VITE_CAPTCHA_SITE_KEY ?? '').trim(),
    scriptUrl: import.meta.env.MODE === 'test' ? '' : (import.meta.env.VITE_CAPTCHA_SCRIPT_URL ?? '').trim(),
  },
} as const;
