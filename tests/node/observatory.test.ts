/**
 * The Mozilla HTTP Observatory's grade for the headers we ship, which must be
 * A+: (a) what the `npm start` server sends, started in-process against a
 * small build-like fixture, and (b) what the build writes into _headers and
 * vercel.json. Both are produced for a production configuration (hosted
 * Supabase and HubSpot over HTTPS) and for the local one.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePublicEnv } from '../../scripts/build-env.ts';
import { EARLY_CLICKS_HASH } from '../../scripts/lib/early-clicks.ts';
import {
  effectiveHeaders,
  headerRules,
  headersFile,
  parseHeadersFile,
  ruleMatches,
  vercelConfig,
  type HeaderRule,
} from '../../scripts/lib/hosting-config.ts';
import type { PolicyEnv } from '../../scripts/lib/security-headers.ts';
import { siteServerOptions } from '../../scripts/lib/site-server-options.ts';
import { startStaticServer } from '../../scripts/lib/static-server.ts';
import { grade, type ObservatoryResponse } from '../support/observatory.ts';

const PRODUCTION: PolicyEnv = {
  VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  VITE_HUBSPOT_FORMS_API: 'https://api.hsforms.com/submissions/v3/integration/submit',
  VITE_HUBSPOT_SCRIPT_URL: 'https://js.hsforms.net/forms/embed/v2.js',
  VITE_PRIMARY_DOMAIN: 'oleathyme.example.com',
  VITE_BACKUP_DOMAIN: 'oleathyme-backup.example.com',
  VITE_SITE_URL: 'https://oleathyme.example.com',
};

const LOCAL_BACKEND = 'http://127.0.0.1:54321';
const LOCAL: PolicyEnv = resolvePublicEnv('production', process.cwd(), {
  VITE_SUPABASE_URL: '',
  LOCAL_SUPABASE_PORT: '54321',
  VITE_SITE_URL: 'http://localhost:4173',
  VITE_HUBSPOT_FORMS_API: '',
  VITE_HUBSPOT_SCRIPT_URL: '',
  VITE_PRIMARY_DOMAIN: '',
  VITE_BACKUP_DOMAIN: '',
});

const PAGE = `<!doctype html><html lang="en-CA"><head><meta charset="UTF-8" /><title>Home</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="root" data-prerendered="en"><main>Home</main></div></body></html>`;

/** A build-shaped folder: prerendered pages, the shell, a hashed asset, the health file. */
function makeFixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'observatory-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'fr'));
  mkdirSync(join(root, 'privacy'));
  writeFileSync(join(root, 'index.html'), PAGE);
  writeFileSync(join(root, 'privacy', 'index.html'), PAGE);
  writeFileSync(join(root, 'app-shell.html'), PAGE.replace(/<main>Home<\/main>/, ''));
  writeFileSync(join(root, '404.html'), PAGE.replace('Home', 'Not found'));
  writeFileSync(join(root, 'fr', '404.html'), PAGE.replace('Home', 'Introuvable'));
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'export {};');
  writeFileSync(join(root, 'health.json'), '{"status":"ok"}');
  return root;
}

type Fetched = { status: number; headers: Record<string, string>; body: string };

