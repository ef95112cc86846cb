-- One lock order for every change of an admin role.
--
-- The staff functions (set_staff_role, remove_staff_access) and the last-admin
-- trigger take the admin-roles lock first and lock rows after it. The older
-- admin_set_admin_role locked the admin rows first and met the lock only in
-- the trigger, the other way round: the two at the same moment could wait for
-- each other until PostgreSQL ended one with a deadlock error. It now takes
-- the same lock first; the rest is unchanged.

create or replace function private.set_admin_role(target uuid, make_admin boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_verified_admin();
  address text := private.account_target(caller, target);
  admins integer;
begin
  if make_admin is null then
    raise exception 'make_admin must be true or false.' using errcode = '22023';
  end if;
  -- The admin-roles lock before any row, as every other change of an admin role.
  perform private.lock_admin_roles();
  -- Admin rows are locked so two withdrawals at once cannot both pass the count.
  perform 1 from public.user_roles r where r.role = 'admin' for update;
  if make_admin then
    insert into public.user_roles (user_id, role) values (target, 'admin')
    on conflict (user_id) do update set role = 'admin';
    perform private.record_account_change(caller, target, address, 'grant_admin', null);
  else
    if not exists (select 1 from public.user_roles r where r.user_id = target and r.role = 'admin') then
      raise exception 'This account is not staff.' using errcode = '22023';
    end if;
    select count(*) into admins from public.user_roles r where r.role = 'admin';
    if admins <= 1 then
      raise exception 'The last admin cannot be removed.' using errcode = '42501';
    end if;
    delete from public.user_roles r where r.user_id = target;
    perform private.record_account_change(caller, target, address, 'withdraw_admin', null);
  end if;
end;
$$;
