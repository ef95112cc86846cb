/**
 * A staff member's contact details, shown to the clients of the companies
 * they manage (docs/decisions/111-companies-and-documents.md). Row-level
 * security lets an admin at aal2 write them; this module only calls.
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import type { Tables } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';
import { companyQueries } from '@/features/admin-portal/companies/companies-api';

export type StaffContact = Pick<Tables<'staff_profiles'>, 'display_name' | 'email' | 'phone'>;

export const staffProfileQueries = {
  own: (userId: string) =>
    queryOptions({
      queryKey: [...companyQueries.all(), 'staff-profile', userId] as const,
      queryFn: async () =>
        unwrap<StaffContact | null>(
          await supabase.from('staff_profiles').select('display_name,email,phone').eq('user_id', userId).maybeSingle(),
        ),
    }),
};

/** Creates or replaces the contact details of a staff account. */
export async function saveStaffContact(userId: string, exists: boolean, values: StaffContact): Promise<void> {
  if (exists) {
    unwrap(await supabase.from('staff_profiles').update(values).eq('user_id', userId));
  } else {
    unwrap(await supabase.from('staff_profiles').insert({ user_id: userId, ...values }));
  }
}
