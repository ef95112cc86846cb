-- Two questions every staff policy and function added from now on asks,
-- instead of asking "is this an admin?" directly:
--
--   private.is_verified_staff()          a staff member signed in with a second factor
--   private.can_manage_company(company)  ... who may act for this company
--
-- Why: staff are about to get roles of their own (account managers who look
-- after some companies, editors who only publish), and the order tables land
-- at the same time. Asking through these two helpers means the roles change
-- one definition each, not every policy. Until roles exist, every staff
-- member is an admin, so both mean "an admin at aal2".

create or replace function private.is_verified_staff()
returns boolean
language sql
stable
set search_path = ''
as $$
  select (select private.is_verified_admin());
$$;

create or replace function private.can_manage_company(target uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select target is not null and (select private.is_verified_admin());
$$;

revoke execute on function private.is_verified_staff() from public;
revoke execute on function private.can_manage_company(uuid) from public;
grant execute on function private.is_verified_staff() to anon, authenticated, service_role;
grant execute on function private.can_manage_company(uuid) to anon, authenticated, service_role;
