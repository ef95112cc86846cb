import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { flagQueries, type FeatureFlag } from '../flag-queries';
import { flagChangeQueries, type FlagChange } from './flag-change-queries';

/**
 * How a screen writes: the signed-in RPCs for the portal, the password RPCs
 * for the simple admin page. Each throws on failure; `reason` is null when
 * staff gave none.
 */
export type FlagWriter = {
  setEnabled: (flag: FeatureFlag, enabled: boolean, reason: string | null) => Promise<void>;
  undo: (change: FlagChange, reason: string | null) => Promise<void>;
};

/** What became of one toggle, Enable All or Undo; the screen decides what to tell staff. */
export type FlagWriteOutcome =
  | {
      kind: 'set';
      enabled: boolean;
      flags: readonly FeatureFlag[];
      succeeded: FeatureFlag[];
      failed: { flag: FeatureFlag; error: unknown }[];
    }
  | { kind: 'undo'; change: FlagChange; error: unknown };

export const flagWriteKey = [...flagQueries.all(), 'write'] as const;
export const flagUndoKey = [...flagQueries.all(), 'undo'] as const;

type SetVariables = { flags: readonly FeatureFlag[]; enabled: boolean; reason: string | null };
type SetOutcome = Extract<FlagWriteOutcome, { kind: 'set' }>;
type Context = { previous: Map<string, boolean> };
type UndoVariables = { change: FlagChange; reason: string | null };

function withEnabled(list: FeatureFlag[] | undefined, ids: ReadonlySet<string>, enabled: (f: FeatureFlag) => boolean) {
  return list?.map((f) => (ids.has(f.id) ? { ...f, enabled: enabled(f) } : f));
}

/**
 * Switches flags and undoes changes through the screen's writer. Optimistic,
 * the shared list changes at once and each flag that fails goes back to what
 * it was; not optimistic, the list changes only once the server accepted the
 * change. An undo always waits for the server. The last write of a burst
 * refetches the flags and the history, and `onOutcome` hears what happened.
 */
export function useFlagWrites({
  writer,
  optimistic,
  onOutcome,
}: {
  writer: FlagWriter;
  optimistic: boolean;
  onOutcome: (outcome: FlagWriteOutcome) => void;
}) {
  const queryClient = useQueryClient();
  const listKey = flagQueries.list().queryKey;

  const refresh = () => {
    // Only the last of several quick writes refetches: an earlier refetch would undo later optimistic changes.
    if (queryClient.isMutating({ mutationKey: flagQueries.all() }) <= 1) {
      void queryClient.invalidateQueries({ queryKey: flagQueries.all() });
    }
    void queryClient.invalidateQueries({ queryKey: flagChangeQueries.all() });
  };

  const set = useMutation<SetOutcome, Error, SetVariables, Context>({
    mutationKey: flagWriteKey,
    mutationFn: async ({ flags, enabled, reason }) => {
      const results = await Promise.allSettled(flags.map((flag) => writer.setEnabled(flag, enabled, reason)));
      const outcome: SetOutcome = { kind: 'set', enabled, flags, succeeded: [], failed: [] };
      flags.forEach((flag, i) => {
        const result = results[i];
        if (result?.status === 'rejected') outcome.failed.push({ flag, error: result.reason });
        else outcome.succeeded.push(flag);
      });
      return outcome;
    },
    onMutate: async ({ flags, enabled }) => {
      const current = queryClient.getQueryData(listKey) ?? [];
      const previous = new Map(
        flags.map((flag) => [flag.id, current.find((f) => f.id === flag.id)?.enabled ?? !enabled]),
      );
      if (optimistic) {
        await queryClient.cancelQueries({ queryKey: listKey });
        queryClient.setQueryData(listKey, (list) => withEnabled(list, new Set(previous.keys()), () => enabled));
      }
      return { previous };
    },
    onSuccess: (outcome, _variables, context) => {
      if (optimistic) {
        // Roll back only what failed: in a batch, the rest did change.
        const failedIds = new Set(outcome.failed.map((f) => f.flag.id));
        queryClient.setQueryData(listKey, (list) =>
          withEnabled(list, failedIds, (f) => context.previous.get(f.id) ?? !outcome.enabled),
        );
      } else {
        const succeededIds = new Set(outcome.succeeded.map((f) => f.id));
        queryClient.setQueryData(listKey, (list) => withEnabled(list, succeededIds, () => outcome.enabled));
      }
      onOutcome(outcome);
    },
    onSettled: refresh,
  });

  const undo = useMutation<void, Error, UndoVariables>({
    // Under flagQueries.all() like the writes, so a write and an undo in flight wait for each other's refetch.
    mutationKey: flagUndoKey,
    mutationFn: ({ change, reason }) => writer.undo(change, reason),
    onSuccess: (_data, { change }) => onOutcome({ kind: 'undo', change, error: null }),
    onError: (error, { change }) => onOutcome({ kind: 'undo', change, error }),
    onSettled: refresh,
  });

  const pendingIds = new Set(
    useMutationState({
      filters: { mutationKey: flagWriteKey, status: 'pending' },
      select: (m) => (m.state.variables as SetVariables | undefined)?.flags.map((f) => f.id) ?? [],
    }).flat(),
  );
  const undoingIds = new Set(
    useMutationState({
      filters: { mutationKey: flagUndoKey, status: 'pending' },
      select: (m) => (m.state.variables as UndoVariables | undefined)?.change.id ?? -1,
    }),
  );

  const { mutate: mutateSet } = set;
  const { mutate: mutateUndo } = undo;
  const setEnabled = useCallback(
    (flags: readonly FeatureFlag[], enabled: boolean, reason: string | null) => {
      if (flags.length > 0) mutateSet({ flags, enabled, reason });
    },
    [mutateSet],
  );
  const undoChange = useCallback(
    (change: FlagChange, reason: string | null) => mutateUndo({ change, reason }),
    [mutateUndo],
  );
  return {
    setEnabled,
    undoChange,
    isPending: (id: string) => pendingIds.has(id),
    isUndoing: (changeId: number) => undoingIds.has(changeId),
  };
}
