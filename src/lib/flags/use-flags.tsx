import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { defaultFlags, type FlagMap, type FlagName } from './defaults';
import { flagQueries, toFlagMap } from './flag-queries';

/**
 * While flags load, a page either shows a skeleton that reserves its space or,
 * when it was prerendered (and is hydrating), keeps showing the flags it was
 * prerendered with so hydration matches. The app root decides which.
 */
export type FlagsLoadingMode = 'skeleton' | 'defaults';
export const FlagsLoadingModeContext = createContext<FlagsLoadingMode>('skeleton');

/**
 * The flags the page's HTML was prerendered with (read from the HTML by
 * src/main.tsx, given by the prerenderer), or null (client-rendered page).
 * Until the live flags answer, and when they cannot be read, a prerendered
 * page keeps them (docs/decisions/016-published-html-follows-live-flags.md).
 */
export const PublishedFlagsContext = createContext<FlagMap | null>(null);

export type FlagsState = {
  flags: FlagMap;
  /** True until the first answer or failure. */
  isLoading: boolean;
  /** True while the page should show its skeleton instead of sections. */
  showSkeleton: boolean;
  /** True when the flags could not be read and the defaults are in use (docs/decisions/004-public-site-never-blank.md). */
  isFallback: boolean;
};

const subscribeToNothing = () => () => {};

/**
 * `settled` as React should see it: false while it hydrates server HTML (it
 * reads the server snapshot then, and the prerenderer rendered the page with
 * nothing learnt yet), `settled` afterwards. While the flags are still
 * loading both say false, so hydration is not followed by a second render of
 * every section that reads them; React re-renders only when the live flags
 * (or their failure) arrived before it had hydrated.
 */
function useSettledAfterHydration(settled: boolean): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => settled,
    () => false,
  );
}

/** Public-site view of the flags: never throws, falls back to the defaults (docs/decisions/004-public-site-never-blank.md). */
export function useFlags(): FlagsState {
  const mode = useContext(FlagsLoadingModeContext);
  const published = useContext(PublishedFlagsContext);
  // What the page shows until the live flags answer: the flags it was
  // published with, else the defaults.
  const base = published ?? defaultFlags;
  const query = useQuery(flagQueries.list());
  // Once a read has failed, the defaults stay while any retry runs: a retry
  // (a component mounting, the window regaining focus) puts an errored query
  // without data back to "pending", which would otherwise swap the page back
  // to its skeleton, remount the sections, retry again, and so on.
  const isFallback = !query.data && (query.isError || query.errorUpdateCount > 0);
  const settled = useSettledAfterHydration(query.data !== undefined || isFallback);

  useEffect(() => {
    if (query.isError && !query.data) {
      console.warn('Feature flags could not be loaded; using the defaults.', query.error);
    }
  }, [query.isError, query.data, query.error]);

  // A part of the page hydrated after the flags arrived (a Suspense boundary
  // hydrates after the shell, whose components start the request) must still
  // render what the prerenderer rendered: the published flags, not yet loaded.
  if (mode === 'defaults' && !settled) {
    return { flags: { ...base }, isLoading: true, showSkeleton: false, isFallback: false };
  }
  if (query.data) return { flags: toFlagMap(query.data), isLoading: false, showSkeleton: false, isFallback: false };
  if (isFallback) return { flags: { ...base }, isLoading: false, showSkeleton: false, isFallback: true };
  return { flags: { ...base }, isLoading: true, showSkeleton: mode === 'skeleton' && !published, isFallback: false };
}

export function useFlag(name: FlagName): boolean {
  return useFlags().flags[name];
}
