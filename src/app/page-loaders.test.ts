import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/config/routes';
import { isPageChunk, pageLoaders, type PageChunk } from './page-loaders';
import { PAGES } from './pages';
import { pageChunksFor } from './routes';

describe('the chunks a prerendered page names for its boot script', () => {
  it('are the sign-in page and the session layout on the sign-in pages, in both languages', () => {
    expect(pageChunksFor('/client/login')).toEqual(['sessionLayout', 'clientLogin']);
    expect(pageChunksFor('/fr/client/login')).toEqual(['sessionLayout', 'clientLogin']);
    expect(pageChunksFor('/admin/login')).toEqual(['sessionLayout', 'signIn']);
  });

  it('are none on the home page, whose code is in the application (the contact form loads on approach)', () => {
    expect(pageChunksFor('/')).toEqual([]);
    expect(pageChunksFor('/fr')).toEqual([]);
  });

  it('are the page itself for a lazy public page, and nothing for an unknown path', () => {
    expect(pageChunksFor('/insights/news')).toEqual(['news']);
    expect(pageChunksFor('/no-such-page')).toEqual([]);
  });

  it('name only chunks the boot script knows, for every prerendered page', () => {
    const prerendered = ROUTES.filter((route) => 'prerendered' in route && route.prerendered);
    expect(prerendered.length).toBeGreaterThan(0);
    for (const route of prerendered) {
      for (const path of [route.path, `/fr${route.path === '/' ? '' : route.path}`]) {
        for (const name of pageChunksFor(path)) expect(isPageChunk(name), `${path}: ${name}`).toBe(true);
      }
    }
  });

  it('cover every lazy page of the route table: each route with a chunk of its own names it, by its id', () => {
    for (const route of ROUTES) {
      expect(PAGES[route.id].chunks?.('en') ?? [], route.id).toEqual(route.chunk ? [route.id] : []);
      expect(typeof pageLoaders[route.id as PageChunk], route.id).toBe(route.chunk ? 'function' : 'undefined');
    }
  });

  it('tells its own names from anything else', () => {
    expect(isPageChunk('clientLogin')).toBe(true);
    expect(isPageChunk('toString')).toBe(false);
    expect(isPageChunk('')).toBe(false);
  });
});
