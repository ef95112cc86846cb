import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** Spec 2.8 / 9: the sidebar's state is kept in a cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_SHORTCUT_KEY = 'b';
/** Below the site's 768 px breakpoint the sidebar is an off-canvas sheet. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** The saved state in a Cookie header string: true (expanded), false (collapsed) or null (none saved). */
export function readSidebarCookie(cookieHeader: string): boolean | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE) {
      if (value === 'true') return true;
      if (value === 'false') return false;
    }
  }
  return null;
}

export function sidebarCookie(open: boolean, secure: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

// The cookie and the media query are external stores: read through
// useSyncExternalStore, whose server snapshot keeps prerendering and
// hydration away from `document` and `window`.
const cookieListeners = new Set<() => void>();

function subscribeCookie(listener: () => void) {
  cookieListeners.add(listener);
  return () => cookieListeners.delete(listener);
}

function writeSidebarCookie(open: boolean) {
  document.cookie = sidebarCookie(open, window.location.protocol === 'https:');
  for (const listener of cookieListeners) listener();
}

function subscribeMobile(listener: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * Expanded or collapsed (desktop, remembered in the cookie; expanded when
 * none is saved) and open or closed (mobile sheet, not remembered). Ctrl or
 * Meta + B toggles whichever applies.
 */
export function useSidebarState() {
  const isMobile = useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
  const open = useSyncExternalStore(
    subscribeCookie,
    () => readSidebarCookie(document.cookie) ?? true,
    () => true,
  );
  const [mobileOpen, setMobileOpen] = useState(false);

  const setOpen = useCallback((value: boolean) => writeSidebarCookie(value), []);

  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isMobile, open, setOpen, mobileOpen, setMobileOpen, toggle };
}
