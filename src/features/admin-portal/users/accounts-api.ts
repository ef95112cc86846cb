/**
 * Users: the staff RPCs of supabase/migrations/20261123020200_account_administration.sql
 * (docs/decisions/070-accounts-run-themselves.md). The database checks the
 * caller is an admin at aal2 and records every change; this module only calls.
 */
import { queryOptions } from '@tanstack/react-query';
import { routePath } from '@/config/paths';
import type { StaffRole } from '@/lib/session/staff-roles';
import { supabase } from '@/lib/supabase/client';
import type { AppRole } from '@/lib/supabase/database-aliases';
import type { Tables } from '@/lib/supabase/database.types';
import { DataApiError, functionErrorAnswer, unwrap } from '@/lib/supabase/errors';

export type AccountEntry = {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  role: AppRole | null;
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

export type StaffChange = Pick<
  Tables<'staff_changes'>,
  'id' | 'actor_email' | 'target_email' | 'from_role' | 'to_role' | 'changed_at'
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
  staffChanges: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'staff-changes'] as const,
      queryFn: async () =>
        unwrap<StaffChange[]>(
          await supabase
            .from('staff_changes')
            .select('id,actor_email,target_email,from_role,to_role,changed_at')
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

/** Gives or changes a staff role; the database refuses a client account, a non-admin caller, or demoting the last admin. */
export async function setStaffRole(target: string, role: StaffRole): Promise<void> {
  unwrap(await supabase.rpc('set_staff_role', { target, role }));
}

/** Takes the staff role away (the account stays, with no role); never from the last admin. */
export async function removeStaffAccess(target: string): Promise<void> {
  unwrap(await supabase.rpc('remove_staff_access', { target }));
}

/**
 * Invites a team member by e-mail with a role (the `invite-staff` Edge
 * Function: Auth's invite, then the role given as this admin). The mail's link
 * opens the new-password page, which accepts the invitation.
 */
export async function inviteStaff(email: string, role: StaffRole): Promise<void> {
  const { error } = await supabase.functions.invoke('invite-staff', {
    body: { email, role, redirect_to: `${window.location.origin}${routePath('resetPassword', 'en')}` },
  });
  if (!error) return;
  const answer = await functionErrorAnswer(error);
  if (answer.status === 409)
    throw new DataApiError({ message: `${email} already has an account: give it a role from the list below instead.` });
  const message = (answer.body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) throw new DataApiError({ message });
  throw new DataApiError({ message: error.message });
}
