import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { cn } from '@/components/ui/cn';
import type { NavGroupItem } from '../hooks/use-nav-items';
import { ChevronDownIcon } from '@/components/icons/chevron-down';
import { NavItemLink } from './nav-link';

/**
 * A drop-down menu of the desktop header (the Insights menu,
 * src/config/navigation.ts): a disclosure button and its list of links.
 * Arrow keys move through it, Escape closes it and returns focus to the
 * button, and it closes when focus or a click goes elsewhere or a link is
 * followed.
 */
export function NavMenu({ item, linkClass }: { item: NavGroupItem; linkClass: string }) {
  const location = useLocation();
  // Remembering the location it was opened at closes it on any navigation.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const listId = useId();
  const active = item.children.some((child) => child.kind === 'page' && child.to === location.pathname);

  const links = () => Array.from(containerRef.current?.querySelectorAll<HTMLAnchorElement>('ul a') ?? []);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current) {
      const all = links();
      (focusOnOpen.current === 'first' ? all[0] : all[all.length - 1])?.focus();
      focusOnOpen.current = null;
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpenAt(null);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) {
      focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
      setOpenAt(location.key);
      return;
    }
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    all[(next + all.length) % all.length]?.focus();
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- it only hears the keys of the button and links inside it
    <div
      ref={containerRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !containerRef.current?.contains(event.relatedTarget as Node | null)) setOpenAt(null);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        className={cn(linkClass, 'inline-flex items-center gap-1', active && 'text-brand-700')}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        {item.label}
        <ChevronDownIcon width={16} height={16} className={cn('transition-transform', open && 'rotate-180')} />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute left-1/2 top-full z-50 mt-2 w-56 -translate-x-1/2 rounded-lg border border-sand-200 bg-white p-2 shadow-lg"
      >
        {item.children.map((child) => (
          <li key={child.key}>
            <NavItemLink
              item={child}
              className="block rounded-md px-3 py-2.5 text-sm font-semibold text-ink hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:text-brand-700"
              onNavigate={() => setOpenAt(null)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
