-- Staff run accounts from the admin portal (docs/decisions/070-accounts-run-themselves.md):
-- approve or decline a request, revoke a client's access, grant or withdraw
-- the admin role, each change recorded in `account_changes`.
--
-- Roles are written only here. The direct RLS writes to user_roles that
-- admins had are withdrawn, so the rules below cannot be walked around:
--   - the caller is an admin whose session passed the second factor (aal2);
--   - nobody acts on their own account (no self-approval, no self-demotion);
--   - the last admin cannot be removed.
-- The functions doing the work are security definer in `private` (they read
-- auth.users and write tables no API role may write); each is exposed through
-- a security-invoker wrapper in `public`, the RPC the portal calls. Failures
-- raise 42501 (not allowed, HTTP 403), 22023 (bad input, 400) or PT404 (no
-- such account, 404), and change nothing.

revoke insert, update, delete on table public.user_roles from authenticated;
drop policy "user_roles: admins insert others' roles" on public.user_roles;
drop policy "user_roles: admins update others' roles" on public.user_roles;
drop policy "user_roles: admins delete others' roles" on public.user_roles;
drop policy "user_roles: inserts need aal2" on public.user_roles;
drop policy "user_roles: updates need aal2" on public.user_roles;
drop policy "user_roles: deletes need aal2" on public.user_roles;

create table public.account_changes (
  id bigint generated always as identity primary key,
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text not null,
  target_id uuid references auth.users (id) on delete set null,
  target_email text not null,
  action text not null
    constraint account_changes_action check (action in
      ('approve', 'decline', 'revoke_client', 'grant_admin', 'withdraw_admin')),
  note text constraint account_changes_note_length check (char_length(note) <= 1000),
  changed_at timestamptz not null default now()
);

comment on table public.account_changes is 'Who approved, declined or changed whose access, and when.';

create index account_changes_changed_at_idx on public.account_changes (changed_at desc);
create index account_changes_actor_id_idx on public.account_changes (actor_id);
create index account_changes_target_id_idx on public.account_changes (target_id);

alter table public.account_changes enable row level security;

revoke all on table public.account_changes from anon, authenticated;
grant select on table public.account_changes to authenticated;
grant all on table public.account_changes to service_role;

create policy "account_changes: verified admins read"
  on public.account_changes for select to authenticated
  using ((select private.is_verified_admin()));

-- The caller, checked: an admin at aal2. Returns their id.
create or replace function private.require_verified_admin()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or not (select private.is_admin()) then
    raise exception 'Only staff can manage accounts.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor before changing accounts.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

