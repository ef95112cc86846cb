-- Every lead the contact and B2B forms receive (docs/decisions/017-leads-kept-with-consent.md,
-- docs/decisions/080-leads-stored-before-hubspot.md).
--
-- Why: HubSpot keeps no log of Forms API calls, so a submission it refused,
-- or that never reached it, would exist nowhere. Each submission is stored
-- here first, with the marketing consent the visitor gave (the exact text and
-- its version, as CASL requires the sender to prove consent) and what HubSpot
-- answered. Visitors never touch this table directly: they insert one
-- bounded row per request through the `submit_lead` RPC (next migration) and
-- read nothing. Only admins read it, record HubSpot outcomes and delete.

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  form text not null
    constraint leads_form check (form in ('contact', 'b2b_request')),
  language text not null
    constraint leads_language check (language in ('en', 'fr')),
  -- The fields exactly as sent to HubSpot: [{"name": "...", "value": "..."}, ...].
  fields jsonb not null
    constraint leads_fields_shape check (
      jsonb_typeof(fields) = 'array'
      and jsonb_array_length(fields) between 1 and 20
      and octet_length(fields::text) <= 16384
    ),
  page_uri text not null
    constraint leads_page_uri_length check (char_length(page_uri) between 1 and 2048),
  page_name text not null
    constraint leads_page_name_length check (char_length(page_name) <= 300),
  -- The HubSpot tracking token, only when the visitor accepted cookies.
  hutk text
    constraint leads_hutk_length check (char_length(hutk) between 1 and 128),
  marketing_consent boolean not null,
  consent_version text not null
    constraint leads_consent_version_length check (char_length(consent_version) between 1 and 32),
  -- The marketing-consent checkbox text shown, ticked or not.
  consent_text text not null
    constraint leads_consent_text_length check (char_length(consent_text) between 1 and 2000),
  -- The notice about processing the submission, shown above the submit button.
  processing_text text not null
    constraint leads_processing_text_length check (char_length(processing_text) between 1 and 2000),
  spam boolean not null default false,
  spam_reason text
    constraint leads_spam_reason check (spam_reason in ('honeypot', 'too_fast')),
  hubspot_status text not null default 'pending'
    constraint leads_hubspot_status check (hubspot_status in ('pending', 'sent', 'failed', 'rejected', 'not_sent')),
  -- How it failed: script, network, timeout, status (an HTTP error) or rejected (HubSpot's 400).
  hubspot_failure text
    constraint leads_hubspot_failure check (hubspot_failure in ('script', 'network', 'timeout', 'status', 'rejected')),
  hubspot_http_status integer
    constraint leads_hubspot_http_status check (hubspot_http_status between 100 and 599),
  -- HubSpot's errors[].errorType values, e.g. {INVALID_EMAIL}.
  hubspot_error_types text[] not null default '{}'
    constraint leads_hubspot_error_types check (
      cardinality(hubspot_error_types) <= 20
      and char_length(array_to_string(hubspot_error_types, ',')) <= 1000
    ),
  -- The HubSpot form no longer matches the site's form: it lacks a field the
  -- site sends, or requires one the site does not (the site itself requires
  -- every field it needs before sending). Staff fix the form, then resend.
  form_mismatch boolean not null
    generated always as (
      'FIELD_NOT_IN_FORM_DEFINITION' = any (hubspot_error_types) or 'REQUIRED_FIELD' = any (hubspot_error_types)
    ) stored,
  hubspot_attempts integer not null default 0
    constraint leads_hubspot_attempts check (hubspot_attempts >= 0),
  hubspot_updated_at timestamptz,
  constraint leads_spam_has_reason check (spam = (spam_reason is not null)),
  constraint leads_spam_not_sent check (not spam or hubspot_status = 'not_sent')
);

comment on table public.leads is
  'Every contact and B2B request submission, with consent and HubSpot outcome; visitors write through submit_lead, admins read.';

create index leads_created_at_idx on public.leads (created_at desc);

alter table public.leads enable row level security;

revoke all on table public.leads from anon, authenticated;
grant select, delete on table public.leads to authenticated;
-- Staff may only record what HubSpot answered to a resend; the lead itself is evidence and stays as submitted.
grant update (hubspot_status, hubspot_failure, hubspot_http_status, hubspot_error_types)
  on table public.leads to authenticated;
grant all on table public.leads to service_role;

create policy "leads: admins read"
  on public.leads for select to authenticated
  using ((select private.is_admin()));

create policy "leads: admins record HubSpot outcomes"
  on public.leads for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "leads: admins delete"
  on public.leads for delete to authenticated
  using ((select private.is_admin()));

-- Each recorded outcome counts as an attempt and is timestamped by the
-- database, not by whoever recorded it.
create or replace function private.stamp_lead_outcome()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.hubspot_status is distinct from old.hubspot_status
     or new.hubspot_failure is distinct from old.hubspot_failure
     or new.hubspot_http_status is distinct from old.hubspot_http_status
     or new.hubspot_error_types is distinct from old.hubspot_error_types then
    new.hubspot_attempts := old.hubspot_attempts + 1;
    new.hubspot_updated_at := now();
  end if;
  return new;
end;
$$;

revoke execute on function private.stamp_lead_outcome() from public, anon, authenticated;

create trigger leads_stamp_outcome
  before update on public.leads
  for each row execute function private.stamp_lead_outcome();
