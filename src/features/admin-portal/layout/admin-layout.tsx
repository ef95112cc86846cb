import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation } from 'react-router';
import { LogOutIcon } from '@/components/icons/log-out';
import { MenuIcon } from '@/components/icons/menu';
import { SidebarIcon } from '@/components/icons/sidebar';
import { cn } from '@/components/ui/cn';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useHideChatWidget } from '@/integrations/chat-widget/use-hide-chat-widget';
import { useSession } from '@/lib/session/session-context';
import { adminSections, sectionsFor, type AdminSectionRow } from './admin-sections';
import { notificationQueries } from '@/features/admin-portal/notifications/notifications-api';
import { useSidebarState } from './use-sidebar-state';

const itemBase =
  'flex min-h-10 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600';

function SidebarContent({
  collapsed,
  onNavigate,
  onLogout,
  loggingOut,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  // Only the sections this staff member's role opens (the database refuses the rest anyway).
  const sections = sectionsFor(useSession().role);
  return (
    <>
      <div
        className={cn(
          'flex h-14 shrink-0 items-center gap-2 border-b border-sand-200',
          collapsed ? 'justify-center px-1' : 'px-3',
        )}
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-brand-700 text-xs font-bold text-white"
        >
          AP
        </span>
        <span className={collapsed ? 'sr-only' : 'truncate text-base font-semibold text-ink'}>Admin Portal</span>
      </div>
      <nav
        aria-label="Admin Portal"
        className={cn('flex-1 overflow-y-auto overflow-x-hidden', collapsed ? 'p-1' : 'p-2')}
      >
        <ul className="space-y-1">
          {sections.map(({ slug, label, icon: SectionIcon, badge }) => (
            <li key={slug}>
              <NavLink
                to={paths.adminPortal(slug)}
                onClick={onNavigate}
                title={collapsed ? label : undefined}
                className={({ isActive }) =>
                  cn(
                    itemBase,
                    collapsed && 'justify-center px-0',
                    isActive ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50 hover:text-brand-800',
                  )
                }
              >
                <span className="relative shrink-0">
                  <SectionIcon className="h-5 w-5" />
                  {badge && collapsed ? <SidebarBadge badge={badge} dot /> : null}
                </span>
                <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
                {badge && !collapsed ? <SidebarBadge badge={badge} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={cn('shrink-0 border-t border-sand-200', collapsed ? 'p-1' : 'p-2')}>
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          // Leaves the page: an editor with unsaved changes asks first (../content/use-leave-guard.ts).
          data-leaves-page
          title={collapsed ? 'Logout' : undefined}
          className={cn(
            itemBase,
            collapsed && 'justify-center px-0',
            'text-ink hover:bg-danger-bg hover:text-danger disabled:opacity-60',
          )}
        >
          <LogOutIcon className="h-5 w-5 shrink-0" />
          <span className={collapsed ? 'sr-only' : undefined}>{loggingOut ? 'Logging out…' : 'Logout'}</span>
        </button>
      </div>
    </>
  );
}

/**
 * A sidebar entry's count: the unread notifications, polled while the portal
 * is open (docs/decisions/117-notifications-by-polling.md). Nothing when zero
 * or not known.
 */
function SidebarBadge({ badge, dot = false }: { badge: NonNullable<AdminSectionRow['badge']>; dot?: boolean }) {
  // Staff reads need the second factor: an admin still at aal1 (sent to enrol) asks nothing.
  const verified = useSession().currentLevel === 'aal2';
  const count = useQuery({ ...notificationQueries.unreadCount(), enabled: verified }).data ?? 0;
  if (badge !== 'unread-notifications' || count <= 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  const label = `${count} unread`;
  return (
    <span
      data-testid="sidebar-badge"
      className={cn(
        'rounded-full bg-danger font-bold text-white',
        dot
          ? 'absolute -right-1.5 -top-1.5 flex h-4 min-w-4 items-center justify-center px-1 text-[0.625rem] leading-none'
          : 'ml-auto shrink-0 px-2 py-0.5 text-xs',
      )}
    >
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * The portal's frame: a sidebar of 16rem that collapses to a 3rem
 * icon rail (remembered in a cookie, Ctrl/Meta + B), an 18rem off-canvas sheet
 * below 768 px, and the current page. The chat widget stays hidden meanwhile.
 */
export function AdminLayout() {
  useHideChatWidget();
  const sidebar = useSidebarState();
  const { signOut, signingOut: loggingOut } = useSession();
  const { toast } = useToast();
  const { pathname } = useLocation();
  const current = adminSections.find((row) => pathname.startsWith(paths.adminPortal(row.slug)));

  const logout = async () => {
    // On success the route guard takes the person to /admin/login.
    const ok = await signOut();
    if (!ok) {
      toast({ variant: 'error', title: 'Could not log out', description: 'Check your connection and try again.' });
    }
  };

  const expanded = sidebar.isMobile ? sidebar.mobileOpen : sidebar.open;

  return (
    <div className="min-h-screen bg-sand-50 text-ink">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to main content
      </a>
      <div className="flex">
        {/* The column runs the page's full height (its background and border); its content stays in view while scrolling. */}
        <div
          id="admin-sidebar"
          data-state={sidebar.open ? 'expanded' : 'collapsed'}
          className={cn(
            'hidden shrink-0 border-r border-sand-200 bg-white transition-[width] duration-200 ease-out md:block',
            sidebar.open ? 'w-[16rem]' : 'w-[3rem]',
          )}
        >
          <div className="sticky top-0 flex h-screen flex-col">
            <SidebarContent collapsed={!sidebar.open} onLogout={() => void logout()} loggingOut={loggingOut} />
          </div>
        </div>
        <Sheet open={sidebar.isMobile && sidebar.mobileOpen} onOpenChange={sidebar.setMobileOpen}>
          <SheetContent
            side="left"
            aria-describedby={undefined}
            className="w-[18rem] max-w-[85vw]"
            closeLabel="Close sidebar"
          >
            <SheetTitle className="sr-only">Admin Portal</SheetTitle>
            <SidebarContent
              collapsed={false}
              onNavigate={() => sidebar.setMobileOpen(false)}
              onLogout={() => void logout()}
              loggingOut={loggingOut}
            />
          </SheetContent>
        </Sheet>
        <div className="flex min-h-screen min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-sand-200 bg-white px-2 md:px-4">
            <button
              type="button"
              onClick={sidebar.toggle}
              aria-label="Toggle sidebar"
              aria-expanded={expanded}
              aria-controls={sidebar.isMobile ? undefined : 'admin-sidebar'}
              aria-keyshortcuts="Control+B Meta+B"
              title="Toggle sidebar (Ctrl+B)"
              className="flex h-11 w-11 items-center justify-center rounded-md text-ink hover:bg-brand-50 hover:text-brand-800"
            >
              {sidebar.isMobile ? <MenuIcon className="h-5 w-5" /> : <SidebarIcon className="h-5 w-5" />}
            </button>
            <p className="min-w-0 truncate text-sm text-ink-muted">
              <span className="md:hidden">Admin Portal</span>
              {current ? (
                <>
                  <span aria-hidden="true" className="mx-2 md:hidden">
                    /
                  </span>
                  <span className="font-medium text-ink">{current.label}</span>
                </>
              ) : null}
            </p>
          </header>
          <main id="admin-main" tabIndex={-1} className="flex-1 p-4 focus:outline-none md:p-8">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}