-- The target account's address; refuses unknown accounts and the caller's own.
create or replace function private.account_target(caller uuid, target uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  address text;
begin
  if target is null then
    raise exception 'An account is required.' using errcode = '22023';
  end if;
  if target = caller then
    raise exception 'Nobody can change their own access.' using errcode = '42501';
  end if;
  select u.email into address from auth.users u where u.id = target;
  if not found then
    raise exception 'No such account.' using errcode = 'PT404';
  end if;
  return coalesce(address, '');
end;
$$;

create or replace function private.record_account_change(
  caller uuid, target uuid, target_email text, what text, note text
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.account_changes (actor_id, actor_email, target_id, target_email, action, note)
  select caller, coalesce(u.email, ''), target, target_email, what, note
  from auth.users u where u.id = caller;
$$;

create or replace function private.approve_access_request(target uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_verified_admin();
  address text := private.account_target(caller, target);
  current_role_of_target public.app_role;
begin
  select r.role into current_role_of_target from public.user_roles r where r.user_id = target for update;
  if current_role_of_target = 'admin' then
    raise exception 'This account is staff; withdraw the admin role first.' using errcode = '22023';
  end if;
  insert into public.user_roles (user_id, role) values (target, 'client')
  on conflict (user_id) do nothing;
  update public.access_requests
     set status = 'approved', decision_note = null, decided_by = caller, decided_at = now()
   where user_id = target;
  perform private.record_account_change(caller, target, address, 'approve', null);
end;
$$;

create or replace function private.decline_access_request(target uuid, note text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_verified_admin();
  address text := private.account_target(caller, target);
  cleaned text := btrim(coalesce(note, ''));
begin
  if cleaned = '' or char_length(cleaned) > 1000 then
    raise exception 'A note for the requester (1 to 1000 characters) is required.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.access_requests a where a.user_id = target) then
    raise exception 'This account has no access request.' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.user_roles r where r.user_id = target and r.role = 'admin') then
    raise exception 'This account is staff; withdraw the admin role first.' using errcode = '22023';
  end if;
  delete from public.user_roles r where r.user_id = target and r.role = 'client';
  update public.access_requests
     set status = 'declined', decision_note = cleaned, decided_by = caller, decided_at = now()
   where user_id = target;
  perform private.record_account_change(caller, target, address, 'decline', cleaned);
end;
$$;

create or replace function private.revoke_client_access(target uuid, note text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_verified_admin();
  address text := private.account_target(caller, target);
  cleaned text := nullif(btrim(coalesce(note, '')), '');
begin
  if char_length(cleaned) > 1000 then
    raise exception 'The note has more than 1000 characters.' using errcode = '22023';
  end if;
  delete from public.user_roles r where r.user_id = target and r.role = 'client';
  if not found then
    raise exception 'This account has no client access.' using errcode = '22023';
  end if;
  update public.access_requests
     set status = 'revoked', decision_note = cleaned, decided_by = caller, decided_at = now()
   where user_id = target;
  perform private.record_account_change(caller, target, address, 'revoke_client', cleaned);
end;
$$;

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

-- Every account with what staff need to decide: pending requests first,
-- then newest. `search` matches the address or the company (case-insensitive).
create or replace function private.list_accounts(search text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := '%' || replace(replace(replace(btrim(coalesce(search, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  result jsonb;
begin
  perform private.require_verified_admin();
  select coalesce(jsonb_agg(row_data order by pending desc, created_at desc), '[]'::jsonb) into result
  from (
    select
      coalesce(a.status = 'pending', false) as pending,
      u.created_at,
      jsonb_build_object(
        'user_id', u.id,
        'email', u.email,
        'first_name', coalesce(a.first_name, u.raw_user_meta_data ->> 'first_name', ''),
        'last_name', coalesce(a.last_name, u.raw_user_meta_data ->> 'last_name', ''),
        'company', coalesce(a.company, ''),
        'role', r.role,
        'request_status', a.status,
        'decision_note', a.decision_note,
        'locale', a.locale,
        'phone', a.phone,
        'job_title', a.job_title,
        'email_confirmed', u.email_confirmed_at is not null,
        'has_second_factor', exists (
          select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified'),
        'created_at', u.created_at,
        'last_sign_in_at', u.last_sign_in_at
      ) as row_data
    from auth.users u
    left join public.access_requests a on a.user_id = u.id
    left join public.user_roles r on r.user_id = u.id
    where u.deleted_at is null
      and (btrim(coalesce(search, '')) = ''
           or u.email ilike pattern
           or coalesce(a.company, '') ilike pattern)
  ) listed;
  return result;
end;
$$;

revoke execute on function private.require_verified_admin() from public;
revoke execute on function private.account_target(uuid, uuid) from public;
revoke execute on function private.record_account_change(uuid, uuid, text, text, text) from public;
revoke execute on function private.approve_access_request(uuid) from public;
revoke execute on function private.decline_access_request(uuid, text) from public;
revoke execute on function private.revoke_client_access(uuid, text) from public;
revoke execute on function private.set_admin_role(uuid, boolean) from public;
revoke execute on function private.list_accounts(text) from public;
grant execute on function private.approve_access_request(uuid) to authenticated;
grant execute on function private.decline_access_request(uuid, text) to authenticated;
grant execute on function private.revoke_client_access(uuid, text) to authenticated;
grant execute on function private.set_admin_role(uuid, boolean) to authenticated;
grant execute on function private.list_accounts(text) to authenticated;

-- The RPCs. Security invoker: they run as the caller and only call the
-- checked functions above, so being callable is harmless.
create or replace function public.admin_list_accounts(search text default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.list_accounts(search);
$$;

create or replace function public.admin_approve_access_request(target uuid)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.approve_access_request(target);
$$;

create or replace function public.admin_decline_access_request(target uuid, note text)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.decline_access_request(target, note);
$$;

create or replace function public.admin_revoke_client_access(target uuid, note text default null)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.revoke_client_access(target, note);
$$;

create or replace function public.admin_set_admin_role(target uuid, make_admin boolean)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.set_admin_role(target, make_admin);
$$;

revoke execute on function public.admin_list_accounts(text) from public, anon;
revoke execute on function public.admin_approve_access_request(uuid) from public, anon;
revoke execute on function public.admin_decline_access_request(uuid, text) from public, anon;
revoke execute on function public.admin_revoke_client_access(uuid, text) from public, anon;
revoke execute on function public.admin_set_admin_role(uuid, boolean) from public, anon;
grant execute on function public.admin_list_accounts(text) to authenticated;
grant execute on function public.admin_approve_access_request(uuid) to authenticated;
grant execute on function public.admin_decline_access_request(uuid, text) to authenticated;
grant execute on function public.admin_revoke_client_access(uuid, text) to authenticated;
grant execute on function public.admin_set_admin_role(uuid, boolean) to authenticated;
