/**
 * Runs `callback` once the browser is idle (after the first render and
 * hydration's own work), or after `timeoutMs` on a page that never goes idle.
 * Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs = 3_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}
