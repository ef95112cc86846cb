-- The page-view limit counts IPv6 networks, as the lead limit does
-- (docs/decisions/186-page-views-per-network-analytics-events-dropped-clean-feeds-image-paths.md, 121, 130).
--
-- record_page_view() dropped a client's events past 60 a minute, but it keyed
-- the counter on the full client address. One IPv6 subscriber usually holds a
-- whole /64, so 70 addresses of one /64 recorded 70 views (and 70 visitors)
-- in one minute, and could go on as long as they had addresses. The counter's
-- bucket is now private.simple_admin_client_key(): an IPv4 address, an IPv6
-- /64, or 'unknown' for callers without an address, still hashed with the
-- day's salt so no address is stored. Everything else is unchanged.

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

  insert into public.page_views (kind, path, language, referrer_host, device, form, visitor_key, created_at)
  values (kind, clean_path, language, clean_host, device, form, private.page_view_visitor_key(at, address, agent), at);
end;
$$;

comment on function public.record_page_view(text, text, text, text, text, text) is
  'Deliberate public RPC (docs/decisions/130-page-views-without-tracking.md, 186): records one page view or lead-form view of the calling visitor; bots and clients (an IPv4 address or an IPv6 /64) over 60 a minute are ignored.';

revoke execute on function public.record_page_view(text, text, text, text, text, text) from public;
grant execute on function public.record_page_view(text, text, text, text, text, text) to anon, authenticated, service_role;
