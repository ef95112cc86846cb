import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { routePath } from '@/config/paths';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { SOLID_NAV_THRESHOLD_PX, useScrolledPast } from '../hooks/use-scrolled-past';
import { useNavItems, type NavGroupItem, type NavItem, type NavLinkItem } from '../hooks/use-nav-items';
import { BrandMark } from '@/components/icons/brand-mark';
import { ChevronDownIcon } from '@/components/icons/chevron-down';
import { CloseIcon } from '@/components/icons/close';
import { MenuIcon } from '@/components/icons/menu';
import { NavMenu } from './nav-menu';
import { LanguageSwitch } from './language-switch';
import { NavItemLink } from './nav-link';

const desktopLink =
  'whitespace-nowrap rounded-md px-2.5 py-2 text-sm lg:px-3 font-semibold text-ink transition-colors hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:text-brand-700';
const mobileLink =
  'flex min-h-12 w-full items-center rounded-md px-3 text-base font-semibold text-ink hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:text-brand-700';
const languageLink =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline';

function Logo() {
  const { t, locale } = useI18n();
  return (
    <Link
      to={routePath('home', locale)}
      aria-label={t.site.nav.logoLabel(site.name)}
      className="flex items-center gap-3 rounded-md py-1 pr-2"
    >
      <BrandMark />
      <span className="flex flex-col leading-none">
        <span className="font-serif text-xl font-bold tracking-tight text-brand-900">{site.shortName}</span>
        <span className="mt-1 text-[0.7rem] font-semibold uppercase tracking-[0.2em] text-olive-700">Imports</span>
      </span>
    </Link>
  );
}

/** A button of the header (the Client Portal): a link styled as a button. */
function HeaderButton({
  item,
  className,
  onNavigate,
}: {
  item: NavLinkItem;
  className?: string;
  onNavigate?: () => void;
}) {
  if (item.kind !== 'page') return null;
  return (
    <Link to={item.to} className={cn(buttonVariants({ size: 'sm' }), className)} onClick={onNavigate}>
      {item.label}
    </Link>
  );
}

/**
 * The sticky navigation bar: transparent at the top of the page,
 * solid white once scrolled past 10 px; a link row from 768 px up and a
 * disclosure menu below that.
 */
export function SiteHeader() {
  const { t } = useI18n();
  const location = useLocation();
  const scrolled = useScrolledPast(SOLID_NAV_THRESHOLD_PX);
  const { items, buttons, loading } = useNavItems();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;
  const solid = scrolled || menuOpen;
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const closeMenu = (returnFocus: boolean) => {
    setMenuOpenAt(null);
    if (returnFocus) menuButtonRef.current?.focus();
  };

  // Anchor targets and focused elements stay clear of the bar whatever its
  // height (section scroll-margins read the variable; the stylesheet's
  // scroll-padding follows it and keeps keyboard focus from hiding under the
  // bar, WCAG 2.4.11). The stylesheet gives the bar's usual heights
  // (src/styles.css); the observer reports the height after the browser's own
  // layout and writes it only when it differs from what the page already
  // computes (a larger text size, a wrapped bar): a custom property set on the
  // root element restyles the whole document, which hydration must not pay for.
  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    let written = false;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? header.offsetHeight;
      const value = `${Math.round(height)}px`;
      // Style is up to date when the observer runs: reading it forces nothing.
      if (getComputedStyle(root).scrollPaddingTop === value) return;
      written = true;
      root.style.setProperty('--header-height', value);
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      if (written) root.style.removeProperty('--header-height');
    };
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenAt(null);
      menuButtonRef.current?.focus();
    };
    // The open menu covers the page: keep the page behind it still.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  return (
    <header
      ref={headerRef}
      data-solid={solid}
      className={cn(
        'sticky top-0 z-40 transition-[background-color,box-shadow] duration-300',
        solid ? 'bg-white shadow-[0_1px_12px_rgba(17,54,90,0.12)]' : 'bg-transparent',
      )}
      onBlur={(event) => {
        // Tabbing out of the open menu closes it rather than wandering behind it.
        if (menuOpen && !headerRef.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget) {
          setMenuOpenAt(null);
        }
      }}
    >
      <div className="mx-auto flex h-16 max-w-content items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitch className={languageLink} />
          {buttons.map((item) => (
            <HeaderButton key={item.key} item={item} />
          ))}
        </div>
        <button
          ref={menuButtonRef}
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-base font-semibold text-brand-900 hover:bg-brand-50 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => (menuOpen ? closeMenu(false) : setMenuOpenAt(location.key))}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          {t.site.nav.menu}
        </button>
      </div>

      <nav aria-label={t.site.nav.label} className="hidden border-t border-ink/10 md:block">
        {/* With every page switched on, French labels need two rows on a tablet: the row wraps and the bar grows. */}
        <ul className="mx-auto flex min-h-12 max-w-content flex-wrap items-center justify-center gap-x-1 px-4 py-1 sm:px-6">
          {loading ? <NavPlaceholder /> : items.map((item) => <DesktopItem key={item.key} item={item} />)}
        </ul>
      </nav>

      <div id={menuId} hidden={!menuOpen} className="md:hidden">
        {menuOpen ? <MobileMenu items={items} buttons={buttons} onNavigate={() => closeMenu(false)} /> : null}
      </div>
    </header>
  );
}

function DesktopItem({ item }: { item: NavItem }) {
  return (
    <li>
      {item.kind === 'group' ? (
        <NavMenu item={item} linkClass={desktopLink} />
      ) : (
        <NavItemLink item={item} className={desktopLink} />
      )}
    </li>
  );
}

function NavPlaceholder() {
  return (
    <>
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} aria-hidden="true" className="mx-3 h-3 w-16 rounded bg-ink/10" />
      ))}
    </>
  );
}

function MobileMenu({
  items,
  buttons,
  onNavigate,
}: {
  items: NavItem[];
  buttons: NavLinkItem[];
  onNavigate: () => void;
}) {
  const { t } = useI18n();
  return (
    <nav
      aria-label={t.site.nav.label}
      className="fixed inset-x-0 bottom-0 top-16 overflow-y-auto border-t border-ink/10 bg-white px-4 pb-10 pt-4"
    >
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.key}>
            {item.kind === 'group' ? (
              <MobileSubmenu item={item} onNavigate={onNavigate} />
            ) : (
              <NavItemLink item={item} className={mobileLink} onNavigate={onNavigate} />
            )}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-3 border-t border-ink/10 pt-6">
        {buttons.map((item) => (
          <HeaderButton key={item.key} item={item} className="w-full" onNavigate={onNavigate} />
        ))}
        <LanguageSwitch className={cn(languageLink, 'justify-center')} onNavigate={onNavigate} />
      </div>
    </nav>
  );
}

/** A drop-down menu of the header, in the mobile menu: a collapsible list. */
function MobileSubmenu({ item, onNavigate }: { item: NavGroupItem; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const subId = useId();
  return (
    <>
      <button
        type="button"
        className={cn(mobileLink, 'justify-between')}
        aria-expanded={open}
        aria-controls={subId}
        onClick={() => setOpen((was) => !was)}
      >
        {item.label}
        <ChevronDownIcon className={cn('transition-transform', open && 'rotate-180')} />
      </button>
      <ul id={subId} hidden={!open} className="ml-4 border-l-2 border-olive-100 pl-2">
        {item.children.map((child) => (
          <li key={child.key}>
            <NavItemLink item={child} className={mobileLink} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </>
  );
}
