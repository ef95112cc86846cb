-- Sign-in with Microsoft or Google (docs/decisions/142-continue-with-microsoft-or-google.md).
--
-- A first provider sign-in creates an account without a role, and the
-- person then sends the access request from their account page. Until now
-- the request was accepted only from a session opened by a link mailed to
-- the address (amr `otp`). A provider session (amr `oauth`) proves the same
-- thing when the account's address is confirmed: the provider vouched for
-- the address (GoTrue confirms it only when the provider says it is
-- verified), so whoever holds the session controls the mailbox's account at
-- that provider. A password sign-in still cannot send the request.
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
  -- password reset) has amr method otp, one opened by Microsoft or Google
  -- oauth; a password sign-in has neither, so a password chosen by someone
  -- else before the owner confirmed cannot send it.
  select exists (
    select 1 from jsonb_array_elements(coalesce((select auth.jwt()) -> 'amr', '[]'::jsonb)) m
    where m ->> 'method' in ('otp', 'oauth')
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