async function get(base: string, path: string, init: RequestInit = {}): Promise<Fetched> {
  const response = await fetch(`${base}${path}`, init);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

function asObservatory(siteUrl: string, path: string, fetched: Fetched, cors?: Fetched): ObservatoryResponse {
  return {
    url: `${siteUrl}${path}`,
    headers: fetched.headers,
    html: fetched.body,
    corsHeaders: cors?.headers,
    corsRequestOrigin: 'https://evil.example',
  };
}

function describeGrade(result: ReturnType<typeof grade>): string {
  return `${result.grade} (${result.score}): ${result.tests.map((t) => `${t.name}=${t.result}(${t.modifier})`).join(', ')}`;
}

const HTML_PATHS = ['/', '/privacy', '/teams', '/client/dashboard', '/admin-portal/dashboard', '/simple-admin'];

describe.each([
  { name: 'production configuration', env: PRODUCTION },
  { name: 'local configuration', env: LOCAL },
])('the npm start server, $name', ({ env }) => {
  let root = '';
  let server: Server;
  let base = '';

  beforeAll(async () => {
    root = makeFixture();
    server = await startStaticServer({
      root,
      port: 0,
      host: '127.0.0.1',
      quiet: true,
      ...siteServerOptions(LOCAL_BACKEND, env),
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(HTML_PATHS)('grades A+ on %s', async (path) => {
    const fetched = await get(base, path);
    const cors = await get(base, path, { headers: { Origin: 'https://evil.example' } });
    expect(fetched.status).toBe(200);
    const result = grade(asObservatory(env.VITE_SITE_URL, path, fetched, cors));
    expect(result.grade, describeGrade(result)).toBe('A+');
    expect(
      result.tests.every((t) => t.pass),
      describeGrade(result),
    ).toBe(true);
  });

  it('sends the security headers on error responses too', async () => {
    const fetched = await get(base, '/no/such/page');
    expect(fetched.status).toBe(404);
    expect(grade(asObservatory(env.VITE_SITE_URL, '/no/such/page', fetched)).grade).toBe('A+');
    expect(fetched.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year and HTML never without revalidating', async () => {
    expect((await get(base, '/assets/index-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get(base, '/')).headers['cache-control']).toBe('no-cache');
    expect((await get(base, '/teams')).headers['cache-control']).toBe('no-cache');
    // A missing asset is a 404 that must not be cached for a year.
    const missing = await get(base, '/assets/index-gone.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
  });

  it('lets the other failover domain read /health.json (CORS, no caching, no credentials)', async () => {
    const health = await get(base, '/health.json', { headers: { Origin: 'https://oleathyme-backup.example.com' } });
    expect(health.headers['access-control-allow-origin']).toBe('*');
    expect(health.headers['access-control-allow-credentials']).toBeUndefined();
    expect(health.headers['cache-control']).toBe('no-store');
  });

  it('never serves files outside the build folder', async () => {
    const escaped = await get(base, `/..%2F${encodeURIComponent(root.split('/').pop() ?? '')}-secret/x`);
    expect(escaped.status).toBe(404);
  });

  it('sends exactly what the build writes into _headers and vercel.json', async () => {
    const fromHeadersFile = parseHeadersFile(headersFile(env));
    const vercel = vercelConfig(env);
    for (const path of [...HTML_PATHS, '/assets/index-abc123.js', '/health.json']) {
      const served = (await get(base, path)).headers;
      const fromFile = effectiveHeaders(fromHeadersFile, path);
      const fromVercel = vercelEffective(vercel, path);
      for (const [name, value] of Object.entries(fromFile)) {
        expect(served[name.toLowerCase()], `${name} on ${path}`).toBe(value);
        expect(fromVercel[name], `vercel.json ${name} on ${path}`).toBe(value);
      }
      expect(Object.keys(fromVercel).sort()).toEqual(Object.keys(fromFile).sort());
    }
  });
});

/** Vercel's matching of `source`, for the forms we emit: "/(.*)", "/x/(.*)", literals, ":param" and ":rest*". */
function vercelSourceMatches(source: string, path: string): boolean {
  const pattern = source
    .split(/(\(\.\*\)|\/:\w+\*|:\w+)/)
    .map((part) => {
      if (part === '(.*)') return '.*';
      if (/^\/:\w+\*$/.test(part)) return '(?:/.*)?';
      if (/^:\w+$/.test(part)) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${pattern}$`).test(path);
}

function vercelEffective(config: ReturnType<typeof vercelConfig>, path: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of config.headers) {
    if (!vercelSourceMatches(rule.source, path)) continue;
    for (const { key, value } of rule.headers) {
      if (result[key] !== undefined) throw new Error(`vercel.json sets ${key} twice for ${path}`);
      result[key] = value;
    }
  }
  return result;
}

describe('the hosting configuration in the build', () => {
  const rules: HeaderRule[] = parseHeadersFile(headersFile(PRODUCTION));

  it.each(HTML_PATHS)('_headers grades A+ on %s', (path) => {
    const headers = effectiveHeaders(rules, path);
    const result = grade({
      url: `${PRODUCTION.VITE_SITE_URL}${path}`,
      headers: { ...headers, 'content-type': 'text/html' },
      html: PAGE,
    });
    expect(result.grade, describeGrade(result)).toBe('A+');
  });

  it('never lets two _headers rules set the same header on one path (hosts would join their values)', () => {
    const paths = [
      ...HTML_PATHS,
      '/fr',
      '/fr/privacy',
      '/assets/x.js',
      '/health.json',
      '/favicon.svg',
      '/robots.txt',
      '/app-shell.html',
    ];
    for (const path of paths) {
      const seen = new Set<string>();
      for (const rule of headerRules(PRODUCTION).filter((r) => ruleMatches(r.pattern, path))) {
        for (const name of Object.keys(rule.headers)) {
          expect(seen.has(name), `${name} set twice for ${path}`).toBe(false);
          seen.add(name);
        }
      }
    }
  });

  it('allows the configured origins and nothing else', () => {
    const csp = effectiveHeaders(rules, '/')['Content-Security-Policy'] ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe(
      `script-src 'self' ${EARLY_CLICKS_HASH} https://js.hsforms.net https://*.tawk.to`,
    );
    expect(directive('connect-src').split(' ')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://abcdefghijklmnop.supabase.co',
        'wss://abcdefghijklmnop.supabase.co',
        'https://api.hsforms.com',
        'https://oleathyme.example.com',
        'https://oleathyme-backup.example.com',
      ]),
    );
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(directive('script-src')).not.toMatch(/'unsafe-inline'|\bdata:|\*(?!\.tawk\.to)/);
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(csp).not.toMatch(/http:\/\//);
  });
});

describe('the grader itself (so an A+ above means something)', () => {
  const good = effectiveHeaders(parseHeadersFile(headersFile(PRODUCTION)), '/');
  const score = (headers: Record<string, string>, html = PAGE) =>
    grade({ url: 'https://oleathyme.example.com/', headers: { ...headers, 'content-type': 'text/html' }, html });

  it('drops below A+ when scripts may be inline', () => {
    const csp = good['Content-Security-Policy'] ?? '';
    expect(
      score({
        ...good,
        'Content-Security-Policy': csp.replace(
          `script-src 'self' ${EARLY_CLICKS_HASH}`,
          "script-src 'self' 'unsafe-inline'",
        ),
      }).grade,
    ).not.toBe('A+');
  });

  it('drops below A+ without HSTS or without a CSP, and loses points for a short HSTS', () => {
    const { 'Strict-Transport-Security': _hsts, ...noHsts } = good;
    expect(score(noHsts).grade).not.toBe('A+');
    expect(score({ ...good, 'Strict-Transport-Security': 'max-age=86400' }).score).toBe(score(good).score - 10);
    const { 'Content-Security-Policy': _csp, ...noCsp } = good;
    expect(score(noCsp).grade).not.toBe('A+');
  });

  it('drops below A+ for an external script without SRI or a session cookie without flags', () => {
    expect(score(good, `${PAGE}<script src="https://cdn.example.net/x.js"></script>`).score).toBeLessThan(
      score(good).score,
    );
    expect(score({ ...good, 'Set-Cookie': 'session=1' }).score).toBeLessThan(score(good).score);
  });

  it('gives no bonus when penalties already fall below 90', () => {
    const { 'Content-Security-Policy': _csp, ...noCsp } = good;
    expect(score(noCsp).score).toBe(75);
  });
});
