import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { paths } from '@/config/paths';
import { CONTENT_STATUSES, contentQueries, type ContentListEntry } from '@/features/admin-portal/content/api/content';
import { PublishStatus } from '@/features/admin-portal/flags/publish-status';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { categoryLabel, categoryOptions, describeError, LANG_NAME } from '@/features/admin-portal/content/content-form';
import { filterContent, filtersFromParams } from '@/features/admin-portal/content/content-filters';
import { StatusBadge, statusLabel } from './status-badge';
import { formatToronto } from '@/features/admin-portal/content/toronto-time';

// The editor and the preview carry the Markdown renderer: they load on first use.
const ContentEditorPage = lazy(() => import('./content-editor'));
const ContentPreviewPage = lazy(() => import('./content-preview-page'));

function Pending() {
  return (
    <p role="status" className="text-ink-muted">
      Loading…
    </p>
  );
}

/** Content (docs/decisions/170-content-editor.md): the list, `new?kind=`, `:id` and `:id/preview/:lang`. */
export function ContentPage() {
  return (
    <Suspense fallback={<Pending />}>
      <Routes>
        <Route index element={<ContentList />} />
        <Route path="new" element={<ContentEditorPage />} />
        <Route path=":id" element={<ContentEditorPage />} />
        <Route path=":id/preview/:lang" element={<ContentPreviewPage />} />
      </Routes>
    </Suspense>
  );
}

const allCategories = [
  ...categoryOptions.news.map((c) => ({ ...c, kind: 'news' as const })),
  ...categoryOptions.blog.map((c) => ({ ...c, kind: 'blog' as const })),
];

function ContentList() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const list = useQuery(contentQueries.list());
  const update = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        // A category belongs to one kind: choosing the other kind clears it.
        if (
          key === 'kind' &&
          value &&
          !categoryOptions[value as 'news' | 'blog']?.some((c) => c.value === next.get('category'))
        ) {
          next.delete('category');
        }
        return next;
      },
      { replace: true },
    );
  const entries = filterContent(list.data ?? [], filters);
  const categories = allCategories.filter((c) => !filters.kind || c.kind === filters.kind);
  const filtered = Boolean(filters.kind || filters.lang || filters.status || filters.category || filters.q);

  return (
    <AdminPage
      section="content"
      title="Content"
      description="News items and blog posts in English and French."
      actions={
        <>
          <Link to={`${paths.adminPortal('content')}/new?kind=news`} className={buttonVariants()}>
            New news item
          </Link>
          <Link
            to={`${paths.adminPortal('content')}/new?kind=blog`}
            className={buttonVariants({ variant: 'secondary' })}
          >
            New blog post
          </Link>
        </>
      }
    >
      {/* Publishing changes the live site: whoever made the change sees whether it is there. */}
      <PublishStatus className="mb-6 sm:max-w-2xl" />
      <form
        role="search"
        aria-label="Filter content"
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-ink">
            Search title or slug
          </label>
          <Input id={`${id}-q`} type="search" value={filters.q} onChange={(e) => update('q', e.target.value)} />
        </div>
        <FilterSelect id={`${id}-kind`} label="Kind" value={filters.kind} onChange={(v) => update('kind', v)}>
          <option value="">All kinds</option>
          <option value="news">News</option>
          <option value="blog">Blog</option>
        </FilterSelect>
        <FilterSelect id={`${id}-lang`} label="Language" value={filters.lang} onChange={(v) => update('lang', v)}>
          <option value="">Any language</option>
          <option value="en">Has English</option>
          <option value="fr">Has French</option>
        </FilterSelect>
        <FilterSelect id={`${id}-status`} label="Status" value={filters.status} onChange={(v) => update('status', v)}>
          <option value="">Any status</option>
          {CONTENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id={`${id}-category`}
          label="Category"
          value={filters.category}
          onChange={(v) => update('category', v)}
        >
          <option value="">Any category</option>
          {categories.map((c) => (
            <option key={`${c.kind}-${c.value}`} value={c.value}>
              {c.label}
              {filters.kind ? '' : ` (${c.kind})`}
            </option>
          ))}
        </FilterSelect>
      </form>
      {list.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading content…
        </p>
      ) : null}
      {list.error ? (
        <p role="alert" className="text-danger">
          The content could not be loaded: {describeError(list.error)}
        </p>
      ) : null}
      {list.isSuccess ? (
        <p className="mb-2 text-sm text-ink-muted" role="status">
          {entries.length === 1 ? '1 item' : `${entries.length} items`}
          {filtered ? ' match the filters' : ''}
        </p>
      ) : null}
      {list.isSuccess && entries.length === 0 ? (
        <p className="text-ink-muted">{filtered ? 'Nothing matches these filters.' : 'No news or blog posts yet.'}</p>
      ) : null}
      {entries.length > 0 ? (
        <Card>
          <ScrollRegion label="Content items">
            {/* Below 768 px the table keeps Title and Status; the other columns' facts go under the title. */}
            <table className="w-full text-left text-sm md:min-w-[46rem]">
              <caption className="sr-only">News items and blog posts, newest first</caption>
              <thead className="bg-sand-50 text-ink-muted">
                <tr>
                  <th className="px-3 py-2">Title</th>
                  <th className={WIDE_ONLY}>Kind</th>
                  <th className="px-3 py-2">Status</th>
                  <th className={WIDE_ONLY}>Languages</th>
                  <th className={WIDE_ONLY}>Category</th>
                  <th className={WIDE_ONLY}>Date</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <ContentRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </Card>
      ) : null}
    </AdminPage>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </div>
  );
}

/** A column shown from 768 px; narrower, its value is in the title cell's summary line. */
const WIDE_ONLY = 'hidden px-3 py-2 md:table-cell';

function ContentRow({ entry }: { entry: ContentListEntry }) {
  const title = entry.translations.en?.title ?? entry.translations.fr?.title ?? '(untitled)';
  const other = entry.translations.en && entry.translations.fr ? entry.translations.fr.title : null;
  const kind = entry.kind === 'news' ? 'News' : 'Blog';
  const languages = (['en', 'fr'] as const)
    .filter((lang) => entry.translations[lang])
    .map((lang) => LANG_NAME[lang])
    .join(', ');
  const category = entry.category ? categoryLabel(entry.kind, entry.category) : null;
  return (
    <tr className="border-t border-sand-200 align-top" data-testid="content-row">
      <td className="max-w-[22rem] px-3 py-2">
        <Link
          to={`${paths.adminPortal('content')}/${entry.id}`}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {title}
        </Link>
        {other ? (
          <span className="block text-ink-muted" lang="fr">
            {other}
          </span>
        ) : null}
        {entry.featured ? <span className="block text-xs font-semibold text-olive-700">Featured</span> : null}
        <span className="mt-1 block text-xs text-ink-muted md:hidden" data-testid="content-row-summary">
          {[kind, languages, category, entry.date].filter(Boolean).join(' · ')}
        </span>
      </td>
      <td className={WIDE_ONLY}>{kind}</td>
      <td className="px-3 py-2">
        <StatusBadge status={entry.status} />
        {entry.status === 'scheduled' && entry.publishAt ? (
          <span className="mt-1 block text-xs text-ink-muted">{formatToronto(entry.publishAt)}</span>
        ) : null}
      </td>
      <td className={WIDE_ONLY}>{languages}</td>
      <td className={WIDE_ONLY}>{category ?? '—'}</td>
      <td className={`${WIDE_ONLY} whitespace-nowrap`}>{entry.date || '—'}</td>
    </tr>
  );
}
