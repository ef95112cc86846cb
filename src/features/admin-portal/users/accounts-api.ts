/**
 * Users: the staff RPCs of supabase/migrations/20261123020200_account_administration.sql
 * (docs/decisions/070-accounts-run-themselves.md). The database checks the
 * caller is an admin at aal2 and records every change; this module only calls.
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import type { Tables } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';

export type AccountEntry = {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  role: 'admin' | 'client' | null;
  request_status: 'pending' | 'approved' | 'declined' | 'revoked' | null;
  decision_note: string | null;
  email_confirmed: boolean;
  has_second_factor: boolean;
  created_at: string;
  last_sign_in_at: string | null;
};

export type AccountChange = Pick<
  Tables<'account_changes'>,
  'id' | 'actor_email' | 'target_email' | 'action' | 'note' | 'changed_at'
>;

export const accountQueries = {
  all: () => ['admin', 'accounts'] as const,
  list: (search: string) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'list', search] as const,
      queryFn: async () => unwrap<unknown>(await supabase.rpc('admin_list_accounts', { search })) as AccountEntry[],
    }),
  changes: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'changes'] as const,
      queryFn: async () =>
        unwrap<AccountChange[]>(
          await supabase
            .from('account_changes')
            .select('id,actor_email,target_email,action,note,changed_at')
            .order('id', { ascending: false })
            .limit(50),
        ),
    }),
};

export async function approveRequest(target: string): Promise<void> {
  unwrap(await supabase.rpc('admin_approve_access_request', { target }));
}

export async function declineRequest(target: string, note: string): Promise<void> {
  unwrap(await supabase.rpc('admin_decline_access_request', { target, note }));
}

export async function revokeClientAccess(target: string): Promise<void> {
  unwrap(await supabase.rpc('admin_revoke_client_access', { target }));
}

export async function setAdminRole(target: string, makeAdmin: boolean): Promise<void> {
  unwrap(await supabase.rpc('admin_set_admin_role', { target, make_admin: makeAdmin }));
}
