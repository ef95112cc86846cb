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
