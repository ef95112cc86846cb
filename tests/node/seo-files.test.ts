import { describe, expect, it } from 'vitest';
import { parseRedirectsFile, redirectsFile } from '../../scripts/lib/hosting-config.ts';
import { SITE_ROUTES } from '../../scripts/lib/site-routes.ts';
import { defaultFlags } from '../../src/lib/flags/defaults.ts';
import { robotsTxt, sitemapXml } from '../../scripts/lib/seo-files.ts';

const SITE = 'https://oleathyme.example.com';

/** Google's robots.txt precedence: the longest matching rule wins; Allow wins a tie. */
function allowedByRobots(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } | null = null;
  for (const line of robots.split('\n')) {
    const match = /^(Allow|Disallow):\s*(\S*)/.exec(line);
    if (!match?.[2] || !path.startsWith(match[2])) continue;
    const candidate = { length: match[2].length, allow: match[1] === 'Allow' };
    if (!best || candidate.length > best.length || (candidate.length === best.length && candidate.allow))
      best = candidate;
  }
  return best?.allow ?? true;
}

describe('robots.txt', () => {
  const robots = robotsTxt(SITE);

  it('keeps crawlers out of the portals, the admin and the sign-in pages of staff', () => {
    for (const path of [
      '/admin/login',
      '/fr/admin/login',
      '/admin-portal/dashboard',
      '/simple-admin',
      '/client/dashboard',
      '/fr/client/dashboard',
    ]) {
      expect(allowedByRobots(robots, path), path).toBe(false);
    }
    for (const line of [
      'Disallow: /admin',
      'Disallow: /admin-portal',
      'Disallow: /client',
      'Disallow: /fr/client',
      'Disallow: /fr/admin',
      'Disallow: /simple-admin',
    ]) {
      expect(robots).toContain(line);
    }
  });

  it('lets them read the public pages and the B2B access request page', () => {
    for (const path of ['/', '/fr', '/privacy', '/fr/terms', '/client/login', '/fr/client/login']) {
      expect(allowedByRobots(robots, path), path).toBe(true);
    }
  });

  it('points to the sitemap at the site URL', () => {
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  const xml = sitemapXml(SITE);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it('lists the indexable pages in both languages, and nothing flag-gated off by default or private', () => {
    expect(locs).toEqual(
      expect.arrayContaining([
        `${SITE}/`,
        `${SITE}/fr`,
        `${SITE}/privacy`,
        `${SITE}/fr/privacy`,
        `${SITE}/terms`,
        `${SITE}/fr/terms`,
      ]),
    );
    expect(locs.some((loc) => /admin|dashboard|teams|insights/.test(loc ?? ''))).toBe(false);
  });

  it('gives every URL its en-CA, fr-CA and x-default alternates, itself included', () => {
    const entries = xml.split('<url>').slice(1);
    expect(entries.length).toBe(locs.length);
    for (const entry of entries) {
      const loc = /<loc>([^<]+)<\/loc>/.exec(entry)?.[1] ?? '';
      const alternates = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
      expect(alternates.map(([lang]) => lang)).toEqual(['en-CA', 'fr-CA', 'x-default']);
      expect(alternates.map(([, href]) => href)).toContain(loc);
    }
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });
});

describe('_redirects', () => {
  const rules = parseRedirectsFile(redirectsFile(SITE_ROUTES, { ...defaultFlags, teams: true, insights: true }));

  it('gives a route whose flag is off no rule, so the host answers it with the 404 page', () => {
    const published = parseRedirectsFile(
      redirectsFile(SITE_ROUTES, { ...defaultFlags, teams: false, client_portal: false }),
    );
    const shellRoutes = published.filter((r) => r.status === 200).map((r) => r.from);
    expect(shellRoutes).not.toContain('/teams');
    expect(shellRoutes).not.toContain('/fr/teams');
    expect(shellRoutes).not.toContain('/client/dashboard');
    expect(shellRoutes).toContain('/simple-admin');
  });

  it('serves the SPA shell for app routes without HTML of their own, never for prerendered pages', () => {
    const shellRoutes = rules.filter((r) => r.status === 200).map((r) => r.from);
    expect(shellRoutes).toEqual(
      expect.arrayContaining(['/teams', '/fr/teams', '/admin-portal/*', '/simple-admin', '/client/dashboard']),
    );
    expect(shellRoutes).not.toContain('/');
    expect(shellRoutes).not.toContain('/privacy');
    expect(shellRoutes).not.toContain('/client/login');
    // A published post is a prerendered file; any other slug is no post.
    expect(shellRoutes).not.toContain('/insights/blog/:slug');
    for (const rule of rules.filter((r) => r.status === 200)) expect(rule.to).toBe('/app-shell.html');
  });

  it('ends with the 404 pages of each language, French first', () => {
    expect(rules.slice(-2)).toEqual([
      { from: '/fr/*', to: '/fr/404.html', status: 404 },
      { from: '/*', to: '/404.html', status: 404 },
    ]);
  });
});
