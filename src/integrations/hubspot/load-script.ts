/**
 * Adds a third-party `<script>` once per URL. A failed load is forgotten (and
 * its element removed) so the next attempt, e.g. the visitor pressing submit
 * again, tries the network again instead of failing forever.
 */
const loaded = new Map<string, Promise<void>>();

export function loadScriptOnce(src: string): Promise<void> {
  const existing = loaded.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        loaded.delete(src);
        script.remove();
        reject(new Error(`The script ${src} failed to load.`));
      },
      { once: true },
    );
    document.head.append(script);
  });
  loaded.set(src, promise);
  return promise;
}
