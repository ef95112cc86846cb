-- Counting visits without tracking people (docs/decisions/130-page-views-without-tracking.md).
--
-- One row per page shown (and one per lead form scrolled into view), sent by
-- the page through public.record_page_view(). The browser sends only the
-- path, the language, the referrer's host, a device class and, for a form,
-- which form; the database adds a visitor key: a SHA-256 of a secret salt of
-- the day, the client's address (private.request_client_address()) and its
-- user agent. The salt is random, never leaves the database and is deleted
-- the day after, so a key cannot be recomputed or linked across days; the
-- address and the user agent are not stored.
--
-- Known bots and tools are not counted; one client records at most 60 events
-- a minute (the rest are dropped without error); one event per request.
-- Raw rows are kept 90 days; a daily rollup (private.page_view_days and
-- private.page_view_day_counts) is kept two years (131).

-- ---------------------------------------------------------------------------
-- Raw events
-- ---------------------------------------------------------------------------

create table public.page_views (
  id bigint generated always as identity primary key,
  kind text not null default 'page_view'
    constraint page_views_kind check (kind in ('page_view', 'form_seen')),
  path text not null
    constraint page_views_path check (char_length(path) between 1 and 512 and left(path, 1) = '/'),
  language text not null
    constraint page_views_language check (language in ('en', 'fr')),
  referrer_host text
    constraint page_views_referrer_host check (referrer_host ~ '^[a-z0-9.-]{1,253}$'),
  device text not null
    constraint page_views_device check (device in ('phone', 'tablet', 'desktop')),
  form text
    constraint page_views_form check ((kind = 'form_seen') = (form is not null) and (form is null or form in ('contact', 'b2b_request'))),
  visitor_key bytea not null,
  created_at timestamptz not null default now()
);

comment on table public.page_views is
  'One row per page shown or lead form seen; no personal data (the visitor key is a daily salted hash). Inserted only through record_page_view(); read by verified admins.';

