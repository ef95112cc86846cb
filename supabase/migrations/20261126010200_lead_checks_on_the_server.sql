-- Leads: the spam checks, the consent and the page are the server's, and the
-- per-client limit counts IPv6 networks
-- (docs/decisions/121-lead-limits-per-network-never-to-hubspot-when-refused.md,
-- docs/decisions/122-lead-checks-the-server-makes.md).
--
-- Before, submit_lead stored what the browser said: how long the form took
-- (`fill_ms`, so a script said 999999), the consent text (anything, even "I
-- never consented"), the page address (even `javascript:`), and
-- record_lead_outcome stored any error type (so a sender could show staff a
-- false "Form mismatch"). The limit counted per full address, and one IPv6
-- subscriber holds a whole /64.
--
-- Now:
-- * the limit counts per client as the simple-admin throttle does
--   (private.simple_admin_client_key(): an IPv4 address, an IPv6 /64, or
--   'unknown');
-- * the form's time is measured by the server: `lead_form_token()` returns a
--   signed timestamp when the visitor first approaches the form, and
--   submit_lead measures the time since; a missing, forged or expired token
--   counts as too fast;
-- * the consent texts are the ones the server knows for the consent version
--   and language (private.lead_consent_texts, one row per version and
--   language, the same texts the forms show: a test compares them);
-- * the page address is one of the site's own https: pages
--   (private.lead_settings.page_hosts), or a page on http://localhost or
--   http://127.0.0.1 (local development and tests);
-- * error types are HubSpot's documented ones (private.hubspot_error_types()),
--   kept only for a rejected submission; others are dropped;
-- * every stored lead value is bounded by the table itself.

-- ---------------------------------------------------------------------------
-- Settings: the site's hosts and the token's lifetime.

alter table private.lead_settings
  add column page_hosts text[] not null default '{oleathyme.example.com,oleathyme-backup.example.com}'
    constraint lead_settings_page_hosts check (cardinality(page_hosts) between 1 and 20),
  add column form_token_max_age interval not null default interval '1 day'
    constraint lead_settings_form_token_max_age check (form_token_max_age between interval '1 hour' and interval '30 days');

comment on column private.lead_settings.page_hosts is
  'The hosts of the public site (primary and backup domains): a lead''s page must be an https: page of one of them.';

-- The key the form tokens are signed with; made here, never leaves the database.
create table private.lead_form_secret (
  id smallint primary key default 1 constraint lead_form_secret_single_row check (id = 1),
  secret text not null default encode(extensions.gen_random_bytes(32), 'hex')
);
insert into private.lead_form_secret (id) values (1);
alter table private.lead_form_secret enable row level security;
revoke all on table private.lead_form_secret from public, anon, authenticated;

-- A token saying "a form became usable at `issued_at`": v1.<epoch ms>.<HMAC-SHA256>.
create or replace function private.lead_form_token_at(issued_at timestamptz)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  stamp text := (floor(extract(epoch from issued_at) * 1000))::bigint::text;
begin
  -- security definer: the secret is in a table no API role reads.
  return 'v1.' || stamp || '.' || encode(
    extensions.hmac(stamp, (select s.secret from private.lead_form_secret s where s.id = 1), 'sha256'), 'hex');
end;
$$;

-- How many milliseconds ago the token was issued; NULL when it is missing,
-- forged, from the future or older than the settings allow.
create or replace function private.lead_form_token_age_ms(token text)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[] := regexp_match(coalesce(token, ''), '^v1\.([0-9]{1,15})\.([0-9a-f]{64})$');
  age bigint;
begin
  if parts is null then
    return null;
  end if;
  if encode(extensions.hmac(parts[1], (select s.secret from private.lead_form_secret s where s.id = 1), 'sha256'), 'hex')
     <> parts[2] then
    return null;
  end if;
  age := (floor(extract(epoch from now()) * 1000))::bigint - parts[1]::bigint;
  if age < 0 or age > (select extract(epoch from s.form_token_max_age) * 1000 from private.lead_settings s where s.id = 1) then
    return null;
  end if;
  return age;
end;
$$;

revoke execute on function private.lead_form_token_at(timestamptz) from public, anon, authenticated;
revoke execute on function private.lead_form_token_age_ms(text) from public, anon, authenticated;

create or replace function public.lead_form_token()
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select private.lead_form_token_at(now());
$$;

comment on function public.lead_form_token() is
  'Deliberate public RPC (docs/decisions/122-lead-checks-the-server-makes.md): a signed timestamp the lead forms fetch when a visitor approaches them; submit_lead measures the fill time from it.';

revoke execute on function public.lead_form_token() from public;
grant execute on function public.lead_form_token() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The consent texts the forms show, per version and language. A new text is
-- a new version: bump CONSENT_VERSION in src/features/lead-forms/consent.ts
-- and add its rows in a migration (tests compare the two).

create table private.lead_consent_texts (
  version text not null constraint lead_consent_texts_version_length check (char_length(version) between 1 and 32),
  language text not null constraint lead_consent_texts_language check (language in ('en', 'fr')),
  communication_text text not null
    constraint lead_consent_texts_communication_length check (char_length(communication_text) between 1 and 2000),
  processing_text text not null
    constraint lead_consent_texts_processing_length check (char_length(processing_text) between 1 and 2000),
  primary key (version, language)
);

comment on table private.lead_consent_texts is
  'The marketing-consent and processing texts the lead forms showed, per consent version and language; leads store these, not what the browser says.';

alter table private.lead_consent_texts enable row level security;
revoke all on table private.lead_consent_texts from public, anon, authenticated;

insert into private.lead_consent_texts (version, language, communication_text, processing_text) values
  ('2026-11-23', 'en',
   $text$Yes, I would like to receive emails from Olea & Thyme Imports Inc. about its products, news and offers. You can withdraw your consent at any time with the unsubscribe link in every email or by writing to privacy@example.com. Olea & Thyme Imports Inc., 240 Sparks Street, Suite 610, Ottawa, Ontario K1P 5B5, Canada, +1 (613) 555-0142.$text$,
   $text$We use what you send us to answer your request. It is kept in our database and in HubSpot, our customer relationship service, as our Privacy Policy explains. Ticking the box above is optional.$text$),
  ('2026-11-23', 'fr',
   $text$Oui, je souhaite que Olea & Thyme Imports Inc. m’envoie des courriels au sujet de ses produits, de ses nouvelles et de ses offres. Vous pouvez retirer votre consentement en tout temps grâce au lien de désabonnement présent dans chaque courriel ou en écrivant à privacy@example.com. Olea & Thyme Imports Inc., 240 Sparks Street, Suite 610, Ottawa (Ontario) K1P 5B5, Canada, +1 (613) 555-0142.$text$,
   $text$Nous utilisons ce que vous nous envoyez pour répondre à votre demande. Ces renseignements sont conservés dans notre base de données et dans HubSpot, notre service de gestion de la relation client, comme l’explique notre Politique de confidentialité. Cocher la case ci-dessus est facultatif.$text$);

-- ---------------------------------------------------------------------------
-- HubSpot's documented Forms API error types (errors[].errorType of a 400).

create or replace function private.hubspot_error_types()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'MAX_NUMBER_OF_SUBMITTED_VALUES_EXCEEDED', 'INVALID_EMAIL', 'BLOCKED_EMAIL', 'REQUIRED_FIELD',
    'INVALID_NUMBER', 'INPUT_TOO_LARGE', 'FIELD_NOT_IN_FORM_DEFINITION', 'NUMBER_OUT_OF_RANGE',
    'VALUE_NOT_IN_FIELD_DEFINITION', 'INVALID_METADATA', 'INVALID_GOTOWEBINAR_WEBINAR_KEY', 'INVALID_HUTK',
    'INVALID_IP_ADDRESS', 'INVALID_PAGE_URI', 'INVALID_LEGAL_OPTION_FORMAT', 'MISSING_PROCESSING_CONSENT',
    'MISSING_PROCESSING_CONSENT_TEXT', 'MISSING_COMMUNICATION_CONSENT_TEXT', 'MISSING_LEGITIMATE_INTEREST_TEXT',
    'DUPLICATE_SUBSCRIPTION_TYPE_ID', 'FORM_HAS_RECAPTCHA_ENABLED', 'ERROR_429'
  ]::text[];
