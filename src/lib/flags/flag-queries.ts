import { queryOptions } from '@tanstack/react-query';
import { restSelect } from '@/lib/supabase/rest';
import type { Tables } from '@/lib/supabase/database.types';
import { defaultFlags, isFlagName, type FlagMap } from './defaults';

/** A flag as every screen reads it. */
export type FeatureFlag = Pick<Tables<'feature_flags'>, 'id' | 'name' | 'enabled' | 'description'>;

/** No answer within this long counts as a failure (docs/decisions/004-public-site-never-blank.md). */
export const FLAGS_TIMEOUT_MS = 5_000;

/** The flags did not answer in time: retrying would keep the page waiting past the 5 s the site allows. */
export class FlagsTimeoutError extends Error {}

/** Every flag, ordered by name, through the public Data API (the anon key: anyone may read them). */
export async function fetchFeatureFlags(signal?: AbortSignal): Promise<FeatureFlag[]> {
  const timeout = AbortSignal.timeout(FLAGS_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    return await restSelect<FeatureFlag>('feature_flags', 'select=id,name,enabled,description&order=name.asc', {
      signal: combined,
    });
  } catch (error) {
    if (timeout.aborted)
      throw new FlagsTimeoutError(`Feature flags did not answer within ${FLAGS_TIMEOUT_MS / 1000} s.`);
    throw error;
  }
}

/** Known flags from a server list; unknown names are ignored, missing ones keep their default. */
export function toFlagMap(list: readonly FeatureFlag[] | undefined): FlagMap {
  const map: FlagMap = { ...defaultFlags };
  for (const flag of list ?? []) {
    if (isFlagName(flag.name)) map[flag.name] = flag.enabled;
  }
  return map;
}

/**
 * The one flag list of the app: the public site, the admin portal and the
 * simple admin page all read it under this key, so a change written by staff
 * shows everywhere in the tab at once. Staff screens ask for fresher data at
 * the call site (`useQuery({ ...flagQueries.list(), staleTime: 0 })`);
 * writes invalidate `all()`.
 */
export const flagQueries = {
  all: () => ['feature-flags'] as const,
  list: () =>
    queryOptions({
      queryKey: [...flagQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => fetchFeatureFlags(signal),
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      retry: (failures, error) => failures < 1 && !(error instanceof FlagsTimeoutError),
    }),
};
