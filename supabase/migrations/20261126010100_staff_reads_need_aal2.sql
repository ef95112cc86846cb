-- Every staff read needs a session verified with a second factor, as staff
-- writes and lead reads already do
-- (docs/decisions/123-staff-reads-need-aal2-functions-closed-by-default.md).
--
-- Why: an admin session opened with a password alone (aal1) could still read
-- the flag audit (staff emails and reasons), every account's role, the
-- analytics events and the publish log. A stolen password must show nothing.
--
-- The policies below are RESTRICTIVE, AND-ed with the permissive "admins
-- read" policies. Left as they are, because they already need aal2:
-- access_requests (own row, or verified admins), account_changes, leads,
-- staff_profiles, companies, company_clients, documents, document_versions,
-- document_downloads, portal_changes, the documents bucket, and the staff
-- RPCs (admin_list_accounts, admin_list_companies,
-- admin_find_company_candidates, lead_retention_periods, purge_expired_leads,
-- which go through private.require_verified_admin(),
-- private.require_portal_staff() or the tables' policies).
-- Deliberately public: feature_flags, which every visitor's page reads.
-- Not a staff session: the simple-admin functions, which answer only to the
-- simple-admin password (docs/decisions/002-simple-admin-password-in-the-database.md).

create policy "feature_flag_changes: reads need aal2"
  on public.feature_flag_changes as restrictive for select to authenticated
  using ((select private.is_aal2()));

create policy "analytics_events: reads need aal2"
  on public.analytics_events as restrictive for select to authenticated
  using ((select private.is_aal2()));

create policy "site_publishes: reads need aal2"
  on public.site_publishes as restrictive for select to authenticated
  using ((select private.is_aal2()));

-- Everyone still reads their own role at aal1: the app reads it right after
-- the password to know whether to ask for the authenticator code.
create policy "user_roles: others' rows need aal2"
  on public.user_roles as restrictive for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_aal2()));

-- The flag RPCs say why at aal1, before reading the history they would
-- otherwise find empty (an undo at aal1 would answer "not in the history").
create or replace function public.set_feature_flag(flag_id uuid, enabled boolean, reason text default null)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'Only admins can change feature flags.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor before changing feature flags.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  perform private.apply_feature_flag_change(flag_id, 'enabled', enabled, null, reason, null);
  return true;
end;
$$;

create or replace function public.undo_feature_flag_change(change_id bigint, reason text default null)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'Only admins can undo flag changes.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor before undoing flag changes.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  perform private.undo_feature_flag_change(change_id, reason);
  return true;
end;
$$;