-- Every read is a time range (today's rows, one day of the rollup, retention).
create index page_views_created_at_idx on public.page_views (created_at);

alter table public.page_views enable row level security;

revoke all on table public.page_views from anon, authenticated;
grant select on table public.page_views to authenticated;
grant all on table public.page_views to service_role;

create policy "page_views: verified admins read"
  on public.page_views for select to authenticated
  using ((select private.is_verified_admin()));

-- ---------------------------------------------------------------------------
-- Daily salt, clock, visitor key, bots
-- ---------------------------------------------------------------------------

create table private.page_view_salts (
  day date primary key,
  salt text not null default (gen_random_uuid()::text || gen_random_uuid()::text)
);

alter table private.page_view_salts enable row level security;
revoke all on table private.page_view_salts from public, anon, authenticated;

-- Days are UTC days.
create or replace function private.analytics_day(at timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$
  select (at at time zone 'UTC')::date;
$$;

create or replace function private.page_view_salt(for_day date)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  found text;
begin
  select s.salt into found from private.page_view_salts s where s.day = for_day;
  if found is null then
    insert into private.page_view_salts (day) values (for_day) on conflict (day) do nothing;
    select s.salt into found from private.page_view_salts s where s.day = for_day;
  end if;
  return found;
end;
$$;

-- The visitor key of a client at a moment: the same all day, another the next day.
create or replace function private.page_view_visitor_key(at timestamptz, address text, agent text)
returns bytea
language sql
volatile
set search_path = ''
as $$
  select sha256(convert_to(
    private.page_view_salt(private.analytics_day(at)) || E'\n' || coalesce(address, '') || E'\n' || coalesce(agent, ''),
    'UTF8'));
$$;

-- Crawlers, link previews, monitors, audit tools and HTTP libraries. Desktop
-- and phone browsers, including headless Chromium driven by tests, are
-- counted; the site's prerender runs in Node and never sends events.
create or replace function private.page_view_agent_is_bot(agent text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select agent is null
    or btrim(agent) = ''
    or agent !~* '^mozilla/'
    or agent ~* '(bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|phantomjs|prerender|rendertron|puppeteer|selenium|httpclient|python|curl|wget|java/|go-http|node-fetch|axios|scrapy)';
$$;

-- ---------------------------------------------------------------------------
-- Per-client limit: 60 events a minute
-- ---------------------------------------------------------------------------

create table private.page_view_rate (
  client_key bytea not null,
  minute timestamptz not null,
  events integer not null default 1,
  primary key (client_key, minute)
);

create index page_view_rate_minute_idx on private.page_view_rate (minute);

alter table private.page_view_rate enable row level security;
revoke all on table private.page_view_rate from public, anon, authenticated;

create table private.page_view_settings (
  id smallint primary key default 1 constraint page_view_settings_one check (id = 1),
  per_minute integer not null default 60 constraint page_view_settings_per_minute check (per_minute > 0),
  raw_retention interval not null default interval '90 days',
  rollup_retention interval not null default interval '2 years'
);

insert into private.page_view_settings default values;

alter table private.page_view_settings enable row level security;
revoke all on table private.page_view_settings from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Recording
-- ---------------------------------------------------------------------------

create or replace function public.record_page_view(
  path text,
  language text,
  device text,
  referrer_host text default null,
  kind text default 'page_view',
  form text default null
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  at timestamptz := now();
  headers json;
  agent text;
  address text := private.request_client_address();
  clean_path text;
  clean_host text := nullif(lower(btrim(referrer_host)), '');
  counted integer;
  limit_per_minute integer;
begin
  -- One event per request, as for analytics_events (062): a JSON array of
  -- arguments runs this function once per element in one transaction.
  if coalesce(nullif(current_setting('app.page_views_recorded', true), ''), '0') <> '0' then
    raise exception 'Analytics accepts one event per request.'
      using errcode = '22023', hint = 'Send each event in its own request, as a single JSON object.';
  end if;
  perform set_config('app.page_views_recorded', '1', true);

  clean_path := split_part(split_part(coalesce(path, ''), '?', 1), '#', 1);
  if char_length(clean_path) > 512 then
    clean_path := left(clean_path, 512);
  end if;
  if kind is null or kind not in ('page_view', 'form_seen')
    or clean_path = '' or left(clean_path, 1) <> '/'
    or language is null or language not in ('en', 'fr')
    or device is null or device not in ('phone', 'tablet', 'desktop')
    or (clean_host is not null and clean_host !~ '^[a-z0-9.-]{1,253}$')
    or (kind = 'form_seen') <> (form is not null)
    or (form is not null and form not in ('contact', 'b2b_request'))
  then
    raise exception 'Not a page view this site records.' using errcode = '22023';
  end if;

  begin
    headers := nullif(current_setting('request.headers', true), '')::json;
    agent := left(headers ->> 'user-agent', 512);
  exception when others then
    agent := null;
  end;
  if private.page_view_agent_is_bot(agent) then
    return;
  end if;

  select s.per_minute into limit_per_minute from private.page_view_settings s where s.id = 1;
  insert into private.page_view_rate as r (client_key, minute)
    values (private.page_view_visitor_key(at, address, ''), date_trunc('minute', at))
    on conflict (client_key, minute) do update set events = r.events + 1
    returning r.events into counted;
  if counted > coalesce(limit_per_minute, 60) then
    return;
  end if;

  insert into public.page_views (kind, path, language, referrer_host, device, form, visitor_key, created_at)
  values (kind, clean_path, language, clean_host, device, form, private.page_view_visitor_key(at, address, agent), at);
end;
$$;

comment on function public.record_page_view(text, text, text, text, text, text) is
  'Deliberate public RPC (docs/decisions/130-page-views-without-tracking.md): records one page view or lead-form view of the calling visitor; bots and clients over 60 a minute are ignored.';

revoke execute on function public.record_page_view(text, text, text, text, text, text) from public;
grant execute on function public.record_page_view(text, text, text, text, text, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Daily rollup
-- ---------------------------------------------------------------------------

-- One row per UTC day rolled up, days without events included (zeros).
create table private.page_view_days (
  day date primary key,
  views integer not null,
  visitors integer not null,
  form_visitors integer not null,
  rolled_at timestamptz not null default now()
);

-- Views and visitors of a day by path, language, referrer host, device, and
-- lead form seen (views = times seen, visitors = visitors who saw it).
create table private.page_view_day_counts (
  day date not null,
  dimension text not null
    constraint page_view_day_counts_dimension check (dimension in ('path', 'language', 'referrer', 'device', 'form')),
  value text not null,
  views integer not null,
  visitors integer not null,
  primary key (day, dimension, value)
);

alter table private.page_view_days enable row level security;
alter table private.page_view_day_counts enable row level security;
revoke all on table private.page_view_days from public, anon, authenticated;
revoke all on table private.page_view_day_counts from public, anon, authenticated;

-- The figures of one day, from the raw rows (a range scan of one day).
create or replace function private.page_view_counts_of(for_day date)
returns table (dimension text, value text, views integer, visitors integer)
language sql
stable
set search_path = ''
as $$
  with day_rows as (
    select v.kind, v.path, v.language, v.referrer_host, v.device, v.form, v.visitor_key
    from public.page_views v
    where v.created_at >= (for_day::timestamp at time zone 'UTC')
      and v.created_at < ((for_day + 1)::timestamp at time zone 'UTC')
  )
  select 'total', 'views', count(*) filter (where kind = 'page_view')::integer,
         count(distinct visitor_key) filter (where kind = 'page_view')::integer
  from day_rows
  union all
  select 'total', 'form_visitors', count(*) filter (where kind = 'form_seen')::integer,
         count(distinct visitor_key) filter (where kind = 'form_seen')::integer
  from day_rows
  union all
  select g.dimension, g.value, count(*)::integer, count(distinct g.visitor_key)::integer
  from (
    select 'path' as dimension, path as value, visitor_key from day_rows where kind = 'page_view'
    union all
    select 'language', language, visitor_key from day_rows where kind = 'page_view'
    union all
    select 'referrer', referrer_host, visitor_key from day_rows where kind = 'page_view' and referrer_host is not null
    union all
    select 'device', device, visitor_key from day_rows where kind = 'page_view'
    union all
    select 'form', form, visitor_key from day_rows where kind = 'form_seen'
  ) g
  group by g.dimension, g.value;
$$;

-- Rolls up every day before today not rolled up yet (from the oldest raw row
-- or the day after the last rolled day), then applies the retention periods
-- and forgets old salts and rate counters. Cheap when there is nothing to do.
-- Returns the number of days rolled up.
create or replace function private.roll_up_page_views(at timestamptz default now())
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  today date := private.analytics_day(at);
  settings private.page_view_settings;
  first_day date;
  d date;
  rolled integer := 0;
begin
  select * into settings from private.page_view_settings where id = 1;
  select max(day) + 1 into first_day from private.page_view_days;
  if first_day is null then
    select private.analytics_day(min(created_at)) into first_day from public.page_views;
  end if;
  if first_day is not null and first_day < today then
    -- Two callers at once roll up once: the second waits, then finds nothing to do.
    perform pg_advisory_xact_lock(hashtext('private.roll_up_page_views'));
    select coalesce(max(day) + 1, first_day) into first_day from private.page_view_days;
    d := greatest(first_day, private.analytics_day(at - settings.rollup_retention));
    while d < today loop
      with c as materialized (
        select * from private.page_view_counts_of(d)
      ), breakdown as (
        insert into private.page_view_day_counts (day, dimension, value, views, visitors)
        select d, c.dimension, c.value, c.views, c.visitors from c where c.dimension <> 'total'
        on conflict do nothing
      )
      insert into private.page_view_days (day, views, visitors, form_visitors, rolled_at)
      select d,
             coalesce(max(c.views) filter (where c.value = 'views'), 0),
             coalesce(max(c.visitors) filter (where c.value = 'views'), 0),
             coalesce(max(c.visitors) filter (where c.value = 'form_visitors'), 0),
             at
      from c
      where c.dimension = 'total'
      on conflict (day) do nothing;
      rolled := rolled + 1;
      d := d + 1;
    end loop;
  end if;

  delete from public.page_views where created_at < at - settings.raw_retention;
  delete from private.page_view_days where day < private.analytics_day(at - settings.rollup_retention);
  delete from private.page_view_day_counts where day < private.analytics_day(at - settings.rollup_retention);
  delete from private.page_view_salts where day < today - 1;
  delete from private.page_view_rate where minute < at - interval '2 minutes';
  return rolled;
end;
$$;

revoke execute on function private.roll_up_page_views(timestamptz) from public;
grant execute on function private.roll_up_page_views(timestamptz) to service_role;

-- Production: pg_cron rolls up each night (README, "Analytics rollup"). Where
-- pg_cron is not installed (the local PGlite backend, a fresh project) the
-- admin RPCs roll up on read, so nothing depends on it.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('roll-up-page-views', '10 0 * * *', 'select private.roll_up_page_views()')$cron$;
  end if;
end;
$$;
