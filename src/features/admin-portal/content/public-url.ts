import { routePath } from '@/config/paths';
import type { ContentKind, ContentLang } from './api/content';

/**
 * Where an item's page is on the public site in a language: a blog post at
 * `/insights/blog/<slug>` (`/fr/insights/blog/<slug>`); a news item has no
 * page of its own: it is its card on the news list, `/insights/news#news-<slug>`.
 */
export function publicArticlePath(kind: ContentKind, lang: ContentLang, slug: string): string {
  return kind === 'blog'
    ? routePath('article', lang, { slug })
    : `${routePath('news', lang)}#news-${encodeURIComponent(slug)}`;
}
