import { describe, expect, it } from 'vitest';
import type { PublishedCatalogue } from '../../../src/lib/catalogue/published.ts';
import { EMPTY_SITE_CONTENT, type SiteContent } from '../../../src/lib/content/build-page-content.ts';
import { defaultFlags, type FlagMap } from '../../../src/lib/flags/defaults.ts';
import { publishedCatalogue } from '../../../tests/support/published-catalogue.ts';
import { redirectsFile } from '../hosting-config.ts';
import { sitemapXml } from '../seo-files.ts';
import { SITE_ROUTES, prerenderTargets, statusForPath } from '../site-routes.ts';
import { contentRedirects, planContentPublish, postPages, postPaths } from './content.ts';

const SITE = 'https://www.example.com';
const on: FlagMap = { ...defaultFlags, products: true };
const off: FlagMap = { ...defaultFlags, products: false };
const site = (catalogue: PublishedCatalogue): SiteContent => ({ ...EMPTY_SITE_CONTENT, catalogue });
const base = site(publishedCatalogue);
const urls = (targets: { url: string }[]) => targets.map((target) => target.url).sort();

describe('catalogue pages of the published site', () => {
  it('prerenders the index, each category and each product in both languages while products is on', () => {
    const pages = urls(prerenderTargets(on, SITE_ROUTES, postPages(base)));
    expect(pages).toEqual(
      expect.arrayContaining([
        '/products',
        '/fr/products',
        '/products/cheeses',
        '/fr/products/fromages/feta-aop',
        '/products/wines-vinegars/assyrtiko',
      ]),
    );
    expect(urls(prerenderTargets(off, SITE_ROUTES, postPages(base))).filter((u) => u.includes('/products'))).toEqual(
      [],
    );
  });

  it('answers 404 for a product path without a page, and lists the published ones in the sitemap with hreflang', () => {
    expect(statusForPath('/products/cheeses/not-published', on)).toBe(404);
    const xml = sitemapXml(SITE, on, SITE_ROUTES, postPaths(base, on));
    expect(xml).toContain(`<loc>${SITE}/products/cheeses/feta-pdo</loc>`);
    expect(xml).toContain(`hreflang="fr-CA" href="${SITE}/fr/products/fromages/feta-aop"`);
    expect(sitemapXml(SITE, off, SITE_ROUTES, postPaths(base, off))).not.toContain('/products');
  });

  it('redirects a former slug permanently while the catalogue is on', () => {
    expect(contentRedirects(base, on)).toEqual([
      { from: '/products/cheeses/feta-in-brine', to: '/products/cheeses/feta-pdo' },
    ]);
    expect(redirectsFile(SITE_ROUTES, on, contentRedirects(base, on))).toContain(
      '/products/cheeses/feta-in-brine /products/cheeses/feta-pdo 301',
    );
    expect(contentRedirects(base, off)).toEqual([]);
  });
});

describe('planning a catalogue change', () => {
  it('re-renders the changed product in both languages, its category and the index, nothing else', () => {
    const renamed = site({
      ...publishedCatalogue,
      products: publishedCatalogue.products.map((product) =>
        product.id === 'p2' ? { ...product, brand: 'La Mancha Quesos' } : product,
      ),
    });
    const plan = planContentPublish(base, renamed, on, [
      { item: 'products', kind: 'catalogue', action: 'update', before: {}, after: {} },
    ]);
    expect(plan.items).toEqual(['p2']);
    expect(urls(plan.render)).toEqual([
      '/fr/products',
      '/fr/products/fromages',
      '/fr/products/fromages/manchego',
      '/products',
      '/products/cheeses',
      '/products/cheeses/manchego',
    ]);
    expect(plan.remove).toEqual([]);
    expect(plan.siteFiles).toBe(true);
  });

  it('deletes the pages of an unpublished product and re-renders its category', () => {
    const without = site({ ...publishedCatalogue, products: publishedCatalogue.products.filter((p) => p.id !== 'p3') });
    const plan = planContentPublish(base, without, on);
    expect(plan.remove).toEqual([
      'fr/products/vins-et-vinaigres/assyrtiko-santorin/index.html',
      'products/wines-vinegars/assyrtiko/index.html',
    ]);
    expect(urls(plan.render)).toContain('/products/wines-vinegars');
  });

  it('re-renders the home page and every category page when a category changes', () => {
    const renamed = site({
      ...publishedCatalogue,
      categories: publishedCatalogue.categories.map((category) =>
        category.id === 'cheeses' ? { ...category, names: { en: 'Fine cheeses', fr: 'Fromages fins' } } : category,
      ),
    });
    const render = urls(planContentPublish(base, renamed, on).render);
    expect(render).toEqual(
      expect.arrayContaining(['/', '/fr', '/products/wines-vinegars', '/products/cheeses/feta-pdo']),
    );
    expect(render).not.toContain('/products/wines-vinegars/assyrtiko');
  });

  it('changes nothing when only a draft changed', () => {
    const plan = planContentPublish(base, base, on, [
      { item: 'products', kind: 'catalogue', action: 'update', before: {}, after: {} },
    ]);
    expect(plan).toEqual({ items: [], render: [], remove: [], siteFiles: false });
  });
});
