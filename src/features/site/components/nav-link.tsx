import { NavLink } from 'react-router';
import type { NavLinkItem } from '../hooks/use-nav-items';
import { SectionLink } from './section-link';

/** One navigation entry: an in-page section link or a page link marked current when open. */
export function NavItemLink({
  item,
  className,
  onNavigate,
}: {
  item: NavLinkItem;
  className: string;
  onNavigate?: () => void;
}) {
  if (item.kind === 'section') {
    return (
      <SectionLink anchor={item.anchor} className={className} onNavigate={onNavigate}>
        {item.label}
      </SectionLink>
    );
  }
  return (
    <NavLink to={item.to} end className={className} onClick={onNavigate}>
      {item.label}
    </NavLink>
  );
}
