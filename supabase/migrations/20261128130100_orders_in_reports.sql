-- Orders in the staff reports (docs/decisions/203-order-desk-concurrency.md,
-- 204-order-documents-through-the-document-centre.md, 205-not-found-pages-in-analytics.md):
--
-- * the dashboard (public.admin_dashboard) adds `orders`: the orders
--   submitted this month (UTC) and not cancelled, their count and value per
--   currency, and the open orders (submitted, confirmed or shipped);
-- * Recent Activity (private.recent_activity) lists order events, and names
--   the document of "Document deleted" and "Version deleted": the document
--   row is gone by then (a deleted document takes its versions with it), so
--   its title comes from the audit trail's own record of it;
-- * Analytics (private.analytics_report) adds `orders_by_week` and
--   `not_found` (pages that answered 404), and its top pages leave out any
--   path that answered 404 in the range;
-- * staff Notifications (private.notification_items) list orders waiting for
--   confirmation and orders a client cancelled in the last 30 days, only for
--   companies the staff member may manage.
--
-- Each replaces the previous definition (20261126060100, 20261127040000,
-- 20261126040000) with the same checks.

-- ---------------------------------------------------------------------------
-- Dashboard
-- ---------------------------------------------------------------------------

create or replace function private.dashboard_orders(at timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'month_start', date_trunc('month', at at time zone 'UTC')::date,
    'this_month', coalesce((
      select jsonb_agg(jsonb_build_object('currency', m.currency, 'count', m.orders, 'value', m.value) order by m.currency)
      from (
        select o.currency, count(*) as orders, sum(o.subtotal) as value
        from public.orders o
        where o.submitted_at >= (date_trunc('month', at at time zone 'UTC') at time zone 'UTC')
          and o.submitted_at <= at
          and o.status <> 'cancelled'
        group by o.currency
      ) m), '[]'::jsonb),
    'open', (select count(*) from public.orders o where o.status in ('submitted', 'confirmed', 'shipped')),
    'awaiting_confirmation', (select count(*) from public.orders o where o.status = 'submitted')
  );
$$;

revoke execute on function private.dashboard_orders(timestamptz) from public;

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
  return private.dashboard_summary(now())
    || jsonb_build_object('activity', private.recent_activity(10))
    || jsonb_build_object('orders', private.dashboard_orders(now()))
    || jsonb_build_object(
      'content_pages',
      jsonb_build_object(
        'published', (
          select count(*)
          from public.content_translations t
          join public.content_items i on i.id = t.item_id
          where i.status = 'published' and i.publish_at <= now()
        ),
        'scheduled', (
          select count(*)
          from public.content_translations t
          join public.content_items i on i.id = t.item_id
          where i.status = 'scheduled'
        ),
        'drafts', (
          select count(*)
          from public.content_translations t
          join public.content_items i on i.id = t.item_id
          where i.status = 'draft'
        )
      )
    );
end;
$$;

comment on function public.admin_dashboard() is
  'Deliberate public RPC (docs/decisions/131-dashboard-and-analytics-from-rollups.md, 174-dashboard-content-pages.md, 203-order-desk-concurrency.md): the dashboard''s figures (now and the previous 30 days), its recent activity, the published content pages and the orders; verified admins only.';

revoke execute on function public.admin_dashboard() from public, anon;
grant execute on function public.admin_dashboard() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Recent activity
-- ---------------------------------------------------------------------------

-- The title of a document as the audit trail last knew it (the row may be gone).
create or replace function private.audited_document_title(target uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select d.title_en from public.documents d where d.id = target),
    (select coalesce(pc.details ->> 'title_en', pc.details -> 'title_en' ->> 1)
     from public.portal_changes pc
     where pc.document_id = target
       and pc.action in ('document_created', 'document_updated', 'document_deleted')
       and (pc.details ? 'title_en')
     order by pc.changed_at desc, pc.id desc
     limit 1));
$$;

