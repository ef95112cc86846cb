import { use, type ReactNode } from 'react';

/**
 * Code that a part of a page needs only once the visitor gets to it
 * (docs/decisions/101-contact-form-code-loads-on-approach.md): `approach`
 * resolves when the element matched by `selector` comes within `margin` of the
 * viewport, when the visitor focuses or presses anything inside it, or when
 * they navigate within the page (a #section link, back or forward),
 * whichever comes first. Without the element (a page rendered in the browser
 * rather than hydrated) or without IntersectionObserver it resolves at once.
 */
const approaches = new Map<string, Promise<void>>();

export function approach(selector: string, margin = '1000px'): Promise<void> {
  let promise = approaches.get(selector);
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const element = document.querySelector(selector);
      if (!element || typeof IntersectionObserver === 'undefined') {
        resolve();
        return;
      }
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
        rootMargin: `${margin} 0px ${margin} 0px`,
      });
      // A navigation within the page (a #section link, back or forward)
      // re-renders it in a transition, which React holds back until every
      // boundary it reaches has hydrated: the code must come now, or the
      // navigation (and its scroll) would wait for the visitor to scroll.
      const onClick = (event: MouseEvent) => {
        const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
        if (link instanceof HTMLAnchorElement && link.hash && link.pathname === window.location.pathname) done();
      };
      function done() {
        observer.disconnect();
        element?.removeEventListener('focusin', done, true);
        element?.removeEventListener('pointerdown', done, true);
        document.removeEventListener('click', onClick, true);
        window.removeEventListener('popstate', done);
        resolve();
      }
      observer.observe(element);
      element.addEventListener('focusin', done, true);
      element.addEventListener('pointerdown', done, true);
      document.addEventListener('click', onClick, true);
      window.addEventListener('popstate', done);
    });
    approaches.set(selector, promise);
  }
  return promise;
}

const loads = new Map<string, Promise<void>>();

/**
 * Renders `children` once `load` has run after the visitor approached
 * `selector`. Until then it suspends: while a prerendered page hydrates, its
 * Suspense boundary keeps the server's HTML on screen (still usable: typed
 * values stay in the fields and the component adopts them), and in a page
 * rendered in the browser it shows the boundary's fallback. On the server it
 * renders `children` directly, so the prerendered HTML holds them.
 */
export function LoadWhenNear({
  selector,
  load,
  children,
}: {
  selector: string;
  load: () => Promise<unknown>;
  children: ReactNode;
}) {
  if (typeof document === 'undefined') return children;
  let loaded = loads.get(selector);
  if (!loaded) {
    loaded = approach(selector)
      .then(load)
      .then(
        () => undefined,
        (error: unknown) => {
          // A failed download is tried again on the next render.
          loads.delete(selector);
          throw error;
        },
      );
    loads.set(selector, loaded);
  }
  use(loaded);
  return children;
}
