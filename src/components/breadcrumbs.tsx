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
