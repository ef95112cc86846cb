import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { sectionPath, stripLocale, type SectionAnchor } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { isPlainLeftClick } from '@/lib/navigation/plain-click';

export function isHomePath(pathname: string): boolean {
  return stripLocale(pathname) === '/';
}

type LinkProps = { className?: string; children: ReactNode; onNavigate?: () => void };

/**
 * A link to an element of the current page. Its href is the bare `#id`, but a
 * plain click goes through the router, so the scroll manager scrolls smoothly
 * after its delay instead of the browser jumping at once.
 */
export function InPageLink({ hash, className, children, onNavigate }: LinkProps & { hash: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <a
      href={`#${hash}`}
      className={className}
      onClick={(event) => {
        onNavigate?.();
        if (event.defaultPrevented || !isPlainLeftClick(event)) return;
        event.preventDefault();
        void navigate({ pathname: location.pathname, search: location.search, hash });
      }}
    >
      {children}
    </a>
  );
}

/** A link to a home-page section: in-page on the home page, the home path plus the anchor elsewhere. */
export function SectionLink({ anchor, className, children, onNavigate }: LinkProps & { anchor: SectionAnchor }) {
  const { locale } = useI18n();
  const { pathname } = useLocation();
  if (isHomePath(pathname)) {
    return (
      <InPageLink hash={anchor} className={className} onNavigate={onNavigate}>
        {children}
      </InPageLink>
    );
  }
  return (
    <Link to={sectionPath(locale, anchor)} className={className} onClick={onNavigate}>
      {children}
    </Link>
  );
}
