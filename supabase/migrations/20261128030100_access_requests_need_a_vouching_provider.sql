-- An access request from a Microsoft or Google session needs a provider
-- that vouched for the address
-- (docs/decisions/182-provider-identities-and-verified-addresses.md).
--
-- The request was accepted from any session opened by a provider (amr
-- `oauth`) once the account's address was confirmed. But an identity whose
-- provider never verified the address could sit on an account that the
-- owner later confirmed from the inbox, and its holder then signed in and
-- rewrote the owner's pending request. Now a provider session counts only
-- when every provider identity of the account vouches for the account's
-- address (private.identity_vouched_address: email_verified, and for
-- Microsoft the tenant's xms_edov claim). Sessions opened by a mailed link
-- (amr `otp`) are accepted as before; a password sign-in still is not.
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
  from_provider boolean;
  provider_vouches boolean;
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
  -- password reset) has amr method otp; a password sign-in has none, so a
  -- password chosen by someone else before the owner confirmed cannot send it.
  select exists (
    select 1 from jsonb_array_elements(coalesce((select auth.jwt()) -> 'amr', '[]'::jsonb)) m
    where m ->> 'method' = 'otp'
  ) into from_inbox;
  -- A session opened by Microsoft or Google has amr method oauth, and the
  -- token does not say which identity opened it. It counts only when every
  -- provider identity of the account vouches for the account's address (and
  -- at least one does): an identity whose provider did not verify the
  -- address proves nothing about the mailbox.
  select exists (
    select 1 from jsonb_array_elements(coalesce((select auth.jwt()) -> 'amr', '[]'::jsonb)) m
    where m ->> 'method' = 'oauth'
  ) into from_provider;
  if from_provider and not from_inbox and address is not null then
    select bool_and(private.identity_vouched_address(i.provider, i.identity_data) is not distinct from lower(address))
      into provider_vouches
      from auth.identities i
     where i.user_id = caller and i.provider not in ('email', 'phone');
    from_inbox := coalesce(provider_vouches, false);
  end if;
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
