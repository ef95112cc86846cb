import { matchQuery, QueryClient, type InvalidateQueryFilters, type InvalidateOptions } from '@tanstack/react-query';

/**
 * A QueryClient whose invalidation always reads after the write that asked for it.
 *
 * TanStack Query reuses a fetch already in flight when a query has no data yet, even on
 * invalidation: a list still on its first load when staff press Publish would keep the answer it
 * asked for before the publish, and then count as fresh for `staleTime`. Here such a first load is
 * cancelled (its state goes back to pending) before the invalidation, so the refetch starts anew.
 * Only queries the invalidation will refetch are cancelled, so none is left without an answer.
 */
class ReadAfterWriteQueryClient extends QueryClient {
  override invalidateQueries(filters: InvalidateQueryFilters = {}, options?: InvalidateOptions): Promise<void> {
    const refetchType = filters.refetchType ?? filters.type ?? 'active';
    if (refetchType !== 'none') {
      for (const query of this.getQueryCache().findAll(filters)) {
        const firstLoad = query.state.data === undefined && query.state.fetchStatus === 'fetching';
        if (firstLoad && matchQuery({ type: refetchType }, query)) void query.cancel({ revert: true });
      }
    }
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  return new ReadAfterWriteQueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: true, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}
