import { useMutationState } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FeatureFlag } from '@/lib/flags/flag-names';
import { setFlagsMutationKey, useSetFlags, type SetFlagsVariables } from '../api/feature-flags';

/** The flag switches' shared behaviour: which flags have a change on its way, and how to change one or many. */
export function useFlagToggles() {
  const mutation = useSetFlags();
  const pendingIds = new Set(
    useMutationState({
      filters: { mutationKey: setFlagsMutationKey, status: 'pending' },
      select: (m) => (m.state.variables as SetFlagsVariables | undefined)?.flags.map((f) => f.id) ?? [],
    }).flat(),
  );
  const { mutate } = mutation;
  const toggle = useCallback((flag: FeatureFlag, enabled: boolean) => mutate({ flags: [flag], enabled }), [mutate]);
  const enableAll = useCallback(
    (flags: readonly FeatureFlag[]) => {
      if (flags.length > 0) mutate({ flags, enabled: true });
    },
    [mutate],
  );
  return { toggle, enableAll, isPending: (id: string) => pendingIds.has(id) };
}
