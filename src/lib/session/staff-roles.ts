import type { AppRole } from '@/lib/supabase/database-aliases';

/**
 * The roles of the admin portal: admins (everything), account managers (their
 * companies) and editors (content and the catalogue). `client` has the
 * client portal. Every staff role passes a second factor before anything.
 */
export type StaffRole = Exclude<AppRole, 'client'>;
export const STAFF_ROLES: readonly StaffRole[] = ['admin', 'account_manager', 'editor'];

export function isStaffRole(role: AppRole | null | undefined): role is StaffRole {
  return role != null && (STAFF_ROLES as readonly AppRole[]).includes(role);
}
