-- Every staff write needs a session verified with a second factor
-- (docs/decisions/072-staff-second-factor.md).
--
-- Why: a stolen staff password alone must change nothing. GoTrue puts the
-- session's assurance level in the access token (`aal`: aal1 after a
-- password, aal2 after a TOTP code), and the database reads it there, so no
-- client can skip the check. The policies below are RESTRICTIVE: they are
-- AND-ed with the permissive "admins update" policies, so an admin at aal1
-- matches no row and changes nothing. The simple-admin page is not affected:
-- its functions run as the table owner with their own password check
-- (docs/decisions/002-simple-admin-password-in-the-database.md).

create or replace function private.is_aal2()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2';
$$;

revoke execute on function private.is_aal2() from public;
grant execute on function private.is_aal2() to anon, authenticated, service_role;

-- Staff who may change things right now: admin role and a second factor.
create or replace function private.is_verified_admin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select (select private.is_admin()) and (select private.is_aal2());
$$;

revoke execute on function private.is_verified_admin() from public;
grant execute on function private.is_verified_admin() to anon, authenticated, service_role;

create policy "feature_flags: updates need aal2"
  on public.feature_flags as restrictive for update to authenticated
  using ((select private.is_aal2()))
  with check ((select private.is_aal2()));

create policy "user_roles: inserts need aal2"
  on public.user_roles as restrictive for insert to authenticated
  with check ((select private.is_aal2()));

create policy "user_roles: updates need aal2"
  on public.user_roles as restrictive for update to authenticated
  using ((select private.is_aal2()))
  with check ((select private.is_aal2()));

create policy "user_roles: deletes need aal2"
  on public.user_roles as restrictive for delete to authenticated
  using ((select private.is_aal2()));
