import { describe, expect, it } from 'vitest';
import { publishedCatalogue } from '@tests/support/published-catalogue';
import {
  catalogueRedirects,
  cataloguePageContentFor,
  cataloguePaths,
  catalogueUrls,
  downloadName,
} from './build-catalogue-content';

const origins = { storageOrigin: 'http://storage.test', siteOrigin: 'http://localhost' };
const at = (base: string, locale: 'en' | 'fr' = 'en') =>
  cataloguePageContentFor(base, locale, publishedCatalogue, origins);

describe('catalogue pages', () => {
  it('lists the categories on the index with their product counts, in each language', () => {
    const en = at('/products');
    expect(en).toMatchObject({
      page: 'catalogue',
      categories: [
        { id: 'cheeses', name: 'Cheeses', path: '/products/cheeses', productCount: 2 },
        { id: 'wines-vinegars', path: '/products/wines-vinegars', productCount: 1, image: null },
      ],
    });
    expect(at('/products', 'fr')).toMatchObject({
      categories: [{ name: 'Fromages', path: '/fr/products/fromages' }, { path: '/fr/products/vins-et-vinaigres' }],
    });
  });

  it('gives a category page its products sorted by name, with the country named in the language', () => {
    const page = at('/products/cheeses');
    if (page?.page !== 'category') throw new Error('expected a category page');
    expect(page.products.map((product) => product.name)).toEqual(['Feta PDO in brine', 'Manchego']);
    expect(page.products[1]).toMatchObject({ originCountry: 'ES', originCountryName: 'Spain', originRegion: null });
    expect(page.paths).toEqual({ en: '/products/cheeses', fr: '/fr/products/fromages' });
    const fr = at('/products/fromages', 'fr');
    if (fr?.page !== 'category') throw new Error('expected a category page');
    expect(fr.products[0]).toMatchObject({ originCountryName: 'Grèce', originRegion: 'Crète' });
  });

  it('answers only the slugs of the page language', () => {
    expect(at('/products/fromages')).toBeNull();
    expect(at('/products/cheeses', 'fr')).toBeNull();
    expect(at('/products/cheeses/feta-aop')).toBeNull();
    expect(at('/products/wines-vinegars/feta-pdo')).toBeNull();
    expect(at('/products/cheeses/feta-pdo/extra')).toBeNull();
    expect(at('/products/%E0%A4%A')).toBeNull();
  });

  it('gives a product page its sanitised description, pictures, public documents and both paths, never a price', () => {
    const page = at('/products/fromages/feta-aop', 'fr');
    if (page?.page !== 'product') throw new Error('expected a product page');
    const { product } = page;
    expect(product.descriptionHtml.trim()).toBe('<p><strong>Feta AOP en saumure</strong> from the island.</p>');
    expect(product.images[0]).toEqual({
      src: 'http://storage.test/storage/v1/object/public/product-images/p1/feta.webp',
      width: 1200,
      height: 800,
      alt: 'Un bloc de feta',
    });
    expect(product.documents).toEqual([
      expect.objectContaining({ id: 'd1', title: 'Fiche technique : feta', fileName: 'Fiche-technique-feta.pdf' }),
    ]);
    expect(product.paths).toEqual({ en: '/products/cheeses/feta-pdo', fr: '/fr/products/fromages/feta-aop' });
    expect(product.category).toEqual({ id: 'cheeses', name: 'Fromages', path: '/fr/products/fromages' });
    expect(JSON.stringify(page)).not.toMatch(/price/i);
  });

  it('keeps a clients-only document off the public page even when the read included it', () => {
    const withCertificate = {
      ...publishedCatalogue,
      products: publishedCatalogue.products.map((product) =>
        product.id === 'p1'
          ? {
              ...product,
              documents: [
                ...product.documents,
                {
                  ...product.documents[0]!,
                  id: 'd2',
                  visibility: 'clients' as const,
                  titles: { en: 'PDO certificate', fr: 'Certificat AOP' },
                },
              ],
            }
          : product,
      ),
    };
    const page = cataloguePageContentFor('/products/cheeses/feta-pdo', 'en', withCertificate, origins);
    if (page?.page !== 'product') throw new Error('expected a product page');
    expect(page.product.documents.map((document) => document.id)).toEqual(['d1']);
  });

  it('tells the home page where each category is', () => {
    expect(at('/', 'fr')).toEqual({
      page: 'home',
      categories: [
        { id: 'cheeses', name: 'Fromages', path: '/fr/products/fromages' },
        { id: 'wines-vinegars', name: 'Vins et vinaigres', path: '/fr/products/vins-et-vinaigres' },
      ],
    });
  });
});

describe('catalogue URLs, sitemap paths and redirects', () => {
  it('has a page per category and product in each language', () => {
    expect(catalogueUrls(publishedCatalogue).map((page) => page.url)).toEqual([
      '/fr/products/fromages',
      '/fr/products/fromages/feta-aop',
      '/fr/products/fromages/manchego',
      '/fr/products/vins-et-vinaigres',
      '/fr/products/vins-et-vinaigres/assyrtiko-santorin',
      '/products/cheeses',
      '/products/cheeses/feta-pdo',
      '/products/cheeses/manchego',
      '/products/wines-vinegars',
      '/products/wines-vinegars/assyrtiko',
    ]);
    expect(cataloguePaths(publishedCatalogue)).toContainEqual({
      en: '/products/wines-vinegars/assyrtiko',
      fr: '/fr/products/vins-et-vinaigres/assyrtiko-santorin',
    });
  });

  it('redirects a former slug to the product in the same language', () => {
    expect(catalogueRedirects(publishedCatalogue)).toEqual([
      { from: '/products/cheeses/feta-in-brine', to: '/products/cheeses/feta-pdo' },
    ]);
  });

  it('names downloads in ASCII after their title', () => {
    expect(downloadName('Fiche technique : huile d’olive', 'x.PDF')).toBe('Fiche-technique-huile-d-olive.PDF');
    expect(downloadName('¿¿', 'file')).toBe('document');
  });
});
