/**
 * The admin portal's writes of feature flags and its read of their audit
 * trail, through supabase-js with the signed-in admin's session: the RPCs act
 * as the admin, so RLS decides (docs/decisions/033-safe-flag-toggles.md).
 * The flags themselves are read through `flagQueries.list()` like everywhere.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  CHANGE_HISTORY_LIMIT,
  FLAG_CHANGE_COLUMNS,
  flagChangeQueries,
  type FlagChange,
} from '@/lib/flags/panel/flag-change-queries';
import type { FlagWriter } from '@/lib/flags/panel/use-flag-writes';
import { supabase } from '@/lib/supabase/client';
import { unwrap } from '@/lib/supabase/errors';

export const portalFlagWriter: FlagWriter = {
  setEnabled: async (flag, enabled, reason) => {
    unwrap(await supabase.rpc('set_feature_flag', { flag_id: flag.id, enabled, ...(reason ? { reason } : {}) }));
  },
  undo: async (change, reason) => {
    unwrap(await supabase.rpc('undo_feature_flag_change', { change_id: change.id, ...(reason ? { reason } : {}) }));
  },
};

export async function fetchLatestChanges(): Promise<FlagChange[]> {
  return unwrap<FlagChange[]>(
    await supabase
      .from('feature_flag_changes')
      .select(FLAG_CHANGE_COLUMNS)
      .order('changed_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(CHANGE_HISTORY_LIMIT),
  );
}

export const changeHistoryQueries = {
  latest: () =>
    queryOptions({
      queryKey: [...flagChangeQueries.all(), 'portal', 'latest', CHANGE_HISTORY_LIMIT] as const,
      queryFn: fetchLatestChanges,
      staleTime: 0,
    }),
};
