-- Companies, their client accounts, and the documents staff share with them
-- (docs/decisions/111-companies-and-documents.md).
--
-- Who may do what, decided here and nowhere else:
--   - staff = an admin whose session passed the second factor (aal2); they
--     read and write everything below. An admin at aal1 reads and writes
--     nothing (these rows hold clients' names and commercial documents);
--   - an active client = role `client` and no access request that is pending,
--     declined or revoked. It reads its own company (unless archived), its own
--     membership, its account manager's contact, and the current version of
--     the documents meant for its company or for every client;
--   - everybody else (anon, accounts without a role, requesters) reads nothing.
-- Every change to companies, memberships, documents and versions is written
-- to `portal_changes` by triggers, whoever makes it (portal, service key or
-- SQL), so no route around the audit exists. Downloads are recorded by
-- `request_document_download`, the only way a client's browser learns where
-- a file is, and the storage policies of the next migration let a client
-- fetch a file only after such a record.

-- ---------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------

-- The key two company names are compared by: no case, no accents, no
-- punctuation or spaces. "Épicerie Test Inc." and "epicerie test inc" both
-- give "epicerietestinc". Written with translate() because `unaccent` is not
-- available everywhere this schema runs (PGlite). Characters outside Latin
-- script are dropped, so a name written only in another script has the key ''
-- and matches nothing.
create or replace function private.company_name_key(name text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(
    lower(
      translate(
        replace(replace(replace(replace(replace(coalesce(name, ''),
          'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'), 'ß', 'ss'),
        'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšȘșŢŤŦţťŧȚțÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżž',
        'AAAAAAAAAaaaaaaaaaCCCCCcccccDDddEEEEEEEEEeeeeeeeeeGGGGggggHHhhIIIIIIIIIiiiiiiiiiJjKkLLLLLlllllNNNNnnnnOOOOOOOOOoooooooooRRRrrrSSSSssssSsTTTtttTtUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzz'
      )
    ),
    '[^a-z0-9]+', '', 'g'
  );
$$;

revoke execute on function private.company_name_key(text) from public;
grant execute on function private.company_name_key(text) to authenticated, service_role;

-- An approved client whose access stands: role `client`, and no request that
-- is still pending or was declined or revoked (revoking also removes the
-- role; this is the second lock).
create or replace function private.is_active_client()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: reads user_roles and access_requests without their policies.
  select (select private.has_role('client'::public.app_role))
     and not exists (
       select 1 from public.access_requests a
       where a.user_id = (select auth.uid()) and a.status in ('pending', 'declined', 'revoked'));
$$;

revoke execute on function private.is_active_client() from public;
grant execute on function private.is_active_client() to anon, authenticated, service_role;

create or replace function private.require_portal_staff()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or not (select private.is_admin()) then
    raise exception 'Only staff can manage companies and documents.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor before managing companies and documents.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

revoke execute on function private.require_portal_staff() from public;
grant execute on function private.require_portal_staff() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Staff contact details shown to clients (their account manager)
-- ---------------------------------------------------------------------------

create table public.staff_profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null
    constraint staff_profiles_display_name_length check (char_length(btrim(display_name)) between 1 and 100),
  -- The address clients write to; may differ from the sign-in address.
  email text not null
    constraint staff_profiles_email check (char_length(email) <= 255 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text constraint staff_profiles_phone_length check (char_length(phone) <= 50),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.staff_profiles is
  'The name, e-mail and phone of a staff account, shown to the clients it manages.';

-- ---------------------------------------------------------------------------
-- Companies
-- ---------------------------------------------------------------------------

create table public.companies (
  id uuid primary key default gen_random_uuid(),
  legal_name text not null
    constraint companies_legal_name_length check (char_length(btrim(legal_name)) between 1 and 200),
  -- private.company_name_key(legal_name), kept by a trigger.
  name_key text not null default '',
  country text not null constraint companies_country check (country in ('CA', 'US')),
  -- Province or territory (CA), state, district or territory (US): the postal code.
  region text not null,
  -- The industries of the B2B request form (src/features/lead-forms/schema.ts).
  customer_type text not null
    constraint companies_customer_type check (customer_type in
      ('retail', 'foodservice', 'wholesale', 'distribution', 'manufacturing', 'other')),
  preferred_language text not null default 'en'
    constraint companies_preferred_language check (preferred_language in ('en', 'fr')),
  account_manager_id uuid references public.staff_profiles (user_id) on delete set null,
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint companies_region check (
    (country = 'CA' and region in ('AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'))
    or (country = 'US' and region in (
      'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
      'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND',
      'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
      'DC', 'AS', 'GU', 'MP', 'PR', 'VI')))
);

comment on table public.companies is
  'B2B client companies: legal name, where they are, what they do, their language and account manager.';
comment on column public.companies.name_key is
  'The legal name without case, accents, punctuation or spaces (private.company_name_key), for matching.';

create index companies_name_key_idx on public.companies (name_key);
create index companies_account_manager_id_idx on public.companies (account_manager_id);

-- A client account belongs to at most one company: the account is the key.
create table public.company_clients (
  user_id uuid primary key references auth.users (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  added_at timestamptz not null default now()
);

comment on table public.company_clients is 'Which company each client account belongs to (at most one).';

create index company_clients_company_id_idx on public.company_clients (company_id);

-- ---------------------------------------------------------------------------
-- Documents and their versions
-- ---------------------------------------------------------------------------

create table public.documents (
  id uuid primary key default gen_random_uuid(),
  title_en text not null constraint documents_title_en_length check (char_length(btrim(title_en)) between 1 and 200),
  title_fr text not null constraint documents_title_fr_length check (char_length(btrim(title_fr)) between 1 and 200),
  category text not null
    constraint documents_category check (category in
      ('spec_sheet', 'certificate', 'price_list', 'contract', 'invoice', 'other')),
  file_language text not null constraint documents_file_language check (file_language in ('en', 'fr', 'both')),
  -- Free text, or a product id of the site's product list (e.g. olive-oils).
  product text constraint documents_product_length check (char_length(btrim(product)) between 1 and 200),
  expires_on date,
  audience text not null constraint documents_audience check (audience in ('company', 'all_clients')),
  company_id uuid references public.companies (id),
  -- The version clients see; null until the first file is uploaded.
  current_version_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint documents_audience_company check ((audience = 'company') = (company_id is not null))
);

comment on table public.documents is
  'Documents shared with one company or with every client; the file is the current version.';

create index documents_company_id_idx on public.documents (company_id);
create index documents_current_version_id_idx on public.documents (current_version_id);

create table public.document_versions (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references public.documents (id) on delete cascade,
  -- The object's name in Storage bucket `documents`: {document_id}/{id}/{safe file name}.
  storage_path text not null constraint document_versions_storage_path_unique unique,
  size_bytes bigint not null constraint document_versions_size check (size_bytes between 1 and 26214400),
  mime_type text not null
    constraint document_versions_mime_type check (mime_type in (
      'application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
  original_file_name text not null
    constraint document_versions_original_file_name_length check (char_length(original_file_name) between 1 and 255),
  uploaded_by uuid references auth.users (id) on delete set null,
  uploaded_at timestamptz not null default now(),
  constraint document_versions_storage_path check (
    storage_path ~ ('^' || document_id::text || '/' || id::text || '/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'))
);

comment on table public.document_versions is
  'Every file uploaded for a document; clients see only the document''s current version.';

create index document_versions_document_id_idx on public.document_versions (document_id, uploaded_at desc);
create index document_versions_uploaded_by_idx on public.document_versions (uploaded_by);

alter table public.documents
  add constraint documents_current_version_id_fkey
  foreign key (current_version_id) references public.document_versions (id);

create table public.document_downloads (
  id bigint generated always as identity primary key,
  document_id uuid references public.documents (id) on delete set null,
  version_id uuid references public.document_versions (id) on delete set null,
  user_id uuid references auth.users (id) on delete set null,
  user_email text not null,
  -- The client's company at the time; null for staff and all-client documents read by a client without one.
  company_id uuid references public.companies (id) on delete set null,
  storage_path text not null,
  downloaded_at timestamptz not null default now()
);

comment on table public.document_downloads is 'Who asked for which version of which document, and when.';

create index document_downloads_document_id_idx on public.document_downloads (document_id);
create index document_downloads_version_id_idx on public.document_downloads (version_id);
create index document_downloads_user_id_idx on public.document_downloads (user_id, version_id, downloaded_at desc);
create index document_downloads_company_id_idx on public.document_downloads (company_id);
create index document_downloads_downloaded_at_idx on public.document_downloads (downloaded_at desc);

-- ---------------------------------------------------------------------------
-- The audit trail
-- ---------------------------------------------------------------------------

create table public.portal_changes (
  id bigint generated always as identity primary key,
  actor_id uuid references auth.users (id) on delete set null,
  -- The account's address, or "service role / SQL" (docs/decisions/063-flag-change-attribution.md).
  actor_label text not null,
  action text not null
    constraint portal_changes_action check (action in (
      'company_created', 'company_updated', 'company_archived', 'company_restored',
      'client_attached', 'client_moved', 'client_detached',
      'document_created', 'document_updated', 'document_deleted',
      'version_added', 'version_deleted',
      'staff_profile_saved', 'staff_profile_deleted')),
  -- No foreign keys below: the trail outlives what it describes.
  company_id uuid,
  document_id uuid,
  -- The client account, the version or the staff account the change is about.
  subject_id uuid,
  -- Changed fields as {"field": [old, new]}, or the row as it was created or deleted.
  details jsonb not null default '{}'::jsonb,
  changed_at timestamptz not null default now()
);

comment on table public.portal_changes is
  'Who created, changed, archived or deleted which company, membership, document or version, and when.';

create index portal_changes_changed_at_idx on public.portal_changes (changed_at desc);
create index portal_changes_actor_id_idx on public.portal_changes (actor_id);
create index portal_changes_company_id_idx on public.portal_changes (company_id, changed_at desc);
create index portal_changes_document_id_idx on public.portal_changes (document_id, changed_at desc);

-- ---------------------------------------------------------------------------
-- Access helpers used by the policies
-- ---------------------------------------------------------------------------

-- The caller's company when the caller is an active client and the company is
-- not archived; null otherwise.
create or replace function private.client_company_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: reads company_clients and companies without their policies.
  select cc.company_id
  from public.company_clients cc
  join public.companies c on c.id = cc.company_id
  where cc.user_id = (select auth.uid())
    and c.archived_at is null
    and (select private.is_active_client());
$$;

-- The account manager of the caller's company (same conditions).
create or replace function private.client_account_manager_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.account_manager_id from public.companies c where c.id = (select private.client_company_id());
$$;

-- May the caller read this document (its current version)? Staff: any
-- document. An active client: a document with a current version meant for
-- every client or for its (unarchived) company.
create or replace function private.can_read_document(target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.documents d
    where d.id = target
      and ((select private.is_verified_admin())
           or (d.current_version_id is not null
               and ((d.audience = 'all_clients' and (select private.is_active_client()))
                    or d.company_id = (select private.client_company_id())))));
$$;

revoke execute on function private.client_company_id() from public;
revoke execute on function private.client_account_manager_id() from public;
revoke execute on function private.can_read_document(uuid) from public;
grant execute on function private.client_company_id() to anon, authenticated, service_role;
grant execute on function private.client_account_manager_id() to anon, authenticated, service_role;
grant execute on function private.can_read_document(uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Grants and row-level security
-- ---------------------------------------------------------------------------

alter table public.staff_profiles enable row level security;
alter table public.companies enable row level security;
alter table public.company_clients enable row level security;
alter table public.documents enable row level security;
alter table public.document_versions enable row level security;
alter table public.document_downloads enable row level security;
alter table public.portal_changes enable row level security;

revoke all on table public.staff_profiles, public.companies, public.company_clients, public.documents,
  public.document_versions, public.document_downloads, public.portal_changes from anon, authenticated;
grant all on table public.staff_profiles, public.companies, public.company_clients, public.documents,
  public.document_versions, public.document_downloads, public.portal_changes to service_role;

-- Companies are archived, never deleted through the API (the trail and the
-- downloads keep pointing at them). Versions are never edited: a new file is
-- a new version. Downloads and the trail are written only by the database.
grant select, insert, update, delete on table public.staff_profiles to authenticated;
grant select, insert, update on table public.companies to authenticated;
grant select, insert, update, delete on table public.company_clients to authenticated;
grant select, insert, update, delete on table public.documents to authenticated;
grant select, insert, delete on table public.document_versions to authenticated;
grant select on table public.document_downloads to authenticated;
grant select on table public.portal_changes to authenticated;

create policy "staff_profiles: staff read all, clients their account manager"
  on public.staff_profiles for select to authenticated
  using ((select private.is_verified_admin()) or user_id = (select private.client_account_manager_id()));
create policy "staff_profiles: staff insert"
  on public.staff_profiles for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "staff_profiles: staff update"
  on public.staff_profiles for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "staff_profiles: staff delete"
  on public.staff_profiles for delete to authenticated
  using ((select private.is_verified_admin()));

create policy "companies: staff read all, clients their own"
  on public.companies for select to authenticated
  using ((select private.is_verified_admin()) or id = (select private.client_company_id()));
create policy "companies: staff insert"
  on public.companies for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "companies: staff update"
  on public.companies for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));

create policy "company_clients: staff read all, clients their own membership"
  on public.company_clients for select to authenticated
  using ((select private.is_verified_admin())
         or (user_id = (select auth.uid()) and company_id = (select private.client_company_id())));
create policy "company_clients: staff attach"
  on public.company_clients for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "company_clients: staff move"
  on public.company_clients for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "company_clients: staff detach"
  on public.company_clients for delete to authenticated
  using ((select private.is_verified_admin()));

create policy "documents: staff read all, clients theirs and every client's"
  on public.documents for select to authenticated
  using ((select private.is_verified_admin())
         or (current_version_id is not null
             and ((audience = 'all_clients' and (select private.is_active_client()))
                  or company_id = (select private.client_company_id()))));
create policy "documents: staff insert"
  on public.documents for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "documents: staff update"
  on public.documents for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "documents: staff delete"
  on public.documents for delete to authenticated
  using ((select private.is_verified_admin()));

-- A client sees the version its documents point at, and no other; the
-- documents it may read are decided by the policy above (the subquery runs
-- with the caller's rights).
create policy "document_versions: staff read all, clients the current version"
  on public.document_versions for select to authenticated
  using ((select private.is_verified_admin())
         or exists (select 1 from public.documents d
                    where d.id = document_versions.document_id and d.current_version_id = document_versions.id));
create policy "document_versions: staff upload"
  on public.document_versions for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "document_versions: staff delete"
  on public.document_versions for delete to authenticated
  using ((select private.is_verified_admin()));

create policy "document_downloads: staff read"
  on public.document_downloads for select to authenticated
  using ((select private.is_verified_admin()));

create policy "portal_changes: staff read"
  on public.portal_changes for select to authenticated
  using ((select private.is_verified_admin()));

-- ---------------------------------------------------------------------------
-- Checks the constraints cannot express
-- ---------------------------------------------------------------------------

-- Before-triggers run before the policies' checks: each check below is made
-- only for staff (and the service key or SQL, which have no account), so a
-- refused caller learns nothing from it and gets the policy's 42501.
create or replace function private.checks_apply()
returns boolean
language sql
stable
set search_path = ''
as $$
  select (select auth.uid()) is null or (select private.is_verified_admin());
$$;

revoke execute on function private.checks_apply() from public;
grant execute on function private.checks_apply() to authenticated, service_role;

create or replace function private.prepare_company()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.legal_name := btrim(new.legal_name);
  new.name_key := private.company_name_key(new.legal_name);
  new.region := upper(btrim(new.region));
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.updated_at := now();
  else
    new.created_at := now();
    new.updated_at := now();
  end if;
  if private.checks_apply()
     and new.account_manager_id is not null
     and new.account_manager_id is distinct from (case when tg_op = 'UPDATE' then old.account_manager_id end)
     and not exists (select 1 from public.user_roles r where r.user_id = new.account_manager_id and r.role = 'admin') then
    raise exception 'The account manager must be a staff account.' using errcode = '22023';
  end if;
  return new;
end;
$$;

create trigger companies_prepare
  before insert or update on public.companies
  for each row execute function private.prepare_company();

create or replace function private.check_company_client()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_company text;
begin
  -- security definer: the caller may not see the other company the account
  -- already belongs to, but must be told which one it is.
  if not private.checks_apply() then
    return new;
  end if;
  if exists (select 1 from public.user_roles r where r.user_id = new.user_id and r.role = 'admin') then
    raise exception 'Staff accounts cannot belong to a company.' using errcode = '22023';
  end if;
  if exists (select 1 from public.companies c where c.id = new.company_id and c.archived_at is not null) then
    raise exception 'This company is archived: restore it before attaching clients.' using errcode = '22023';
  end if;
  if tg_op = 'INSERT' then
    select c.legal_name into current_company
    from public.company_clients cc join public.companies c on c.id = cc.company_id
    where cc.user_id = new.user_id;
    if found then
      raise exception 'This client already belongs to a company (%): detach it first.', current_company
        using errcode = '23505';
    end if;
    new.added_at := now();
  elsif new.user_id <> old.user_id then
    raise exception 'A membership cannot change account: detach and attach instead.' using errcode = '22023';
  end if;
  return new;
end;
$$;

create trigger company_clients_check
  before insert or update on public.company_clients
  for each row execute function private.check_company_client();

create or replace function private.prepare_document()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.title_en := btrim(new.title_en);
  new.title_fr := btrim(new.title_fr);
  new.product := nullif(btrim(new.product), '');
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  else
    new.created_at := now();
  end if;
  new.updated_at := now();
  if new.current_version_id is not null and not exists (
       select 1 from public.document_versions v where v.id = new.current_version_id and v.document_id = new.id) then
    raise exception 'The current version must be a version of this document.' using errcode = '22023';
  end if;
  return new;
end;
$$;

create trigger documents_prepare
  before insert or update on public.documents
  for each row execute function private.prepare_document();

create or replace function private.prepare_document_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Who uploaded is the signed-in account, whatever the request said; only
  -- the service key and SQL (no account) may name someone.
  new.uploaded_by := coalesce((select auth.uid()), new.uploaded_by);
  new.uploaded_at := now();
  return new;
end;
$$;

create trigger document_versions_prepare
  before insert on public.document_versions
  for each row execute function private.prepare_document_version();

create or replace function private.prepare_staff_profile()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.display_name := btrim(new.display_name);
  new.email := lower(btrim(new.email));
  new.phone := nullif(btrim(new.phone), '');
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  else
    new.created_at := now();
  end if;
  new.updated_at := now();
  if private.checks_apply()
     and not exists (select 1 from public.user_roles r where r.user_id = new.user_id and r.role = 'admin') then
    raise exception 'Only staff accounts have a staff profile.' using errcode = '22023';
  end if;
  return new;
end;
$$;

create trigger staff_profiles_prepare
  before insert or update on public.staff_profiles
  for each row execute function private.prepare_staff_profile();

revoke execute on function private.prepare_company() from public;
revoke execute on function private.check_company_client() from public;
revoke execute on function private.prepare_document() from public;
revoke execute on function private.prepare_document_version() from public;
revoke execute on function private.prepare_staff_profile() from public;

-- ---------------------------------------------------------------------------
-- The audit trail, written by triggers
-- ---------------------------------------------------------------------------

create or replace function private.record_portal_change(
  what text, company uuid, document uuid, subject uuid, details jsonb
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  label text;
begin
  -- security definer: the trail accepts no writes from API roles.
  if actor is not null then
    label := coalesce((select u.email from auth.users u where u.id = actor), actor::text);
  else
    label := 'service role / SQL';
  end if;
  insert into public.portal_changes (actor_id, actor_label, action, company_id, document_id, subject_id, details)
  values (actor, label, what, company, document, subject, coalesce(details, '{}'::jsonb));
end;
$$;

-- {"field": [old, new]} for every field that changed, leaving out bookkeeping.
create or replace function private.changed_fields(old_row jsonb, new_row jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(n.key, jsonb_build_array(old_row -> n.key, n.value)), '{}'::jsonb)
  from jsonb_each(new_row) n
  where n.key not in ('updated_at', 'name_key')
    and (old_row -> n.key) is distinct from n.value;
$$;

create or replace function private.audit_companies()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  diff jsonb;
begin
  if tg_op = 'INSERT' then
    perform private.record_portal_change('company_created', new.id, null, null,
      to_jsonb(new) - 'name_key' - 'created_at' - 'updated_at');
  else
    diff := private.changed_fields(to_jsonb(old), to_jsonb(new));
    if diff = '{}'::jsonb then
      return new;
    end if;
    perform private.record_portal_change(
      case
        when old.archived_at is null and new.archived_at is not null then 'company_archived'
        when old.archived_at is not null and new.archived_at is null then 'company_restored'
        else 'company_updated'
      end,
      new.id, null, null, diff);
  end if;
  return new;
end;
$$;

create trigger companies_audit
  after insert or update on public.companies
  for each row execute function private.audit_companies();

create or replace function private.audit_company_clients()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  client_email text := (select u.email from auth.users u
                        where u.id = case when tg_op = 'DELETE' then old.user_id else new.user_id end);
begin
  if tg_op = 'INSERT' then
    perform private.record_portal_change('client_attached', new.company_id, null, new.user_id,
      jsonb_build_object('email', client_email));
  elsif tg_op = 'UPDATE' then
    if new.company_id is distinct from old.company_id then
      perform private.record_portal_change('client_moved', new.company_id, null, new.user_id,
        jsonb_build_object('email', client_email, 'from_company_id', old.company_id));
    end if;
  else
    perform private.record_portal_change('client_detached', old.company_id, null, old.user_id,
      jsonb_build_object('email', client_email));
  end if;
  return null;
end;
$$;

create trigger company_clients_audit
  after insert or update or delete on public.company_clients
  for each row execute function private.audit_company_clients();

create or replace function private.audit_documents()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  diff jsonb;
begin
  if tg_op = 'INSERT' then
    perform private.record_portal_change('document_created', new.company_id, new.id, null,
      to_jsonb(new) - 'created_at' - 'updated_at');
  elsif tg_op = 'UPDATE' then
    diff := private.changed_fields(to_jsonb(old), to_jsonb(new));
    if diff <> '{}'::jsonb then
      perform private.record_portal_change('document_updated', coalesce(new.company_id, old.company_id), new.id,
        new.current_version_id, diff);
    end if;
  else
    perform private.record_portal_change('document_deleted', old.company_id, old.id, null,
      to_jsonb(old) - 'created_at' - 'updated_at');
  end if;
  return null;
end;
$$;

create trigger documents_audit
  after insert or update or delete on public.documents
  for each row execute function private.audit_documents();

create or replace function private.audit_document_versions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_data public.document_versions;
begin
  if tg_op = 'DELETE' then
    row_data := old;
  else
    row_data := new;
  end if;
  perform private.record_portal_change(
    case when tg_op = 'INSERT' then 'version_added' else 'version_deleted' end,
    (select d.company_id from public.documents d where d.id = row_data.document_id),
    row_data.document_id, row_data.id,
    jsonb_build_object('storage_path', row_data.storage_path, 'original_file_name', row_data.original_file_name,
                       'size_bytes', row_data.size_bytes, 'mime_type', row_data.mime_type));
  return null;
end;
$$;

create trigger document_versions_audit
  after insert or delete on public.document_versions
  for each row execute function private.audit_document_versions();

create or replace function private.audit_staff_profiles()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform private.record_portal_change('staff_profile_deleted', null, null, old.user_id, to_jsonb(old));
  else
    perform private.record_portal_change('staff_profile_saved', null, null, new.user_id,
      to_jsonb(new) - 'created_at' - 'updated_at');
  end if;
  return null;
end;
$$;

create trigger staff_profiles_audit
  after insert or update or delete on public.staff_profiles
  for each row execute function private.audit_staff_profiles();

revoke execute on function private.record_portal_change(text, uuid, uuid, uuid, jsonb) from public;
revoke execute on function private.changed_fields(jsonb, jsonb) from public;
revoke execute on function private.audit_companies() from public;
revoke execute on function private.audit_company_clients() from public;
revoke execute on function private.audit_documents() from public;
revoke execute on function private.audit_document_versions() from public;
revoke execute on function private.audit_staff_profiles() from public;

-- ---------------------------------------------------------------------------
-- RPCs
-- ---------------------------------------------------------------------------

-- Companies whose name matches `name` (staff, when attaching a client to an
-- existing company): the same key first, then names that contain the other
-- (at least 4 characters of key), archived ones included and marked.
create or replace function private.find_company_candidates(name text)
returns table (
  id uuid,
  legal_name text,
  country text,
  region text,
  archived_at timestamptz,
  exact boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted text := private.company_name_key(left(name, 200));
begin
  perform private.require_portal_staff();
  if wanted = '' then
    return;
  end if;
  return query
    select c.id, c.legal_name, c.country, c.region, c.archived_at, c.name_key = wanted
    from public.companies c
    where c.name_key = wanted
       or (char_length(wanted) >= 4 and char_length(c.name_key) >= 4
           and (strpos(c.name_key, wanted) > 0 or strpos(wanted, c.name_key) > 0))
    order by c.name_key = wanted desc, abs(char_length(c.name_key) - char_length(wanted)), c.legal_name, c.id
    limit 20;
end;
$$;

-- The staff list: every company with its number of clients and of documents
-- (its own, not the all-client ones) and the newest sign-in of its clients.
create or replace function private.list_companies(search text, include_archived boolean)
returns table (
  id uuid,
  legal_name text,
  country text,
  region text,
  customer_type text,
  preferred_language text,
  account_manager_id uuid,
  account_manager_name text,
  archived_at timestamptz,
  created_at timestamptz,
  client_count integer,
  document_count integer,
  last_client_sign_in_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted text := private.company_name_key(left(search, 200));
begin
  -- security definer: reads auth.users (last sign-in), which no API role may.
  perform private.require_portal_staff();
  return query
    select c.id, c.legal_name, c.country, c.region, c.customer_type, c.preferred_language,
           c.account_manager_id, p.display_name, c.archived_at, c.created_at,
           (select count(*)::integer from public.company_clients cc where cc.company_id = c.id),
           (select count(*)::integer from public.documents d where d.company_id = c.id),
           (select max(u.last_sign_in_at) from public.company_clients cc
              join auth.users u on u.id = cc.user_id where cc.company_id = c.id)
    from public.companies c
    left join public.staff_profiles p on p.user_id = c.account_manager_id
    where (coalesce(include_archived, false) or c.archived_at is null)
      and (wanted = '' or strpos(c.name_key, wanted) > 0)
    order by c.archived_at is not null, c.legal_name, c.id;
end;
$$;

-- A download: checks the caller may read the document, records who took
-- which version, and answers where the file is. A client's storage reads are
-- allowed only for a version it recorded a download of in the last five
-- minutes (next migration), so skipping this call yields no file.
create or replace function private.request_document_download(target uuid)
returns table (
  version_id uuid,
  bucket text,
  storage_path text,
  original_file_name text,
  mime_type text,
  size_bytes bigint
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  version public.document_versions;
begin
  -- security definer: writes document_downloads, which no API role may.
  if caller is null or target is null or not private.can_read_document(target) then
    raise exception 'No such document.' using errcode = 'PT404';
  end if;
  select v.* into version
  from public.documents d join public.document_versions v on v.id = d.current_version_id
  where d.id = target;
  if not found then
    raise exception 'This document has no file yet.' using errcode = 'PT404';
  end if;
  insert into public.document_downloads (document_id, version_id, user_id, user_email, company_id, storage_path)
  values (target, version.id, caller, coalesce((select u.email from auth.users u where u.id = caller), ''),
          case when (select private.is_verified_admin()) then null else private.client_company_id() end,
          version.storage_path);
  return query select version.id, 'documents'::text, version.storage_path, version.original_file_name,
                      version.mime_type, version.size_bytes;
end;
$$;

revoke execute on function private.find_company_candidates(text) from public;
revoke execute on function private.list_companies(text, boolean) from public;
revoke execute on function private.request_document_download(uuid) from public;
grant execute on function private.find_company_candidates(text) to authenticated, service_role;
grant execute on function private.list_companies(text, boolean) to authenticated, service_role;
grant execute on function private.request_document_download(uuid) to authenticated, service_role;

-- The RPCs. Security invoker: they run as the caller and only call the
-- checked functions above, so being callable is harmless.
create or replace function public.admin_find_company_candidates(name text)
returns table (
  id uuid,
  legal_name text,
  country text,
  region text,
  archived_at timestamptz,
  exact boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.find_company_candidates(name);
$$;

create or replace function public.admin_list_companies(search text default null, include_archived boolean default false)
returns table (
  id uuid,
  legal_name text,
  country text,
  region text,
  customer_type text,
  preferred_language text,
  account_manager_id uuid,
  account_manager_name text,
  archived_at timestamptz,
  created_at timestamptz,
  client_count integer,
  document_count integer,
  last_client_sign_in_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.list_companies(search, include_archived);
$$;

create or replace function public.request_document_download(document_id uuid)
returns table (
  version_id uuid,
  bucket text,
  storage_path text,
  original_file_name text,
  mime_type text,
  size_bytes bigint
)
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.request_document_download(request_document_download.document_id);
$$;

revoke execute on function public.admin_find_company_candidates(text) from public, anon;
revoke execute on function public.admin_list_companies(text, boolean) from public, anon;
revoke execute on function public.request_document_download(uuid) from public, anon;
grant execute on function public.admin_find_company_candidates(text) to authenticated, service_role;
grant execute on function public.admin_list_companies(text, boolean) to authenticated, service_role;
grant execute on function public.request_document_download(uuid) to authenticated, service_role;
