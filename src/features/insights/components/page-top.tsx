import { useLocation } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { routePath } from '@/config/paths';
import { site } from '@/config/site';
import { pageIntrosEn } from '@/content/page-intros/en';
import { pageIntrosFr } from '@/content/page-intros/fr';
import type { PageIntros } from '@/content/types';
import { useI18n } from '@/i18n/i18n';
import { PageHeader } from '@/components/page-header';

/**
 * The top of every insights-area page: its head tags (title, description from
 * the page intros, canonical and alternates for the current path) and its
 * header with breadcrumbs (Home › [Insights ›] title) and introduction.
 */
export function PageTop({
  page,
  title,
  underInsights = false,
}: {
  page: keyof PageIntros;
  title: string;
  /** News and blog sit under the Insights menu, which their breadcrumbs show. */
  underInsights?: boolean;
}) {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const intro = (locale === 'fr' ? pageIntrosFr : pageIntrosEn)[page];
  const crumbs = [
    { label: t.insights.crumbs.home, to: routePath('home', locale) },
    ...(underInsights ? [{ label: t.insights.crumbs.insights }] : []),
    { label: title },
  ];
  return (
    <>
      <PageMeta title={`${title} | ${site.name}`} description={intro.metaDescription} locale={locale} path={pathname} />
      <PageHeader crumbs={crumbs} title={title} intro={intro.intro} />
    </>
  );
}
