-- Analytics destination (docs/decisions/010-analytics-destination.md): one `app_initialized` row per page load.
--
-- Visitors may only insert that one event with bounded lengths; they cannot
-- read anything back. Only admins read.

create table public.analytics_events (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint analytics_events_name_length check (char_length(name) between 1 and 64),
  pathname text not null
    constraint analytics_events_pathname_length check (char_length(pathname) between 1 and 2048),
  user_agent text
    constraint analytics_events_user_agent_length check (char_length(user_agent) <= 512),
  created_at timestamptz not null default now()
);

comment on table public.analytics_events is 'Page-load events (app_initialized); write-only for visitors.';

create index analytics_events_created_at_idx on public.analytics_events (created_at desc);

alter table public.analytics_events enable row level security;

revoke all on table public.analytics_events from anon, authenticated;
grant insert (name, pathname, user_agent) on table public.analytics_events to anon, authenticated;
grant select on table public.analytics_events to authenticated;
grant all on table public.analytics_events to service_role;

create policy "analytics_events: visitors record page loads (anon)"
  on public.analytics_events for insert to anon
  with check (name = 'app_initialized');

create policy "analytics_events: visitors record page loads (authenticated)"
  on public.analytics_events for insert to authenticated
  with check (name = 'app_initialized');

create policy "analytics_events: admins read"
  on public.analytics_events for select to authenticated
  using ((select private.is_admin()));