$$;

revoke execute on function private.hubspot_error_types() from public, anon;
-- The trigger below runs as whoever records an outcome (staff resending, too).
grant execute on function private.hubspot_error_types() to authenticated, service_role;

-- Whatever records an outcome (a visitor's token, or staff resending), the
-- stored error types are HubSpot's documented ones, once each, and only for
-- a rejected submission: an invented type never shows staff a "Form mismatch".
create or replace function private.keep_known_error_types()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.hubspot_error_types := case
    when new.hubspot_status = 'rejected' then coalesce((
      select array_agg(t order by first_seen)
      from (
        select t, min(n) as first_seen
        from unnest(new.hubspot_error_types) with ordinality as u(t, n)
        where t = any (private.hubspot_error_types())
        group by t
      ) known), '{}')
    else '{}'
  end;
  return new;
end;
$$;

revoke execute on function private.keep_known_error_types() from public, anon, authenticated;

create trigger leads_keep_known_error_types
  before insert or update of hubspot_status, hubspot_error_types on public.leads
  for each row execute function private.keep_known_error_types();

-- ---------------------------------------------------------------------------
-- Every lead value bounded by the table (submit_lead checks them first, with
-- clearer messages). NOT VALID: rows stored before keep what they had.

create or replace function private.lead_fields_are_bounded(fields jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(fields) = 'array'
    and not exists (
      select 1 from jsonb_array_elements(fields) f
      where jsonb_typeof(f) <> 'object'
         or jsonb_typeof(f -> 'name') is distinct from 'string'
         or jsonb_typeof(f -> 'value') is distinct from 'string'
         or char_length(f ->> 'name') not between 1 and 64
         or char_length(f ->> 'value') > 5000);
$$;

revoke execute on function private.lead_fields_are_bounded(jsonb) from public, anon;
-- Checked whenever staff record an outcome (an update re-checks the row).
grant execute on function private.lead_fields_are_bounded(jsonb) to authenticated, service_role;

alter table public.leads
  add constraint leads_fields_bounded check (private.lead_fields_are_bounded(fields)) not valid,
  add constraint leads_page_uri_scheme check (page_uri ~ '^(https://|http://(localhost|127\.0\.0\.1)([:/?#]|$))') not valid,
  add constraint leads_hubspot_error_types_each check (
    coalesce(cardinality(hubspot_error_types), 0) = 0
    or hubspot_error_types <@ array[
      'MAX_NUMBER_OF_SUBMITTED_VALUES_EXCEEDED', 'INVALID_EMAIL', 'BLOCKED_EMAIL', 'REQUIRED_FIELD',
      'INVALID_NUMBER', 'INPUT_TOO_LARGE', 'FIELD_NOT_IN_FORM_DEFINITION', 'NUMBER_OUT_OF_RANGE',
      'VALUE_NOT_IN_FIELD_DEFINITION', 'INVALID_METADATA', 'INVALID_GOTOWEBINAR_WEBINAR_KEY', 'INVALID_HUTK',
      'INVALID_IP_ADDRESS', 'INVALID_PAGE_URI', 'INVALID_LEGAL_OPTION_FORMAT', 'MISSING_PROCESSING_CONSENT',
      'MISSING_PROCESSING_CONSENT_TEXT', 'MISSING_COMMUNICATION_CONSENT_TEXT', 'MISSING_LEGITIMATE_INTEREST_TEXT',
      'DUPLICATE_SUBSCRIPTION_TYPE_ID', 'FORM_HAS_RECAPTCHA_ENABLED', 'ERROR_429'
    ]::text[]) not valid;

-- ---------------------------------------------------------------------------
-- Is `uri` a page of the site (or of a local development server)?

create or replace function private.is_site_page_uri(uri text, hosts text[])
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  parts text[];
begin
  if uri is null or char_length(uri) > 2048 or uri ~ '[[:space:][:cntrl:]\\]' then
    return false;
  end if;
  parts := regexp_match(uri, '^(https|http)://([A-Za-z0-9.-]+)(:[0-9]{1,5})?([/?#].*)?$');
  if parts is null then
    return false;
  end if;
  if parts[1] = 'http' then
    return lower(parts[2]) in ('localhost', '127.0.0.1');
  end if;
  return lower(parts[2]) = any (hosts) or lower(parts[2]) in ('localhost', '127.0.0.1');
end;
$$;

revoke execute on function private.is_site_page_uri(text, text[]) from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- submit_lead: the browser no longer says how long it took nor what consent
-- it showed; it gives the form token and the consent version.

drop function public.submit_lead(text, text, jsonb, text, text, boolean, text, text, text, integer, text, text);

create function public.submit_lead(
  form text,
  language text,
  fields jsonb,
  page_uri text,
  page_name text,
  marketing_consent boolean,
  consent_version text,
  form_token text,
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
  -- An IPv4 address, an IPv6 /64, or 'unknown' for callers without one.
  client text := private.simple_admin_client_key();
  recent integer;
  consent private.lead_consent_texts;
  fill_ms bigint;
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
  if char_length(form_token) > 200 then
    raise exception 'form_token is too long.' using errcode = '22001';
  end if;
  if not private.is_site_page_uri(page_uri, settings.page_hosts) then
    raise exception 'page_uri must be an https: address of this site.' using errcode = '22023';
  end if;

  select * into consent
  from private.lead_consent_texts c
  where c.version = submit_lead.consent_version and c.language = submit_lead.language;
  if not found then
    raise exception 'Unknown consent version for this language.' using errcode = '22023';
  end if;

  fill_ms := private.lead_form_token_age_ms(form_token);
  reason := case
    when coalesce(honeypot, '') <> '' then 'honeypot'
    when fill_ms is null or fill_ms < settings.min_fill_ms then 'too_fast'
  end;
  is_spam := reason is not null;

  insert into public.leads (
    form, language, fields, page_uri, page_name, hutk, marketing_consent,
    consent_version, consent_text, processing_text, spam, spam_reason, hubspot_status
  ) values (
    submit_lead.form, submit_lead.language, submit_lead.fields, submit_lead.page_uri, coalesce(submit_lead.page_name, ''),
    nullif(submit_lead.hutk, ''), submit_lead.marketing_consent, consent.version,
    consent.communication_text, consent.processing_text, is_spam, reason,
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

comment on function public.submit_lead(text, text, jsonb, text, text, boolean, text, text, text, text) is
  'Deliberate public RPC (docs/decisions/080-leads-stored-before-hubspot.md): stores one bounded lead with the consent text the server knows, throttled per client (IPv6 per /64); returns its id and a one-time outcome token.';

revoke execute on function public.submit_lead(text, text, jsonb, text, text, boolean, text, text, text, text) from public;
grant execute on function public.submit_lead(text, text, jsonb, text, text, boolean, text, text, text, text)
  to anon, authenticated, service_role;
