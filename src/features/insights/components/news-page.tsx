import { Link, useSearchParams } from 'react-router';
import { cn } from '@/components/ui/cn';
import { newsCategories, type NewsCategory } from '@/content/types';
import { formatDate } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { usePageContent } from '@/lib/content/use-page-content';
import { Badge } from './badge';
import { PageTop } from './page-top';
import { ContentImage } from './content-image';
import { FeedLink } from './feed-link';

type Filter = 'all' | NewsCategory;

/**
 * News: breadcrumbs, a category filter kept in the URL
 * (`?category=`, so a filtered list can be shared and survives the language
 * switch) and a grid whose first card spans wide. Only categories that have
 * stories in the page's language are offered (French has no trade news).
 * The items are the published ones of the page's language, as the last publish
 * prerendered them (docs/decisions/165-published-content-on-the-site.md).
 */
export default function NewsPage() {
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const text = t.insights.news;
  const items = usePageContent('news')?.items ?? [];
  const available = newsCategories.filter((c) => items.some((item) => item.category === c));
  const requested = params.get('category');
  const filter: Filter = available.find((c) => c === requested) ?? 'all';
  const shown = filter === 'all' ? items : items.filter((item) => item.category === filter);
  const filters: Filter[] = ['all', ...available];

  return (
    <>
      <FeedLink />
      {/* The page's first screen on a phone ends with its header; the cards below load as they near (the first one at once). */}
      <section className="contents">
        <PageTop page="news" title={text.title} underInsights />
      </section>
      <div className="bg-white">
        <div className="mx-auto grid max-w-content grid-cols-[minmax(0,1fr)] gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
          <nav
            aria-labelledby="news-filter"
            className="min-w-0 lg:sticky lg:top-[calc(var(--header-height,7rem)+1.5rem)] lg:self-start"
          >
            <h2 id="news-filter" className="text-sm font-semibold uppercase tracking-[0.16em] text-olive-700">
              {text.filterLabel}
            </h2>
            <ul className="mt-4 flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
              {filters.map((category) => {
                const selected = category === filter;
                return (
                  <li key={category} className="shrink-0">
                    <Link
                      to={{ search: category === 'all' ? '' : `?category=${category}` }}
                      aria-current={selected ? 'true' : undefined}
                      className={cn(
                        'block whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors lg:rounded-md',
                        selected
                          ? 'bg-brand-800 text-white ring-brand-800'
                          : 'bg-white text-ink ring-sand-200 hover:bg-brand-50 hover:text-brand-700',
                      )}
                    >
                      {text.categories[category]}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div>
            <p aria-live="polite" className="text-sm font-semibold text-ink-muted">
              {text.count(shown.length)}
            </p>
            <ul className="mt-4 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
              {shown.map((item, i) => {
                const wide = i === 0;
                return (
                  <li
                    key={item.id}
                    id={`news-${item.slug}`}
                    data-testid="news-card"
                    data-wide={wide}
                    className={cn(
                      'flex flex-col overflow-hidden rounded-2xl bg-sand-50 ring-1 ring-sand-200',
                      wide && 'md:col-span-2',
                    )}
                  >
                    {item.image ? (
                      <ContentImage
                        image={item.image}
                        lazy={!wide}
                        className={cn('aspect-[3/2] w-full object-cover', wide && 'md:aspect-[2/1]')}
                      />
                    ) : null}
                    <article className={cn('flex flex-1 flex-col p-6', wide && 'md:p-8')}>
                      <p className="flex flex-wrap items-center gap-3 text-sm text-ink-muted">
                        {item.tag ? <Badge>{item.tag}</Badge> : null}
                        <time dateTime={item.date}>{formatDate(item.date, locale)}</time>
                      </p>
                      <h2
                        className={cn(
                          'mt-4 font-serif font-bold leading-snug text-brand-900',
                          wide ? 'text-2xl sm:text-3xl' : 'text-xl',
                        )}
                      >
                        {item.title}
                      </h2>
                      <p className="mt-3 leading-relaxed text-ink-muted">{item.excerpt}</p>
                    </article>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </div>
    </>
  );
}
