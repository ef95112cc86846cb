import { describe, expect, it } from 'vitest';
import { routePath } from './paths';
import { ROUTES, localized, matchRoute } from './routes';

describe('the route table', () => {
  it('has one row per id and per path', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('keeps staff screens English-only and outside the site layout', () => {
    for (const route of ROUTES) expect(route.layout === 'staff', route.id).toBe(route.locales === 'en');
  });
});

describe('matchRoute', () => {
  it('finds the route and the language of a URL', () => {
    expect(matchRoute('/')).toMatchObject({ route: { id: 'home' }, locale: 'en' });
    expect(matchRoute('/fr')).toMatchObject({ route: { id: 'home' }, locale: 'fr' });
    expect(matchRoute('/fr/privacy/')).toMatchObject({ route: { id: 'privacy' }, locale: 'fr' });
    expect(matchRoute('/insights/blog/some-post')).toMatchObject({ route: { id: 'article' } });
    expect(matchRoute('/admin-portal')).toMatchObject({ route: { id: 'adminPortal' } });
    expect(matchRoute('/admin-portal/feature-flags')).toMatchObject({ route: { id: 'adminPortal' } });
  });

  it('knows nothing else', () => {
    for (const path of [
      '/nope',
      '/fr/admin-portal',
      '/fr/simple-admin',
      '/insights/blog/a/b',
      '/teamsx',
      '/frx',
      '/admin-portalx',
    ]) {
      expect(matchRoute(path), path).toBeNull();
    }
  });
});

describe('routePath', () => {
  it('spells each route in its language, staff routes in English only', () => {
    expect(routePath('home', 'fr')).toBe('/fr');
    expect(routePath('teams', 'fr')).toBe('/fr/teams');
    expect(routePath('article', 'en', { slug: 'a b' })).toBe('/insights/blog/a%20b');
    expect(routePath('simpleAdmin', 'fr')).toBe('/simple-admin');
    expect(routePath('adminPortal', 'en')).toBe('/admin-portal');
    expect(localized('/', 'fr')).toBe('/fr');
  });
});
