/**
 * A small set of published news items and blog posts (and the catalogue of
 * ./published-catalogue.ts), as the build reads
 * them from the database (src/lib/content/published.ts), for the pages'
 * unit tests: the real ones live in the database
 * (docs/decisions/161-existing-content-moves-by-migration.md).
 */
import { pageContentFor, type SiteContent } from '@/lib/content/build-page-content';
import type { PublishedItem, PublishedTranslation } from '@/lib/content/published';
import type { PageContent } from '@/lib/content/site-content';
import { publishedCatalogue } from './published-catalogue';

type Tr = Partial<PublishedTranslation> & Pick<PublishedTranslation, 'title' | 'slug' | 'date'>;

function translation(lang: 'en' | 'fr', t: Tr): PublishedTranslation {
  return {
    lang,
    excerpt: `${t.title}: the short version.`,
    bodyMd: `${t.title} opens here.`,
    imageAlt: '',
    authorRole: null,
    authorBio: null,
    tag: null,
    readingMinutes: 3,
    ...t,
  };
}

function item(
  id: string,
  kind: 'news' | 'blog',
  fields: Partial<PublishedItem>,
  en: Tr | null,
  fr: Tr | null = null,
): PublishedItem {
  return {
    id,
    kind,
    publishAt: '2025-01-01T12:00:00.000Z',
    featured: false,
    category: null,
    image: { path: `/images/${id}.webp`, width: 1200, height: 800 },
    authorName: null,
    ...fields,
    translations: {
      ...(en ? { en: translation('en', en) } : {}),
      ...(fr ? { fr: translation('fr', fr) } : {}),
    },
  };
}

const author = { authorName: 'Nikos Papadakis' };
const role = { authorRole: 'Head of sourcing and logistics', authorBio: 'Twenty years moving food across borders.' };

export const publishedContent: SiteContent = {
  catalogue: publishedCatalogue,
  items: [
    item(
      'n1',
      'news',
      { category: 'product-launch' },
      { title: 'Early-harvest Cretan olive oil arrives', slug: 'cretan-oil', date: '2025-03-18', tag: 'New arrival' },
      { title: 'L’huile d’olive crétoise précoce arrive', slug: 'cretan-oil', date: '2025-03-18', tag: 'Nouveauté' },
    ),
    item(
      'n2',
      'news',
      { category: 'trade' },
      {
        title: 'What the 2025 cheese quota allocation means for Greek feta',
        slug: 'quota',
        date: '2025-02-10',
        tag: 'Trade',
      },
    ),
    item(
      'n3',
      'news',
      { category: 'partnership' },
      { title: 'A new partner in Thessaly', slug: 'thessaly', date: '2025-01-20', tag: 'Partner' },
      { title: 'Un nouveau partenaire en Thessalie', slug: 'thessaly', date: '2025-01-20', tag: 'Partenaire' },
    ),
    item(
      'n4',
      'news',
      { category: 'expansion' },
      { title: 'Now delivering to Quebec City', slug: 'quebec', date: '2024-12-05', tag: 'Expansion' },
      { title: 'Livraison à Québec', slug: 'quebec', date: '2024-12-05', tag: 'Expansion' },
    ),
    item(
      'n5',
      'news',
      { category: 'sustainability' },
      { title: 'Recyclable tins for every oil', slug: 'tins', date: '2024-11-01', tag: 'Planet' },
      { title: 'Des bidons recyclables', slug: 'tins', date: '2024-11-01', tag: 'Planète' },
    ),
    item(
      'p1',
      'blog',
      { category: 'sourcing', featured: true, ...author },
      {
        title: 'Bringing a Greek olive oil to Canada: what the first year really looks like',
        slug: 'bringing-greek-olive-oil-to-canada',
        date: '2025-02-03',
      },
      {
        title: 'Importer une huile d’olive grecque au Canada : la première année',
        slug: 'bringing-greek-olive-oil-to-canada',
        date: '2025-02-03',
      },
    ),
    item(
      'p2',
      'blog',
      { category: 'logistics', ...author },
      {
        title: 'Keeping feta cold from Thessaloniki to Toronto',
        slug: 'keeping-feta-cold-from-thessaloniki-to-toronto',
        date: '2024-09-17',
        readingMinutes: 5,
        bodyMd: 'Feta travels far.\n\n## The journey, leg by leg\n\n- Truck\n- Ship\n\n> Cold all the way.',
        ...role,
      },
    ),
    item(
      'p3',
      'blog',
      { category: 'compliance', ...author },
      {
        title: 'Bilingual labels without the headaches',
        slug: 'bilingual-labels-without-the-headaches',
        date: '2025-01-22',
      },
      {
        title: 'Des étiquettes bilingues sans casse-tête',
        slug: 'bilingual-labels-without-the-headaches',
        date: '2025-01-22',
        readingMinutes: 5,
      },
    ),
    item(
      'p4',
      'blog',
      { category: 'food-culture', ...author },
      { title: 'A short guide to Greek mountain tea', slug: 'a-short-guide-to-greek-mountain-tea', date: '2024-08-01' },
    ),
  ],
  redirects: [],
};

/** What the prerenderer gives the page at `path`. */
export function pageContentAt(path: string, content: SiteContent = publishedContent): PageContent | null {
  return pageContentFor(path, content, { storageOrigin: 'http://storage.test', siteOrigin: 'http://localhost' });
}
