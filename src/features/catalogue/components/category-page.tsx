import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NotFoundView } from '@/components/not-found-view';
import { cn } from '@/components/ui/cn';
import { usePageContent } from '@/lib/content/use-page-content';
import { useHydrated } from '@/lib/hydration/use-hydrated';
import {
  applyFilters,
  filterChoices,
  filtersFromSearch,
  NO_FILTERS,
  searchForFilters,
  type CatalogueFilters,
} from '../catalogue-filters';
import { useCatalogueMessages } from '../use-catalogue-messages';
import { CatalogueTop } from './catalogue-parts';
import { ProductCardGrid } from './product-card-grid';

const selectClass =
  'mt-1 block w-full rounded-md border border-sand-300 bg-white px-3 py-2 text-base text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40';

/**
 * /products/{category}: the category's published products, filtered in the
 * browser by certification, origin and storage. The page is prerendered with
 * every product; the filters in the address (`?origin=GR`) apply once the page
 * is interactive, so the first paint matches the HTML a crawler receives.
 */
export default function CategoryPage() {
  const text = useCatalogueMessages();
  const content = usePageContent('category');
  const { search } = useLocation();
  const navigate = useNavigate();
  // The address's filters apply once React owns the page: the prerendered page shows every product.
  const hydrated = useHydrated();
  const formId = useId();

  if (!content) return <NotFoundView />;
  const filters = hydrated ? filtersFromSearch(search, content.products) : NO_FILTERS;
  const { category } = content;
  const choices = filterChoices(content.products);
  const shown = applyFilters(content.products, filters);
  const active = filters.certification || filters.origin || filters.storage;

  const change = (next: CatalogueFilters) => {
    void navigate({ search: searchForFilters(next) }, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <CatalogueTop
        title={category.name}
        description={category.description || text.index.intro}
        intro={category.description}
        alternates={content.paths}
        image={category.image?.src}
      />
      <div className="bg-sand-50/40">
        <div className="mx-auto grid max-w-content grid-cols-[minmax(0,1fr)] gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <aside className="min-w-0 space-y-8 lg:sticky lg:top-[calc(var(--header-height,7rem)+1.5rem)] lg:self-start">
            <form aria-labelledby={`${formId}-heading`} onSubmit={(event) => event.preventDefault()}>
              <h2 id={`${formId}-heading`} className="text-sm font-semibold uppercase tracking-[0.16em] text-olive-700">
                {text.category.filters}
              </h2>
              <div className="mt-4 grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
                <label className="block text-sm font-semibold text-ink">
                  {text.category.certification}
                  <select
                    className={selectClass}
                    value={filters.certification}
                    onChange={(event) => change({ ...filters, certification: event.target.value })}
                  >
                    <option value="">{text.category.any}</option>
                    {choices.certification.map((code) => (
                      <option key={code} value={code}>
                        {text.certificationNames[code] ?? code}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="block text-sm font-semibold text-ink">
                  {text.category.origin}
                  <select
                    className={selectClass}
                    value={filters.origin}
                    onChange={(event) => change({ ...filters, origin: event.target.value })}
                  >
                    <option value="">{text.category.any}</option>
                    {choices.origin.map((origin) => (
                      <option key={origin.code} value={origin.code}>
                        {origin.name}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="block text-sm font-semibold text-ink">
                  {text.category.storage}
                  <select
                    className={selectClass}
                    value={filters.storage}
                    onChange={(event) => change({ ...filters, storage: event.target.value })}
                  >
                    <option value="">{text.category.any}</option>
                    {choices.storage.map((kind) => (
                      <option key={kind} value={kind}>
                        {text.storage[kind]}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              {active ? (
                <button
                  type="button"
                  onClick={() => change(NO_FILTERS)}
                  className="mt-4 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
                >
                  {text.category.clear}
                </button>
              ) : null}
            </form>
            <nav aria-labelledby={`${formId}-categories`}>
              <h2
                id={`${formId}-categories`}
                className="text-sm font-semibold uppercase tracking-[0.16em] text-olive-700"
              >
                {text.category.otherCategories}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
                {content.categories.map((other) => (
                  <li key={other.id}>
                    <Link
                      to={other.path}
                      aria-current={other.id === category.id ? 'page' : undefined}
                      className={cn(
                        'block rounded-md px-3 py-1.5 text-sm font-semibold',
                        other.id === category.id ? 'bg-brand-800 text-white' : 'text-brand-800 hover:bg-sand-100',
                      )}
                    >
                      {other.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
          <section aria-labelledby={`${formId}-count`} className="min-w-0">
            <h2 id={`${formId}-count`} className="sr-only">
              {category.name}
            </h2>
            <p role="status" className="mb-6 text-sm font-semibold text-ink-muted">
              {content.products.length === 0
                ? text.category.empty
                : shown.length === 0
                  ? text.category.none
                  : text.category.showing(shown.length, content.products.length)}
            </p>
            <ProductCardGrid products={content.products} shown={new Set(shown.map((product) => product.id))} />
          </section>
        </div>
      </div>
    </>
  );
}
