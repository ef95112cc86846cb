import { useI18n } from '@/i18n/i18n';
import { feedPath } from '@/lib/content/site-content';

/** The page's language's RSS feed, announced in <head> (React hoists the tag; the prerendered HTML carries it). */
export function FeedLink() {
  const { t, locale } = useI18n();
  return <link rel="alternate" type="application/rss+xml" title={t.insights.feedTitle} href={feedPath(locale)} />;
}
