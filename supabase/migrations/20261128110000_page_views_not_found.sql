-- A page that answered "not found" is counted as a 404, not as a page view
-- (docs/decisions/205-not-found-pages-in-analytics.md).
--
-- The site is one page application: every unknown path (/fr/evil.example/phish,
-- a product slug that no longer exists, a route whose flag is off) is shown
-- by the 404 page, and the page-view call, made for every location, recorded
-- it like any other page, so made-up paths ranked among the top pages.
--
-- Now the 404 page reports itself with kind 'not_found'. The page view of
-- the same location comes from another call whose order is not fixed, so the
-- database reconciles the two: a 'not_found' turns the same visitor's page
-- view of that path from the last two minutes into a 404, and a page view
-- arriving after a 'not_found' of the same visitor and path is dropped. A 404
-- is then neither a view nor a top page; the reports list 404s apart (the
-- 'not_found' dimension), and the top pages also leave out any path that
-- answered 404 in the range, which keeps rows recorded before this change
-- out of the ranking once the path has been reported as missing.

alter table public.page_views drop constraint page_views_kind;
alter table public.page_views add constraint page_views_kind
  check (kind in ('page_view', 'form_seen', 'not_found'));

alter table private.page_view_day_counts drop constraint page_view_day_counts_dimension;
alter table private.page_view_day_counts add constraint page_view_day_counts_dimension
  check (dimension in ('path', 'language', 'referrer', 'device', 'form', 'not_found'));

-- The reconciliation looks up one visitor's recent rows of one path.
create index page_views_visitor_path_idx on public.page_views (visitor_key, path, created_at desc);

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
  key bytea;
  earlier bigint;
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
  if kind is null or kind not in ('page_view', 'form_seen', 'not_found')
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

  -- The limit's bucket is the client as lead limits count it: an IPv4 address,
  -- an IPv6 /64 (one subscriber's block) or 'unknown'. The visitor key below
  -- still uses the full address.
  select s.per_minute into limit_per_minute from private.page_view_settings s where s.id = 1;
  insert into private.page_view_rate as r (client_key, minute)
    values (private.page_view_visitor_key(at, private.simple_admin_client_key(), ''), date_trunc('minute', at))
    on conflict (client_key, minute) do update set events = r.events + 1
    returning r.events into counted;
  if counted > coalesce(limit_per_minute, 60) then
    return;
  end if;

  key := private.page_view_visitor_key(at, address, agent);
  if kind = 'not_found' then
    select v.id into earlier
    from public.page_views v
    where v.visitor_key = key and v.path = clean_path and v.kind = 'page_view'
      and v.created_at > at - interval '2 minutes'
    order by v.created_at desc
    limit 1;
    if earlier is not null then
      update public.page_views set kind = 'not_found' where id = earlier;
      return;
    end if;
  elsif kind = 'page_view' and exists (
    select 1 from public.page_views v
    where v.visitor_key = key and v.path = clean_path and v.kind = 'not_found'
      and v.created_at > at - interval '2 minutes'
  ) then
    return;
  end if;

  insert into public.page_views (kind, path, language, referrer_host, device, form, visitor_key, created_at)
  values (kind, clean_path, language, clean_host, device, form, key, at);
end;
$$;

comment on function public.record_page_view(text, text, text, text, text, text) is
  'Deliberate public RPC (docs/decisions/130-page-views-without-tracking.md, 186, 205): records one page view, lead-form view or 404 of the calling visitor; bots and clients (an IPv4 address or an IPv6 /64) over 60 a minute are ignored.';

revoke execute on function public.record_page_view(text, text, text, text, text, text) from public;
grant execute on function public.record_page_view(text, text, text, text, text, text) to anon, authenticated, service_role;

-- The figures of one day, from the raw rows: as before, plus 404s by path
-- (dimension 'not_found'); a 404 is not a view.
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
    union all
    select 'not_found', path, visitor_key from day_rows where kind = 'not_found'
  ) g
  group by g.dimension, g.value;
