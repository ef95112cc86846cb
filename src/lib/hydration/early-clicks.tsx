/**
 * The browser side of the prerendered pages' early click capture
 * (scripts/lib/early-clicks.ts, docs/decisions/100-no-lost-clicks-before-hydration.md):
 * once React has hydrated the page, the presses recorded before it did are
 * replayed on the very elements that were pressed (hydration keeps the DOM
 * nodes), and recording stops.
 */

import { useEffect } from 'react';

type EarlyClickWindow = Window & { __earlyClicks?: Element[]; __hydrated?: boolean };

/** The performance mark set when the prerendered page has hydrated (read by `npm run perf` and the e2e specs). */
export const HYDRATED_MARK = 'app-hydrated';

/** Marks the page hydrated and replays the presses made before; safe to call more than once. */
export function hydrationCommitted(win: Window = window): void {
  const scope = win as EarlyClickWindow;
  if (scope.__hydrated) return;
  scope.__hydrated = true;
  win.performance?.mark?.(HYDRATED_MARK);
  const pressed = scope.__earlyClicks?.splice(0) ?? [];
  for (const element of pressed) {
    if (element.isConnected && element instanceof HTMLElement && !(element as HTMLButtonElement).disabled)
      element.click();
  }
}

/**
 * Rendered after the page inside the same Suspense boundary (the public
 * layout's): its effect runs once that boundary, the page included, has
 * hydrated, which can be a pass after the root's first commit.
 */
export function PageHydrated() {
  useEffect(() => hydrationCommitted(), []);
  return null;
}
