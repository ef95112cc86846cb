import type { Tables } from '@/lib/supabase/database.types';

/** One entry of the change history, as both staff screens read it. */
export type FlagChange = Pick<
  Tables<'feature_flag_changes'>,
  | 'id'
  | 'flag_name'
  | 'field'
  | 'old_enabled'
  | 'new_enabled'
  | 'old_description'
  | 'new_description'
  | 'changed_by_email'
  | 'source'
  | 'reason'
  | 'undoes_change_id'
  | 'changed_at'
>;

export const FLAG_CHANGE_COLUMNS =
  'id,flag_name,field,old_enabled,new_enabled,old_description,new_description,changed_by_email,source,reason,undoes_change_id,changed_at';

/** The history shows the latest changes, newest first. */
export const CHANGE_HISTORY_LIMIT = 50;

/**
 * Keys of the flag change history. Each screen reads the history its own way
 * (the signed-in read for the portal, the password RPC for the simple admin
 * page) under these keys, so every write invalidates both through `all()`.
 */
export const flagChangeQueries = {
  all: () => ['feature-flag-changes'] as const,
};
