import { use } from 'react';
import type { Locale } from './locales';

/**
 * Content split into one chunk per language, read with React's `use`: the
 * first read suspends until the chunk arrives, later reads (and a read after
 * `load` before hydrating) return at once, so a prerendered page hydrates
 * without suspending. A failed load is forgotten so the next render retries.
 *
 * `useContent` must be the last hook its component calls. It calls `use`
 * only while the content is missing, and React replays a component whose
 * content arrived while it waited: the replay skips `use`, so a hook after
 * it would run as an update of a component never mounted, an error React
 * recovers from only by rendering the whole root again. (Calling `use` on
 * every read would avoid that, but makes every synchronous `act` in the
 * tests wait as though something had suspended.)
 */
export function localeResource<T>(loaders: Record<Locale, () => Promise<T>>) {
  const values = new Map<Locale, T>();
  const pending = new Map<Locale, Promise<T>>();

  function load(locale: Locale): Promise<T> {
    let promise = pending.get(locale);
    if (!promise) {
      promise = loaders[locale]().then(
        (value) => {
          values.set(locale, value);
          return value;
        },
        (error: unknown) => {
          pending.delete(locale);
          throw error;
        },
      );
      pending.set(locale, promise);
    }
    return promise;
  }

  function useContent(locale: Locale): T {
    return values.has(locale) ? (values.get(locale) as T) : use(load(locale));
  }

  return { load, useContent };
}
