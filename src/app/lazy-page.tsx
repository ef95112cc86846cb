import { lazy, type ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export type PreloadablePage<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * React.lazy with a preload: once the module is loaded (e.g. before hydrating a
 * prerendered page) the component renders directly, without suspending, so
 * hydration matches the server HTML.
 */
export function lazyPage<P extends object>(loader: Loader<P>): PreloadablePage<P> {
  let loaded: ComponentType<P> | null = null;
  const load = () =>
    loader().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(load);
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Page.preload = () => load().then(() => undefined);
  return Page as PreloadablePage<P>;
}
