/**
 * Resolves the VITE_* variables for a build or dev server: whatever the
 * environment or .env sets wins; anything unset points at the local backend
 * (and its HubSpot stand-in), so a build with no .env talks to the local stack.
 *
 * A build in any mode but `development` and `test` (`production`, `staging`,
 * …) pointed at a hosted backend (a VITE_SUPABASE_URL that is not a local
 * address) gets no such fallback: every variable visitors' browsers depend on
 * must be set, must not be a local development value, the backend must be
 * https, and HubSpot's addresses must be https on a public host; otherwise the
 * build stops and names what is wrong. Without this it would ship the local
 * anon key, post every lead to 127.0.0.1 in visitors' browsers, or record
 * consent against a made-up subscription type
 * (docs/decisions/066-production-build-and-deploy-configuration.md,
 * docs/decisions/129-build-refuses-local-and-non-public-values.md).
 */
import { readFileSync } from 'node:fs';
import { loadEnv } from 'vite';
import { CONFIG_FILE, parseToml } from '../supabase/local/config.ts';
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
  const captchaOn = captchaEnabled();
  if (isReleaseMode(mode) && !usesLocalBackend && !isLocalUrl(backend)) {
    const problems = [...productionProblems(merged), ...(captchaOn ? captchaProblems(merged) : [])];
    if (problems.length > 0) {
      throw new Error(
        `Refusing a ${mode} build for ${backend}: ${problems.length === 1 ? 'a variable is' : 'variables are'} ` +
          `missing, local or not public.\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n` +
          `Set them in the build environment or .env.${mode} (docs/deploy.md).`,
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
    // Any whole number suits the local stand-in; a release build refuses to guess the portal's real one.
    VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID: pick('VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID', '1'),
    VITE_TAWK_PROPERTY_ID: pick('VITE_TAWK_PROPERTY_ID', ''),
    VITE_TAWK_WIDGET_ID: pick('VITE_TAWK_WIDGET_ID', ''),
    VITE_PRIMARY_DOMAIN: pick('VITE_PRIMARY_DOMAIN', ''),
    VITE_BACKUP_DOMAIN: pick('VITE_BACKUP_DOMAIN', ''),
    VITE_SITE_URL: pick('VITE_SITE_URL', `http://localhost:${merged.PORT || '4173'}`),
    // The local backend's stand-in provider answers both; a hosted project offers only the ones registered with it.
    VITE_AUTH_PROVIDERS: authProviders(merged.VITE_AUTH_PROVIDERS, usesLocalBackend ? 'azure,google' : ''),
    // With config.toml's [auth.captcha] on, the widget: locally Turnstile's
    // always-pass test key and the local backend's stand-in script (no request
    // leaves the machine); for a hosted backend the real script, and the build
    // refuses to go without a real key (docs/decisions/185-captcha-before-auth-mails.md).
    VITE_CAPTCHA_SITE_KEY: captchaOn
      ? pick('VITE_CAPTCHA_SITE_KEY', usesLocalBackend ? TURNSTILE_TEST_SITE_KEY : '')
      : '',
    VITE_CAPTCHA_SCRIPT_URL: captchaOn
      ? pick(
          'VITE_CAPTCHA_SCRIPT_URL',
          usesLocalBackend ? `${backend}/captcha/turnstile/v0/api.js` : TURNSTILE_SCRIPT_URL,
        )
      : '',
  } satisfies Record<`VITE_${string}`, string>;
}

/** Turnstile's always-pass test site key (its token passes only a test secret). */
export const TURNSTILE_TEST_SITE_KEY = '1x00000000000000000000AA';
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/** Whether supabase/config.toml turns Auth's CAPTCHA on (what `supabase config push` sends). */
export function captchaEnabled(file = CONFIG_FILE): boolean {
  return parseToml(readFileSync(file, 'utf8'))['auth.captcha']?.enabled === true;
}

/** A hosted build with the CAPTCHA on needs the real site key, and the widget's script from a public https host. */
export function captchaProblems(merged: Record<string, string | undefined>): string[] {
  const key = (merged.VITE_CAPTCHA_SITE_KEY ?? '').trim();
  const problems: string[] = [];
  if (key === '') problems.push('VITE_CAPTCHA_SITE_KEY is not set (config.toml turns [auth.captcha] on)');
  else if (/^[123]x0{20}[A-Z]{2}$/.test(key)) problems.push('VITE_CAPTCHA_SITE_KEY is a Turnstile test key');
  const script = (merged.VITE_CAPTCHA_SCRIPT_URL ?? '').trim();
  if (script !== '') {
    let parsed: URL | null = null;
    try {
      parsed = new URL(script);
    } catch {
      problems.push(`VITE_CAPTCHA_SCRIPT_URL is not an absolute URL ("${script}")`);
    }
    if (parsed && (parsed.protocol !== 'https:' || !isPublicHost(parsed.hostname))) {
      problems.push(`VITE_CAPTCHA_SCRIPT_URL must be https:// on a public host (${script})`);
    }
  }
  return problems;
}

/** Sign-in providers offered beside the password ("azure", "google"), comma-separated; unknown names stop the build. */
export function authProviders(raw: string | undefined, fallback: string): string {
  const names = (raw ?? fallback)
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((name) => name !== 'azure' && name !== 'google');
  if (unknown.length > 0) {
    throw new Error(`VITE_AUTH_PROVIDERS may name azure and google only, got "${unknown.join(', ')}".`);
  }
  return [...new Set(names)].join(',');
}

/**
 * Modes that serve a developer's own machine (Vite's dev server, Vitest); every
 * other mode builds something visitors may load.
 */
const LOCAL_MODES = new Set(['development', 'test']);

export function isReleaseMode(mode: string): boolean {
  return !LOCAL_MODES.has(mode);
}

type Requirement =
  /** A value; `localValue` is the placeholder the local default uses. */
  | { name: string; kind: 'value'; localValue?: string }
  /** A whole number above zero (HubSpot ids). */
  | { name: string; kind: 'id' }
  /** An absolute URL off this machine; `public`: https on a public host (what visitors' browsers fetch). */
  | { name: string; kind: 'url'; public?: boolean };

/** Variables a hosted release build needs. */
const REQUIRED_IN_PRODUCTION: readonly Requirement[] = [
  { name: 'VITE_SUPABASE_URL', kind: 'url', public: true },
  { name: 'VITE_SUPABASE_ANON_KEY', kind: 'value', localValue: LOCAL_ANON_KEY },
  { name: 'VITE_HUBSPOT_PORTAL_ID', kind: 'value', localValue: 'local-portal' },
  { name: 'VITE_HUBSPOT_CONTACT_FORM_ID', kind: 'value', localValue: 'local-contact-form' },
  { name: 'VITE_HUBSPOT_B2B_FORM_ID', kind: 'value', localValue: 'local-b2b-form' },
  { name: 'VITE_HUBSPOT_FORMS_API', kind: 'url', public: true },
  { name: 'VITE_HUBSPOT_SCRIPT_URL', kind: 'url', public: true },
  { name: 'VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID', kind: 'id' },
  { name: 'VITE_SITE_URL', kind: 'url' },
];

/** What is wrong with a hosted release build's variables, one line per problem (empty: nothing). */
export function productionProblems(merged: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const requirement of REQUIRED_IN_PRODUCTION) {
    const { name } = requirement;
    const value = (merged[name] ?? '').trim();
    if (value === '') {
      problems.push(`${name} is not set`);
    } else if (requirement.kind === 'value') {
      if (requirement.localValue !== undefined && value === requirement.localValue) {
        problems.push(`${name} is the local development value`);
      }
    } else if (requirement.kind === 'id') {
      if (!/^[1-9]\d{0,15}$/.test(value)) problems.push(`${name} must be a whole number above 0 ("${value}")`);
    } else {
      let parsed: URL;
      try {
        parsed = new URL(value);
      } catch {
        problems.push(`${name} is not an absolute URL ("${value}")`);
        continue;
      }
      if (isLocalUrl(parsed.href)) problems.push(`${name} points at a local address (${value})`);
      else if (requirement.public && !isPublicHost(parsed.hostname)) {
        problems.push(`${name} points at a private, loopback or link-local address (${value})`);
      } else if (requirement.public && parsed.protocol !== 'https:') {
        problems.push(`${name} must be an https:// URL (${value})`);
      }
    }
  }
  return problems;
}

