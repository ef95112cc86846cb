-- How a visitor's browser stores a lead and then records what HubSpot answered
-- (docs/decisions/080-leads-stored-before-hubspot.md, docs/decisions/081-lead-spam-without-captcha.md).
--
-- Two deliberate public RPCs, callable by anon because the forms have no account:
--   submit_lead(...)                  -> jsonb {id, token, spam}
--   record_lead_outcome(lead_id, token, status, failure, http_status, error_types) -> boolean
-- Both are security definer: visitors have no right on public.leads at all.
-- submit_lead inserts exactly one row whose every value is bounded by the
-- table's checks, decides whether it is spam (honeypot filled, or sent sooner
-- than a person can fill the form) and returns a random one-time token; only
-- its SHA-256 is kept. record_lead_outcome accepts that token once, for that
-- lead only and within an hour, so a visitor records the outcome of their own
-- lead and can touch no other.
-- Flooding is bounded per client: more than `per_client_limit` submissions
-- within `per_client_window` from one address are refused with SQLSTATE PT429
-- (HTTP 429), counted per client as the simple-admin throttle counts
-- (private.request_client_address(), docs/decisions/060-client-address-from-cf-connecting-ip.md),
-- so one sender never blocks the others.

-- The tunable limits, one row; operators change them with SQL, e.g.
--   update private.lead_settings set per_client_limit = 10;
create table private.lead_settings (
  id smallint primary key default 1 constraint lead_settings_single_row check (id = 1),
  per_client_limit integer not null default 5
    constraint lead_settings_per_client_limit check (per_client_limit between 1 and 1000),
  per_client_window interval not null default interval '10 minutes'
    constraint lead_settings_per_client_window check (per_client_window between interval '1 minute' and interval '1 day'),
  -- A person needs longer than this to fill either form; a script does not.
  min_fill_ms integer not null default 3000
    constraint lead_settings_min_fill_ms check (min_fill_ms between 0 and 60000)
);

insert into private.lead_settings (id) values (1);

-- One row per stored submission, for the per-client limit; pruned as it goes.
create table private.lead_submission_log (
  id bigint generated always as identity primary key,
  client_key text not null,
  submitted_at timestamptz not null default now()
);

create index lead_submission_log_client_idx on private.lead_submission_log (client_key, submitted_at);
create index lead_submission_log_submitted_at_idx on private.lead_submission_log (submitted_at);

-- The hash of each lead's one-time outcome token.
create table private.lead_outcome_tokens (
  lead_id uuid primary key references public.leads (id) on delete cascade,
  token_hash text not null,
  expires_at timestamptz not null
);

create index lead_outcome_tokens_expires_at_idx on private.lead_outcome_tokens (expires_at);

alter table private.lead_settings enable row level security;
alter table private.lead_submission_log enable row level security;
alter table private.lead_outcome_tokens enable row level security;
revoke all on table private.lead_settings from public, anon, authenticated;
revoke all on table private.lead_submission_log from public, anon, authenticated;
revoke all on table private.lead_outcome_tokens from public, anon, authenticated;

