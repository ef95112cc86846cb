/**
 * The simple admin page's calls (D2): two deliberate public RPCs that check
 * the shared password on the server, and the public read of the flags.
 */
import { queryOptions } from '@tanstack/react-query';
import { flagQueries } from '@/lib/flags/flag-queries';
import type { FeatureFlag } from '@/lib/flags/flag-names';
import { supabase } from '@/lib/supabase/client';
import { DataApiError, unwrap } from '@/lib/supabase/errors';

export async function unlockSimpleAdmin(password: string): Promise<boolean> {
  return unwrap<boolean>(await supabase.rpc('simple_admin_unlock', { password }));
}

/** True when the flag changed; false when the password is no longer right. */
export async function setFlagAsSimpleAdmin(password: string, flagId: string, enabled: boolean): Promise<boolean> {
  return unwrap<boolean>(await supabase.rpc('simple_admin_set_flag', { password, flag_id: flagId, enabled }));
}

export async function fetchSimpleAdminFlags(): Promise<FeatureFlag[]> {
  return unwrap<FeatureFlag[]>(
    await supabase.from('feature_flags').select('id,name,enabled,description').order('name'),
  );
}

/** Under flagQueries.all(): a change made elsewhere in this tab refreshes it too. */
export const simpleAdminQueries = {
  flags: () =>
    queryOptions({
      queryKey: [...flagQueries.all(), 'simple-admin'] as const,
      queryFn: fetchSimpleAdminFlags,
      staleTime: 0,
      retry: false,
    }),
};

/** Guessing is throttled on the server (D2): PT429, HTTP 429, with a message meant for people. */
export function isThrottled(error: unknown): error is DataApiError {
  return error instanceof DataApiError && (error.code === 'PT429' || error.status === 429);
}

/** An answer from the database (as opposed to no answer at all). */
function isDatabaseError(error: unknown): error is DataApiError {
  return error instanceof DataApiError && Boolean(error.code || (error.status && error.status > 0));
}

/** Spec 8's messages for a failed load of the flags. */
export function loadErrorMessage(error: unknown): string {
  if (isDatabaseError(error)) return `Database Error: ${error.message}`;
  return 'An unexpected error occurred while fetching feature flags.';
}

/** The message for a failed unlock or change (not a wrong password). */
export function actionErrorMessage(error: unknown): string {
  if (isThrottled(error)) return error.message;
  if (isDatabaseError(error)) return `Database Error: ${error.message}`;
  return 'An unexpected error occurred. Check your connection and try again.';
}
