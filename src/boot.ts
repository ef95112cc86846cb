/**
 * The page's entry. The prerendered HTML carries its own critical CSS and
 * paints on its own; the application (its chunks, fetched in parallel, and
 * its stylesheet) is requested right after that first paint, so nothing but
 * the HTML competes for the connection or the main thread before it.
 */

function afterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // The frame after the next animation frame has been painted. A hidden tab
  // paints no frames: the timer starts the application there.
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200);
}

afterFirstPaint(() => {
  void import('./main');
  // The page's catalog in parallel with the application rather than after it
  // (docs/decisions/102-one-catalog-per-page.md); src/i18n/i18n.tsx imports the same module.
  const path = window.location.pathname;
  void (path === '/fr' || path.startsWith('/fr/') ? import('./i18n/messages/fr') : import('./i18n/messages/en'));
});
