-- Leads the visitor's browser never reported are delivered to HubSpot by the
-- server, from the leads table used as an outbox, and every attempt is kept
-- (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md).
--
-- Why: the browser stores a lead, sends it to HubSpot and reports HubSpot's
-- answer (docs/decisions/080-leads-stored-before-hubspot.md). A tab closed or
-- a network lost between the store and the report left the lead `pending`
-- until staff pressed Resend, which also ran in a browser. HubSpot's Forms
-- API has no idempotency key, so the browser and the server must never both
-- send one lead. The rules:
--   * A new lead is the browser's for `browser_report_grace` (2 minutes):
--     `delivery_due_at` is set to the end of that grace by a trigger. The
--     browser sends at once and its deadline is 15 s, so by then it has
--     answered or is gone.
--   * The deliver-leads Edge Function claims due rows (`delivery_due_at <=
--     now()`, no live lease) with `for update skip locked`, giving each a
--     fresh `delivery_claim` and a lease, and records the outcome with that
--     claim: one sender per row at a time.
--   * The browser's report of success marks the lead sent and nothing sends
--     it again; a failure it reports leaves the row due for the server (a
--     rejection, HubSpot's 400, is final until staff resend).
--   * Failures are retried after 1, 5, 30, 60, 120 minutes, then every 4
--     hours, at most `max_delivery_attempts` times.
--   * A staff resend asks for a server delivery now (request_lead_resend),
--     recording who asked; staff no longer write outcomes themselves.
--   * public.lead_delivery_attempts holds every attempt: who made it
--     (browser, server, or a named staff member), when, and the result.
--     Staff at aal2 read it; nobody writes it except these functions.

alter table private.lead_settings
  add column browser_report_grace interval not null default interval '2 minutes'
    constraint lead_settings_browser_report_grace
      check (browser_report_grace between interval '30 seconds' and interval '1 hour'),
  add column max_delivery_attempts integer not null default 10
    constraint lead_settings_max_delivery_attempts check (max_delivery_attempts between 1 and 50);

comment on column private.lead_settings.browser_report_grace is
  'How long a new lead is left to the visitor''s browser before the server may deliver it.';

alter table public.leads
  -- When the server may next send the lead; null: nothing to send.
  add column delivery_due_at timestamptz,
  -- Server attempts since the lead was stored or staff last asked.
  add column delivery_attempts integer not null default 0
    constraint leads_delivery_attempts check (delivery_attempts >= 0),
  -- The run holding delivery_claim owns the row until delivery_locked_until.
  add column delivery_claim uuid,
  add column delivery_locked_until timestamptz,
  -- The staff member who asked for the next delivery (a resend).
  add column delivery_requested_by uuid;

create index leads_delivery_due_idx on public.leads (delivery_due_at) where delivery_due_at is not null;

-- Staff record no outcome by hand any more: the server sends and records.
revoke update (hubspot_status, hubspot_failure, hubspot_http_status, hubspot_error_types)
  on table public.leads from authenticated;
revoke update on table public.leads from authenticated;
drop policy "leads: admins record HubSpot outcomes" on public.leads;
drop policy "leads: outcomes need aal2" on public.leads;

-- A new lead waits for its browser's report until the grace ends.
create or replace function private.schedule_lead_delivery()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: reads private.lead_settings whoever inserts.
  if new.hubspot_status = 'pending' and not new.spam and new.delivery_due_at is null then
    new.delivery_due_at := now() + (select s.browser_report_grace from private.lead_settings s where s.id = 1);
  end if;
  return new;
end;
$$;

revoke execute on function private.schedule_lead_delivery() from public, anon, authenticated;

create trigger leads_schedule_delivery
  before insert on public.leads
  for each row execute function private.schedule_lead_delivery();

-- ---------------------------------------------------------------------------
-- Every attempt.

create table public.lead_delivery_attempts (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.leads (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  -- browser: the visitor's page; server: the scheduled delivery; staff: a resend someone asked for.
  actor text not null constraint lead_delivery_attempts_actor check (actor in ('browser', 'server', 'staff')),
  -- Who asked, as they were named then (the account may be gone since).
  staff_user_id uuid,
  staff_name text constraint lead_delivery_attempts_staff_name check (char_length(staff_name) <= 200),
  staff_email text constraint lead_delivery_attempts_staff_email check (char_length(staff_email) <= 320),
  outcome text not null constraint lead_delivery_attempts_outcome check (outcome in ('sent', 'failed', 'rejected')),
  failure text
    constraint lead_delivery_attempts_failure check (failure in ('script', 'network', 'timeout', 'status', 'rejected')),
  http_status integer constraint lead_delivery_attempts_http_status check (http_status between 100 and 599),
  error_types text[] not null default '{}'
    constraint lead_delivery_attempts_error_types check (cardinality(error_types) <= 20),
  -- What became of the lead: applied, retry (scheduled), gave_up, or late (the lead was already settled).
  result text not null
    constraint lead_delivery_attempts_result check (result in ('applied', 'retry', 'gave_up', 'late')),
  constraint lead_delivery_attempts_staff_named check (actor <> 'staff' or staff_user_id is not null)
);

comment on table public.lead_delivery_attempts is
  'Every attempt to send a lead to HubSpot: by the browser, the server, or a staff resend; staff at aal2 read it, only the delivery functions write it.';

create index lead_delivery_attempts_lead_idx on public.lead_delivery_attempts (lead_id, attempted_at);

alter table public.lead_delivery_attempts enable row level security;

revoke all on table public.lead_delivery_attempts from public, anon, authenticated, service_role;
grant select on table public.lead_delivery_attempts to authenticated, service_role;

create policy "lead_delivery_attempts: staff at aal2 read"
  on public.lead_delivery_attempts for select to authenticated
  using ((select private.is_verified_admin()));

-- ---------------------------------------------------------------------------
-- Helpers.

-- The wait after the n-th failed server attempt.
create or replace function private.lead_delivery_backoff(attempts integer)
returns interval
language sql
immutable
set search_path = ''
as $$
  select case
    when attempts <= 1 then interval '1 minute'
    when attempts = 2 then interval '5 minutes'
    when attempts = 3 then interval '30 minutes'
    when attempts = 4 then interval '1 hour'
    when attempts = 5 then interval '2 hours'
    else interval '4 hours'
  end;
$$;

revoke execute on function private.lead_delivery_backoff(integer) from public, anon, authenticated;

-- HubSpot's documented error types in `types`, once each, only for a rejection.
create or replace function private.known_lead_error_types(status text, types text[])
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case when status = 'rejected' then coalesce((
    select array_agg(t order by first_seen)
    from (select t, min(n) as first_seen from unnest(types) with ordinality as u(t, n)
          where t = any (private.hubspot_error_types()) group by t) known), '{}')
  else '{}' end;
$$;

revoke execute on function private.known_lead_error_types(text, text[]) from public, anon, authenticated;

-- The error types a caller sent as JSON, checked.
create or replace function private.lead_error_types_from_json(error_types jsonb)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  types text[];
begin
  if error_types is not null and (
       jsonb_typeof(error_types) <> 'array'
       or exists (select 1 from jsonb_array_elements(error_types) e where jsonb_typeof(e) <> 'string')
     ) then
    raise exception 'error_types must be an array of strings.' using errcode = '22023';
  end if;
  select coalesce(array_agg(e order by n), '{}') into types
  from jsonb_array_elements_text(coalesce(error_types, '[]'::jsonb)) with ordinality as t(e, n);
  return types;
end;
$$;

revoke execute on function private.lead_error_types_from_json(jsonb) from public, anon, authenticated;

create or replace function private.add_lead_attempt(
  target uuid, actor text, staff uuid, status text, failure text, http_status integer, types text[], result text
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: writes lead_delivery_attempts (no API role may) and reads auth.users for the staff email.
  insert into public.lead_delivery_attempts (
    lead_id, actor, staff_user_id, staff_name, staff_email, outcome, failure, http_status, error_types, result
  ) values (
    target, actor, staff,
    case when staff is not null then private.author_name(staff) end,
    case when staff is not null then (select left(u.email, 320) from auth.users u where u.id = staff) end,
    status,
    case when status = 'sent' then null else failure end,
    http_status,
    private.known_lead_error_types(status, types),
    result
  );
end;
$$;

revoke execute on function private.add_lead_attempt(uuid, text, uuid, text, text, integer, text[], text)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- The browser's report, through its one-time token (anon). Same signature
-- and answer as before (true when the lead took the outcome); now every
-- report is kept as an attempt, a success settles the lead whatever the
-- server is doing, and a failure leaves the lead to the server.

create or replace function public.record_lead_outcome(
  lead_id uuid,
  token text,
  status text,
  failure text,
  http_status integer,
  error_types jsonb
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  matched uuid;
  types text[];
  lead public.leads;
  leased boolean;
begin
  if status is null or status not in ('sent', 'failed', 'rejected') then
    raise exception 'status must be sent, failed or rejected.' using errcode = '22023';
  end if;
  types := private.lead_error_types_from_json(error_types);

  -- One use: the token is gone once it has been accepted.
  delete from private.lead_outcome_tokens t
  where t.lead_id = record_lead_outcome.lead_id
    and t.token_hash = encode(extensions.digest(coalesce(record_lead_outcome.token, ''), 'sha256'), 'hex')
    and t.expires_at > now()
  returning t.lead_id into matched;
  if matched is null then
    return false;
  end if;

  select * into lead from public.leads l where l.id = matched for update;
  if not found then
    return false;
  end if;
  leased := lead.delivery_claim is not null and lead.delivery_locked_until > now();

  if lead.hubspot_status in ('sent', 'not_sent')
     or (record_lead_outcome.status <> 'sent' and (lead.hubspot_status <> 'pending' or leased)) then
    -- Settled already, or the server has the row: kept as a late report only.
    perform private.add_lead_attempt(matched, 'browser', null, record_lead_outcome.status,
      record_lead_outcome.failure, record_lead_outcome.http_status, types, 'late');
    return false;
  end if;

  perform private.add_lead_attempt(matched, 'browser', null, record_lead_outcome.status,
    record_lead_outcome.failure, record_lead_outcome.http_status, types, 'applied');
  update public.leads l
  set hubspot_status = record_lead_outcome.status,
      hubspot_failure = case when record_lead_outcome.status = 'sent' then null else record_lead_outcome.failure end,
      hubspot_http_status = record_lead_outcome.http_status,
      hubspot_error_types = types,
      -- Sent or refused: nothing more to send. Failed: the server's turn when the grace ends.
      delivery_due_at = case when record_lead_outcome.status = 'failed' then l.delivery_due_at end
  where l.id = matched;
  return true;
end;
$$;

comment on function public.record_lead_outcome(uuid, text, text, text, integer, jsonb) is
  'Deliberate public RPC (docs/decisions/080-leads-stored-before-hubspot.md, 188-leads-delivered-by-the-server-when-the-tab-closes.md): records the browser''s HubSpot answer for the lead whose one-time token is given, as an attempt.';

-- ---------------------------------------------------------------------------
-- The server's side: claim, record (service role only), and a staff request.

create or replace function private.claim_lead_deliveries(max_rows integer, lease_seconds integer, only_lead uuid)
returns table (
  id uuid,
  form text,
  fields jsonb,
  page_uri text,
  page_name text,
  hutk text,
  marketing_consent boolean,
  consent_text text,
  processing_text text,
  claim_token uuid,
  attempt integer
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  allowed integer := (select s.max_delivery_attempts from private.lead_settings s where s.id = 1);
begin
  -- security definer: the service role has no right to change leads' delivery columns itself.
  return query
    with due as (
      select l.id from public.leads l
      where not l.spam and l.hubspot_status in ('pending', 'failed', 'rejected')
        and l.delivery_due_at is not null and l.delivery_due_at <= now()
        and (l.delivery_locked_until is null or l.delivery_locked_until <= now())
        and l.delivery_attempts < allowed
        and (only_lead is null or l.id = only_lead)
      order by l.delivery_due_at, l.created_at
      limit greatest(1, least(coalesce(max_rows, 10), 100))
      for update skip locked
    )
    update public.leads l
    set delivery_claim = gen_random_uuid(),
        delivery_locked_until = now() + make_interval(secs => greatest(30, least(coalesce(lease_seconds, 120), 3600))),
        delivery_attempts = l.delivery_attempts + 1
    from due
    where l.id = due.id
    returning l.id, l.form, l.fields, l.page_uri, l.page_name, l.hutk, l.marketing_consent, l.consent_text,
              l.processing_text, l.delivery_claim, l.delivery_attempts;
end;
$$;

-- What became of a claimed lead: 'sent', 'rejected', 'retry' (next attempt
-- scheduled), 'gave_up' (no attempts left), or 'stale' (the claim is no
-- longer held: the lease ran out and another run took the row).
create or replace function private.record_lead_delivery(
  target uuid, token uuid, status text, failure text, http_status integer, error_types jsonb
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead public.leads;
  types text[];
  actor text;
  allowed integer := (select s.max_delivery_attempts from private.lead_settings s where s.id = 1);
  next_at timestamptz;
  answer text;
begin
  -- security definer: writes the lead's outcome and the attempt, which the service role may not directly.
  if status is null or status not in ('sent', 'failed', 'rejected') then
    raise exception 'status must be sent, failed or rejected.' using errcode = '22023';
  end if;
  types := private.lead_error_types_from_json(error_types);

  select * into lead from public.leads l where l.id = target and l.delivery_claim = token for update;
  if not found then
    if exists (select 1 from public.leads l where l.id = target) then
      perform private.add_lead_attempt(target, 'server', null, status, failure, http_status, types, 'late');
    end if;
    return 'stale';
  end if;
  actor := case when lead.delivery_requested_by is not null then 'staff' else 'server' end;

  if lead.hubspot_status = 'sent' then
    -- The browser's success arrived meanwhile: the lead stays sent.
    perform private.add_lead_attempt(target, actor, lead.delivery_requested_by, status, failure, http_status, types, 'late');
    update public.leads l
    set delivery_claim = null, delivery_locked_until = null, delivery_requested_by = null, delivery_due_at = null
    where l.id = target;
    return 'sent';
  end if;

  if status = 'failed' and lead.delivery_attempts < allowed then
    next_at := now() + private.lead_delivery_backoff(lead.delivery_attempts);
  end if;
  answer := case when status <> 'failed' then status when next_at is null then 'gave_up' else 'retry' end;

  perform private.add_lead_attempt(target, actor, lead.delivery_requested_by, status, failure, http_status, types,
    case answer when 'retry' then 'retry' when 'gave_up' then 'gave_up' else 'applied' end);
  update public.leads l
  set hubspot_status = status,
      hubspot_failure = case when status = 'sent' then null else failure end,
      hubspot_http_status = record_lead_delivery.http_status,
      hubspot_error_types = types,
      delivery_due_at = next_at,
      delivery_claim = null,
      delivery_locked_until = null,
      delivery_requested_by = null
  where l.id = target;
  return answer;
end;
$$;

revoke execute on function private.claim_lead_deliveries(integer, integer, uuid) from public, anon, authenticated;
revoke execute on function private.record_lead_delivery(uuid, uuid, text, text, integer, jsonb)
  from public, anon, authenticated;
grant execute on function private.claim_lead_deliveries(integer, integer, uuid) to service_role;
grant execute on function private.record_lead_delivery(uuid, uuid, text, text, integer, jsonb) to service_role;

create or replace function public.claim_lead_deliveries(
  max_rows integer default 10, lease_seconds integer default 120, only_lead uuid default null
)
returns table (
  id uuid,
  form text,
  fields jsonb,
  page_uri text,
  page_name text,
  hutk text,
  marketing_consent boolean,
  consent_text text,
  processing_text text,
  claim_token uuid,
  attempt integer
)
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.claim_lead_deliveries(max_rows, lease_seconds, only_lead);
$$;

create or replace function public.record_lead_delivery(
  lead_id uuid, claim_token uuid, status text, failure text default null, http_status integer default null,
  error_types jsonb default '[]'::jsonb
)
returns text
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.record_lead_delivery(lead_id, claim_token, status, failure, http_status, error_types);
$$;

revoke execute on function public.claim_lead_deliveries(integer, integer, uuid) from public, anon, authenticated;
revoke execute on function public.record_lead_delivery(uuid, uuid, text, text, integer, jsonb)
  from public, anon, authenticated;
grant execute on function public.claim_lead_deliveries(integer, integer, uuid) to service_role;
grant execute on function public.record_lead_delivery(uuid, uuid, text, text, integer, jsonb) to service_role;

-- A staff resend: the lead becomes due now, on behalf of the caller, and the
-- automatic retries start over. Answers 'queued', or why not: 'sent' (HubSpot
-- has it), 'spam', 'busy' (a delivery is under way), 'too_soon' (the
-- visitor's browser may still report), 'not_found'.
create or replace function private.request_lead_resend(target uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead public.leads;
  grace interval := (select s.browser_report_grace from private.lead_settings s where s.id = 1);
begin
  -- security definer: staff may not write the delivery columns themselves.
  if not (select private.is_verified_admin()) then
    raise exception 'Only staff with a verified second factor may resend leads.' using errcode = '42501';
  end if;
  select * into lead from public.leads l where l.id = target for update;
  if not found then
    return 'not_found';
  end if;
  if lead.spam then
    return 'spam';
  end if;
  if lead.hubspot_status = 'sent' then
    return 'sent';
  end if;
  if lead.delivery_claim is not null and lead.delivery_locked_until > now() then
    return 'busy';
  end if;
  if lead.hubspot_status = 'pending' and lead.created_at > now() - grace then
    return 'too_soon';
  end if;
  update public.leads l
  set delivery_due_at = now(), delivery_requested_by = (select auth.uid()), delivery_attempts = 0
  where l.id = target;
  return 'queued';
end;
$$;

revoke execute on function private.request_lead_resend(uuid) from public, anon;
grant execute on function private.request_lead_resend(uuid) to authenticated;

create or replace function public.request_lead_resend(lead_id uuid)
returns text
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.request_lead_resend(lead_id);
$$;

comment on function public.request_lead_resend(uuid) is
  'Staff at aal2: makes a lead due for the server''s delivery now, on their behalf (deliver-leads then sends it).';

revoke execute on function public.request_lead_resend(uuid) from public, anon;
grant execute on function public.request_lead_resend(uuid) to authenticated;
