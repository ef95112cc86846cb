/**
 * The scoring rules of Mozilla's HTTP Observatory (mdn/mdn-http-observatory:
 * src/analyzer/tests/*.js, src/grader/charts.js, src/scanner/index.js),
 * re-implemented for one HTML response so tests can grade the headers we
 * send without a network scan.
 *
 * Scope: a single Content-Security-Policy (no meta-tag policy, no
 * multi-policy intersection: we fail loudly on either), HSTS graded on the
 * response as the host serves it over HTTPS (HTTPS itself, the certificate
 * and the HTTP→HTTPS redirection are properties of the host, graded neutral),
 * and the HSTS preload list treated as not containing the site.
 */

export type ObservatoryResponse = {
  /** The scanned URL; its scheme decides the "insecure scheme" CSP checks. */
  url: string;
  /** Response headers; a header sent several times is an array. */
  headers: Record<string, string | string[] | undefined>;
  /** The HTML body, for the SRI test. */
  html: string;
  /** The same URL requested with an Origin header, for the CORS test. */
  corsHeaders?: Record<string, string | string[] | undefined>;
  corsRequestOrigin?: string;
};

export type TestResult = { name: string; result: string; modifier: number; pass: boolean };
export type Grade = { score: number; grade: string; tests: TestResult[] };

function all(headers: ObservatoryResponse['headers'], name: string): string[] {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key ? headers[key] : undefined;
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function first(headers: ObservatoryResponse['headers'], name: string): string | null {
  return all(headers, name)[0] ?? null;
}

// ---- CSP -------------------------------------------------------------------

const DANGEROUSLY_BROAD = new Set([
  'ftp:',
  'http:',
  'https:',
  '*',
  'http://*',
  'http://*.*',
  'https://*',
  'https://*.*',
]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const PASSIVE = new Set(['img-src', 'media-src']);
const NONCE_HASH = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];

export function parseCsp(policy: string): Map<string, Set<string>> {
  const clean = policy.replace(/[\r\n]/g, '').trim();
  if (clean.length < 'img-src'.length - 1) throw new Error(`Invalid policy: ${policy}`);
  const csp = new Map<string, Set<string>>();
  for (const entry of clean.split(';')) {
    const [rawDirective, ...values] = entry.trim().split(/\s+/);
    if (!rawDirective) continue;
    const directive = rawDirective.toLowerCase();
    if (csp.has(directive) && directive !== 'report-uri' && directive !== 'report-to') {
      throw new Error(`Duplicate directive ${directive}`);
    }
    const sources = values.map((v) => v.trim().toLowerCase()).filter(Boolean);
    if (sources.length === 0 && directive.endsWith('-src')) sources.push("'none'");
    // Within one policy a longer source that starts like a shorter one adds nothing.
    const sorted = [...sources].sort();
    const kept = sorted.filter(
      (source, i) => !sorted.slice(0, i).some((prev) => source !== prev && source.startsWith(prev)),
    );
    csp.set(directive, new Set(kept.length ? kept : ["'none'"]));
  }
  return csp;
}

function cspTest(response: ObservatoryResponse): { result: string; data: Map<string, Set<string>> | null } {
  const raw = all(response.headers, 'content-security-policy').flatMap((v) => v.split(',').map((s) => s.trim()));
  if (raw.length === 0) return { result: 'csp-not-implemented', data: null };
  if (raw.length > 1) throw new Error('Several CSP policies: this grader does not model their intersection.');
  let csp: Map<string, Set<string>>;
  try {
    csp = parseCsp(raw[0] ?? '');
  } catch {
    return { result: 'csp-header-invalid', data: null };
  }
  if (csp.size === 0) return { result: 'csp-not-implemented', data: null };
  const https = new URL(response.url).protocol === 'https:';
  const copy = (name: string, ...fallbacks: string[]) => {
    for (const key of [name, ...fallbacks]) {
      const value = csp.get(key);
      if (value) return new Set(value);
    }
    return new Set(['*']);
  };
  const objectSrc = copy('object-src', 'default-src');
  const scriptSrc = copy('script-src', 'default-src');
  const styleSrc = copy('style-src', 'default-src');
  for (const list of [scriptSrc, styleSrc]) {
    if ([...list].some((s) => NONCE_HASH.some((p) => s.startsWith(p)))) list.delete("'unsafe-inline'");
  }
  let result: string | null = null;
  if (scriptSrc.has("'strict-dynamic'")) {
    if ([...scriptSrc].some((s) => NONCE_HASH.some((p) => s.startsWith(p)))) {
      for (const s of [...scriptSrc]) {
        if ([...DANGEROUSLY_BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'")
          scriptSrc.delete(s);
      }
    } else {
      result = 'csp-header-invalid';
    }
  }
  const active = [
    ...[...csp.entries()].filter(([d]) => !PASSIVE.has(d) && d !== 'script-src').flatMap(([, v]) => [...v]),
    ...scriptSrc,
  ];
  const passive = [...PASSIVE].flatMap((d) => [...(csp.get(d) ?? csp.get('default-src') ?? new Set<string>())]);
  const setOnce = (value: string) => {
    result ??= value;
  };
  if ([...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s))) {
    setOnce('csp-implemented-with-unsafe-inline');
  }
  if (https && active.some((s) => s.startsWith('http:') || s.startsWith('ftp:')))
    setOnce('csp-implemented-with-insecure-scheme');
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) setOnce('csp-implemented-with-unsafe-eval');
  if (https && passive.some((s) => s.startsWith('http:') || s.startsWith('ftp:'))) {
    setOnce('csp-implemented-with-insecure-scheme-in-passive-content-only');
  }
  if ([...styleSrc].some((s) => BROAD_OR_INLINE.has(s)))
    setOnce('csp-implemented-with-unsafe-inline-in-style-src-only');
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1) setOnce('csp-implemented-with-no-unsafe-default-src-none');
  else setOnce('csp-implemented-with-no-unsafe');
  return { result: result ?? 'csp-implemented-with-no-unsafe', data: csp };
}

