-- Requests for B2B access (docs/decisions/070-accounts-run-themselves.md).
--
-- Requesting access on /client/login signs the person up; the sign-up's user
-- metadata (first_name, last_name, company, locale, and whatever else of the
-- form it carries) is copied here by a trigger on auth.users, as a request
-- awaiting a decision. The requester reads their own row (to see where it
-- stands and the staff note); admins read every row. Nobody writes through
-- the API: the status, the note and who decided are set only by the staff
-- functions of the next migration, so metadata a requester controls can
-- never carry a role or a decision.

create table public.access_requests (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text not null constraint access_requests_email_length check (char_length(email) <= 255),
  first_name text not null default '' constraint access_requests_first_name_length check (char_length(first_name) <= 100),
  last_name text not null default '' constraint access_requests_last_name_length check (char_length(last_name) <= 100),
  company text not null default '' constraint access_requests_company_length check (char_length(company) <= 200),
  phone text constraint access_requests_phone_length check (char_length(phone) <= 50),
  job_title text constraint access_requests_job_title_length check (char_length(job_title) <= 200),
  company_size text constraint access_requests_company_size_length check (char_length(company_size) <= 50),
  industry text constraint access_requests_industry_length check (char_length(industry) <= 100),
  website text constraint access_requests_website_length check (char_length(website) <= 500),
  business_needs text constraint access_requests_business_needs_length check (char_length(business_needs) <= 2000),
  locale text not null default 'en' constraint access_requests_locale check (locale in ('en', 'fr')),
  status text not null default 'pending'
    constraint access_requests_status check (status in ('pending', 'approved', 'declined', 'revoked')),
  decision_note text constraint access_requests_decision_note_length check (char_length(decision_note) <= 1000),
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.access_requests is
  'B2B access requests: one per account that asked, with the staff decision.';

create index access_requests_status_created_at_idx on public.access_requests (status, created_at desc);
create index access_requests_decided_by_idx on public.access_requests (decided_by);

alter table public.access_requests enable row level security;

revoke all on table public.access_requests from anon, authenticated;
grant select on table public.access_requests to authenticated;
grant all on table public.access_requests to service_role;

-- One policy: the requester's own row, or every row for an admin whose
-- session passed the second factor (the rows hold clients' contact details).
create policy "access_requests: own row, or all for verified admins"
  on public.access_requests for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_verified_admin()));

create trigger access_requests_touch_updated_at
  before update on public.access_requests
  for each row execute function private.touch_updated_at();

-- A value from the metadata, as text, trimmed and cut to `max_length`
-- (sign-up must never fail because a field is long: the request is kept, shortened).
create or replace function private.metadata_text(metadata jsonb, key text, max_length integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(left(btrim(case when jsonb_typeof(metadata -> key) in ('string', 'number')
                                then metadata ->> key end), max_length), '');
$$;

revoke execute on function private.metadata_text(jsonb, text, integer) from public;

create or replace function private.record_access_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  metadata jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
begin
  -- security definer: runs as GoTrue inserts the user, and writes a table
  -- that no API role may write. Only sign-ups from the request form (they
  -- carry a company) are requests; seeded or staff-made accounts are not.
  if jsonb_typeof(metadata) <> 'object' or not (metadata ? 'company') then
    return new;
  end if;
  insert into public.access_requests
    (user_id, email, first_name, last_name, company, phone, job_title, company_size, industry, website,
     business_needs, locale)
  values (
    new.id,
    left(coalesce(new.email, ''), 255),
    coalesce(private.metadata_text(metadata, 'first_name', 100), ''),
    coalesce(private.metadata_text(metadata, 'last_name', 100), ''),
    coalesce(private.metadata_text(metadata, 'company', 200), ''),
    private.metadata_text(metadata, 'phone', 50),
    private.metadata_text(metadata, 'job_title', 200),
    private.metadata_text(metadata, 'company_size', 50),
    private.metadata_text(metadata, 'industry', 100),
    private.metadata_text(metadata, 'website', 500),
    private.metadata_text(metadata, 'business_needs', 2000),
    case when metadata ->> 'locale' = 'fr' then 'fr' else 'en' end
  )
  on conflict (user_id) do nothing;
  return new;
end;
$$;

revoke execute on function private.record_access_request() from public;

create trigger on_auth_user_created_record_access_request
  after insert on auth.users
  for each row execute function private.record_access_request();
