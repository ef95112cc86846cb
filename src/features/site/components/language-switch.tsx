import { use } from 'react';
import { Link, useLocation } from 'react-router';
import { routePath, switchLanguageHref } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { localeTags } from '@/i18n/locales';
import { normalizePath } from '@/lib/content/site-content';
import { PageContentContext } from '@/lib/content/use-page-content';
import { useFlags } from '@/lib/flags/use-flags';

/**
 * The same page in the other language, keeping query and hash.
 * The label is the other language's own name, marked with its language so
 * screen readers pronounce it right (WCAG 3.1.2). Hidden while
 * `french_language` is off (docs/decisions/003-every-flag-has-a-visible-effect.md), and until the flags are known.
 */
export function LanguageSwitch({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t, locale } = useI18n();
  const { pathname, search, hash } = useLocation();
  const { flags, showSkeleton } = useFlags();
  const content = use(PageContentContext);
  if (showSkeleton || !flags.french_language) return null;
  const target = locale === 'fr' ? 'en' : 'fr';
  const other = localeTags[target];
  // An article's other language may have another slug, or none: then the blog list.
  const article = content?.page === 'article' && content.path === normalizePath(pathname) ? content.article : null;
  const href = article
    ? (article.paths[target] ?? routePath('blog', target))
    : switchLanguageHref(pathname, search, hash);
  return (
    <Link
      to={href}
      lang={other}
      hrefLang={other}
      className={className}
      onClick={onNavigate}
      data-testid="language-switch"
    >
      {t.common.otherLanguageName}
    </Link>
  );
}