// ---- The other tests ---------------------------------------------------------

const SIX_MONTHS = 15_552_000;

function hstsTest(response: ObservatoryResponse): string {
  const header = all(response.headers, 'strict-transport-security')[0];
  if (header === undefined) return 'hsts-not-implemented';
  try {
    if (header.includes(',')) throw new Error('set twice');
    let maxAge: number | null = null;
    for (const part of header.split(';').map((p) => p.trim().toLowerCase())) {
      if (part.startsWith('max-age=')) maxAge = Number.parseInt(part.slice(8, 128), 10);
    }
    if (maxAge === null || Number.isNaN(maxAge)) throw new Error('max-age missing');
    return maxAge < SIX_MONTHS
      ? 'hsts-implemented-max-age-less-than-six-months'
      : 'hsts-implemented-max-age-at-least-six-months';
  } catch {
    return 'hsts-header-invalid';
  }
}

function xctoTest(response: ObservatoryResponse): string {
  const header = first(response.headers, 'x-content-type-options');
  if (!header) return 'x-content-type-options-not-implemented';
  return header.slice(0, 256).trim().toLowerCase() === 'nosniff'
    ? 'x-content-type-options-nosniff'
    : 'x-content-type-options-header-invalid';
}

function xfoTest(response: ObservatoryResponse, csp: Map<string, Set<string>> | null): string {
  const header = first(response.headers, 'x-frame-options');
  let result = 'x-frame-options-not-implemented';
  if (header) {
    const xfo = header.slice(0, 1024).trim().toLowerCase();
    if (xfo === 'deny' || xfo === 'sameorigin') result = 'x-frame-options-sameorigin-or-deny';
    else if (xfo.startsWith('allow-from')) result = 'x-frame-options-allow-from-origin';
    else result = 'x-frame-options-header-invalid';
  }
  if (csp?.get('frame-ancestors')) result = 'x-frame-options-implemented-via-csp';
  return result;
}

function referrerTest(response: ObservatoryResponse): string {
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const values = all(response.headers, 'referrer-policy');
  if (values.length === 0) return 'referrer-policy-not-implemented';
  const policy =
    values
      .join(', ')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter((v) => good.includes(v) || bad.includes(v))
      .reverse()[0] ?? '';
  if (good.includes(policy)) return 'referrer-policy-private';
  if (bad.includes(policy)) return 'referrer-policy-unsafe';
  return 'referrer-policy-header-invalid';
}

