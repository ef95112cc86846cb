-- The simple-admin page (docs/decisions/002-simple-admin-password-in-the-database.md): a shared staff password that never
-- reaches the browser.
--
-- The bcrypt hash and the record of attempts live in `private`, which the Data
-- API does not expose. Two deliberate public RPCs, callable by anon because the
-- page has no account:
--   simple_admin_unlock(password)                    -> boolean
--   simple_admin_set_flag(password, flag_id, enabled) -> boolean (false: wrong password)
-- Both are security definer (they read the hash and write a flag that RLS
-- would refuse to anon) with an empty search_path and qualified names.
-- Guessing is bounded: after 10 wrong passwords within a minute every try is
-- refused for a minute with SQLSTATE PT429 (HTTP 429 through the Data API).
-- A wrong password returns false rather than raising, so the failed attempt
-- is committed and counts towards the limit.

create extension if not exists pgcrypto with schema extensions;

create table private.simple_admin_secret (
  id smallint primary key default 1 constraint simple_admin_secret_single_row check (id = 1),
  password_hash text not null,
  updated_at timestamptz not null default now()
);

create table private.simple_admin_attempts (
  id bigint generated always as identity primary key,
  attempted_at timestamptz not null default now(),
  succeeded boolean not null
);

create index simple_admin_attempts_attempted_at_idx on private.simple_admin_attempts (attempted_at);

alter table private.simple_admin_secret enable row level security;
alter table private.simple_admin_attempts enable row level security;
revoke all on table private.simple_admin_secret from public, anon, authenticated;
revoke all on table private.simple_admin_attempts from public, anon, authenticated;

-- Operators set the password: select private.set_simple_admin_password('...');
create or replace function private.set_simple_admin_password(new_password text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new_password is null or char_length(new_password) < 12 then
    raise exception 'The simple-admin password must have at least 12 characters.'
      using errcode = '22023';
  end if;
  insert into private.simple_admin_secret (id, password_hash, updated_at)
  values (1, extensions.crypt(new_password, extensions.gen_salt('bf', 8)), now())
  on conflict (id) do update
    set password_hash = excluded.password_hash, updated_at = excluded.updated_at;
  delete from private.simple_admin_attempts;
end;
$$;

-- Checks a password, enforcing the throttle and recording the attempt.
create or replace function private.simple_admin_check(password text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored text;
  recent_failures integer;
  ok boolean;
begin
  select count(*) into recent_failures
  from private.simple_admin_attempts a
  where not a.succeeded and a.attempted_at > now() - interval '1 minute';

  if recent_failures >= 10 then
    raise exception 'Too many incorrect passwords. Please wait a minute and try again.'
      using errcode = 'PT429', hint = 'Wait one minute before trying again.';
  end if;

  select s.password_hash into stored from private.simple_admin_secret s where s.id = 1;
  ok := stored is not null
    and password is not null
    and extensions.crypt(password, stored) = stored;

  insert into private.simple_admin_attempts (succeeded) values (ok);
  -- Keep the table small: only the last hour matters.
  delete from private.simple_admin_attempts where attempted_at < now() - interval '1 hour';
  return ok;
end;
$$;

revoke execute on function private.set_simple_admin_password(text) from public, anon, authenticated;
revoke execute on function private.simple_admin_check(text) from public, anon, authenticated;

create or replace function public.simple_admin_unlock(password text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return private.simple_admin_check(password);
end;
$$;

create or replace function public.simple_admin_set_flag(password text, flag_id uuid, enabled boolean)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if not private.simple_admin_check(password) then
    return false;
  end if;
  if enabled is null then
    raise exception 'enabled must be true or false.' using errcode = '22004';
  end if;
  -- Read by the audit trigger so the change is attributed to the simple-admin page.
  perform set_config('app.flag_change_source', 'simple-admin', true);
  update public.feature_flags f set enabled = simple_admin_set_flag.enabled where f.id = flag_id;
  get diagnostics changed = row_count;
  perform set_config('app.flag_change_source', '', true);
  if changed = 0 then
    raise exception 'Feature flag not found.' using errcode = 'PT404';
  end if;
  return true;
end;
$$;

comment on function public.simple_admin_unlock(text) is
  'Deliberate public RPC (docs/decisions/002-simple-admin-password-in-the-database.md): tells whether the simple-admin password is right; throttled.';
comment on function public.simple_admin_set_flag(text, uuid, boolean) is
  'Deliberate public RPC (docs/decisions/002-simple-admin-password-in-the-database.md): switches one flag when the simple-admin password is right; throttled.';

revoke execute on function public.simple_admin_unlock(text) from public;
revoke execute on function public.simple_admin_set_flag(text, uuid, boolean) from public;
grant execute on function public.simple_admin_unlock(text) to anon, authenticated;
grant execute on function public.simple_admin_set_flag(text, uuid, boolean) to anon, authenticated;
