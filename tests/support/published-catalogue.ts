/**
 * A small published catalogue (two categories, three products), as the
 * build reads it from the database (src/lib/catalogue/published.ts), for the
 * catalogue's unit tests; the real one lives in supabase/seed.sql.
 */
import type { PublishedCatalogue, PublishedProduct } from '@/lib/catalogue/published';

function product(id: string, fields: Partial<PublishedProduct> & Pick<PublishedProduct, 'texts'>): PublishedProduct {
  return {
    id,
    sku: `XX-${id}`,
    categoryId: 'cheeses',
    brand: 'Psiloritis Dairy',
    originCountry: 'GR',
    originRegion: { en: 'Crete', fr: 'Crète' },
    unitSize: 2,
    unit: 'kg',
    unitsPerCase: 4,
    minOrderCases: 1,
    leadTimeBusinessDays: 10,
    storage: 'chilled',
    shelfLifeDays: 180,
    allergens: ['milk'],
    certifications: ['pdo'],
    orderableOnline: true,
    notOrderableReason: null,
    publishedAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-02T12:00:00.000Z',
    images: [],
    documents: [],
    ...fields,
  };
}

const text = (name: string, slug: string, shortDescription = `${name}, in short.`) => ({
  name,
  slug,
  shortDescription,
  descriptionMd: `**${name}** from the island.`,
});

export const publishedCatalogue: PublishedCatalogue = {
  categories: [
    {
      id: 'cheeses',
      slugs: { en: 'cheeses', fr: 'fromages' },
      names: { en: 'Cheeses', fr: 'Fromages' },
      descriptions: { en: 'Feta and aged cheeses.', fr: 'Feta et fromages affinés.' },
      imagePath: '/images/illustrations/cheese.svg',
      sortOrder: 10,
    },
    {
      id: 'wines-vinegars',
      slugs: { en: 'wines-vinegars', fr: 'vins-et-vinaigres' },
      names: { en: 'Wines and vinegars', fr: 'Vins et vinaigres' },
      descriptions: { en: 'Wines and vinegars.', fr: 'Vins et vinaigres.' },
      imagePath: null,
      sortOrder: 20,
    },
  ],
  products: [
    product('p1', {
      sku: 'CH-0001',
      texts: { en: text('Feta PDO in brine', 'feta-pdo'), fr: text('Feta AOP en saumure', 'feta-aop') },
      images: [
        { path: 'p1/feta.webp', width: 1200, height: 800, alt: { en: 'A block of feta', fr: 'Un bloc de feta' } },
      ],
      documents: [
        {
          id: 'd1',
          visibility: 'public',
          titles: { en: 'Feta spec sheet', fr: 'Fiche technique : feta' },
          category: 'spec_sheet',
          fileLanguage: 'en',
          sizeBytes: 2048,
          mimeType: 'application/pdf',
          fileName: 'feta.pdf',
        },
      ],
    }),
    product('p2', {
      sku: 'CH-0002',
      originCountry: 'ES',
      originRegion: null,
      storage: 'ambient',
      certifications: ['organic'],
      texts: { en: text('Manchego', 'manchego'), fr: text('Manchego', 'manchego') },
    }),
    product('p3', {
      sku: 'WV-0001',
      categoryId: 'wines-vinegars',
      unitSize: 750,
      unit: 'mL',
      unitsPerCase: 12,
      allergens: ['sulphites'],
      storage: 'ambient',
      orderableOnline: false,
      notOrderableReason: 'liquor_board',
      texts: { en: text('Santorini Assyrtiko', 'assyrtiko'), fr: text('Assyrtiko de Santorin', 'assyrtiko-santorin') },
    }),
  ],
  redirects: [{ lang: 'en', oldSlug: 'feta-in-brine', productId: 'p1' }],
};
