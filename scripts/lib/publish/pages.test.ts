/**
 * renderTargets writes the pages a flag change brings before the 404 pages
 * that carry the new flags: a server answers a path without its own file with
 * the 404 page, and the browser would hydrate that 404 markup as the newly
 * switched-on page (a hydration mismatch) if the 404 page came first.
 * removePages deletes an off route's pages and names those that were there.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { defaultFlags } from '../../../src/lib/flags/defaults.ts';
import { prerenderTargets } from '../site-routes.ts';
import { removePages, renderTargets, type Kit } from './pages.ts';

const kit: Kit = {
  template:
    '<!doctype html><html lang="en-CA"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" /></head><body><div id="root"></div></body></html>',
  appCss: 'main{display:block}',
  renderPage: async (url: string) => `<main><h1>${url}</h1></main>`,
};

let outDir = '';
afterEach(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

it('writes every page before the 404 pages', async () => {
  outDir = mkdtempSync(join(tmpdir(), 'render-targets-'));
  const targets = prerenderTargets({ ...defaultFlags, teams: true });
  // As a plan would list them: the 404 pages first.
  const listed = [...targets].sort((a, b) => Number(b.notFound) - Number(a.notFound));
  expect(listed[0]?.notFound, 'the batch holds a 404 page').toBe(true);

  const written = await renderTargets({ kit, outDir, targets: listed, flags: { ...defaultFlags, teams: true } });

  const notFoundFiles = targets.filter((t) => t.notFound).map((t) => t.file);
  const order = written.map((line) => line.split('→')[1]?.trim().split(/\s+/)[0] ?? '');
  const firstNotFound = order.findIndex((file) => notFoundFiles.includes(file));
  expect(order).toHaveLength(targets.length);
  expect(firstNotFound).toBe(order.length - notFoundFiles.length);
});

it('removes the pages of a route that went off and names only those that were there', async () => {
  outDir = mkdtempSync(join(tmpdir(), 'remove-pages-'));
  mkdirSync(join(outDir, 'teams'));
  writeFileSync(join(outDir, 'teams/index.html'), '<main>Teams</main>');

  const removed = await removePages(outDir, ['teams/index.html', 'insights/blog/gone/index.html']);

  expect(removed).toEqual(['teams/index.html']);
  expect(existsSync(join(outDir, 'teams/index.html'))).toBe(false);
});
