/**
 * The simple admin page's calls: deliberate public RPCs that check the shared
 * password on the server (docs/decisions/002-simple-admin-password-in-the-database.md).
 * The flags themselves are read through `flagQueries.list()` like everywhere.
 */
import { queryOptions } from '@tanstack/react-query';
import { flagChangeQueries, type FlagChange } from '@/lib/flags/panel/flag-change-queries';
import type { FlagWriter } from '@/lib/flags/panel/use-flag-writes';
import { supabase } from '@/lib/supabase/client';
import { DataApiError, unwrap } from '@/lib/supabase/errors';

export async function unlockSimpleAdmin(password: string): Promise<boolean> {
  return unwrap<boolean>(await supabase.rpc('simple_admin_unlock', { password }));
}

/** The password was right when the page unlocked, but the server no longer accepts it. */
export class PasswordRejectedError extends Error {
  constructor() {
    super('The simple admin password is no longer accepted.');
    this.name = 'PasswordRejectedError';
  }
}

/**
 * Writes with the password kept in memory: each call throws
 * PasswordRejectedError when the server no longer accepts it.
 */
export function simpleAdminFlagWriter(password: string): FlagWriter {
  return {
    setEnabled: async (flag, enabled, reason) => {
      const changed = unwrap<boolean>(
        await supabase.rpc('simple_admin_set_flag', {
          password,
          flag_id: flag.id,
          enabled,
          ...(reason ? { reason } : {}),
        }),
      );
      if (!changed) throw new PasswordRejectedError();
    },
    undo: async (change, reason) => {
      const undone = unwrap<boolean>(
        await supabase.rpc('simple_admin_undo_change', {
          password,
          change_id: change.id,
          ...(reason ? { reason } : {}),
        }),
      );
      if (!undone) throw new PasswordRejectedError();
    },
  };
}

/**
 * The change history, read with the password. The password stays out of the
 * key (keys are visible to debugging tools); logout removes these entries.
 */
export const simpleAdminChangeQueries = {
  latest: (password: string) =>
    queryOptions({
      queryKey: [...flagChangeQueries.all(), 'simple-admin', 'latest'] as const,
      queryFn: async (): Promise<FlagChange[]> =>
        unwrap<FlagChange[]>(await supabase.rpc('simple_admin_flag_changes', { password })),
      staleTime: 0,
      retry: false,
    }),
};

/** Guessing is throttled on the server: PT429, HTTP 429, with a message meant for people. */
export function isThrottled(error: unknown): error is DataApiError {
  return error instanceof DataApiError && (error.code === 'PT429' || error.status === 429);
}

/** An answer from the database (as opposed to no answer at all). */
function isDatabaseError(error: unknown): error is DataApiError {
  return error instanceof DataApiError && Boolean(error.code || (error.status && error.status > 0));
}

/** The messages for a failed load of the flags: the database's own words, or a generic sentence when it did not answer. */
export function loadErrorMessage(error: unknown): string {
  if (isDatabaseError(error)) return `Database Error: ${error.message}`;
  return 'An unexpected error occurred while fetching feature flags.';
}

/** The message for a failed unlock, change or undo (not a wrong password). */
export function actionErrorMessage(error: unknown): string {
  if (isThrottled(error)) return error.message;
  if (isDatabaseError(error)) return `Database Error: ${error.message}`;
  return 'An unexpected error occurred. Check your connection and try again.';
}