revoke execute on function private.audited_document_title(uuid) from public;

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
                || coalesce(
                  case
                    when pc.action in ('version_added', 'version_deleted') then
                      ': ' || coalesce(private.audited_document_title(pc.document_id), 'a document')
                        || coalesce(' (' || (pc.details ->> 'original_file_name') || ')', '')
                    when pc.action like 'document%' then
                      ': ' || coalesce(private.audited_document_title(pc.document_id), pc.details ->> 'title_en')
                  end,
                  ': ' || c.legal_name, ': ' || (pc.details ->> 'email'), ''),
              pc.actor_label,
              case when pc.action like 'staff_profile%' then 'settings'
                   when pc.company_id is not null then 'companies'
                   else 'documents' end,
              case when pc.action not like 'staff_profile%' then pc.company_id::text end
       from public.portal_changes pc
       left join public.companies c on c.id = pc.company_id
       order by pc.changed_at desc limit max_rows)
      union all
      (select e.created_at, 'order',
              format('Order %s %s', o.number,
                     case e.kind
                       when 'submitted' then 'received'
                       when 'confirmed' then 'confirmed'
                       when 'changed' then 'changed'
                       when 'shipped' then 'shipped'
                       when 'delivered' then 'delivered'
                       when 'cancelled' then case when e.actor_kind = 'client' then 'cancelled by the client' else 'cancelled' end
                       else e.kind::text
                     end),
              case when e.actor_kind = 'client' then coalesce(co.legal_name, 'A client') else 'Staff' end,
              'orders', o.id::text
       from public.order_events e
       join public.orders o on o.id = e.order_id
       left join public.companies co on co.id = o.company_id
       order by e.created_at desc limit max_rows)
    ) everything
    order by everything.at desc
    limit max_rows
  ) a;
$$;

revoke execute on function private.recent_activity(integer) from public;

