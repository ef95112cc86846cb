/**
 * The page's entry. The stylesheet is part of it (the build inlines it into
 * the HTML); the application comes after the browser has painted the
 * prerendered HTML, so loading and hydrating never hold up the first paint.
 * The build adds modulepreload links for the application's chunks, so they
 * download in parallel and are ready when it starts.
 */
import './styles.css';

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
