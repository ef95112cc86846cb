-- Access requests are written by whoever controls the inbox
-- (docs/decisions/125-accounts-set-up-from-the-inbox.md).
--
-- Until now a trigger copied the sign-up's user metadata (names, company,
-- phone...) into public.access_requests. Anyone can sign up with any address,
-- so whoever signed up first chose the details staff later approved, and
-- GoTrue handed that metadata to anyone who signed up again with the same
-- pending address. Now:
--   * an unconfirmed account's metadata keeps only its language (and the keys
--     GoTrue itself writes); confirmed accounts may keep a first and last name;
--     every kept value is capped;
--   * the request is sent by public.submit_access_request, from a session that
--     came from a link mailed to the address (amr method `otp`), never from a
--     password sign-in, and only while no staff decision exists.

drop trigger if exists on_auth_user_created_record_access_request on auth.users;
drop function if exists private.record_access_request();

-- What a user's metadata may hold. GoTrue writes sub, email, email_verified
-- and phone_verified itself; locale picks the language of auth e-mails.
create or replace function private.account_metadata(metadata jsonb, confirmed boolean)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
  from jsonb_each(case when jsonb_typeof(metadata) = 'object' then metadata else '{}'::jsonb end) e
  where (e.key = 'locale' and e.value in ('"en"'::jsonb, '"fr"'::jsonb))
     or (e.key in ('email_verified', 'phone_verified') and jsonb_typeof(e.value) = 'boolean')
     or (e.key in ('sub', 'email') and jsonb_typeof(e.value) = 'string' and char_length(e.value #>> '{}') <= 255)
     or (confirmed and e.key in ('first_name', 'last_name') and jsonb_typeof(e.value) = 'string'
         and char_length(e.value #>> '{}') <= 100);
$$;

revoke execute on function private.account_metadata(jsonb, boolean) from public;

create or replace function private.keep_account_metadata()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: runs as GoTrue writes auth.users.
  new.raw_user_meta_data := private.account_metadata(new.raw_user_meta_data, new.email_confirmed_at is not null);
  return new;
end;
$$;

revoke execute on function private.keep_account_metadata() from public;

create trigger keep_account_metadata
  before insert or update of raw_user_meta_data, email_confirmed_at on auth.users
  for each row execute function private.keep_account_metadata();

-- Existing accounts: the same rule (the details already live in their requests).
update auth.users
   set raw_user_meta_data = private.account_metadata(raw_user_meta_data, email_confirmed_at is not null)
 where raw_user_meta_data is distinct from private.account_metadata(raw_user_meta_data, email_confirmed_at is not null);

-- A request field as sent: trimmed, empty as null, refused when too long.
create or replace function private.request_field(value text, label text, max_length integer, required boolean)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  cleaned text := nullif(btrim(coalesce(value, '')), '');
begin
  if cleaned is null and required then
    raise exception '% is required.', label using errcode = '22023';
  end if;
  if char_length(cleaned) > max_length then
    raise exception '% is longer than % characters.', label, max_length using errcode = '22001';
  end if;
  return cleaned;
end;
$$;

revoke execute on function private.request_field(text, text, integer, boolean) from public;

create or replace function private.submit_access_request(
  first_name text,
  last_name text,
  company text,
  job_title text default null,
  phone text default null,
  company_size text default null,
  industry text default null,
  locale text default 'en'
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  address text;
  confirmed timestamptz;
  from_inbox boolean;
  clean_first text := private.request_field(first_name, 'First name', 100, true);
  clean_last text := private.request_field(last_name, 'Last name', 100, true);
  clean_company text := private.request_field(company, 'Company', 200, true);
  clean_job text := private.request_field(job_title, 'Job title', 200, false);
  clean_phone text := private.request_field(phone, 'Phone', 50, false);
  clean_size text := nullif(btrim(coalesce(company_size, '')), '');
  clean_industry text := nullif(btrim(coalesce(industry, '')), '');
begin
  -- security definer: writes a table no API role may write.
  if caller is null then
    raise exception 'Sign in first.' using errcode = '42501';
  end if;
  select u.email, u.email_confirmed_at into address, confirmed from auth.users u where u.id = caller;
  -- A session opened by a link mailed to the address (sign-up confirmation or
  -- password reset) has amr method otp; a password sign-in has not, so a
  -- password chosen by someone else before the owner confirmed cannot send it.
  select exists (
    select 1 from jsonb_array_elements(coalesce((select auth.jwt()) -> 'amr', '[]'::jsonb)) m
    where m ->> 'method' = 'otp'
  ) into from_inbox;
  if address is null or confirmed is null or not from_inbox then
    raise exception 'Open the link we e-mailed to this address to send the request.' using errcode = '42501';
  end if;
  -- The request form's choices (src/features/lead-forms/schema.ts).
  if clean_size is not null and clean_size not in ('1-10', '11-50', '51-200', '201-500', '500+') then
    raise exception 'Unknown company size.' using errcode = '22023';
  end if;
  if clean_industry is not null
     and clean_industry not in ('retail', 'foodservice', 'wholesale', 'distribution', 'manufacturing', 'other') then
    raise exception 'Unknown industry.' using errcode = '22023';
  end if;
  insert into public.access_requests as a
    (user_id, email, first_name, last_name, company, job_title, phone, company_size, industry, locale)
  values (caller, left(address, 255), clean_first, clean_last, clean_company, clean_job, clean_phone, clean_size,
          clean_industry, case when locale = 'fr' then 'fr' else 'en' end)
  on conflict (user_id) do update
     set email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name,
         company = excluded.company, job_title = excluded.job_title, phone = excluded.phone,
         company_size = excluded.company_size, industry = excluded.industry, locale = excluded.locale
   where a.status = 'pending';
  if not found then
    raise exception 'This request has already been decided.' using errcode = '55000';
  end if;
end;
$$;

revoke execute on function private.submit_access_request(text, text, text, text, text, text, text, text) from public;
grant execute on function private.submit_access_request(text, text, text, text, text, text, text, text) to authenticated;

-- The RPC. Security invoker: it runs as the caller and only calls the checked
-- function above.
create or replace function public.submit_access_request(
  first_name text,
  last_name text,
  company text,
  job_title text default null,
  phone text default null,
  company_size text default null,
  industry text default null,
  locale text default 'en'
)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.submit_access_request(first_name, last_name, company, job_title, phone, company_size, industry, locale);
$$;

revoke execute on function public.submit_access_request(text, text, text, text, text, text, text, text) from public, anon;
grant execute on function public.submit_access_request(text, text, text, text, text, text, text, text) to authenticated;
