import { Link } from 'react-router';
import { NotFoundView } from '@/components/not-found-view';
import { usePageContent } from '@/lib/content/use-page-content';
import { useCatalogueMessages } from '../use-catalogue-messages';
import { CatalogueImg, CatalogueTop } from './catalogue-parts';

/**
 * /products: the published categories, each with its picture, its
 * description and how many products it holds, each opening its page
 * (docs/decisions/191-catalogue-on-the-public-site.md).
 */
export default function CataloguePage() {
  const text = useCatalogueMessages();
  const content = usePageContent('catalogue');
  if (!content) return <NotFoundView />;
  return (
    <>
      {/* The page's first screen on a phone ends with its header; the cards below load as they near (the first one at once). */}
      <section className="contents">
        <CatalogueTop
          title={text.index.title}
          metaTitle={text.index.metaTitle}
          description={text.index.intro}
          intro={text.index.intro}
        />
      </section>
      <div className="bg-white">
        <ul className="mx-auto grid max-w-content gap-6 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
          {content.categories.map((category, index) => (
            <li
              key={category.id}
              className="relative flex flex-col overflow-hidden rounded-2xl border border-sand-200 bg-sand-50 transition-shadow hover:shadow-lg"
            >
              {category.image ? (
                <CatalogueImg
                  image={category.image}
                  priority={index === 0}
                  className="aspect-[3/2] w-full object-cover"
                />
              ) : null}
              <div className="flex flex-1 flex-col p-6">
                <h2 className="font-serif text-xl font-bold text-brand-900">
                  <Link
                    to={category.path}
                    className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
                  >
                    {category.name}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 leading-relaxed text-ink-muted">{category.description}</p>
                <p className="mt-4 text-sm font-semibold text-olive-800">
                  {text.index.productCount(category.productCount)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
