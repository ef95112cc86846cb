-- What each staff role may reach, asked of two helpers every staff policy
-- uses (private.is_verified_staff, private.can_manage_company):
--
--   admin            everything, at aal2
--   account_manager  the companies whose account_manager_id names them, or
--                    every company when an admin switches "all companies" on
--                    (public.account_manager_scopes), at aal2
--   editor           no company at all; staff-wide reads only where a policy
--                    asks is_verified_staff() and nothing narrower
--
-- Everything still asked of private.is_verified_admin() stays admin-only, so
-- the new roles start with less, never more.

create table public.account_manager_scopes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  all_companies boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

comment on table public.account_manager_scopes is
  'Per account manager: whether they manage every company (set by an admin) instead of only the companies naming them.';

alter table public.account_manager_scopes enable row level security;

revoke all on table public.account_manager_scopes from anon, authenticated;
grant select, insert, update, delete on table public.account_manager_scopes to authenticated;
grant all on table public.account_manager_scopes to service_role;

create index account_manager_scopes_updated_by_idx on public.account_manager_scopes (updated_by);

-- The role of the caller when it is a staff role (admin, account_manager,
-- editor), else null. Security definer: reads user_roles past its policies.
create or replace function private.staff_role()
returns public.app_role
language sql
stable
security definer
set search_path = ''
as $$
  select ur.role
  from public.user_roles ur
  where ur.user_id = (select auth.uid())
    and ur.role in ('admin', 'account_manager', 'editor');
$$;

create or replace function private.is_verified_staff()
returns boolean
language sql
stable
set search_path = ''
as $$
  select (select private.staff_role()) is not null and (select private.is_aal2());
$$;

create or replace function private.is_verified_account_manager()
returns boolean
language sql
stable
set search_path = ''
as $$
  select (select private.staff_role()) = 'account_manager' and (select private.is_aal2());
$$;

-- Security definer: reads companies and scopes past their policies (which
-- themselves ask this function).
create or replace function private.can_manage_company(target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select target is not null
    and (select private.is_aal2())
    and case (select private.staff_role())
      when 'admin' then true
      when 'account_manager' then
        exists (
          select 1 from public.account_manager_scopes s
          where s.user_id = (select auth.uid()) and s.all_companies
        )
        or exists (
          select 1 from public.companies c
          where c.id = target and c.account_manager_id = (select auth.uid())
        )
      else false
    end;
$$;

revoke execute on function private.staff_role() from public;
revoke execute on function private.is_verified_staff() from public;
revoke execute on function private.is_verified_account_manager() from public;
revoke execute on function private.can_manage_company(uuid) from public;
grant execute on function private.staff_role() to anon, authenticated, service_role;
grant execute on function private.is_verified_staff() to anon, authenticated, service_role;
grant execute on function private.is_verified_account_manager() to anon, authenticated, service_role;
grant execute on function private.can_manage_company(uuid) to anon, authenticated, service_role;

create policy "account_manager_scopes: admins, or the account manager's own row"
  on public.account_manager_scopes for select to authenticated
  using (
    (select private.is_verified_admin())
    or (user_id = (select auth.uid()) and (select private.is_verified_account_manager()))
  );
create policy "account_manager_scopes: verified admins insert"
  on public.account_manager_scopes for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "account_manager_scopes: verified admins update"
  on public.account_manager_scopes for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "account_manager_scopes: verified admins delete"
  on public.account_manager_scopes for delete to authenticated
  using ((select private.is_verified_admin()));

-- An admin names the account manager; the row may only hold an account
-- manager's id, and records who changed it.
create or replace function private.prepare_account_manager_scope()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.user_roles r where r.user_id = new.user_id and r.role = 'account_manager'
  ) then
    raise exception 'Only an account manager has a company scope.' using errcode = '22023';
  end if;
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end;
$$;

revoke execute on function private.prepare_account_manager_scope() from public;

create trigger account_manager_scopes_prepare
  before insert or update on public.account_manager_scopes
  for each row execute function private.prepare_account_manager_scope();

-- Price lists: the people who assign them (admins, account managers), not
-- editors.
drop policy "price_lists: verified staff read" on public.price_lists;
create policy "price_lists: verified admins and account managers read"
  on public.price_lists for select to authenticated
  using ((select private.is_verified_admin()) or (select private.is_verified_account_manager()));
drop policy "price_list_items: verified staff read" on public.price_list_items;
create policy "price_list_items: verified admins and account managers read"
  on public.price_list_items for select to authenticated
  using ((select private.is_verified_admin()) or (select private.is_verified_account_manager()));

-- Order desk functions: admins and account managers; each function then asks
-- can_manage_company of the order's company.
create or replace function private.require_order_staff()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or coalesce((select private.staff_role()) not in ('admin', 'account_manager'), true) then
    raise exception 'Only staff can manage orders.' using errcode = '42501';
  end if;
  if not (select private.is_verified_staff()) then
    raise exception 'Verify your second factor before managing orders.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

-- A company's account manager is an admin or an account manager (was: an admin).
create or replace function private.prepare_company()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.legal_name := btrim(new.legal_name);
  new.name_key := private.company_name_key(new.legal_name);
  new.region := upper(btrim(new.region));
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.updated_at := now();
  else
    new.created_at := now();
    new.updated_at := now();
  end if;
  if private.checks_apply()
     and new.account_manager_id is not null
     and new.account_manager_id is distinct from (case when tg_op = 'UPDATE' then old.account_manager_id end)
     and not exists (select 1 from public.user_roles r where r.user_id = new.account_manager_id and r.role in ('admin', 'account_manager')) then
    raise exception 'The account manager must be a staff account.' using errcode = '22023';
  end if;
  return new;
end;
$$;


-- Every staff role has a staff profile (was: admins only).
create or replace function private.prepare_staff_profile()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.display_name := btrim(new.display_name);
  new.email := lower(btrim(new.email));
  new.phone := nullif(btrim(new.phone), '');
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  else
    new.created_at := now();
  end if;
  new.updated_at := now();
  if private.checks_apply()
     and not exists (select 1 from public.user_roles r where r.user_id = new.user_id and r.role in ('admin', 'account_manager', 'editor')) then
    raise exception 'Only staff accounts have a staff profile.' using errcode = '22023';
  end if;
  return new;
end;
$$;
