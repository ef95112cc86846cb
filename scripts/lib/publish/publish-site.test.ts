import { EMPTY_CATALOGUE } from '../../../src/lib/catalogue/published.ts';
/**
 * The build's prerender step (scripts/build.ts calls publishSite) with a
 * stand-in renderer: the database unreachable still gives every page, with
 * the defaults and a warning; reachable, the pages, sitemap and host rules
 * follow the database's flags.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultFlags, type FlagMap } from '../../../src/lib/flags/defaults.ts';
import { encodePublishedFlags } from '../../../src/lib/flags/published.ts';
import { resolvePublicEnv } from '../../build-env.ts';
import { prerenderTargets } from '../site-routes.ts';
import { readBuildContent } from './live-content.ts';
import type { Kit } from './pages.ts';
import { publishSite } from './publish-site.ts';

/** The content as a build reads it; none here (the content's own pages: content.test.ts). */
const noContent = async () => ({
  content: { items: [], redirects: [], catalogue: EMPTY_CATALOGUE },
  source: 'database' as const,
  ms: 0,
});

const TEMPLATE = `<!doctype html>
<html lang="en-CA">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <script type="module" src="/assets/boot.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** Renders the URL and, on the home pages, the founder section while its flag is on. */
const kit: Kit = {
  template: TEMPLATE,
  appCss: 'main{display:block}',
  renderPage: async (url: string, flags: FlagMap) =>
    `<title>${url}</title><main><h1>${url}</h1>${(url === '/' || url === '/fr') && flags.founder ? '<section id="founder"></section>' : ''}${flags.teams ? '<a href="/teams">Teams</a>' : ''}</main>`,
};

// The local defaults, pointed at a port nothing listens on (9, discard, on the loopback).
const env = {
  ...resolvePublicEnv('production'),
  VITE_SUPABASE_URL: 'http://127.0.0.1:9',
  VITE_SITE_URL: 'https://www.example.com',
};
let outDir = '';

afterEach(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('publishSite (the build prerender step)', () => {
  it('with the database unreachable, prerenders every page with the default flags and prints a warning', async () => {
    outDir = mkdtempSync(join(tmpdir(), 'publish-site-'));
    const warnings: string[] = [];
    const { live, targets } = await publishSite({
      outDir,
      kit,
      env,
      readContent: noContent,
      warn: (message) => warnings.push(message),
    });

    expect(live.source).toBe('defaults');
    expect(warnings.join('\n')).toMatch(/could not be read from http:\/\/127\.0\.0\.1:9.*DEFAULT flags/);
    expect(targets.map((t) => t.file).sort()).toEqual(
      prerenderTargets(defaultFlags)
        .map((t) => t.file)
        .sort(),
    );
    for (const target of targets) expect(existsSync(join(outDir, target.file)), target.file).toBe(true);
    const home = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(home).toContain('id="founder"');
    expect(home).toContain(`data-flags="${encodePublishedFlags(defaultFlags)}"`);
    expect(existsSync(join(outDir, 'app-shell.html'))).toBe(true);
    expect(readFileSync(join(outDir, 'sitemap.xml'), 'utf8')).not.toContain('/teams</loc>');
  });

  it('with the database reachable, follows its flags: sections, pages, sitemap and host rules', async () => {
    outDir = mkdtempSync(join(tmpdir(), 'publish-site-'));
    const warnings: string[] = [];
    const flags: FlagMap = { ...defaultFlags, founder: false, teams: true, client_portal: false };
    await publishSite({
      outDir,
      kit,
      env,
      readFlags: async () => ({ source: 'database', flags }),
      readContent: noContent,
      warn: (m) => warnings.push(m),
    });

    expect(warnings).toEqual([]);
    const home = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(home).not.toContain('id="founder"');
    expect(home).toContain('href="/teams"');
    expect(home).toContain(`data-flags="${encodePublishedFlags(flags)}"`);
    expect(existsSync(join(outDir, 'client/login/index.html'))).toBe(false);
    const sitemap = readFileSync(join(outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('https://www.example.com/teams</loc>');
    expect(sitemap).not.toContain('/client/login</loc>');
    const redirects = readFileSync(join(outDir, '_redirects'), 'utf8');
    expect(redirects).toMatch(/^\/teams \/app-shell\.html 200$/m);
    expect(redirects).not.toMatch(/^\/client\/dashboard /m);
  });
});

describe('readBuildContent (the published news and posts a build publishes)', () => {
  it('stops a build pointed at a hosted backend that does not answer, rather than ship an empty blog', async () => {
    let booted = false;
    await expect(
      readBuildContent({
        supabaseUrl: 'https://project.supabase.co',
        anonKey: 'anon',
        read: async () => {
          throw new Error('fetch failed');
        },
        bootLocal: async () => {
          booted = true;
          return { items: [], redirects: [], catalogue: EMPTY_CATALOGUE };
        },
      }),
    ).rejects.toThrow(/could not be read from https:\/\/project\.supabase\.co \(fetch failed\): refusing/);
    expect(booted).toBe(false);
  });

  it('reads a local backend that is not running from a fresh database built from the migrations', async () => {
    const fromMigrations = { items: [], redirects: [], catalogue: EMPTY_CATALOGUE };
    const result = await readBuildContent({
      supabaseUrl: 'http://127.0.0.1:9',
      anonKey: 'anon',
      read: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      bootLocal: async () => fromMigrations,
    });
    expect(result.source).toBe('migrations');
    expect(result.content).toBe(fromMigrations);
  });
});
