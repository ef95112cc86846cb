/**
 * A path with no page of its own is answered with the 404 page or the SPA
 * shell. The answer follows the flags of the 404 page being served, so the
 * status and the HTML always come from the same publish. If they did not, a
 * browser would get a 404 page whose flags put the route on, and would build
 * that route's page over the 404 markup (a hydration mismatch).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFlags, type FlagMap } from '../../src/lib/flags/defaults.ts';
import { encodePublishedFlags } from '../../src/lib/flags/published.ts';
import { flagsOfPage, siteServerOptions } from './site-server-options.ts';
import { SHELL_FILE } from './site-routes.ts';
import { startStaticServer } from './static-server.ts';

const withSolutions = (on: boolean): FlagMap => ({ ...defaultFlags, solutions: on });

function page(locale: 'en' | 'fr', text: string, flags?: FlagMap): string {
  const flagsAttribute = flags ? ` data-flags="${encodePublishedFlags(flags)}"` : '';
  return `<!doctype html><html><body><div id="root" data-prerendered="${locale}"${flagsAttribute}><h1>${text}</h1></div></body></html>`;
}

describe('a path without a page of its own', () => {
  let root = '';
  let server: Server;
  let base = '';
  // What the publisher says it has published; each test sets it.
  let published: FlagMap = withSolutions(false);

  const writeNotFound = (flags: FlagMap | undefined) => {
    writeFileSync(join(root, '404.html'), page('en', 'Oops! Page not found', flags));
    writeFileSync(join(root, 'fr/404.html'), page('fr', 'Oups ! Page introuvable', flags));
  };
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'site-server-'));
    mkdirSync(join(root, 'fr'));
    writeFileSync(join(root, 'index.html'), page('en', 'Home', defaultFlags));
    writeFileSync(join(root, SHELL_FILE), '<!doctype html><html><body><div id="root"></div></body></html>');
    server = await startStaticServer({
      root,
      port: 0,
      host: '127.0.0.1',
      quiet: true,
      ...siteServerOptions('http://127.0.0.1:54321', undefined, () => published),
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('gets the shell (200) once the 404 page carries its route on, though the publisher has not said so yet', async () => {
    published = withSolutions(false);
    writeNotFound(withSolutions(true));
    for (const path of ['/solutions', '/fr/solutions']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).not.toContain('Page');
    }
  });

  it('gets the 404 page, in its language, once that page carries its route off, though the publisher still has it on', async () => {
    published = withSolutions(true);
    writeNotFound(withSolutions(false));
    expect(await get('/solutions')).toEqual({ status: 404, text: expect.stringContaining('Oops! Page not found') });
    expect(await get('/fr/solutions')).toEqual({
      status: 404,
      text: expect.stringContaining('Oups ! Page introuvable'),
    });
  });

  it('follows the publisher when the 404 page carries no flags', async () => {
    writeNotFound(undefined);
    published = withSolutions(true);
    expect((await get('/solutions')).status).toBe(200);
    published = withSolutions(false);
    expect((await get('/solutions')).status).toBe(404);
  });

  it('gets the 404 page for a path the site does not know, whatever the flags', async () => {
    writeNotFound(withSolutions(true));
    expect(await get('/no-such-page')).toEqual({ status: 404, text: expect.stringContaining('Oops! Page not found') });
  });

  it('sends the 404 page it decided on, compressed, after the file changes', async () => {
    writeNotFound(withSolutions(false));
    const first = await fetch(`${base}/solutions`, { headers: { 'Accept-Encoding': 'br' } });
    expect(await first.text()).toContain('Oops! Page not found');
    writeFileSync(join(root, '404.html'), page('en', 'Still not here', withSolutions(false)));
    const second = await fetch(`${base}/solutions`, { headers: { 'Accept-Encoding': 'br' } });
    expect(second.status).toBe(404);
    expect(await second.text()).toContain('Still not here');
  });
});

describe('flagsOfPage', () => {
  it('reads the flags a page was rendered with from its root element', () => {
    expect(flagsOfPage(page('en', 'x', withSolutions(true)))?.solutions).toBe(true);
    expect(flagsOfPage(page('en', 'x', withSolutions(false)))?.solutions).toBe(false);
  });

  it('is null for a page without them (the shell, an older build)', () => {
    expect(flagsOfPage(page('en', 'x'))).toBeNull();
    expect(flagsOfPage('<p data-flags="solutions">not the root</p>')).toBeNull();
  });
});