function corpTest(response: ObservatoryResponse): string {
  const header = first(response.headers, 'cross-origin-resource-policy');
  if (!header) return 'cross-origin-resource-policy-not-implemented';
  switch (header.slice(0, 256).trim().toLowerCase()) {
    case 'same-site':
      return 'cross-origin-resource-policy-implemented-with-same-site';
    case 'same-origin':
      return 'cross-origin-resource-policy-implemented-with-same-origin';
    case 'cross-origin':
      return 'cross-origin-resource-policy-implemented-with-cross-origin';
    default:
      return 'cross-origin-resource-policy-header-invalid';
  }
}

function corsTest(response: ObservatoryResponse): string {
  const headers = response.corsHeaders ?? response.headers;
  const acao = first(headers, 'access-control-allow-origin');
  if (!acao) return 'cross-origin-resource-sharing-not-implemented';
  const value = acao.slice(0, 256).trim().toLowerCase();
  if (value === '*') return 'cross-origin-resource-sharing-implemented-with-public-access';
  const credentials = first(headers, 'access-control-allow-credentials');
  if (
    response.corsRequestOrigin &&
    acao === response.corsRequestOrigin &&
    credentials?.trim().toLowerCase() === 'true'
  ) {
    return 'cross-origin-resource-sharing-implemented-with-universal-access';
  }
  return 'cross-origin-resource-sharing-implemented-with-restricted-access';
}

function cookiesTest(response: ObservatoryResponse, hstsPass: boolean): string {
  const cookies = all(response.headers, 'set-cookie');
  if (cookies.length === 0) return 'cookies-not-found';
  // Our site sets none; grade any that appear as the worst plausible case
  // unless they carry every flag, so a new cookie cannot slip through.
  const ok = cookies.every(
    (c) => /;\s*secure\b/i.test(c) && /;\s*httponly\b/i.test(c) && /;\s*samesite=(lax|strict)\b/i.test(c),
  );
  if (ok) return 'cookies-secure-with-httponly-sessions-and-samesite';
  return hstsPass ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag';
}

const ORDER_SRI = [
  'sri-implemented-but-external-scripts-not-loaded-securely',
  'sri-not-implemented-but-external-scripts-loaded-securely',
  'sri-not-implemented-and-external-scripts-not-loaded-securely',
];

function registrableDomain(hostname: string): string {
  return hostname.split('.').slice(-2).join('.');
}

