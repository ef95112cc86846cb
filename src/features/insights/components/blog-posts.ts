import type { BlogPost } from '@/content/types';
import { localeResource } from '@/i18n/locale-resource';

/** Each language's posts are their own chunk: a French reader never downloads the English articles. */
export const blogPosts = localeResource<BlogPost[]>({
  en: () => import('@/content/blog/en').then((m) => m.postsEn),
  fr: () => import('@/content/blog/fr').then((m) => m.postsFr),
});
