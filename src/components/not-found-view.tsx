import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { routePath } from '@/config/paths';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { PageMeta } from './page-meta';

/**
 * The 404 page (docs/decisions/006-french-404.md), in the page's language, logging the unknown
 * path and reporting it to analytics as a 404. Shared so that any feature can answer "no such page" (an unknown blog
 * slug, a route whose flag is off) with the same page.
 */
export function NotFoundView() {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const text = t.common.notFound;
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
    // Analytics counts this location as a 404, not among the pages (docs/decisions/205-not-found-pages-in-analytics.md).
    import('@/integrations/analytics/page-views')
      .then((analytics) => analytics.recordNotFound())
      .catch(() => undefined);
  }, [pathname]);
  return (
    <div className="bg-sand-50">
      <PageMeta
        title={`${text.title} | ${site.name}`}
        description={text.metaDescription}
        locale={locale}
        path={pathname}
        noindex
      />
      <div className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center px-4 py-20 text-center sm:px-6">
        <p aria-hidden="true" className="font-serif text-8xl font-bold text-olive-700">
          404
        </p>
        <h1 className="mt-4 font-serif text-4xl font-bold text-brand-900 sm:text-5xl">{text.heading}</h1>
        <p className="mt-4 text-lg text-ink-muted">{text.body}</p>
        <Link to={routePath('home', locale)} className={`${buttonVariants({ size: 'lg' })} mt-8`}>
          {text.home}
        </Link>
      </div>
    </div>
  );
}
