import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Spec 9: anchor links scroll after this delay, once the target has had time to render. */
export const ANCHOR_SCROLL_DELAY_MS = 100;
/** A target that is not there yet (its section still loading) is looked for again this many times. */
const ANCHOR_RETRIES = 20;

/** The element id a hash names; a malformed percent-escape (e.g. "#%") is taken as written instead of throwing. */
export function hashTarget(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Spec 2.4: a location with a hash scrolls smoothly to its target after
 * 100 ms; any other change of page scrolls to the top. Focus follows, so
 * keyboard and screen reader users continue from the new place.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    const firstRender = previousPath.current === null;
    const pageChanged = !firstRender && previousPath.current !== pathname;
    previousPath.current = pathname;

    if (hash.length > 1) {
      const id = hashTarget(hash);
      let attempts = 0;
      let timer = window.setTimeout(function scrollToTarget() {
        const target = document.getElementById(id);
        if (!target) {
          if (++attempts < ANCHOR_RETRIES) timer = window.setTimeout(scrollToTarget, ANCHOR_SCROLL_DELAY_MS);
          return;
        }
        target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
        if (target.tabIndex >= 0 || target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
      }, ANCHOR_SCROLL_DELAY_MS);
      return () => window.clearTimeout(timer);
    }

    // The first render keeps the browser's own position (e.g. after a reload).
    if (pageChanged) {
      window.scrollTo(0, 0);
      document.getElementById('main')?.focus({ preventScroll: true });
    }
    return undefined;
  }, [pathname, hash, key]);

  return null;
}
