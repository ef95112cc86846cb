-- A new order's notification writes its amount as the order mails do
-- (private.format_amount, in English as the admin portal is): "CAD 5,063.26",
-- no longer "5063.26 CAD". Only that expression changes.

create or replace function private.notification_items()
returns table (key text, kind text, title text, detail text, link text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'America/Toronto')::date;
  admin boolean := (select private.is_verified_admin());
  client_staff boolean := (select private.is_verified_client_staff());
  publisher boolean := (select private.is_verified_content_staff());
begin
  -- security definer: reads the outbox, which only the owner may, with the staff tables in one query.
  perform private.require_staff();
  return query
    select 'access_request:' || a.user_id::text || ':' || (extract(epoch from a.created_at) * 1000)::bigint::text,
           'access_request'::text,
           'Access request from ' || coalesce(nullif(btrim(a.first_name || ' ' || a.last_name), ''), a.email),
           concat_ws(' · ', nullif(a.company, ''), a.email),
           '/admin-portal/users'::text,
           a.created_at
    from public.access_requests a
    where a.status = 'pending' and client_staff
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
    where c.awaiting = 'staff' and c.status = 'open' and private.can_manage_company(c.company_id)
    union all
    select 'conversation_waiting:' || c.id::text || ':' || (extract(epoch from c.last_message_at) * 1000)::bigint::text,
           'conversation_waiting'::text,
           co.legal_name || ' has waited more than one business day',
           c.subject,
           '/admin-portal/messages/' || c.id::text,
           c.last_message_at
    from public.conversations c
    join public.companies co on co.id = c.company_id
    where c.awaiting = 'staff' and c.status = 'open' and private.can_manage_company(c.company_id)
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
    where l.hubspot_status in ('failed', 'rejected') and client_staff
    union all
    select 'mail_failed:' || o.id::text,
           'mail_failed'::text,
           'A mail to ' || o.to_address || ' could not be delivered',
           coalesce(o.payload ->> 'subject', '') || coalesce(' — ' || o.last_error, ''),
           '/admin-portal/notifications'::text,
           o.failed_at
    from private.email_outbox o
    where o.failed_at is not null and o.failed_at > now() - interval '30 days' and admin
    union all
    select 'publish_failed:' || p.id::text,
           'publish_failed'::text,
           'The site could not be published',
           coalesce(p.error, p.reason),
           -- An editor follows the live site from Content; an admin from the flags too.
           case when admin then '/admin-portal/feature-flags' else '/admin-portal/content' end,
           coalesce(p.finished_at, p.requested_at)
    from public.site_publishes p
    where p.status = 'failed' and publisher
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
    where d.expires_on >= today and d.expires_on <= today + 30 and private.staff_writes_document(d.company_id)
    union all
    select 'document_expired:' || d.id::text || ':' || d.expires_on::text,
           'document_expired'::text,
           d.title_en || ' expired on ' || d.expires_on::text,
           coalesce((select co.legal_name from public.companies co where co.id = d.company_id), 'All clients'),
           '/admin-portal/documents'::text,
           (d.expires_on::timestamp at time zone 'America/Toronto')
    from public.documents d
    where d.expires_on < today and private.staff_writes_document(d.company_id)
    union all
    select 'order_submitted:' || o.id::text,
           'order_submitted'::text,
           'New order ' || o.number || ' from ' || coalesce(co.legal_name, 'a client'),
           concat_ws(' · ', private.format_amount(o.subtotal, o.currency, 'en'),
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