/**
 * False for names and addresses that do not reach a public server: localhost
 * and *.localhost, single-label names, and IPv4/IPv6 loopback, private,
 * link-local, shared (CGNAT), unspecified, multicast and reserved ranges.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return false;
  if (host.includes(':')) return isPublicIpv6(host);
  const ipv4 = parseIpv4(host);
  if (ipv4) return isPublicIpv4(ipv4);
  // A name: it needs a dot (a single label resolves on the local network only) and a real TLD.
  return host.includes('.') && !/\.(local|internal|lan|home\.arpa|test|example|invalid)$/.test(host);
}

function parseIpv4(host: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  return parts.every((part) => part <= 255) ? parts : null;
}

function isPublicIpv4([a = 0, b = 0]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false; // this network, private, loopback, multicast, reserved
  if (a === 169 && b === 254) return false; // link-local (cloud metadata lives here)
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false; // shared address space (CGNAT)
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  return true;
}

function isPublicIpv6(host: string): boolean {
  if (host === '::' || host === '::1') return false;
  // IPv4-mapped (::ffff:a.b.c.d, which URL writes as ::ffff:xxxx:xxxx).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped?.[1] && mapped[2]) {
    const high = parseInt(mapped[1], 16);
    const low = parseInt(mapped[2], 16);
    return isPublicIpv4([high >> 8, high & 255, low >> 8, low & 255]);
  }
  const first = parseInt(host.split(':')[0] || '0', 16);
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first & 0xff00) === 0xff00) return false; // multicast
  return true;
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
