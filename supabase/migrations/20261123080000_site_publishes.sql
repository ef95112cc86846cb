-- Publishing the site when a flag changes
-- (docs/decisions/016-published-html-follows-live-flags.md,
-- docs/decisions/041-publishing-on-flag-change.md).
--
-- The public pages are static HTML prerendered with the flags of the moment.
-- Every change of a flag's `enabled` value, however it was made (admin portal,
-- simple admin, SQL), records a pending publish here. Whoever publishes picks
-- the pending rows up:
-- - locally, the `npm start` server (and the e2e stack) re-prerenders the
--   affected pages within seconds and marks the rows published or failed;
-- - in production, a Supabase Database Webhook on INSERT into this table
--   (set up by the operator, its URL never committed) calls the static host's
--   build hook, and the build marks the rows it published (it reads them with
--   a service-role key given only to the build).
--
-- Staff (admins) read the rows to see whether the live site reflects their
-- last change. API roles write nothing: rows come from the trigger, status
-- changes from the service role.

create table public.site_publishes (
  id bigint generated always as identity primary key,
  requested_at timestamptz not null default now(),
  -- What asked for it: the flag and its new value.
  flag_name text,
  reason text not null
    constraint site_publishes_reason_length check (char_length(reason) <= 200),
  status text not null default 'pending'
    constraint site_publishes_status check (status in ('pending', 'publishing', 'published', 'failed')),
  error text
    constraint site_publishes_error_length check (char_length(error) <= 2000),
  started_at timestamptz,
  finished_at timestamptz
);

comment on table public.site_publishes is
  'Pending and finished publishes of the static site, one per flag change; staff read whether the live site reflects the last change.';

create index site_publishes_requested_at_idx on public.site_publishes (requested_at desc);
create index site_publishes_open_idx on public.site_publishes (status) where status in ('pending', 'publishing');

alter table public.site_publishes enable row level security;

revoke all on table public.site_publishes from anon, authenticated;
grant select on table public.site_publishes to authenticated;
grant all on table public.site_publishes to service_role;

create policy "site_publishes: admins read"
  on public.site_publishes for select to authenticated
  using ((select private.is_admin()));

create or replace function private.request_site_publish()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: the table accepts no writes from API roles.
  if new.enabled is distinct from old.enabled then
    insert into public.site_publishes (flag_name, reason)
    values (new.name, new.name || ' switched ' || case when new.enabled then 'on' else 'off' end);
  end if;
  return new;
end;
$$;

revoke execute on function private.request_site_publish() from public;

create trigger feature_flags_request_site_publish
  after update on public.feature_flags
  for each row execute function private.request_site_publish();

-- The production build marks the publishes it serves without any broad
-- credential: it holds a publish token (a build-only secret of the static
-- host, SITE_PUBLISH_TOKEN) whose bcrypt hash the operator stores once in the
-- SQL editor:
--   select private.set_site_publish_token('<at least 32 random characters>');
-- and calls the two functions below with the anon key and that token. They do
-- nothing else, and nothing at all without the token.

create table private.site_publish_settings (
  id smallint primary key default 1
    constraint site_publish_settings_one_row check (id = 1),
  token_hash text not null,
  updated_at timestamptz not null default now()
);

comment on table private.site_publish_settings is 'The bcrypt hash of the token the site build marks publishes with.';

alter table private.site_publish_settings enable row level security;
revoke all on table private.site_publish_settings from public, anon, authenticated;

create or replace function private.set_site_publish_token(token text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if token is null or char_length(token) < 32 then
    raise exception 'The publish token needs at least 32 characters.' using errcode = '22023';
  end if;
  insert into private.site_publish_settings (id, token_hash)
  values (1, extensions.crypt(token, extensions.gen_salt('bf', 8)))
  on conflict (id) do update set token_hash = excluded.token_hash, updated_at = now();
end;
$$;

revoke execute on function private.set_site_publish_token(text) from public;

create or replace function private.check_site_publish_token(token text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- security definer: the hash is in a table API roles cannot read.
  if token is null or not exists (
    select 1 from private.site_publish_settings s
    where extensions.crypt(token, s.token_hash) = s.token_hash
  ) then
    raise exception 'Not allowed to mark publishes.' using errcode = '42501';
  end if;
end;
$$;

revoke execute on function private.check_site_publish_token(text) from public, authenticated;
grant execute on function private.check_site_publish_token(text) to anon, service_role;

-- Marks every open publish (pending, or left publishing) as publishing and
-- returns their ids. The build calls it before reading the flags, so every
-- change it claims is in what it publishes.
create or replace function public.claim_site_publishes(token text)
returns setof bigint
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.check_site_publish_token(token);
  return query
    update public.site_publishes p
    set status = 'publishing', started_at = now(), error = null
    where p.status in ('pending', 'publishing')
    returning p.id;
end;
$$;

-- Marks the claimed publishes published, or failed with the reason.
-- `ids` is a JSON array of the ids claim_site_publishes returned.
create or replace function public.finish_site_publishes(token text, ids jsonb, succeeded boolean, failure text default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  updated integer;
begin
  perform private.check_site_publish_token(token);
  update public.site_publishes p
  set status = case when succeeded then 'published' else 'failed' end,
      error = case when succeeded then null else left(coalesce(failure, 'failed'), 2000) end,
      finished_at = now()
  where p.id in (select (value)::bigint from jsonb_array_elements_text(ids)) and p.status = 'publishing';
  get diagnostics updated = row_count;
  return updated;
end;
$$;

revoke execute on function public.claim_site_publishes(text) from public, authenticated;
revoke execute on function public.finish_site_publishes(text, jsonb, boolean, text) from public, authenticated;
-- The build has the anon key and the token, no account: anon only.
grant execute on function public.claim_site_publishes(text) to anon, service_role;
grant execute on function public.finish_site_publishes(text, jsonb, boolean, text) to anon, service_role;

comment on function public.claim_site_publishes(text) is
  'Deliberate public RPC (041-publishing-on-flag-change.md): the site build, holding the publish token, claims the open publishes; refused without it.';
comment on function public.finish_site_publishes(text, jsonb, boolean, text) is
  'Deliberate public RPC (041-publishing-on-flag-change.md): the site build, holding the publish token, marks the publishes it claimed published or failed; refused without it.';