-- ---------------------------------------------------------------------------
-- Analytics
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
  ), orders_in_range as (
    select o.submitted_at, o.currency, o.subtotal, o.status
    from public.orders o
    where o.submitted_at >= (from_day::timestamp at time zone 'UTC')
      and o.submitted_at < ((to_day + 1)::timestamp at time zone 'UTC')
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
    'orders_by_week', coalesce((
      select jsonb_agg(jsonb_build_object('week', w.week, 'currency', w.currency, 'orders', w.orders,
                                          'cancelled', w.cancelled, 'value', w.value) order by w.week, w.currency)
      from (
        select date_trunc('week', o.submitted_at at time zone 'UTC')::date as week, o.currency,
               count(*) filter (where o.status <> 'cancelled') as orders,
               count(*) filter (where o.status = 'cancelled') as cancelled,
               coalesce(sum(o.subtotal) filter (where o.status <> 'cancelled'), 0) as value
        from orders_in_range o
        group by 1, 2
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

-- ---------------------------------------------------------------------------
-- Staff notifications
-- ---------------------------------------------------------------------------

create or replace function private.notification_items()
returns table (key text, kind text, title text, detail text, link text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'America/Toronto')::date;
begin
  -- security definer: reads the outbox, which only the owner may, with the staff tables in one query.
  perform private.require_portal_staff();
  return query
    select 'access_request:' || a.user_id::text || ':' || (extract(epoch from a.created_at) * 1000)::bigint::text,
           'access_request'::text,
           'Access request from ' || coalesce(nullif(btrim(a.first_name || ' ' || a.last_name), ''), a.email),
           concat_ws(' · ', nullif(a.company, ''), a.email),
           '/admin-portal/users'::text,
           a.created_at
    from public.access_requests a
    where a.status = 'pending'
    union all
    select 'client_message:' || c.id::text || ':' || (extract(epoch from c.last_message_at) * 1000)::bigint::text,
           'client_message'::text,
           co.legal_name || ': ' || c.subject,
           (select left(m.body, 140) from public.conversation_messages m
            where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1),
           '/admin-portal/messages/' || c.id::text,
           c.last_message_at
    from public.conversations c
    join public.companies co on co.id = c.company_id
    where c.awaiting = 'staff' and c.status = 'open'
    union all
    select 'conversation_waiting:' || c.id::text || ':' || (extract(epoch from c.last_message_at) * 1000)::bigint::text,
           'conversation_waiting'::text,
           co.legal_name || ' has waited more than one business day',
           c.subject,
           '/admin-portal/messages/' || c.id::text,
           c.last_message_at
    from public.conversations c
    join public.companies co on co.id = c.company_id
    where c.awaiting = 'staff' and c.status = 'open'
      and private.business_hours_between(c.last_message_at, now()) > 24
    union all
    select 'lead_failed:' || l.id::text || ':' || l.hubspot_attempts::text,
           'lead_failed'::text,
           case l.form when 'contact' then 'Contact form lead' else 'B2B request lead' end
             || ' did not reach HubSpot',
           coalesce(l.hubspot_failure, l.hubspot_status)
             || coalesce(' (HTTP ' || l.hubspot_http_status::text || ')', ''),
           '/admin-portal/leads'::text,
           coalesce(l.hubspot_updated_at, l.created_at)
    from public.leads l
    where l.hubspot_status in ('failed', 'rejected')
    union all
    select 'mail_failed:' || o.id::text,
           'mail_failed'::text,
           'A mail to ' || o.to_address || ' could not be delivered',
           coalesce(o.payload ->> 'subject', '') || coalesce(' — ' || o.last_error, ''),
           '/admin-portal/notifications'::text,
           o.failed_at
    from private.email_outbox o
    where o.failed_at is not null and o.failed_at > now() - interval '30 days'
    union all
    select 'publish_failed:' || p.id::text,
           'publish_failed'::text,
           'The site could not be published',
           coalesce(p.error, p.reason),
           '/admin-portal/feature-flags'::text,
           coalesce(p.finished_at, p.requested_at)
    from public.site_publishes p
    where p.status = 'failed'
      and not exists (select 1 from public.site_publishes later
                      where later.status = 'published' and later.requested_at > p.requested_at)
    union all
    select 'document_expiring:' || d.id::text || ':' || d.expires_on::text,
           'document_expiring'::text,
           d.title_en || ' expires on ' || d.expires_on::text,
           coalesce((select co.legal_name from public.companies co where co.id = d.company_id), 'All clients'),
           '/admin-portal/documents'::text,
           ((d.expires_on - 30)::timestamp at time zone 'America/Toronto')
    from public.documents d
    where d.expires_on >= today and d.expires_on <= today + 30
    union all
    select 'document_expired:' || d.id::text || ':' || d.expires_on::text,
           'document_expired'::text,
           d.title_en || ' expired on ' || d.expires_on::text,
           coalesce((select co.legal_name from public.companies co where co.id = d.company_id), 'All clients'),
           '/admin-portal/documents'::text,
           (d.expires_on::timestamp at time zone 'America/Toronto')
    from public.documents d
    where d.expires_on < today
    union all
    select 'order_submitted:' || o.id::text,
           'order_submitted'::text,
           'New order ' || o.number || ' from ' || coalesce(co.legal_name, 'a client'),
           concat_ws(' · ', to_char(o.subtotal, 'FM999999990.00') || ' ' || o.currency,
                     o.line_count::text || case when o.line_count = 1 then ' line' else ' lines' end,
                     'PO ' || nullif(o.po_number, '')),
           '/admin-portal/orders/' || o.id::text,
           o.submitted_at
    from public.orders o
    left join public.companies co on co.id = o.company_id
    where o.status = 'submitted'
      and (select private.can_manage_company(o.company_id))
    union all
    select 'order_cancelled:' || o.id::text,
           'order_cancelled'::text,
           coalesce(co.legal_name, 'A client') || ' cancelled order ' || o.number,
           coalesce(nullif(o.cancel_reason, ''), 'No reason given'),
           '/admin-portal/orders/' || o.id::text,
           e.created_at
    from public.order_events e
    join public.orders o on o.id = e.order_id
    left join public.companies co on co.id = o.company_id
    where e.kind = 'cancelled' and e.actor_kind = 'client'
      and e.created_at > now() - interval '30 days'
      and (select private.can_manage_company(o.company_id));
end;
$$;

revoke execute on function private.notification_items() from public;
grant execute on function private.notification_items() to authenticated, service_role;
