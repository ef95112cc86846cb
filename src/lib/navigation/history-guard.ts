/**
 * A hook into the browser's Back and Forward buttons before the router hears
 * of them. The app's browser router has no navigation blocking; it listens to
 * `popstate` on the window, and listeners of one target run in the order they
 * were added (Chromium runs even capture listeners of the window in that
 * order). So the one listener here is added when the application starts,
 * before the router exists, and asks the page's guard, if it has one, first:
 * when the guard says no, the router never sees the event.
 */
export type HistoryGuard = (event: PopStateEvent) => boolean;

let current: HistoryGuard | null = null;
let installed = false;

/** Called once at startup, before the router is created (src/main.tsx). */
export function installHistoryGuard(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', (event) => {
    if (current && !current(event)) event.stopImmediatePropagation();
  });
}

/** Makes `guard` decide on the next Back or Forward (false: the router ignores it); returns its removal. */
export function setHistoryGuard(guard: HistoryGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}