function sriTest(response: ObservatoryResponse): string {
  const type = (first(response.headers, 'content-type') ?? '').split(';')[0]?.trim();
  if (type && type !== 'text/html' && type !== 'application/xhtml+xml') return 'sri-not-implemented-response-not-html';
  const scripts = [...response.html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '');
  if (scripts.length === 0) return 'sri-not-implemented-but-no-scripts-loaded';
  const site = new URL(response.url);
  let result: string | null = null;
  let foreign = false;
  const worse = (candidate: string) => {
    if (result === null || ORDER_SRI.indexOf(candidate) > ORDER_SRI.indexOf(result)) result = candidate;
  };
  for (const attrs of scripts) {
    const src = /\ssrc\s*=\s*["']([^"']+)["']/i.exec(` ${attrs}`)?.[1];
    if (!src) continue;
    const integrity = /\sintegrity\s*=/i.test(` ${attrs}`);
    const protocolRelative = /^\/\/[^/]/.test(src);
    const full = /^https?:\/\//.test(src);
    const relative = !protocolRelative && !full;
    const sameDomain =
      protocolRelative || relative || registrableDomain(new URL(src).hostname) === registrableDomain(site.hostname);
    const secureOrigin = relative || (sameDomain && !protocolRelative);
    const secureScheme = full ? new URL(src).protocol === 'https:' : relative && site.protocol === 'https:';
    if (!secureOrigin) {
      foreign = true;
      if (integrity && !secureScheme) worse('sri-implemented-but-external-scripts-not-loaded-securely');
      else if (!integrity && secureScheme) worse('sri-not-implemented-but-external-scripts-loaded-securely');
      else if (!integrity && !secureScheme) worse('sri-not-implemented-and-external-scripts-not-loaded-securely');
    } else if (integrity && secureScheme && result === null) {
      result = 'sri-implemented-and-all-scripts-loaded-securely';
    }
  }
  return (
    result ??
    (foreign
      ? 'sri-implemented-and-external-scripts-loaded-securely'
      : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin')
  );
}

export const MODIFIERS: Record<string, number> = {
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 5,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
  'cookies-secure-with-httponly-sessions-and-samesite': 5,
  'cookies-not-found': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5,
  'cookies-without-secure-flag': -20,
  'cross-origin-resource-sharing-not-implemented': 0,
  'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0,
  'cross-origin-resource-sharing-implemented-with-universal-access': -50,
  'redirection-to-https': 0,
  'referrer-policy-private': 5,
  'referrer-policy-not-implemented': 0,
  'referrer-policy-unsafe': -5,
  'referrer-policy-header-invalid': -5,
  'hsts-implemented-max-age-at-least-six-months': 0,
  'hsts-implemented-max-age-less-than-six-months': -10,
  'hsts-not-implemented': -20,
  'hsts-header-invalid': -20,
  'sri-implemented-and-all-scripts-loaded-securely': 5,
  'sri-implemented-and-external-scripts-loaded-securely': 5,
  'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0,
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-loaded-securely': -5,
  'sri-implemented-but-external-scripts-not-loaded-securely': -20,
  'sri-not-implemented-and-external-scripts-not-loaded-securely': -50,
  'x-content-type-options-nosniff': 0,
  'x-content-type-options-not-implemented': -5,
  'x-content-type-options-header-invalid': -5,
  'x-frame-options-implemented-via-csp': 5,
  'x-frame-options-sameorigin-or-deny': 0,
  'x-frame-options-allow-from-origin': 0,
  'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,
  'cross-origin-resource-policy-header-invalid': -5,
  'cross-origin-resource-policy-implemented-with-cross-origin': 0,
  'cross-origin-resource-policy-implemented-with-same-origin': 10,
  'cross-origin-resource-policy-implemented-with-same-site': 10,
  'cross-origin-resource-policy-not-implemented': 0,
};

const PASSING: Record<string, string[]> = {
  'content-security-policy': [
    'csp-implemented-with-no-unsafe',
    'csp-implemented-with-no-unsafe-default-src-none',
    'csp-implemented-with-unsafe-inline-in-style-src-only',
    'csp-implemented-with-insecure-scheme-in-passive-content-only',
  ],
};

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

export function gradeFor(score: number): string {
  const clamped = Math.max(score, 0);
  const bucket = Math.min(clamped - (clamped % 5), 100);
  return GRADES.find(([floor]) => bucket >= floor)?.[1] ?? 'F';
}

/** Grades one response as the Observatory's scanner does: penalties first; bonuses only if they leave ≥ 90. */
export function grade(response: ObservatoryResponse): Grade {
  const csp = cspTest(response);
  const hsts = hstsTest(response);
  const hstsPass = hsts === 'hsts-implemented-max-age-at-least-six-months';
  const results: [string, string][] = [
    ['content-security-policy', csp.result],
    ['cookies', cookiesTest(response, hstsPass)],
    ['cross-origin-resource-sharing', corsTest(response)],
    ['redirection', 'redirection-to-https'],
    ['referrer-policy', referrerTest(response)],
    ['strict-transport-security', hsts],
    ['subresource-integrity', sriTest(response)],
    ['x-content-type-options', xctoTest(response)],
    ['x-frame-options', xfoTest(response, csp.data)],
    ['cross-origin-resource-policy', corpTest(response)],
  ];
  const tests = results.map(([name, result]) => {
    const modifier = MODIFIERS[result];
    if (modifier === undefined) throw new Error(`No score for ${result}`);
    const pass = PASSING[name] ? PASSING[name].includes(result) : modifier >= 0;
    return { name, result, modifier, pass };
  });
  const withBonuses = 100 + tests.reduce((sum, t) => sum + t.modifier, 0);
  const penaltiesOnly = 100 + tests.reduce((sum, t) => sum + Math.min(t.modifier, 0), 0);
  const score = penaltiesOnly >= 90 ? withBonuses : penaltiesOnly;
  return { score, grade: gradeFor(score), tests };
}
