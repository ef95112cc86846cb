/**
 * The page's entry. The application (and its stylesheet) starts after the
 * browser has painted the prerendered HTML, which carries its own critical
 * CSS, so loading and hydrating never hold up the first paint. The build adds
 * modulepreload links for the application's chunks, so they download in
 * parallel and are ready when it starts.
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
});
