import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { defaultFlags, flagNames, type FlagMap, type FlagName } from './defaults';
import { flagQueries, toFlagMap, type FeatureFlag } from './flag-queries';

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
 * A flag map as a string of 0s and 1s in registry order: what the page shows,
 * compared by value. React and the query cache see the same string when the
 * live flags equal the ones the page already shows, and then re-render
 * nothing (docs/decisions/152-no-second-render-when-the-live-flags-agree.md).
 */
function flagsKey(flags: FlagMap): string {
  return flagNames.map((name) => (flags[name] ? '1' : '0')).join('');
}

const mapsByKey = new Map<string, FlagMap>();

/** The flag map a key stands for, one object per key (a stable dependency for effects and memos). */
function flagsFromKey(key: string): FlagMap {
  let flags = mapsByKey.get(key);
  if (!flags) {
    flags = { ...defaultFlags };
    flagNames.forEach((name, index) => {
      flags![name] = key[index] === '1';
    });
    mapsByKey.set(key, flags);
  }
  return flags;
}

const listsByKey = new Map<string, FeatureFlag[]>();

/** A server list standing for the flags of `key`, the query's placeholder while the live flags load. */
function listOf(key: string): FeatureFlag[] {
  let list = listsByKey.get(key);
  if (!list) {
    const flags = flagsFromKey(key);
    list = flagNames.map((name) => ({ id: name, name, enabled: flags[name], description: null }));
    listsByKey.set(key, list);
  }
  return list;
}

const selectKey = (list: FeatureFlag[]) => flagsKey(toFlagMap(list));

/**
 * Public-site view of the flags: never throws, falls back to the defaults (docs/decisions/004-public-site-never-blank.md).
 *
 * A prerendered page shows the flags it was published with (else the
 * defaults) until the live flags answer. They are the query's placeholder,
 * and every reader selects a key of what it shows, so an answer equal to them
 * changes nothing the readers track: no component renders again. While React
 * hydrates server HTML it reads the server snapshot (the published flags,
 * nothing learnt yet); a part of the page that hydrates after different flags
 * arrived still renders what the prerenderer rendered, and renders the live
 * flags right after. `isLoading` is read lazily: only a reader that asks for
 * it (the integrations, which wait for the real flags) re-renders when the
 * first answer comes.
 */
export function useFlags(): FlagsState {
  const mode = useContext(FlagsLoadingModeContext);
  const published = useContext(PublishedFlagsContext);
  // What the page shows until the live flags answer: the flags it was
  // published with, else the defaults.
  const base = published ?? defaultFlags;
  const baseKey = flagsKey(base);
  const prerendered = mode === 'defaults';
  const query = useQuery({
    ...flagQueries.list(),
    select: selectKey,
    placeholderData: prerendered ? listOf(baseKey) : undefined,
  });
  // Once a read has failed, the defaults stay while any retry runs: a retry
  // (a component mounting, the window regaining focus) puts an errored query
  // without data back to "pending", which would otherwise swap the page back
  // to its skeleton, remount the sections, retry again, and so on.
  const isFallback = query.data === undefined && (query.isError || query.errorUpdateCount > 0);
  const showSkeleton = mode === 'skeleton' && !published && query.data === undefined && !isFallback;
  const key = `${isFallback ? baseKey : (query.data ?? baseKey)}${showSkeleton ? 's' : ''}${isFallback ? 'f' : ''}`;
  const shown = useSyncExternalStore(
    subscribeToNothing,
    () => key,
    () => (prerendered ? baseKey : key),
  );

  useEffect(() => {
    if (query.isError && query.data === undefined) {
      console.warn('Feature flags could not be loaded; using the defaults.', query.error);
    }
  }, [query.isError, query.data, query.error]);

  const flags = flagsFromKey(shown.replace(/[sf]/g, ''));
  const hydrating = shown !== key;
  return {
    flags,
    showSkeleton: shown.includes('s'),
    isFallback: shown.includes('f'),
    // Read on demand, so that only the components that ask track it.
    get isLoading() {
      if (hydrating) return true;
      if (isFallback) return false;
      return query.data === undefined || query.isPlaceholderData;
    },
  };
}

export function useFlag(name: FlagName): boolean {
  return useFlags().flags[name];
}
