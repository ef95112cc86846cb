import { Link, NavLink } from 'react-router';
import type { NavLinkItem } from '../hooks/use-nav-items';
import { SectionLink } from './section-link';

/**
 * One navigation entry: an in-page section link or a page link, marked
 * current when open unless `plain` (the footer's links are never marked).
 */
export function NavItemLink({
  item,
  className,
  onNavigate,
  plain = false,
}: {
  item: NavLinkItem;
  className: string;
  onNavigate?: () => void;
  plain?: boolean;
}) {
  if (item.kind === 'section') {
    return (
      <SectionLink anchor={item.anchor} className={className} onNavigate={onNavigate}>
        {item.label}
      </SectionLink>
    );
  }
  if (plain) {
    return (
      <Link to={item.to} className={className} onClick={onNavigate}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink to={item.to} end className={className} onClick={onNavigate}>
      {item.label}
    </NavLink>
  );
}
