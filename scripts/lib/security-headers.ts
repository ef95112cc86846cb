/**
 * The one source of the site's response headers. `npm start` (and the e2e
 * and perf servers) send them through site-server-options.ts; the build
 * writes the same values into dist/_headers and dist/vercel.json
 * (hosting-config.ts). The origins the policy allows come from the resolved
 * build environment (scripts/build-env.ts), so a production build pointed at a
 * hosted Supabase project and HubSpot allows exactly those.
 */
import type { PublicEnv } from '../build-env.ts';
import { EARLY_CLICKS_HASH } from './early-clicks.ts';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
export const CACHE_NONE = 'no-store';

/** Two years, subdomains included; "preload" is left to the operator (it is hard to undo). */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Capabilities no page of this site uses, switched off for the page and any
 * frame it embeds. Only names Chromium recognises: an unknown one is logged as
 * a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** Tawk.to's chat widget (docs/decisions/011-chat-widget-is-tawk-to.md): its script, API and socket, frames, images, fonts and sounds. */
const TAWK = 'https://*.tawk.to';
const TAWK_SOCKET = 'wss://*.tawk.to';
const TAWK_LINKS = 'https://tawk.link';

function originOf(url: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

function socketOriginOf(url: string): string | null {
  const origin = originOf(url);
  return origin ? origin.replace(/^http/, 'ws') : null;
}

function unique(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

export type PolicyEnv = Pick<
  PublicEnv,
  | 'VITE_SUPABASE_URL'
  | 'VITE_HUBSPOT_FORMS_API'
  | 'VITE_HUBSPOT_SCRIPT_URL'
  | 'VITE_PRIMARY_DOMAIN'
  | 'VITE_BACKUP_DOMAIN'
  | 'VITE_SITE_URL'
> &
  Partial<Pick<PublicEnv, 'VITE_CAPTCHA_SCRIPT_URL'>>;

export type PolicyOptions = {
  /** Origins the pages may also call, e.g. the local backend the server was started with. */
  extraConnect?: readonly string[];
};

/** The Content-Security-Policy directives, in order. */
export function cspDirectives(env: PolicyEnv, options: PolicyOptions = {}): [string, string[]][] {
  const supabase = env.VITE_SUPABASE_URL;
  // Domain failover (docs/decisions/007-domain-failover.md) checks the other domain's /health.json.
  const failover = unique(
    [env.VITE_PRIMARY_DOMAIN, env.VITE_BACKUP_DOMAIN].map((host) => (host ? originOf(`https://${host}`) : null)),
  );
  const connect = unique([
    "'self'",
    originOf(supabase),
    // Supabase Realtime, should a signed-in screen ever subscribe.
    socketOriginOf(supabase),
    originOf(env.VITE_HUBSPOT_FORMS_API),
    ...failover,
    ...(options.extraConnect ?? []).map(originOf),
    TAWK,
    TAWK_SOCKET,
  ]);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // One inline script, allowed by its hash: the prerendered pages' early
    // click capture (docs/decisions/100-no-lost-clicks-before-hydration.md).
    // The CAPTCHA's script, and its frame (Turnstile draws its widget in a
    // frame from the same origin; docs/decisions/185-captcha-before-auth-mails.md).
    [
      'script-src',
      unique([
        "'self'",
        EARLY_CLICKS_HASH,
        originOf(env.VITE_HUBSPOT_SCRIPT_URL),
        originOf(env.VITE_CAPTCHA_SCRIPT_URL ?? ''),
        TAWK,
      ]),
    ],
    // 'unsafe-inline' for styles only: the prerendered pages inline their CSS
    // and Tawk.to styles its widget inline. Scripts stay strictly external.
    ['style-src', ["'self'", "'unsafe-inline'", TAWK]],
    // The Storage origin: images of news items and blog posts staff upload
    // (the content-images bucket, docs/decisions/160-content-in-the-database.md).
    ['img-src', unique(["'self'", 'data:', originOf(supabase), TAWK, TAWK_LINKS])],
    ['font-src', ["'self'", TAWK]],
    ['connect-src', connect],
    ['media-src', ["'self'", TAWK]],
    ['frame-src', unique([TAWK, originOf(env.VITE_CAPTCHA_SCRIPT_URL ?? '')])],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  if (env.VITE_SITE_URL.startsWith('https:')) directives.push(['upgrade-insecure-requests', []]);
  return directives;
}

export function contentSecurityPolicy(env: PolicyEnv, options: PolicyOptions = {}): string {
  return cspDirectives(env, options)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** Sources that a policy for an HTTPS site should not allow: plain http: or ws: origins. */
export function insecureSources(env: PolicyEnv, options: PolicyOptions = {}): string[] {
  return [
    ...new Set(
      cspDirectives(env, options)
        .flatMap(([, sources]) => sources)
        .filter((source) => source.startsWith('http:') || source.startsWith('ws:')),
    ),
  ];
}

/**
 * The build's warning when a site served over HTTPS has a policy that lets its
 * pages reach plain-HTTP origins (a backend or HubSpot URL left at http:):
 * printed with `warn`, and returned; null (and nothing printed) otherwise.
 */
export function warnOfInsecureOrigins(env: PolicyEnv, warn: (message: string) => void = console.warn): string | null {
  if (!env.VITE_SITE_URL.startsWith('https:')) return null;
  const insecure = insecureSources(env);
  if (insecure.length === 0) return null;
  const message =
    `\n⚠ This build is for ${env.VITE_SITE_URL} but its Content-Security-Policy allows plain-HTTP origins (${insecure.join(', ')}): ` +
    'set VITE_SUPABASE_URL, VITE_HUBSPOT_FORMS_API and VITE_HUBSPOT_SCRIPT_URL to their HTTPS values.';
  warn(message);
  return message;
}

/** Headers every response carries, whatever it is. */
export function securityHeaders(env: PolicyEnv, options: PolicyOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(env, options),
    'Strict-Transport-Security': HSTS,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Our files are for our pages only. /health.json is fetched from the other
    // failover domain in CORS mode, which this header does not affect.
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** Hashed build output: its name changes whenever its content does. */
export function isHashedAsset(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}

export const HEALTH_PATH = '/health.json';

/** What one path adds to the security headers: caching, and CORS for the health check. */
export function pathHeaders(pathname: string): Record<string, string> {
  if (isHashedAsset(pathname)) return { 'Cache-Control': CACHE_IMMUTABLE };
  if (pathname === HEALTH_PATH) {
    // Read by the other domain's failover check (docs/decisions/007-domain-failover.md); never cached, so an
    // outage shows at once. Public, no credentials: Observatory-neutral.
    return { 'Cache-Control': CACHE_NONE, 'Access-Control-Allow-Origin': '*' };
  }
  return { 'Cache-Control': CACHE_REVALIDATE };
}

export function headersForPath(pathname: string, env: PolicyEnv, options: PolicyOptions = {}): Record<string, string> {
  return { ...securityHeaders(env, options), ...pathHeaders(pathname) };
}
