import { queryOptions } from '@tanstack/react-query';
import { restSelect } from '@/lib/supabase/rest';
import type { FeatureFlag } from './flag-names';

/** No answer within this long counts as a failure (DECISIONS D4). */
export const FLAGS_TIMEOUT_MS = 5_000;

/** The flags did not answer in time: retrying would keep the page waiting past D4's 5 s. */
export class FlagsTimeoutError extends Error {}

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

/** Query factory: keys from generic to specific; mutations invalidate `all()`. */
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