$$;

-- The Analytics report of 20261126060100 with 404s apart: `not_found` (their
-- views and paths) and top pages without any path that answered 404 in the range.
create or replace function private.analytics_report(from_day date, to_day date, at timestamptz)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  today date := private.analytics_day(at);
  last_day date := least(to_day, today);
  result jsonb;
begin
  if from_day is null or to_day is null or from_day > to_day or to_day - from_day > 731 then
    raise exception 'Choose a range of at most two years, its start before its end.' using errcode = '22023';
  end if;
  perform private.roll_up_page_views(at);

  with days as (
    select * from private.page_view_daily(from_day, to_day, at)
  ), breakdown as materialized (
    select * from private.page_view_breakdown(from_day, to_day, at)
  ), missing as (
    select b.value from breakdown b where b.dimension = 'not_found'
  ), ranked as (
    select b.*, row_number() over (partition by b.dimension order by b.views desc, b.value) as position
    from breakdown b
    -- A path that answered 404 in the range is no top page, whatever was recorded before 404s were told apart.
    where b.dimension <> 'path' or b.value not in (select m.value from missing m)
  ), leads_in_range as (
    select l.created_at, l.form, private.lead_outcome(l.spam, l.hubspot_status) as outcome, l.spam
    from public.leads l
    where l.created_at >= (from_day::timestamp at time zone 'UTC')
      and l.created_at < ((to_day + 1)::timestamp at time zone 'UTC')
  )
  select jsonb_build_object(
    'from', from_day,
    'to', to_day,
    'today', today,
    'days', coalesce((select jsonb_agg(jsonb_build_object('day', d.day, 'views', d.views, 'visitors', d.visitors) order by d.day) from days d), '[]'::jsonb),
    'pages', coalesce((select jsonb_agg(jsonb_build_object('value', r.value, 'views', r.views, 'visitors', r.visitors) order by r.position) from ranked r where r.dimension = 'path' and r.position <= 50), '[]'::jsonb),
    'not_found', jsonb_build_object(
      'views', coalesce((select sum(b.views) from breakdown b where b.dimension = 'not_found'), 0),
      'pages', coalesce((select jsonb_agg(jsonb_build_object('value', r.value, 'views', r.views, 'visitors', r.visitors) order by r.position) from ranked r where r.dimension = 'not_found' and r.position <= 20), '[]'::jsonb)
    ),
    'languages', coalesce((select jsonb_agg(jsonb_build_object('value', r.value, 'views', r.views, 'visitors', r.visitors) order by r.position) from ranked r where r.dimension = 'language'), '[]'::jsonb),
    'referrers', coalesce((select jsonb_agg(jsonb_build_object('value', r.value, 'views', r.views, 'visitors', r.visitors) order by r.position) from ranked r where r.dimension = 'referrer' and r.position <= 20), '[]'::jsonb),
    'devices', coalesce((select jsonb_agg(jsonb_build_object('value', r.value, 'views', r.views, 'visitors', r.visitors) order by r.position) from ranked r where r.dimension = 'device'), '[]'::jsonb),
    'leads_by_week', coalesce((
      select jsonb_agg(jsonb_build_object('week', w.week, 'form', w.form, 'outcome', w.outcome, 'leads', w.leads) order by w.week, w.form, w.outcome)
      from (
        select date_trunc('week', l.created_at at time zone 'UTC')::date as week, l.form, l.outcome, count(*) as leads
        from leads_in_range l
        group by 1, 2, 3
      ) w), '[]'::jsonb),
    'funnel', jsonb_build_object(
      'visitors', coalesce((select sum(d.visitors) from days d), 0),
      'form_visitors', coalesce((select sum(d.form_visitors) from days d), 0),
      'leads', (select count(*) from leads_in_range l where not l.spam)
    )
  ) into result;
  return result;
end;
$$;

revoke execute on function private.analytics_report(date, date, timestamptz) from public;