create or replace function public.submit_lead(
  form text,
  language text,
  fields jsonb,
  page_uri text,
  page_name text,
  marketing_consent boolean,
  consent_version text,
  consent_text text,
  processing_text text,
  fill_ms integer,
  hutk text default null,
  honeypot text default ''
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  settings private.lead_settings;
  -- Callers without an address (no gateway header) share one bucket, as in the simple-admin throttle.
  client text := coalesce(private.request_client_address(), 'unknown');
  recent integer;
  is_spam boolean;
  reason text;
  field jsonb;
  new_id uuid;
  token text;
begin
  select * into settings from private.lead_settings where id = 1;

  -- Serialise submissions of one client so concurrent requests cannot all
  -- pass the count below.
  perform pg_advisory_xact_lock(hashtextextended('submit_lead:' || client, 0));
  select count(*) into recent
  from private.lead_submission_log l
  where l.client_key = client and l.submitted_at > now() - settings.per_client_window;
  if recent >= settings.per_client_limit then
    raise exception 'Too many submissions. Please wait a few minutes and try again.'
      using errcode = 'PT429', hint = 'Wait a few minutes before sending again.';
  end if;

  if fields is null or jsonb_typeof(fields) <> 'array' then
    raise exception 'fields must be an array of {name, value} objects.' using errcode = '22023';
  end if;
  for field in select value from jsonb_array_elements(fields) loop
    if jsonb_typeof(field) <> 'object'
       or (select count(*) from jsonb_object_keys(field)) <> 2
       or jsonb_typeof(field -> 'name') is distinct from 'string'
       or jsonb_typeof(field -> 'value') is distinct from 'string'
       or (field ->> 'name') !~ '^[a-z][a-z0-9_]{0,63}$'
       or char_length(field ->> 'value') > 5000 then
      raise exception 'Each field must be {name, value}: a lower-case property name and a string of at most 5000 characters.'
        using errcode = '22023';
    end if;
  end loop;
  if char_length(honeypot) > 1000 then
    raise exception 'honeypot is too long.' using errcode = '22001';
  end if;
  if fill_ms is null or fill_ms < 0 then
    raise exception 'fill_ms must be a number of milliseconds.' using errcode = '22023';
  end if;

  reason := case
    when coalesce(honeypot, '') <> '' then 'honeypot'
    when fill_ms < settings.min_fill_ms then 'too_fast'
  end;
  is_spam := reason is not null;

  insert into public.leads (
    form, language, fields, page_uri, page_name, hutk, marketing_consent,
    consent_version, consent_text, processing_text, spam, spam_reason, hubspot_status
  ) values (
    submit_lead.form, submit_lead.language, submit_lead.fields, submit_lead.page_uri, coalesce(submit_lead.page_name, ''),
    nullif(submit_lead.hutk, ''), submit_lead.marketing_consent, submit_lead.consent_version,
    submit_lead.consent_text, submit_lead.processing_text, is_spam, reason,
    case when is_spam then 'not_sent' else 'pending' end
  )
  returning id into new_id;

  insert into private.lead_submission_log (client_key) values (client);
  -- Keep the log small: only the longest window matters.
  delete from private.lead_submission_log where submitted_at < now() - interval '1 day';
  delete from private.lead_outcome_tokens where expires_at < now();

  if is_spam then
    -- A bot learns nothing from the answer, and nothing will be sent to HubSpot.
    return jsonb_build_object('id', new_id, 'token', null, 'spam', true);
  end if;

  token := encode(extensions.gen_random_bytes(24), 'hex');
  insert into private.lead_outcome_tokens (lead_id, token_hash, expires_at)
  values (new_id, encode(extensions.digest(token, 'sha256'), 'hex'), now() + interval '1 hour');
  return jsonb_build_object('id', new_id, 'token', token, 'spam', false);
end;
$$;

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
begin
  if status is null or status not in ('sent', 'failed', 'rejected') then
    raise exception 'status must be sent, failed or rejected.' using errcode = '22023';
  end if;
  if error_types is not null and (
       jsonb_typeof(error_types) <> 'array'
       or exists (select 1 from jsonb_array_elements(error_types) e where jsonb_typeof(e) <> 'string')
     ) then
    raise exception 'error_types must be an array of strings.' using errcode = '22023';
  end if;
  select coalesce(array_agg(e order by n), '{}') into types
  from jsonb_array_elements_text(coalesce(error_types, '[]'::jsonb)) with ordinality as t(e, n);

  -- One use: the token is gone once it has been accepted.
  delete from private.lead_outcome_tokens t
  where t.lead_id = record_lead_outcome.lead_id
    and t.token_hash = encode(extensions.digest(coalesce(record_lead_outcome.token, ''), 'sha256'), 'hex')
    and t.expires_at > now()
  returning t.lead_id into matched;
  if matched is null then
    return false;
  end if;

  update public.leads l
  set hubspot_status = record_lead_outcome.status,
      hubspot_failure = case when record_lead_outcome.status = 'sent' then null else record_lead_outcome.failure end,
      hubspot_http_status = record_lead_outcome.http_status,
      hubspot_error_types = types
  where l.id = matched and l.hubspot_status = 'pending';
  return found;
end;
$$;

comment on function public.submit_lead(text, text, jsonb, text, text, boolean, text, text, text, integer, text, text) is
  'Deliberate public RPC (docs/decisions/080-leads-stored-before-hubspot.md): stores one bounded lead, throttled per client; returns its id and a one-time outcome token.';
comment on function public.record_lead_outcome(uuid, text, text, text, integer, jsonb) is
  'Deliberate public RPC (docs/decisions/080-leads-stored-before-hubspot.md): records HubSpot''s answer for the lead whose one-time token is given.';

revoke execute on function public.submit_lead(text, text, jsonb, text, text, boolean, text, text, text, integer, text, text) from public;
revoke execute on function public.record_lead_outcome(uuid, text, text, text, integer, jsonb) from public;
grant execute on function public.submit_lead(text, text, jsonb, text, text, boolean, text, text, text, integer, text, text) to anon, authenticated;
grant execute on function public.record_lead_outcome(uuid, text, text, text, integer, jsonb) to anon, authenticated;
