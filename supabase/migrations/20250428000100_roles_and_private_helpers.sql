-- Roles of accounts (admin, client, member) and the helpers every policy uses.
--
-- Why: permissions are decided in Postgres, never in the browser. One row per
-- user holds its role. `private.is_admin()` is security definer so policies on
-- user_roles can ask "is the caller an admin?" without recursing into the
-- policies of user_roles itself; it lives in `private`, a schema the Data API
-- does not expose, so it cannot be called as an RPC (linter 0028/0029).

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Functions are not executable by everyone unless granted explicitly.
alter default privileges in schema public revoke execute on functions from public;
alter default privileges in schema private revoke execute on functions from public;

create type public.app_role as enum ('admin', 'client');

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now()
);

comment on table public.user_roles is 'One role per account: admin (staff) or client (approved B2B client).';

alter table public.user_roles enable row level security;

revoke all on table public.user_roles from anon, authenticated;
grant select, insert, update, delete on table public.user_roles to authenticated;
grant all on table public.user_roles to service_role;

create or replace function private.has_role(requested public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: reads user_roles without going through its own policies.
  select exists (
    select 1
    from public.user_roles ur
    where ur.user_id = (select auth.uid())
      and ur.role = requested
  );
$$;

create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_role('admin'::public.app_role);
$$;

revoke execute on function private.has_role(public.app_role) from public;
revoke execute on function private.is_admin() from public;
grant execute on function private.has_role(public.app_role) to anon, authenticated, service_role;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- Reading: your own row; admins read every row.
create policy "user_roles: read own row or any as admin"
  on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- Writing: admins only, and never their own row, so nobody grants themselves
-- a role (and an admin cannot demote themselves by accident).
create policy "user_roles: admins insert others' roles"
  on public.user_roles for insert to authenticated
  with check ((select private.is_admin()) and user_id <> (select auth.uid()));

create policy "user_roles: admins update others' roles"
  on public.user_roles for update to authenticated
  using ((select private.is_admin()) and user_id <> (select auth.uid()))
  with check ((select private.is_admin()) and user_id <> (select auth.uid()));

create policy "user_roles: admins delete others' roles"
  on public.user_roles for delete to authenticated
  using ((select private.is_admin()) and user_id <> (select auth.uid()));
