import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '@/i18n/i18n';

export type Crumb = { label: string; to?: string };

/** Where the page sits in the site; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t.common.breadcrumb}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${i}`} className="flex items-center gap-2">
              {last ? (
                <span aria-current="page" className="font-semibold text-brand-900">
                  {crumb.label}
                </span>
              ) : crumb.to ? (
                <Link to={crumb.to} className="underline-offset-4 hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span>{crumb.label}</span>
              )}
              {last ? null : (
                <span aria-hidden="true" className="text-ink-muted/70">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The band at the top of each insights page: breadcrumbs, the page's one h1 and its introduction. */
export function PageHeader({
  crumbs,
  title,
  intro,
  children,
}: {
  crumbs: Crumb[];
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <header className="bg-sand-50">
      <div className="mx-auto max-w-content px-4 pb-14 pt-10 sm:px-6 md:pt-14">
        <Breadcrumbs crumbs={crumbs} />
        <h1 className="mt-6 max-w-4xl font-serif text-4xl font-bold leading-tight text-brand-900 sm:text-5xl">
          {title}
        </h1>
        {intro ? <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-muted">{intro}</p> : null}
        {children}
      </div>
    </header>
  );
}

/** A small label such as a category or a tag. */
export function Badge({ children, tone = 'olive' }: { children: ReactNode; tone?: 'olive' | 'brand' }) {
  return (
    <span
      className={
        tone === 'olive'
          ? 'inline-flex items-center rounded-full bg-olive-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-olive-800 ring-1 ring-olive-100'
          : 'inline-flex items-center rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-800 ring-1 ring-brand-100'
      }
    >
      {children}
    </span>
  );
}
