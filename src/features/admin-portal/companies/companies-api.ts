/**
 * Companies (docs/decisions/111-companies-and-documents.md): the staff list
 * RPC, the tables for a company and its clients, name matching for the
 * approval dialog, and the audit trail. Row-level security admits only an
 * admin at aal2 (072); this module only calls.
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import type { Tables, TablesInsert } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';

export type CompanyListEntry = {
  id: string;
  legal_name: string;
  country: string;
  region: string;
  customer_type: string;
  preferred_language: string;
  account_manager_id: string | null;
  account_manager_name: string | null;
  archived_at: string | null;
  created_at: string;
  client_count: number;
  document_count: number;
  last_client_sign_in_at: string | null;
};

export type Company = Tables<'companies'>;
export type CompanyValues = Pick<
  TablesInsert<'companies'>,
  'legal_name' | 'country' | 'region' | 'customer_type' | 'preferred_language' | 'account_manager_id'
>;
export type CompanyCandidate = {
  id: string;
  legal_name: string;
  country: string;
  region: string;
  archived_at: string | null;
  exact: boolean;
};
export type StaffProfile = Pick<Tables<'staff_profiles'>, 'user_id' | 'display_name' | 'email'>;
export type PortalChange = Tables<'portal_changes'>;
export type Membership = Tables<'company_clients'>;

export const companyQueries = {
  all: () => ['admin', 'companies'] as const,
  list: (search: string, includeArchived: boolean) =>
    queryOptions({
      queryKey: [...companyQueries.all(), 'list', search, includeArchived] as const,
      queryFn: async () =>
        unwrap<unknown>(
          await supabase.rpc('admin_list_companies', { search, include_archived: includeArchived }),
        ) as CompanyListEntry[],
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: [...companyQueries.all(), 'one', id] as const,
      queryFn: async () =>
        unwrap<Company | null>(await supabase.from('companies').select('*').eq('id', id).maybeSingle()),
    }),
  staff: () =>
    queryOptions({
      queryKey: [...companyQueries.all(), 'staff'] as const,
      queryFn: async () =>
        unwrap<StaffProfile[]>(
          await supabase.from('staff_profiles').select('user_id,display_name,email').order('display_name'),
        ),
    }),
  memberships: () =>
    queryOptions({
      queryKey: [...companyQueries.all(), 'memberships'] as const,
      queryFn: async () =>
        unwrap<Membership[]>(await supabase.from('company_clients').select('user_id,company_id,added_at')),
    }),
  changes: (companyId: string) =>
    queryOptions({
      queryKey: [...companyQueries.all(), 'changes', companyId] as const,
      queryFn: async () =>
        unwrap<PortalChange[]>(
          await supabase
            .from('portal_changes')
            .select('*')
            .eq('company_id', companyId)
            .order('id', { ascending: false })
            .limit(100),
        ),
    }),
  candidates: (name: string) =>
    queryOptions({
      queryKey: [...companyQueries.all(), 'candidates', name] as const,
      queryFn: async () =>
        unwrap<unknown>(await supabase.rpc('admin_find_company_candidates', { name })) as CompanyCandidate[],
    }),
};

export async function createCompany(values: CompanyValues): Promise<Company> {
  return unwrap<Company>(await supabase.from('companies').insert(values).select('*').single());
}

export async function updateCompany(id: string, values: CompanyValues): Promise<void> {
  unwrap(await supabase.from('companies').update(values).eq('id', id));
}

export async function setCompanyArchived(id: string, archived: boolean): Promise<void> {
  unwrap(
    await supabase
      .from('companies')
      .update({ archived_at: archived ? new Date().toISOString() : null })
      .eq('id', id),
  );
}

export async function attachClient(companyId: string, userId: string): Promise<void> {
  unwrap(await supabase.from('company_clients').insert({ company_id: companyId, user_id: userId }));
}

export async function detachClient(userId: string): Promise<void> {
  unwrap(await supabase.from('company_clients').delete().eq('user_id', userId));
}

/** What the access request says about the company, to prefill a new one. */
export async function requestDetails(userId: string): Promise<{ industry: string | null; locale: string } | null> {
  return unwrap(await supabase.from('access_requests').select('industry,locale').eq('user_id', userId).maybeSingle());
}
