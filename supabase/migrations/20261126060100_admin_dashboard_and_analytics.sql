-- The admin dashboard's figures and recent activity, and the Analytics
-- page's report (docs/decisions/131-dashboard-and-analytics-from-rollups.md).
--
-- Both RPCs answer only a verified admin (admin role and aal2) and raise
-- 42501 for anyone else. They read the daily rollup and today's raw rows
-- (one day's range scan), never the whole raw table; before reading they roll
-- up any finished day not rolled up yet (cheap when there is none), so the
-- local backend needs no timer and production's pg_cron job is a nicety.
--
-- The private functions take the moment to report at, so tests can report
-- "as of" a known time; the public ones use now().

create index access_requests_created_at_idx on public.access_requests (created_at desc);

-- Daily totals for days in [from_day, to_day] (to_day clamped to today),
-- days without events as zeros, today from the raw rows.
create or replace function private.page_view_daily(from_day date, to_day date, at timestamptz)
returns table (day date, views integer, visitors integer, form_visitors integer)
language sql
stable
set search_path = ''
as $$
  with today as (
    select private.analytics_day(at) as day
  ), live as (
    select c.value, c.views, c.visitors
    from today t, private.page_view_counts_of(t.day) c
    where t.day between from_day and to_day and c.dimension = 'total'
  )
  select g.day::date,
         coalesce(d.views, (select l.views from live l where l.value = 'views' and g.day::date = t.day), 0),
         coalesce(d.visitors, (select l.visitors from live l where l.value = 'views' and g.day::date = t.day), 0),
         coalesce(d.form_visitors, (select l.visitors from live l where l.value = 'form_visitors' and g.day::date = t.day), 0)
  from today t
  cross join generate_series(from_day::timestamp, least(to_day, t.day)::timestamp, interval '1 day') g(day)
  left join private.page_view_days d on d.day = g.day::date
  order by 1;
$$;

-- Views and visitors by dimension and value over [from_day, to_day].
-- Visitors are summed over days: the key changes every day, so a person who
-- comes back on three days is three daily visitors (130).
create or replace function private.page_view_breakdown(from_day date, to_day date, at timestamptz)
returns table (dimension text, value text, views bigint, visitors bigint)
language sql
stable
set search_path = ''
as $$
  with today as (
    select private.analytics_day(at) as day
  )
  select x.dimension, x.value, sum(x.views)::bigint, sum(x.visitors)::bigint
  from (
    select c.dimension, c.value, c.views, c.visitors
    from private.page_view_day_counts c, today t
    where c.day between from_day and least(to_day, t.day - 1)
    union all
    select c.dimension, c.value, c.views, c.visitors
    from today t, private.page_view_counts_of(t.day) c
    where t.day between from_day and to_day and c.dimension <> 'total'
  ) x
  group by x.dimension, x.value;
$$;

-- The outcome of a lead as the reports group it.
create or replace function private.lead_outcome(spam boolean, hubspot_status text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when spam then 'spam'
    when hubspot_status = 'sent' then 'sent'
    when hubspot_status in ('failed', 'rejected') then 'failed'
    else 'pending'
  end;
$$;

-- ---------------------------------------------------------------------------
-- Analytics report
-- ---------------------------------------------------------------------------

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
  ), ranked as (
    select b.*, row_number() over (partition by b.dimension order by b.views desc, b.value) as position
    from breakdown b
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

create or replace function public.admin_analytics(from_day date, to_day date)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not (select private.is_verified_admin()) then
    raise exception 'Only staff who passed their second factor read analytics.' using errcode = '42501';
  end if;
  return private.analytics_report(from_day, to_day, now());
end;
$$;

comment on function public.admin_analytics(date, date) is
  'Deliberate public RPC (docs/decisions/131-dashboard-and-analytics-from-rollups.md): views, visitors, top pages, languages, referrers, devices, leads by week and the funnel over UTC days; verified admins only.';

revoke execute on function public.admin_analytics(date, date) from public, anon;
grant execute on function public.admin_analytics(date, date) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Dashboard
-- ---------------------------------------------------------------------------

create or replace function private.dashboard_summary(at timestamptz)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  today date := private.analytics_day(at);
  month_ago timestamptz := at - interval '30 days';
  two_months_ago timestamptz := at - interval '60 days';
  -- The last 30 days are today and the 29 before; the previous 30 the ones before those.
  views_now bigint;
  visitors_now bigint;
  views_before bigint;
  visitors_before bigint;
  earliest date;
  leads_now bigint;
  leads_before bigint;
  result jsonb;
begin
  perform private.roll_up_page_views(at);

  select coalesce(sum(d.views), 0), coalesce(sum(d.visitors), 0) into views_now, visitors_now
  from private.page_view_daily(today - 29, today, at) d;
  select min(d.day) into earliest from private.page_view_days d;
  if earliest is not null and earliest <= today - 30 then
    select coalesce(sum(d.views), 0), coalesce(sum(d.visitors), 0) into views_before, visitors_before
    from private.page_view_days d
    where d.day between today - 59 and today - 30;
  end if;

  select count(*) into leads_now from public.leads l where not l.spam and l.created_at > month_ago and l.created_at <= at;
  select count(*) into leads_before from public.leads l where not l.spam and l.created_at > two_months_ago and l.created_at <= month_ago;

  select jsonb_build_object(
    'at', at,
    'users', jsonb_build_object(
      'value', (select count(*) from auth.users u where u.created_at <= at),
      'previous', (select nullif(count(*), 0) from auth.users u where u.created_at <= month_ago)
    ),
    'active_companies', jsonb_build_object(
      'value', (
        select count(distinct cc.company_id)
        from public.company_clients cc
        join public.companies c on c.id = cc.company_id and c.archived_at is null
        join auth.users u on u.id = cc.user_id
        where u.last_sign_in_at > month_ago
      ),
      -- Only each account's latest sign-in is kept: the previous period is unknown.
      'previous', null
    ),
    'flags', (
      select jsonb_build_object(
        'on', count(*) filter (where f.enabled),
        'total', count(*),
        'previous_on', case when count(*) filter (where f.created_at <= month_ago) = 0 then null else count(*) filter (
          where f.created_at <= month_ago and coalesce((
            select ch.old_enabled from public.feature_flag_changes ch
            where ch.flag_name = f.name and ch.changed_at > month_ago
            order by ch.changed_at, ch.id
            limit 1
          ), f.enabled)
        ) end,
        'previous_total', nullif(count(*) filter (where f.created_at <= month_ago), 0)
      )
      from public.feature_flags f
    ),
    'views', jsonb_build_object('value', views_now, 'previous', views_before),
    'visitors', jsonb_build_object('value', visitors_now, 'previous', visitors_before),
    'leads', jsonb_build_object('value', leads_now, 'previous', case when views_before is null then null else leads_before end)
  ) into result;
  return result;
end;
$$;

revoke execute on function private.dashboard_summary(timestamptz) from public;

-- The latest events staff care about, newest first, each with who and where to look.
create or replace function private.recent_activity(max_rows integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(a order by a.at desc), '[]'::jsonb)
  from (
    select * from (
      (select ch.changed_at as at, 'flag' as kind,
              format('Feature flag "%s" turned %s', ch.flag_name, case when ch.new_enabled then 'on' else 'off' end) as what,
              coalesce(ch.changed_by_email, ch.source) as who, 'feature-flags' as section, null::text as subject
       from public.feature_flag_changes ch order by ch.changed_at desc limit max_rows)
      union all
      (select r.created_at, 'access_request', 'Access requested', coalesce(u.email, 'A deleted account'), 'users', null
       from public.access_requests r left join auth.users u on u.id = r.user_id
       order by r.created_at desc limit max_rows)
      union all
      (select c.changed_at, 'account',
              case c.action
                when 'approve' then format('Access approved for %s', c.target_email)
                when 'decline' then format('Access declined for %s', c.target_email)
                when 'revoke_client' then format('Client access revoked for %s', c.target_email)
                when 'grant_admin' then format('Staff access granted to %s', c.target_email)
                else format('Staff access withdrawn from %s', c.target_email)
              end,
              c.actor_email, 'users', null
       from public.account_changes c order by c.changed_at desc limit max_rows)
      union all
      (select l.created_at, 'lead',
              format('%s lead received%s', case l.form when 'contact' then 'Contact' else 'B2B request' end,
                     case when l.spam then ' (spam)' else '' end),
              'A visitor', 'leads', null
       from public.leads l order by l.created_at desc limit max_rows)
      union all
      (select p.requested_at, 'publish', format('Site publish %s: %s', p.status, p.reason),
              'Site publisher', 'sections', null
       from public.site_publishes p order by p.requested_at desc limit max_rows)
      union all
      (select pc.changed_at, 'portal',
              initcap(replace(pc.action, '_', ' '))
                || coalesce(': ' || d.title_en, ': ' || c.legal_name, ': ' || (pc.details ->> 'email'), ''),
              pc.actor_label,
              case when pc.action like 'staff_profile%' then 'settings'
                   when pc.company_id is not null then 'companies'
                   else 'documents' end,
              case when pc.action not like 'staff_profile%' then pc.company_id::text end
       from public.portal_changes pc
       left join public.companies c on c.id = pc.company_id
       left join public.documents d on d.id = pc.document_id
       order by pc.changed_at desc limit max_rows)
    ) everything
    order by everything.at desc
    limit max_rows
  ) a;
$$;

revoke execute on function private.recent_activity(integer) from public;

create or replace function public.admin_dashboard()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not (select private.is_verified_admin()) then
    raise exception 'Only staff who passed their second factor read the dashboard.' using errcode = '42501';
  end if;
  return private.dashboard_summary(now()) || jsonb_build_object('activity', private.recent_activity(10));
end;
$$;

comment on function public.admin_dashboard() is
  'Deliberate public RPC (docs/decisions/131-dashboard-and-analytics-from-rollups.md): the dashboard''s figures (now and the previous 30 days) and its recent activity; verified admins only.';

revoke execute on function public.admin_dashboard() from public, anon;
grant execute on function public.admin_dashboard() to authenticated, service_role;
