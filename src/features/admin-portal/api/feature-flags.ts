/**
 * The admin portal's reads and writes of feature flags and their audit trail,
 * through supabase-js with the signed-in admin's session (RLS decides).
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { flagQueries } from '@/lib/flags/flag-queries';
import type { FeatureFlag } from '@/lib/flags/flag-names';
import { supabase } from '@/lib/supabase/client';
import type { FeatureFlagChangeRow } from '@/lib/supabase/database.types';
import { DataApiError, unwrap } from '@/lib/supabase/errors';

const FLAG_COLUMNS = 'id,name,enabled,description';
export const CHANGE_HISTORY_LIMIT = 50;

export type FlagChange = Pick<
  FeatureFlagChangeRow,
  'id' | 'flag_name' | 'old_enabled' | 'new_enabled' | 'changed_by_email' | 'source' | 'changed_at'
>;

export async function fetchAdminFlags(): Promise<FeatureFlag[]> {
  return unwrap<FeatureFlag[]>(await supabase.from('feature_flags').select(FLAG_COLUMNS).order('name'));
}

/** Sets one flag; a row the caller may not change comes back as an error, never as silence. */
export async function updateFlagEnabled(id: string, enabled: boolean): Promise<FeatureFlag> {
  const result = await supabase
    .from('feature_flags')
    .update({ enabled, updated_at: new Date().toISOString() })
    .eq('id', id)
    .select(FLAG_COLUMNS)
    .single();
  if (result.error?.code === 'PGRST116') {
    // RLS filtered the row out (not an admin any more) or it was deleted.
    throw new DataApiError(
      { code: 'PGRST116', message: 'This flag could not be changed: your account may no longer be an admin.' },
      result.status,
    );
  }
  return unwrap<FeatureFlag>(result);
}

export async function fetchLatestChanges(): Promise<FlagChange[]> {
  return unwrap<FlagChange[]>(
    await supabase
      .from('feature_flag_changes')
      .select('id,flag_name,old_enabled,new_enabled,changed_by_email,source,changed_at')
      .order('changed_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(CHANGE_HISTORY_LIMIT),
  );
}

/** Keys sit under flagQueries.all(), so invalidating it refreshes the portal and the public site alike. */
export const adminFlagQueries = {
  list: () =>
    queryOptions({
      queryKey: [...flagQueries.all(), 'admin-list'] as const,
      queryFn: fetchAdminFlags,
      staleTime: 0,
    }),
};

export const changeHistoryQueries = {
  all: () => ['feature-flag-changes'] as const,
  latest: () =>
    queryOptions({
      queryKey: [...changeHistoryQueries.all(), 'latest', CHANGE_HISTORY_LIMIT] as const,
      queryFn: fetchLatestChanges,
      staleTime: 0,
    }),
};

export const setFlagsMutationKey = [...flagQueries.all(), 'set'] as const;

export type SetFlagsVariables = { flags: readonly Pick<FeatureFlag, 'id' | 'name'>[]; enabled: boolean };

/** Some of a batch failed: which ones, and why. */
export class FlagUpdateError extends Error {
  readonly failed: { id: string; name: string; reason: string }[];
  constructor(failed: { id: string; name: string; reason: string }[]) {
    super(failed.map((f) => `${f.name}: ${f.reason}`).join('; '));
    this.name = 'FlagUpdateError';
    this.failed = failed;
  }
}

/** Shows confirmed changes on the public site in this tab at once, before the refetch confirms them. */
function applyToPublicFlags(queryClient: QueryClient, ids: ReadonlySet<string>, enabled: boolean) {
  queryClient.setQueryData(flagQueries.list().queryKey, (list) =>
    list?.map((f) => (ids.has(f.id) ? { ...f, enabled } : f)),
  );
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describeChange(names: string[], enabled: boolean): string {
  return names.length === 1
    ? `${names[0]} is now ${enabled ? 'on' : 'off'}`
    : `${names.length} flags turned ${enabled ? 'on' : 'off'}`;
}

/**
 * Switches one or more flags (a toggle, or Enable All). Optimistic: the list
 * changes at once and each flag that fails goes back to what it was. A toast
 * acknowledges success and failure (D8); failures are also logged (spec 8).
 */
export function useSetFlags() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const listKey = adminFlagQueries.list().queryKey;

  return useMutation({
    mutationKey: setFlagsMutationKey,
    mutationFn: async ({ flags, enabled }: SetFlagsVariables) => {
      const results = await Promise.allSettled(flags.map((flag) => updateFlagEnabled(flag.id, enabled)));
      const failed = flags.flatMap((flag, i) => {
        const result = results[i];
        return result?.status === 'rejected' ? [{ id: flag.id, name: flag.name, reason: reason(result.reason) }] : [];
      });
      if (failed.length > 0) throw new FlagUpdateError(failed);
    },
    onMutate: async ({ flags, enabled }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const current = queryClient.getQueryData(listKey) ?? [];
      const previous = new Map(
        flags.map((flag) => [flag.id, current.find((f) => f.id === flag.id)?.enabled ?? !enabled]),
      );
      const ids = new Set(previous.keys());
      queryClient.setQueryData(listKey, (list) => list?.map((f) => (ids.has(f.id) ? { ...f, enabled } : f)));
      return { previous };
    },
    onError: (error, { flags, enabled }, context) => {
      const failed =
        error instanceof FlagUpdateError ? error.failed : flags.map((f) => ({ ...f, reason: reason(error) }));
      const failedIds = new Set(failed.map((f) => f.id));
      // Roll back only what failed: in a batch, the rest did change.
      queryClient.setQueryData(listKey, (list) =>
        list?.map((f) => (failedIds.has(f.id) ? { ...f, enabled: context?.previous.get(f.id) ?? !enabled } : f)),
      );
      console.error('Feature flag update failed:', error);
      const action = enabled ? 'turn on' : 'turn off';
      toast({
        variant: 'error',
        title:
          failed.length === 1 && flags.length === 1
            ? `Could not ${action} ${failed[0]?.name}`
            : `Could not ${action} ${failed.length} of ${flags.length} flags`,
        description: failed.map((f) => (flags.length === 1 ? f.reason : `${f.name}: ${f.reason}`)).join(' '),
      });
      const succeeded = flags.filter((f) => !failedIds.has(f.id));
      if (succeeded.length > 0) {
        applyToPublicFlags(queryClient, new Set(succeeded.map((f) => f.id)), enabled);
        toast({
          variant: 'success',
          title: describeChange(
            succeeded.map((f) => f.name),
            enabled,
          ),
        });
      }
    },
    onSuccess: (_data, { flags, enabled }) => {
      applyToPublicFlags(queryClient, new Set(flags.map((f) => f.id)), enabled);
      toast({
        variant: 'success',
        title: describeChange(
          flags.map((f) => f.name),
          enabled,
        ),
      });
    },
    onSettled: () => {
      // The last of several quick toggles refetches; earlier refetches would undo later optimistic changes.
      if (queryClient.isMutating({ mutationKey: setFlagsMutationKey }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: flagQueries.all() });
      }
      void queryClient.invalidateQueries({ queryKey: changeHistoryQueries.all() });
    },
  });
}
