/**
 * The page's entry. The prerendered HTML carries its own critical CSS and
 * paints on its own; the application (its chunk, the page's catalog and, for
 * a page that is not in the application chunk, the page's own code, fetched in
 * parallel) is requested once that first paint has been shown, so nothing but
 * the HTML competes for the connection or the main thread before it
 * (docs/decisions/105-application-startup.md).
 */
import { loadPageChunks } from './app/page-loaders';

/**
 * Runs `start` once the browser reports the first contentful paint: a paint
 * actually presented, not merely a frame that began, so no request or script
 * of the application can delay or compete with it (Lighthouse's simulated
 * Largest Contentful Paint counts every request that ends before the observed
 * paint). A hidden tab paints nothing and starts at once; a browser without
 * paint timing starts after a second.
 */
function afterFirstContentfulPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // The SPA shell has nothing to paint (no prerendered markup): the
  // application is its first paint. A hidden tab paints nothing either.
  if (document.visibilityState === 'hidden' || !document.getElementById('root')?.hasAttribute('data-prerendered')) {
    once();
    return;
  }
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted()) {
    once();
    return;
  }
  try {
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the timer below starts the application.
  }
  document.addEventListener('visibilitychange', once, { once: true });
  setTimeout(once, 1000);
}

/**
 * A signed-in page (the portals: never prerendered) in a browser holding a
 * session: its data, its code and supabase-js start now, beside the
 * application rather than after it (src/app/early-start.ts). The check is a
 * cheap first sieve so public pages never fetch that module; it decides the
 * rest from the route table.
 */
function mayBeSignedInPage(path: string): boolean {
  if (!/^(\/fr)?\/(client|admin-portal)(\/|$)/.test(path)) return false;
  try {
    return Object.keys(localStorage).some((key) => /^sb-.+-auth-token$/.test(key));
  } catch {
    return false;
  }
}

if (mayBeSignedInPage(window.location.pathname)) {
  void import('./app/early-start').then(
    (early) => early.startSignedInPage(window.location.pathname),
    () => undefined,
  );
}

afterFirstContentfulPaint(() => {
  void import('./main');
  // The full stylesheet with the application, not after it: a page the
  // browser renders itself waits for it before its first render, and on a
  // prerendered page its arrival restyles the whole document, which had
  // better happen while the application is still downloading than in the
  // middle of hydration (src/main.tsx imports the same module: one request).
  void import('./app/stylesheet');
  // The rest in tasks of their own, each short, so none blocks a tap for long
  // (the loader adds a preload link per file it needs).
  setTimeout(() => {
    // The page's catalog in parallel with the application rather than after it
    // (docs/decisions/102-one-catalog-per-page.md); src/i18n/i18n.tsx imports the same module.
    const path = window.location.pathname;
    void (path === '/fr' || path.startsWith('/fr/') ? import('./i18n/messages/fr') : import('./i18n/messages/en'));
    // The page's own lazy code, named by the prerenderer, in parallel too.
    setTimeout(() => loadPageChunks(document.getElementById('root')?.dataset.pageChunks), 0);
  }, 0);
});
