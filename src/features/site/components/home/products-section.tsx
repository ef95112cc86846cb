import { Link } from 'react-router';
import { useI18n } from '@/i18n/i18n';
import { catalogueIndexPath } from '@/lib/catalogue/catalogue-content';
import { usePageContentWhenReady } from '@/lib/content/use-page-content';
import { Section, SectionHeading } from './section';

const IMAGES: Record<string, string> = {
  'olive-oils': 'olive-oil',
  honeys: 'honey',
  'olives-tapenades': 'olives',
  'spices-teas': 'herbs',
  'wines-vinegars': 'wine',
  cheeses: 'cheese',
};

/**
 * The home page's six categories. Each card opens its category's page in the
 * catalogue: the publish writes where each one is (the staff may rename a
 * category's slug), so a card links only to a category that is published.
 */
export function ProductsSection() {
  const { t, locale } = useI18n();
  const text = t.site.products;
  const categories = usePageContentWhenReady('home')?.categories ?? [];
  const pathOf = new Map(categories.map((category) => [category.id, category.path]));
  return (
    <Section id="products" className="bg-white">
      <SectionHeading id="products" eyebrow={text.eyebrow} title={text.heading} intro={text.intro} />
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {text.items.map((item) => (
          <li
            key={item.id}
            className="group relative overflow-hidden rounded-2xl border border-sand-200 bg-sand-50 transition-shadow hover:shadow-lg"
          >
            <img
              src={`/images/illustrations/${IMAGES[item.id] ?? 'grove'}.svg`}
              width={480}
              height={320}
              alt=""
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] w-full object-cover"
            />
            <div className="p-6">
              <h3 className="font-serif text-xl font-bold text-brand-900">
                {pathOf.has(item.id) ? (
                  <Link
                    to={pathOf.get(item.id) ?? ''}
                    className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
                  >
                    {item.name}
                  </Link>
                ) : (
                  item.name
                )}
              </h3>
              <p className="mt-2 leading-relaxed text-ink-muted">{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
      {categories.length > 0 ? (
        <p className="mt-10 text-center">
          <Link
            to={catalogueIndexPath(locale)}
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            {text.allProducts}
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
