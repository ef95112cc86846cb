-- Managing the team (docs/decisions/211-managing-staff.md): an admin at aal2
-- gives an account a staff role, changes it or removes it; the last admin can
-- never lose the role; every change of a staff role is recorded.
--
--   public.staff_changes       who changed whose role, from what to what, when;
--                              admins (aal2) read it, nobody writes it
--   public.set_staff_role      give or change a staff role
--   public.remove_staff_access take the staff role away
--   public.can_manage_staff    whether the caller may (the invite function asks)
--
-- The guard and the record are triggers on user_roles, so they hold for
-- every path (these functions, the older admin_set_admin_role, SQL).

create table public.staff_changes (
  id bigint generated always as identity primary key,
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text not null default '',
  target_id uuid references auth.users (id) on delete set null,
  target_email text not null default '',
  from_role public.app_role,
  to_role public.app_role,
  changed_at timestamptz not null default now()
);

comment on table public.staff_changes is
  'Every change of a staff role (admin, account_manager, editor): who made it, whose, from and to (null: none), when.';

alter table public.staff_changes enable row level security;
revoke all on table public.staff_changes from anon, authenticated;
grant select on table public.staff_changes to authenticated;
grant all on table public.staff_changes to service_role;

create index staff_changes_actor_id_idx on public.staff_changes (actor_id);
create index staff_changes_target_id_idx on public.staff_changes (target_id, changed_at desc);

create policy "staff_changes: verified admins read"
  on public.staff_changes for select to authenticated
  using ((select private.is_verified_admin()));

-- One lock for every change of an admin row, so two changes at once cannot
-- each see another admin left.
create or replace function private.lock_admin_roles()
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtext('public.user_roles: admins'));
$$;

revoke execute on function private.lock_admin_roles() from public;

-- The last admin keeps the role: refused (42501) when an admin row would be
-- deleted or changed to another role and no other admin is left.
create or replace function private.guard_last_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'admin' and (tg_op = 'DELETE' or new.role is distinct from 'admin' or new.user_id <> old.user_id) then
    perform private.lock_admin_roles();
    if not exists (
      select 1 from public.user_roles r where r.role = 'admin' and r.user_id <> old.user_id
    ) then
      raise exception 'The last admin cannot be removed or demoted.' using errcode = '42501';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

revoke execute on function private.guard_last_admin() from public;

create trigger user_roles_guard_last_admin
  before update or delete on public.user_roles
  for each row execute function private.guard_last_admin();

-- Every change in or out of a staff role, with the caller as its author
-- (null and "SQL" when no account made it).
create or replace function private.record_staff_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  staff_roles public.app_role[] := array['admin', 'account_manager', 'editor']::public.app_role[];
  before_role public.app_role := case when tg_op in ('UPDATE', 'DELETE') then old.role end;
  after_role public.app_role := case when tg_op in ('INSERT', 'UPDATE') then new.role end;
  target uuid := case when tg_op = 'DELETE' then old.user_id else new.user_id end;
  actor uuid := (select auth.uid());
begin
  if before_role is not distinct from after_role
     or not (coalesce(before_role = any (staff_roles), false) or coalesce(after_role = any (staff_roles), false)) then
    return null;
  end if;
  insert into public.staff_changes (actor_id, actor_email, target_id, target_email, from_role, to_role)
  values (actor,
          coalesce((select u.email from auth.users u where u.id = actor), case when actor is null then 'SQL' else '' end),
          target, coalesce((select u.email from auth.users u where u.id = target), ''),
          before_role, after_role);
  return null;
end;
$$;

revoke execute on function private.record_staff_change() from public;

create trigger user_roles_record_staff_change
  after insert or update or delete on public.user_roles
  for each row execute function private.record_staff_change();

-- Whether the caller may manage staff: an admin at aal2.
create or replace function public.can_manage_staff()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select private.is_verified_admin()), false);
$$;

revoke execute on function public.can_manage_staff() from public;
grant execute on function public.can_manage_staff() to authenticated, service_role;

-- Give or change a staff role. The account keeps one role: a client is
-- refused (revoke their client access first). A staff profile is made when
-- missing; an account manager who stops being one loses their "all
-- companies" switch and the companies naming them name nobody.
create or replace function private.set_staff_role(target uuid, new_role public.app_role)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_verified_admin();
  current_role_of_target public.app_role;
  account auth.users;
begin
  if new_role is null or new_role not in ('admin', 'account_manager', 'editor') then
    raise exception 'The role must be admin, account_manager or editor.' using errcode = '22023';
  end if;
  select * into account from auth.users u where u.id = target and u.deleted_at is null;
  if not found then
    raise exception 'No such account.' using errcode = 'PT404';
  end if;
  perform private.lock_admin_roles();
  select r.role into current_role_of_target from public.user_roles r where r.user_id = target for update;
  if current_role_of_target = 'client' then
    raise exception 'This account is a client; revoke its client access first.' using errcode = '22023';
  end if;
  if current_role_of_target is not distinct from new_role then
    return;
  end if;
  insert into public.user_roles (user_id, role) values (target, new_role)
  on conflict (user_id) do update set role = excluded.role;
  insert into public.staff_profiles (user_id, display_name, email)
  values (target,
          coalesce(nullif(btrim(concat_ws(' ', account.raw_user_meta_data ->> 'first_name',
                                          account.raw_user_meta_data ->> 'last_name')), ''),
                   split_part(account.email, '@', 1)),
          account.email)
  on conflict (user_id) do nothing;
  if current_role_of_target = 'account_manager' then
    delete from public.account_manager_scopes s where s.user_id = target;
    update public.companies c set account_manager_id = null where c.account_manager_id = target;
  end if;
end;
$$;

create or replace function private.remove_staff_access(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_verified_admin();
begin
  perform private.lock_admin_roles();
  if not exists (
    select 1 from public.user_roles r
    where r.user_id = target and r.role in ('admin', 'account_manager', 'editor')
  ) then
    raise exception 'This account is not staff.' using errcode = '22023';
  end if;
  delete from public.account_manager_scopes s where s.user_id = target;
  update public.companies c set account_manager_id = null where c.account_manager_id = target;
  delete from public.user_roles r where r.user_id = target;
end;
$$;

revoke execute on function private.set_staff_role(uuid, public.app_role) from public;
revoke execute on function private.remove_staff_access(uuid) from public;
grant execute on function private.set_staff_role(uuid, public.app_role) to authenticated, service_role;
grant execute on function private.remove_staff_access(uuid) to authenticated, service_role;

create or replace function public.set_staff_role(target uuid, role public.app_role)
returns void
language sql
set search_path = ''
as $$
  select private.set_staff_role(target, role);
$$;

create or replace function public.remove_staff_access(target uuid)
returns void
language sql
set search_path = ''
as $$
  select private.remove_staff_access(target);
$$;

revoke execute on function public.set_staff_role(uuid, public.app_role) from public;
revoke execute on function public.remove_staff_access(uuid) from public;
grant execute on function public.set_staff_role(uuid, public.app_role) to authenticated, service_role;
grant execute on function public.remove_staff_access(uuid) to authenticated, service_role;
