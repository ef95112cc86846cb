import { useEffect } from 'react';
import { setHistoryGuard } from '@/lib/navigation/history-guard';
import { isPlainLeftClick } from '@/lib/navigation/plain-click';

/** The attribute a button that leaves the page (Logout) carries, so the guard asks before it acts. */
const LEAVES_PAGE = 'data-leaves-page';

/**
 * While `active`, leaving the page asks first, so unsaved work is not lost
 * by a stray click: closing the tab, reloading or following an external
 * link raises the browser's own "Leave site?" question (`beforeunload`); a
 * link to another page of the app, or the browser's Back and Forward
 * buttons, or a button marked with `LEAVES_PAGE` (Logout), ask `question`
 * and stay when the answer is no.
 *
 * The app uses a browser router without navigation blocking, so the guard
 * sees each of these before the router does: clicks in the capture phase on
 * the document, and Back or Forward through the history guard the
 * application installs before its router (src/lib/navigation/history-guard.ts).
 * A refused Back is undone by going the same number of entries the other
 * way; the router, which never heard of it, stays where it was.
 */
export function useLeaveGuard(active: boolean, question: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    // This page's address: going to it again (an anchor within it) loses nothing.
    const address = window.location.pathname + window.location.search;
    const isThisPage = (url: URL | Location) => url.pathname + url.search === address;
    const refuse = (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      // A control that leaves the page without being a link (Logout) says so.
      const leaver = target?.closest(`[${LEAVES_PAGE}]`);
      if (leaver && !leaver.matches(':disabled')) {
        if (!window.confirm(question)) refuse(event);
        return;
      }
      if (!isPlainLeftClick(event)) return;
      const link = target?.closest('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const to = new URL(link.href, window.location.href);
      // Another site: the browser's own question (beforeunload) covers it.
      if (to.origin !== window.location.origin || isThisPage(to)) return;
      if (!window.confirm(question)) refuse(event);
    };
    // The router numbers its history entries (`idx` in the entry's state): how far a Back went.
    const entry = () => (window.history.state as { idx?: unknown } | null)?.idx;
    const here = entry();
    let undoing = false;
    const removeHistoryGuard = setHistoryGuard(() => {
      if (undoing) {
        // The way back to this page after a refused Back: the router never left it.
        undoing = false;
        return false;
      }
      if (isThisPage(window.location) || window.confirm(question)) return true;
      const there = entry();
      undoing = true;
      window.history.go(typeof here === 'number' && typeof there === 'number' ? here - there : 1);
      return false;
    });
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      removeHistoryGuard();
      document.removeEventListener('click', onClick, true);
    };
  }, [active, question]);
}
