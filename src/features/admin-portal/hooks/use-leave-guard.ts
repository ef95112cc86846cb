import { useEffect } from 'react';

/**
 * While `active`, leaving the page asks first, so unsaved work is not lost
 * by a stray click: closing the tab, reloading or following an external
 * link raises the browser's own "Leave site?" question (`beforeunload`), and
 * a link to another page of the app asks `question` and stays when the
 * answer is no. The app uses a browser router without navigation blocking,
 * so in-app links are caught before the router sees the click: in the
 * capture phase on the document. The browser's Back button is not caught.
 */
export function useLeaveGuard(active: boolean, question: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const to = new URL(link.href, window.location.href);
      // Another site: the browser's own question (beforeunload) covers it.
      if (to.origin !== window.location.origin) return;
      // The same page (an anchor within it): nothing is lost.
      if (to.pathname === window.location.pathname && to.search === window.location.search) return;
      if (window.confirm(question)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, question]);
}
