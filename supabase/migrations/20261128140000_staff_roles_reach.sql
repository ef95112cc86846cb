-- Each staff role reaches its own part (docs/decisions/210-what-each-staff-role-reaches.md):
--
--   admin            everything (unchanged)
--   account_manager  the companies they manage (private.can_manage_company):
--                    companies, their clients, documents, conversations,
--                    account history; access requests and accounts that are
--                    not staff; leads
--   editor           content, the catalogue and both image buckets
--   every staff role the team's names, draft products, documents for every
--                    client (read), notifications about their part
--
-- Every policy and function below asked private.is_verified_admin(); it now
-- asks the role, and for account managers the company. What stays admin-only
-- (flags, site publishes, settings, order settings and holidays, staff and
-- roles, page views, the dashboard and analytics, account history) is not
-- touched. Every staff role still needs aal2.
--
-- Old policy names holding an apostrophe are dropped through format(), with
-- the name as a string literal; the new names hold none.

-- ---------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------

-- Admins and account managers at aal2: the people who look after clients.
create or replace function private.is_verified_client_staff()
returns boolean
language sql
stable
set search_path = ''
as $$
  select (select private.staff_role()) in ('admin', 'account_manager') and (select private.is_aal2());
$$;

-- Admins and editors at aal2: the people who publish content and the catalogue.
create or replace function private.is_verified_content_staff()
returns boolean
language sql
stable
set search_path = ''
as $$
  select (select private.staff_role()) in ('admin', 'editor') and (select private.is_aal2());
$$;

-- A company row the caller may create or leave after an update: any for
-- those who manage every company; otherwise only one naming the caller as
-- its account manager (an account manager cannot hand a company to someone
-- else and keep writing it).
create or replace function private.may_hold_company(manager uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select (select private.manages_every_company())
    or ((select private.is_verified_account_manager()) and manager = (select auth.uid()));
$$;

-- Documents as staff see them: a company's documents belong to whoever
-- manages the company; documents for every client (no company) are read by
-- every staff role (editors link them to products) and written by admins only.
create or replace function private.staff_reads_document(company uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select case when company is null then (select private.is_verified_staff())
              else (select private.can_manage_company(company)) end;
$$;

create or replace function private.staff_writes_document(company uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select case when company is null then (select private.is_verified_admin())
              else (select private.can_manage_company(company)) end;
$$;

-- The same questions asked of a document by id, past the documents policies.
create or replace function private.staff_reads_document_id(target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.documents d where d.id = target and private.staff_reads_document(d.company_id));
$$;

create or replace function private.staff_writes_document_id(target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.documents d where d.id = target and private.staff_writes_document(d.company_id));
$$;

-- A stored file of the documents bucket, through the version naming it.
create or replace function private.staff_reads_document_object(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.document_versions v join public.documents d on d.id = v.document_id
    where v.storage_path = object_name and private.staff_reads_document(d.company_id));
$$;

create or replace function private.can_write_document_object(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.document_versions v join public.documents d on d.id = v.document_id
    where v.storage_path = object_name and private.staff_writes_document(d.company_id));
$$;

-- A conversation as staff see it: whoever manages its company.
create or replace function private.staff_reads_conversation(target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.conversations c where c.id = target and private.can_manage_company(c.company_id));
$$;

revoke execute on function private.is_verified_client_staff() from public;
revoke execute on function private.is_verified_content_staff() from public;
revoke execute on function private.may_hold_company(uuid) from public;
revoke execute on function private.staff_reads_document(uuid) from public;
revoke execute on function private.staff_writes_document(uuid) from public;
revoke execute on function private.staff_reads_document_id(uuid) from public;
revoke execute on function private.staff_writes_document_id(uuid) from public;
revoke execute on function private.staff_reads_document_object(text) from public;
revoke execute on function private.staff_reads_conversation(uuid) from public;
grant execute on function private.is_verified_client_staff() to anon, authenticated, service_role;
grant execute on function private.is_verified_content_staff() to anon, authenticated, service_role;
grant execute on function private.may_hold_company(uuid) to authenticated, service_role;
grant execute on function private.staff_reads_document(uuid) to anon, authenticated, service_role;
grant execute on function private.staff_writes_document(uuid) to anon, authenticated, service_role;
grant execute on function private.staff_reads_document_id(uuid) to anon, authenticated, service_role;
grant execute on function private.staff_writes_document_id(uuid) to anon, authenticated, service_role;
grant execute on function private.staff_reads_document_object(text) to anon, authenticated, service_role;
grant execute on function private.staff_reads_conversation(uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Companies and their clients: whoever manages the company
-- ---------------------------------------------------------------------------

drop policy "companies: staff read all, clients their own" on public.companies;
create policy "companies: their staff, clients their own"
  on public.companies for select to authenticated
  using ((select private.can_manage_company(id)) or id = (select private.client_company_id()));
drop policy "companies: staff insert" on public.companies;
create policy "companies: staff insert what they will manage"
  on public.companies for insert to authenticated
  with check ((select private.may_hold_company(account_manager_id)));
drop policy "companies: staff update" on public.companies;
create policy "companies: their staff update"
  on public.companies for update to authenticated
  using ((select private.can_manage_company(id)))
  with check ((select private.may_hold_company(account_manager_id)));

drop policy "company_clients: staff read all, clients their own membership" on public.company_clients;
create policy "company_clients: company staff, clients their own membership"
  on public.company_clients for select to authenticated
  using (
    (select private.can_manage_company(company_id))
    or (user_id = (select auth.uid()) and company_id = (select private.client_company_id()))
  );
drop policy "company_clients: staff attach" on public.company_clients;
create policy "company_clients: company staff attach"
  on public.company_clients for insert to authenticated
  with check ((select private.can_manage_company(company_id)));
drop policy "company_clients: staff move" on public.company_clients;
create policy "company_clients: company staff move"
  on public.company_clients for update to authenticated
  using ((select private.can_manage_company(company_id)))
  with check ((select private.can_manage_company(company_id)));
drop policy "company_clients: staff detach" on public.company_clients;
create policy "company_clients: company staff detach"
  on public.company_clients for delete to authenticated
  using ((select private.can_manage_company(company_id)));

-- Staff names: every staff member reads the team; clients their account manager.
drop policy "staff_profiles: staff read all, clients their account manager" on public.staff_profiles;
create policy "staff_profiles: staff read all, clients their account manager"
  on public.staff_profiles for select to authenticated
  using ((select private.is_verified_staff()) or user_id = (select private.client_account_manager_id()));

-- The company history: admins all of it, account managers their companies'.
drop policy "portal_changes: staff read" on public.portal_changes;
create policy "portal_changes: admins, and company staff"
  on public.portal_changes for select to authenticated
  using ((select private.is_verified_admin()) or (select private.can_manage_company(company_id)));

-- ---------------------------------------------------------------------------
-- Documents, their versions, downloads and files
-- ---------------------------------------------------------------------------

do $$ begin execute format('drop policy %I on public.documents', 'documents: staff read all, clients theirs and every client''s'); end $$;
create policy "documents: their staff, clients theirs and all-client ones"
  on public.documents for select to authenticated
  using (
    (select private.staff_reads_document(company_id))
    or (current_version_id is not null
        and ((audience = 'all_clients' and (select private.is_active_client()))
             or company_id = (select private.client_company_id())))
  );
drop policy "documents: staff insert" on public.documents;
create policy "documents: their staff insert"
  on public.documents for insert to authenticated
  with check ((select private.staff_writes_document(company_id)));
drop policy "documents: staff update" on public.documents;
create policy "documents: their staff update"
  on public.documents for update to authenticated
  using ((select private.staff_writes_document(company_id)))
  with check ((select private.staff_writes_document(company_id)));
drop policy "documents: staff delete" on public.documents;
create policy "documents: their staff delete"
  on public.documents for delete to authenticated
  using ((select private.staff_writes_document(company_id)));

drop policy "document_versions: staff read all, clients the current version" on public.document_versions;
create policy "document_versions: their staff, clients the current version"
  on public.document_versions for select to authenticated
  using (
    (select private.staff_reads_document_id(document_id))
    or exists (
      select 1 from public.documents d
      where d.id = document_versions.document_id and d.current_version_id = document_versions.id)
  );
drop policy "document_versions: staff upload" on public.document_versions;
create policy "document_versions: their staff upload"
  on public.document_versions for insert to authenticated
  with check ((select private.staff_writes_document_id(document_id)));
drop policy "document_versions: staff delete" on public.document_versions;
create policy "document_versions: their staff delete"
  on public.document_versions for delete to authenticated
  using ((select private.staff_writes_document_id(document_id)));

drop policy "document_downloads: staff read" on public.document_downloads;
create policy "document_downloads: document staff read"
  on public.document_downloads for select to authenticated
  using ((select private.staff_reads_document_id(document_id)));

drop policy "documents bucket: staff read" on storage.objects;
create policy "documents bucket: document staff read"
  on storage.objects for select to authenticated
  using (bucket_id = 'documents' and (select private.staff_reads_document_object(name)));
do $$ begin execute format('drop policy %I on storage.objects', 'documents bucket: staff replace a version''s file'); end $$;
create policy "documents bucket: document staff replace a version file"
  on storage.objects for update to authenticated
  using (bucket_id = 'documents' and (select private.can_write_document_object(name)))
  with check (bucket_id = 'documents' and (select private.can_write_document_object(name)));
drop policy "documents bucket: staff remove" on storage.objects;
create policy "documents bucket: document staff remove"
  on storage.objects for delete to authenticated
  using (bucket_id = 'documents' and (select private.can_write_document_object(name)));

-- Reading a document (and recording the download) as staff: whoever manages
-- its company; documents for every client, every staff role.
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
      and (private.staff_reads_document(d.company_id)
           or (d.current_version_id is not null
               and ((d.audience = 'all_clients' and (select private.is_active_client()))
                    or d.company_id = (select private.client_company_id())))));
$$;

create or replace function private.request_document_download(target uuid)
returns table (version_id uuid, bucket text, storage_path text, original_file_name text, mime_type text, size_bytes bigint)
language plpgsql
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
          case when (select private.is_verified_staff()) then null else private.client_company_id() end,
          version.storage_path);
  return query select version.id, 'documents'::text, version.storage_path, version.original_file_name,
                      version.mime_type, version.size_bytes;
end;
$$;

-- ---------------------------------------------------------------------------
-- Conversations: whoever manages the company
-- ---------------------------------------------------------------------------

do $$ begin execute format('drop policy %I on public.conversations', 'conversations: staff read all, clients their company''s'); end $$;
create policy "conversations: their staff, clients their company"
  on public.conversations for select to authenticated
  using ((select private.can_manage_company(company_id)) or company_id = (select private.client_company_id()));

do $$ begin execute format('drop policy %I on public.conversation_messages', 'conversation_messages: staff read all, clients their company''s'); end $$;
create policy "conversation_messages: their staff, clients their company"
  on public.conversation_messages for select to authenticated
  using (
    (select private.staff_reads_conversation(conversation_id))
    or exists (
      select 1 from public.conversations c
      where c.id = conversation_id and c.company_id = (select private.client_company_id()))
  );

create or replace function private.can_read_conversation(target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: reads conversations without their policies.
  select exists (
    select 1 from public.conversations c
    where c.id = target
      and (private.can_manage_company(c.company_id) or c.company_id = (select private.client_company_id())));
$$;

create or replace function private.list_conversations()
returns table (
  id uuid, company_id uuid, company_name text, subject text, status text, awaiting text,
  created_at timestamptz, last_message_at timestamptz, last_message_preview text,
  last_message_from_staff boolean, unread boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  staff boolean := (select private.is_verified_client_staff());
  company uuid := (select private.client_company_id());
begin
  -- security definer: one query over conversations, messages and companies
  -- with the same rule as the policies (staff: the companies they manage;
  -- client: its company's).
  if caller is null or (not staff and company is null) then
    return;
  end if;
  return query
    select c.id, c.company_id, co.legal_name, c.subject, c.status, c.awaiting, c.created_at, c.last_message_at,
           left(last.body, 140), last.from_staff,
           exists (select 1 from public.conversation_messages m
                   where m.conversation_id = c.id and m.from_staff = not staff
                     and m.created_at > coalesce(r.read_at, '-infinity'::timestamptz))
    from public.conversations c
    join public.companies co on co.id = c.company_id
    left join public.conversation_reads r on r.conversation_id = c.id and r.user_id = caller
    left join lateral (select m.body, m.from_staff from public.conversation_messages m
                       where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) last on true
    where (staff and private.can_manage_company(c.company_id)) or c.company_id = company
    order by c.status = 'closed', c.last_message_at desc, c.id;
end;
$$;

create or replace function private.post_conversation_message(target uuid, body text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  staff boolean := (select private.is_verified_client_staff());
  clean_body text;
  conversation public.conversations;
  author text;
  message_id uuid;
begin
  -- security definer: writes conversations, messages and the outbox, which no API role may.
  if caller is null or target is null or not private.can_read_conversation(target) then
    raise exception 'No such conversation.' using errcode = 'PT404';
  end if;
  clean_body := private.checked_text(body, 5000, 'The message');
  if not staff then
    perform private.check_message_rate(caller);
  end if;
  author := private.author_name(caller);
  update public.conversations c
  set last_message_at = now(),
      awaiting = case when staff then 'client' else 'staff' end,
      status = case when staff then c.status else 'open' end
  where c.id = target
  returning * into conversation;
  insert into public.conversation_messages (conversation_id, author_id, author_name, from_staff, body, created_at)
  values (target, caller, author, staff, clean_body, now())
  returning id into message_id;
  insert into public.conversation_reads (conversation_id, user_id, read_at)
  values (target, caller, now())
  on conflict (conversation_id, user_id) do update set read_at = excluded.read_at;
  if staff then
    perform private.queue_mail_to_clients(conversation, author);
  else
    perform private.queue_mail_to_account_manager(conversation, author);
  end if;
  return message_id;
end;
$$;

-- The portal's company, client and conversation functions: admins and
-- account managers at aal2; each then narrows to the companies they manage.
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
  if caller is null or coalesce((select private.staff_role()) not in ('admin', 'account_manager'), true) then
    raise exception 'Only staff can manage companies and documents.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor before managing companies and documents.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

create or replace function private.set_conversation_status(target uuid, new_status text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: conversations accept no direct writes.
  perform private.require_portal_staff();
  if new_status is null or new_status not in ('open', 'closed') then
    raise exception 'The status must be open or closed.' using errcode = '22023';
  end if;
  update public.conversations c set status = new_status
  where c.id = target and private.can_manage_company(c.company_id);
  if not found then
    raise exception 'No such conversation.' using errcode = 'PT404';
  end if;
end;
$$;

create or replace function private.list_companies(search text, include_archived boolean)
returns table (
  id uuid, legal_name text, country text, region text, customer_type text, preferred_language text,
  account_manager_id uuid, account_manager_name text, archived_at timestamptz, created_at timestamptz,
  client_count integer, document_count integer, last_client_sign_in_at timestamptz
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
      and private.can_manage_company(c.id)
    order by c.archived_at is not null, c.legal_name, c.id;
end;
$$;

create or replace function private.find_company_candidates(name text)
returns table (id uuid, legal_name text, country text, region text, archived_at timestamptz, exact boolean)
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
    where (c.name_key = wanted
           or (char_length(wanted) >= 4 and char_length(c.name_key) >= 4
               and (strpos(c.name_key, wanted) > 0 or strpos(wanted, c.name_key) > 0)))
      and private.can_manage_company(c.id)
    order by c.name_key = wanted desc, abs(char_length(c.name_key) - char_length(wanted)), c.legal_name, c.id
    limit 20;
end;
$$;

-- ---------------------------------------------------------------------------
-- Access requests and client accounts: admins and account managers
-- ---------------------------------------------------------------------------

drop policy "access_requests: own row, or all for verified admins" on public.access_requests;
create policy "access_requests: own row, or all for client staff"
  on public.access_requests for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_verified_client_staff()));

-- Admins and account managers at aal2, for client accounts.
create or replace function private.require_client_staff()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or coalesce((select private.staff_role()) not in ('admin', 'account_manager'), true) then
    raise exception 'Only staff can manage accounts.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor before changing accounts.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

-- Whether the caller may act on this account as a client account: never a
-- staff account; for an account manager, one in no company or in a company
-- they manage. Security definer: reads roles and memberships.
create or replace function private.may_manage_client_account(target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
      select 1 from public.user_roles r
      where r.user_id = target and r.role in ('admin', 'account_manager', 'editor'))
    and ((select private.is_verified_admin())
         or ((select private.is_verified_account_manager())
             and not exists (
               select 1 from public.company_clients cc
               where cc.user_id = target and not private.can_manage_company(cc.company_id))));
$$;

revoke execute on function private.require_client_staff() from public;
revoke execute on function private.may_manage_client_account(uuid) from public;
grant execute on function private.require_client_staff() to authenticated, service_role;
grant execute on function private.may_manage_client_account(uuid) to authenticated, service_role;

create or replace function private.approve_access_request(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_client_staff();
  address text := private.account_target(caller, target);
begin
  perform 1 from public.user_roles r where r.user_id = target for update;
  if exists (select 1 from public.user_roles r where r.user_id = target and r.role <> 'client') then
    raise exception 'This account is staff; withdraw the staff role first.' using errcode = '22023';
  end if;
  if not private.may_manage_client_account(target) then
    raise exception 'This account belongs to a company you do not manage.' using errcode = '42501';
  end if;
  insert into public.user_roles (user_id, role) values (target, 'client')
  on conflict (user_id) do nothing;
  update public.access_requests
     set status = 'approved', decision_note = null, decided_by = caller, decided_at = now()
   where user_id = target;
  perform private.record_account_change(caller, target, address, 'approve', null);
end;
$$;

create or replace function private.decline_access_request(target uuid, note text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_client_staff();
  address text := private.account_target(caller, target);
  cleaned text := btrim(coalesce(note, ''));
begin
  if cleaned = '' or char_length(cleaned) > 1000 then
    raise exception 'A note for the requester (1 to 1000 characters) is required.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.access_requests a where a.user_id = target) then
    raise exception 'This account has no access request.' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.user_roles r where r.user_id = target and r.role <> 'client') then
    raise exception 'This account is staff; withdraw the staff role first.' using errcode = '22023';
  end if;
  if not private.may_manage_client_account(target) then
    raise exception 'This account belongs to a company you do not manage.' using errcode = '42501';
  end if;
  delete from public.user_roles r where r.user_id = target and r.role = 'client';
  update public.access_requests
     set status = 'declined', decision_note = cleaned, decided_by = caller, decided_at = now()
   where user_id = target;
  perform private.record_account_change(caller, target, address, 'decline', cleaned);
end;
$$;

create or replace function private.revoke_client_access(target uuid, note text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_client_staff();
  address text := private.account_target(caller, target);
  cleaned text := nullif(btrim(coalesce(note, '')), '');
begin
  if char_length(cleaned) > 1000 then
    raise exception 'The note has more than 1000 characters.' using errcode = '22023';
  end if;
  if not private.may_manage_client_account(target) then
    raise exception 'This account belongs to a company you do not manage.' using errcode = '42501';
  end if;
  delete from public.user_roles r where r.user_id = target and r.role = 'client';
  if not found then
    raise exception 'This account has no client access.' using errcode = '22023';
  end if;
  update public.access_requests
     set status = 'revoked', decision_note = cleaned, decided_by = caller, decided_at = now()
   where user_id = target;
  perform private.record_account_change(caller, target, address, 'revoke_client', cleaned);
end;
$$;

-- Accounts: admins see every account; account managers the accounts that
-- are not staff and belong to no company or to one they manage.
create or replace function private.list_accounts(search text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := '%' || replace(replace(replace(btrim(coalesce(search, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  result jsonb;
begin
  perform private.require_client_staff();
  select coalesce(jsonb_agg(row_data order by pending desc, created_at desc), '[]'::jsonb) into result
  from (
    select
      coalesce(a.status = 'pending', false) as pending,
      u.created_at,
      jsonb_build_object(
        'user_id', u.id,
        'email', u.email,
        'first_name', coalesce(a.first_name, u.raw_user_meta_data ->> 'first_name', ''),
        'last_name', coalesce(a.last_name, u.raw_user_meta_data ->> 'last_name', ''),
        'company', coalesce(a.company, ''),
        'role', r.role,
        'request_status', a.status,
        'decision_note', a.decision_note,
        'locale', a.locale,
        'phone', a.phone,
        'job_title', a.job_title,
        'email_confirmed', u.email_confirmed_at is not null,
        'has_second_factor', exists (
          select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified'),
        'created_at', u.created_at,
        'last_sign_in_at', u.last_sign_in_at
      ) as row_data
    from auth.users u
    left join public.access_requests a on a.user_id = u.id
    left join public.user_roles r on r.user_id = u.id
    where u.deleted_at is null
      and ((select private.is_verified_admin()) or private.may_manage_client_account(u.id))
      and (btrim(coalesce(search, '')) = ''
           or u.email ilike pattern
           or coalesce(a.company, '') ilike pattern)
  ) listed;
  return result;
end;
$$;

-- ---------------------------------------------------------------------------
-- Leads: admins and account managers (reads still need aal2: restrictive policy)
-- ---------------------------------------------------------------------------

drop policy "leads: admins read" on public.leads;
create policy "leads: admins and account managers read"
  on public.leads for select to authenticated
  using ((select private.is_verified_client_staff()));
drop policy "leads: admins delete" on public.leads;
create policy "leads: admins and account managers delete"
  on public.leads for delete to authenticated
  using ((select private.is_verified_client_staff()));

drop policy "lead_delivery_attempts: staff at aal2 read" on public.lead_delivery_attempts;
create policy "lead_delivery_attempts: admins and account managers read"
  on public.lead_delivery_attempts for select to authenticated
  using ((select private.is_verified_client_staff()));

create or replace function private.request_lead_resend(target uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.leads;
  grace interval := (select s.browser_report_grace from private.lead_settings s where s.id = 1);
begin
  -- security definer: staff may not write the delivery columns themselves.
  if not (select private.is_verified_client_staff()) then
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

create or replace function public.lead_retention_periods()
returns table (retention_months integer, retention_days integer, spam_retention_months integer, spam_retention_days integer)
language sql
stable
set search_path = ''
as $$
  select
    (extract(year from r.retention) * 12 + extract(month from r.retention))::integer,
    extract(day from r.retention)::integer,
    (extract(year from r.spam_retention) * 12 + extract(month from r.spam_retention))::integer,
    extract(day from r.spam_retention)::integer
  from private.lead_retention() r
  where (select private.is_verified_client_staff());
$$;

-- ---------------------------------------------------------------------------
-- Content: admins and editors
-- ---------------------------------------------------------------------------

drop policy "content_items: published, or all for verified admins" on public.content_items;
create policy "content_items: published, or all for content staff"
  on public.content_items for select to anon, authenticated
  using ((status = 'published' and publish_at <= now()) or (select private.is_verified_content_staff()));
drop policy "content_versions: verified admins read" on public.content_versions;
create policy "content_versions: content staff read"
  on public.content_versions for select to authenticated
  using ((select private.is_verified_content_staff()));
drop policy "content_audit: verified admins read" on public.content_audit;
create policy "content_audit: content staff read"
  on public.content_audit for select to authenticated
  using ((select private.is_verified_content_staff()));

create or replace function private.require_content_staff()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or coalesce((select private.staff_role()) not in ('admin', 'editor'), true) then
    raise exception 'Only staff can manage content.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor before managing content.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

drop policy "content-images bucket: verified admins list" on storage.objects;
drop policy "content-images bucket: verified admins upload" on storage.objects;
drop policy "content-images bucket: verified admins replace" on storage.objects;
drop policy "content-images bucket: verified admins remove" on storage.objects;
create policy "content-images bucket: content staff list"
  on storage.objects for select to authenticated
  using (bucket_id = 'content-images' and (select private.is_verified_content_staff()));
create policy "content-images bucket: content staff upload"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'content-images' and (select private.is_verified_content_staff()));
create policy "content-images bucket: content staff replace"
  on storage.objects for update to authenticated
  using (bucket_id = 'content-images' and (select private.is_verified_content_staff()))
  with check (bucket_id = 'content-images' and (select private.is_verified_content_staff()));
create policy "content-images bucket: content staff remove"
  on storage.objects for delete to authenticated
  using (bucket_id = 'content-images' and (select private.is_verified_content_staff()));

-- ---------------------------------------------------------------------------
-- Catalogue: admins and editors write; every staff role reads drafts
-- (account managers price and sell them)
-- ---------------------------------------------------------------------------

drop policy "product_categories: published, or all for verified admins" on public.product_categories;
create policy "product_categories: published, or all for staff"
  on public.product_categories for select to anon, authenticated
  using (published or (select private.is_verified_staff()));
drop policy "product_categories: verified admins insert" on public.product_categories;
create policy "product_categories: catalogue staff insert"
  on public.product_categories for insert to authenticated
  with check ((select private.is_verified_content_staff()));
drop policy "product_categories: verified admins update" on public.product_categories;
create policy "product_categories: catalogue staff update"
  on public.product_categories for update to authenticated
  using ((select private.is_verified_content_staff()))
  with check ((select private.is_verified_content_staff()));
drop policy "product_categories: verified admins delete" on public.product_categories;
create policy "product_categories: catalogue staff delete"
  on public.product_categories for delete to authenticated
  using ((select private.is_verified_content_staff()));

drop policy "products: published, or all for verified admins" on public.products;
create policy "products: published, or all for staff"
  on public.products for select to anon, authenticated
  using (
    (status = 'published'
     and exists (select 1 from public.product_categories c where c.id = category_id and c.published))
    or (select private.is_verified_staff())
  );
drop policy "products: verified admins insert" on public.products;
create policy "products: catalogue staff insert"
  on public.products for insert to authenticated
  with check ((select private.is_verified_content_staff()));
drop policy "products: verified admins update" on public.products;
create policy "products: catalogue staff update"
  on public.products for update to authenticated
  using ((select private.is_verified_content_staff()))
  with check ((select private.is_verified_content_staff()));
drop policy "products: verified admins delete" on public.products;
create policy "products: catalogue staff delete"
  on public.products for delete to authenticated
  using ((select private.is_verified_content_staff()));

drop policy "product_translations: verified admins insert" on public.product_translations;
create policy "product_translations: catalogue staff insert"
  on public.product_translations for insert to authenticated
  with check ((select private.is_verified_content_staff()));
drop policy "product_translations: verified admins update" on public.product_translations;
create policy "product_translations: catalogue staff update"
  on public.product_translations for update to authenticated
  using ((select private.is_verified_content_staff()))
  with check ((select private.is_verified_content_staff()));
drop policy "product_translations: verified admins delete" on public.product_translations;
create policy "product_translations: catalogue staff delete"
  on public.product_translations for delete to authenticated
  using ((select private.is_verified_content_staff()));

drop policy "product_images: verified admins insert" on public.product_images;
create policy "product_images: catalogue staff insert"
  on public.product_images for insert to authenticated
  with check ((select private.is_verified_content_staff()));
drop policy "product_images: verified admins update" on public.product_images;
create policy "product_images: catalogue staff update"
  on public.product_images for update to authenticated
  using ((select private.is_verified_content_staff()))
  with check ((select private.is_verified_content_staff()));
drop policy "product_images: verified admins delete" on public.product_images;
create policy "product_images: catalogue staff delete"
  on public.product_images for delete to authenticated
  using ((select private.is_verified_content_staff()));

do $$ begin execute format('drop policy %I on public.product_documents', 'product_documents: public ones, clients'' for active clients'); end $$;
create policy "product_documents: public ones, for clients and staff the rest"
  on public.product_documents for select to anon, authenticated
  using (
    exists (select 1 from public.products p where p.id = product_id)
    and (visibility = 'public' or (select private.is_active_client()) or (select private.is_verified_staff()))
  );
drop policy "product_documents: verified admins insert" on public.product_documents;
create policy "product_documents: catalogue staff insert"
  on public.product_documents for insert to authenticated
  with check ((select private.is_verified_content_staff()));
drop policy "product_documents: verified admins update" on public.product_documents;
create policy "product_documents: catalogue staff update"
  on public.product_documents for update to authenticated
  using ((select private.is_verified_content_staff()))
  with check ((select private.is_verified_content_staff()));
drop policy "product_documents: verified admins delete" on public.product_documents;
create policy "product_documents: catalogue staff delete"
  on public.product_documents for delete to authenticated
  using ((select private.is_verified_content_staff()));

drop policy "product_audit: verified admins read" on public.product_audit;
create policy "product_audit: catalogue staff read"
  on public.product_audit for select to authenticated
  using ((select private.is_verified_content_staff()));

create or replace function private.require_catalogue_staff()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or coalesce((select private.staff_role()) not in ('admin', 'editor'), true) then
    raise exception 'Only staff can manage the catalogue.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor before managing the catalogue.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

drop policy "product-images bucket: verified admins list" on storage.objects;
drop policy "product-images bucket: verified admins upload" on storage.objects;
drop policy "product-images bucket: verified admins replace" on storage.objects;
drop policy "product-images bucket: verified admins remove" on storage.objects;
create policy "product-images bucket: catalogue staff list"
  on storage.objects for select to authenticated
  using (bucket_id = 'product-images' and (select private.is_verified_content_staff()));
create policy "product-images bucket: catalogue staff upload"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'product-images' and (select private.is_verified_content_staff()));
create policy "product-images bucket: catalogue staff replace"
  on storage.objects for update to authenticated
  using (bucket_id = 'product-images' and (select private.is_verified_content_staff()))
  with check (bucket_id = 'product-images' and (select private.is_verified_content_staff()));
create policy "product-images bucket: catalogue staff remove"
  on storage.objects for delete to authenticated
  using (bucket_id = 'product-images' and (select private.is_verified_content_staff()));

-- Documents linked to products, for visitors and clients; staff see the
-- clients-only links too.
create or replace function private.catalogue_documents()
returns table (
  product_id uuid, document_id uuid, visibility text, sort_order integer, title_en text, title_fr text,
  category text, file_language text, size_bytes bigint, mime_type text, file_name text
)
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: anon has no grant on documents or document_versions.
  select pd.product_id, pd.document_id, pd.visibility, pd.sort_order, d.title_en, d.title_fr, d.category,
         d.file_language, v.size_bytes, v.mime_type, v.original_file_name
  from public.product_documents pd
  join public.products p on p.id = pd.product_id
  join public.product_categories c on c.id = p.category_id
  join public.documents d on d.id = pd.document_id
  join public.document_versions v on v.id = d.current_version_id
  where p.status = 'published'
    and c.published
    and d.audience = 'all_clients'
    and (pd.visibility = 'public'
         or (select private.is_active_client())
         or (select private.is_verified_staff()))
  order by pd.product_id, pd.sort_order, pd.document_id;
$$;

-- Clients-only documents of a product: active clients and every staff role.
create or replace function private.request_product_document(p_product_id uuid, p_document_id uuid)
returns table (version_id uuid, bucket text, storage_path text, original_file_name text, mime_type text, size_bytes bigint)
language plpgsql
security definer
set search_path = ''
as $$
declare
  link_visibility text;
  version public.document_versions;
begin
  -- security definer: reads documents and writes document_downloads, which anon may not.
  select pd.visibility into link_visibility
  from public.product_documents pd
  join public.products p on p.id = pd.product_id
  join public.product_categories c on c.id = p.category_id
  join public.documents d on d.id = pd.document_id
  where pd.product_id = p_product_id
    and pd.document_id = p_document_id
    and p.status = 'published'
    and c.published
    and d.audience = 'all_clients'
    and d.current_version_id is not null;
  if link_visibility is null
     or (link_visibility = 'clients'
         and not ((select private.is_active_client()) or (select private.is_verified_staff()))) then
    raise exception 'No such document.' using errcode = 'PT404';
  end if;

  -- A caller the document centre lets read this document: recorded with its account, as always.
  if (select auth.uid()) is not null and private.can_read_document(p_document_id) then
    return query select * from private.request_document_download(p_document_id);
    return;
  end if;

  -- Anyone else downloads a public document: recorded without an account.
  select v.* into version
  from public.documents d join public.document_versions v on v.id = d.current_version_id
  where d.id = p_document_id;
  insert into public.document_downloads (document_id, version_id, user_id, user_email, company_id, storage_path)
  values (p_document_id, version.id, null, '', null, version.storage_path);
  return query select version.id, 'documents'::text, version.storage_path, version.original_file_name,
                      version.mime_type, version.size_bytes;
end;
$$;

-- The product import writes through the catalogue policies: admins and editors.
create or replace function public.import_products(p_rows jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  row_data jsonb;
  position integer;
  total integer;
  repeated integer[];
  prefix text;
  sku_value text;
  category_value text;
  product uuid;
  old_status text;
  wanted_status text;
  is_new boolean;
  created integer := 0;
  -- Per row (index from 1): the product's id, whether it is new, whether anything changed.
  product_ids uuid[] := '{}';
  new_rows boolean[] := '{}';
  changed_rows boolean[] := '{}';
  promote boolean[] := '{}';
  -- The texts still to write: {i, lang, product_id, name, slug, short_description, description_md}.
  pending jsonb := '[]'::jsonb;
  done boolean[];
  item jsonb;
  k integer;
  progress boolean;
  blocker uuid;
  parked jsonb := '[]'::jsonb;
  park_slug text;
  affected integer;
  rounds integer := 0;
  message text;
  code text;
  detail_text text;
  hint_text text;
  constraint_text text;
begin
  if not coalesce((select private.is_verified_content_staff()), false) then
    if (select private.staff_role()) in ('admin', 'editor') then
      raise exception 'Verify your second factor before importing products.'
        using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
    end if;
    raise exception 'Only staff can import products.' using errcode = '42501';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'p_rows must be a JSON array of products.' using errcode = '22023', detail = 'p_rows';
  end if;
  total := jsonb_array_length(p_rows);
  if total > 5000 then
    raise exception 'An import holds at most 5000 products (got %).', total using errcode = '22023', detail = 'p_rows';
  end if;

  -- Each SKU once: the positions of its second and later rows.
  select coalesce(array_agg(d.position), '{}') into repeated
  from (select o.ordinality::integer as position,
               row_number() over (partition by upper(btrim(o.value ->> 'sku')) order by o.ordinality) as nth
        from jsonb_array_elements(p_rows) with ordinality o
        where nullif(btrim(o.value ->> 'sku'), '') is not null) d
  where d.nth > 1;

  -- 1. The products' own rows, by SKU.
  for row_data, position in select e.value, e.ordinality::integer from jsonb_array_elements(p_rows) with ordinality e loop
    sku_value := upper(btrim(row_data ->> 'sku'));
    prefix := format('Product %s of the import (SKU %s): ', position, coalesce(sku_value, 'none'));
    begin
      if jsonb_typeof(row_data) <> 'object' then
        raise exception 'it must be a JSON object.' using errcode = '22023';
      end if;
      if sku_value is null or sku_value = '' then
        raise exception 'sku is required.' using errcode = '22023', detail = 'sku';
      end if;
      if position = any (repeated) then
        raise exception 'the SKU is already in the import.' using errcode = '23505', detail = 'sku';
      end if;
      select c.id into category_value from public.product_categories c where c.slug_en = btrim(row_data ->> 'category');
      if category_value is null then
        raise exception 'category "%" is not a known category.', row_data ->> 'category'
          using errcode = '22023', detail = 'category';
      end if;
      wanted_status := coalesce(row_data ->> 'status', 'draft');

      select p.id, p.status into product, old_status from public.products p where p.sku = sku_value for update;
      is_new := product is null;
      if is_new then
        insert into public.products (
          sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit,
          units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days, allergens,
          certifications, orderable_online, not_orderable_reason, status)
        values (
          sku_value, category_value, row_data ->> 'brand', row_data ->> 'origin_country',
          row_data ->> 'origin_region_en', row_data ->> 'origin_region_fr', (row_data ->> 'unit_size')::numeric,
          row_data ->> 'unit', (row_data ->> 'units_per_case')::integer, (row_data ->> 'min_order_cases')::integer,
          (row_data ->> 'lead_time_business_days')::integer, row_data ->> 'storage',
          (row_data ->> 'shelf_life_days')::integer,
          array(select jsonb_array_elements_text(coalesce(row_data -> 'allergens', '[]'::jsonb))),
          array(select jsonb_array_elements_text(coalesce(row_data -> 'certifications', '[]'::jsonb))),
          (row_data -> 'orderable_online')::boolean, nullif(btrim(row_data ->> 'not_orderable_reason'), ''),
          case when wanted_status = 'published' then 'draft' else wanted_status end)
        returning id into product;
        created := created + 1;
        affected := 1;
      else
        -- Only what differs is written, so a row that changes nothing leaves
        -- updated_at and the audit alone (values normalised as the trigger does).
        update public.products p
        set category_id = n.category_id, brand = n.brand, origin_country = n.origin_country,
            origin_region_en = n.origin_region_en, origin_region_fr = n.origin_region_fr, unit_size = n.unit_size,
            unit = n.unit, units_per_case = n.units_per_case, min_order_cases = n.min_order_cases,
            lead_time_business_days = n.lead_time_business_days, storage = n.storage,
            shelf_life_days = n.shelf_life_days, allergens = n.allergens, certifications = n.certifications,
            orderable_online = n.orderable_online, not_orderable_reason = n.not_orderable_reason, status = n.status
        from (select
            category_value as category_id,
            btrim(row_data ->> 'brand') as brand,
            upper(btrim(row_data ->> 'origin_country')) as origin_country,
            nullif(btrim(row_data ->> 'origin_region_en'), '') as origin_region_en,
            nullif(btrim(row_data ->> 'origin_region_fr'), '') as origin_region_fr,
            (row_data ->> 'unit_size')::numeric as unit_size,
            row_data ->> 'unit' as unit,
            (row_data ->> 'units_per_case')::integer as units_per_case,
            (row_data ->> 'min_order_cases')::integer as min_order_cases,
            (row_data ->> 'lead_time_business_days')::integer as lead_time_business_days,
            row_data ->> 'storage' as storage,
            (row_data ->> 'shelf_life_days')::integer as shelf_life_days,
            array(select distinct a from jsonb_array_elements_text(coalesce(row_data -> 'allergens', '[]'::jsonb)) a
                  order by a) as allergens,
            array(select distinct c from jsonb_array_elements_text(coalesce(row_data -> 'certifications', '[]'::jsonb)) c
                  order by c) as certifications,
            (row_data -> 'orderable_online')::boolean as orderable_online,
            nullif(btrim(row_data ->> 'not_orderable_reason'), '') as not_orderable_reason,
            -- Published later, once the texts are in (step 3).
            case when wanted_status = 'published' and old_status <> 'published' then old_status
                 else wanted_status end as status) n
        where p.id = product
          and (p.category_id, p.brand, p.origin_country, p.origin_region_en, p.origin_region_fr, p.unit_size, p.unit,
               p.units_per_case, p.min_order_cases, p.lead_time_business_days, p.storage, p.shelf_life_days,
               p.allergens, p.certifications, p.orderable_online, p.not_orderable_reason, p.status)
              is distinct from
              (n.category_id, n.brand, n.origin_country, n.origin_region_en, n.origin_region_fr, n.unit_size, n.unit,
               n.units_per_case, n.min_order_cases, n.lead_time_business_days, n.storage, n.shelf_life_days,
               n.allergens, n.certifications, n.orderable_online, n.not_orderable_reason, n.status);
        get diagnostics affected = row_count;
      end if;
    exception when others then
      get stacked diagnostics message = message_text, code = returned_sqlstate, detail_text = pg_exception_detail,
        hint_text = pg_exception_hint, constraint_text = constraint_name;
      raise exception using message = prefix || message, errcode = code, detail = detail_text,
        hint = hint_text, constraint = constraint_text;
    end;
    product_ids := product_ids || product;
    new_rows := new_rows || is_new;
    changed_rows := changed_rows || (affected > 0);
    promote := promote || (wanted_status = 'published' and (is_new or old_status <> 'published'));
    pending := pending || jsonb_build_array(
      jsonb_build_object('i', position, 'sku', sku_value, 'lang', 'en', 'product_id', product, 'name', row_data -> 'name_en',
        'slug', btrim(row_data ->> 'slug_en'), 'short_description', row_data -> 'short_description_en',
        'description_md', row_data -> 'description_en'),
      jsonb_build_object('i', position, 'sku', sku_value, 'lang', 'fr', 'product_id', product, 'name', row_data -> 'name_fr',
        'slug', btrim(row_data ->> 'slug_fr'), 'short_description', row_data -> 'short_description_fr',
        'description_md', row_data -> 'description_fr'));
  end loop;

  -- 2. The texts, each once its slug is free in its language.
  done := array_fill(false, array[jsonb_array_length(pending)]);
  loop
    rounds := rounds + 1;
    progress := false;
    for k in 0 .. jsonb_array_length(pending) - 1 loop
      continue when done[k + 1];
      item := pending -> k;
      continue when exists (
        select 1 from public.product_translations t
        where t.lang = item ->> 'lang' and t.slug = item ->> 'slug' and t.product_id <> (item ->> 'product_id')::uuid);
      if private.import_product_text(item) then
        changed_rows[(item ->> 'i')::integer] := true;
      end if;
      done[k + 1] := true;
      progress := true;
    end loop;
    exit when not (false = any (done));
    continue when progress;
    -- Every text left waits for a slug another product holds. When that
    -- product waits too (a swap), park its text; otherwise write the text
    -- anyway, so that the unique violation names the row.
    item := pending -> (array_position(done, false) - 1);
    select t.product_id into blocker from public.product_translations t
    where t.lang = item ->> 'lang' and t.slug = item ->> 'slug';
    if not exists (
      select 1 from generate_series(0, jsonb_array_length(pending) - 1) w
      where not done[w + 1] and (pending -> w ->> 'product_id')::uuid = blocker
        and pending -> w ->> 'lang' = item ->> 'lang') then
      perform private.import_product_text(item);
      raise exception 'Product % of the import (SKU %): slug_% % is already used by another product.',
        item ->> 'i', item ->> 'sku', item ->> 'lang', item ->> 'slug'
        using errcode = '23505', detail = 'slug_' || (item ->> 'lang'), constraint = 'product_translations_slug_key';
    end if;
    park_slug := 'import-swap-' || replace(gen_random_uuid()::text, '-', '');
    update public.product_translations t set slug = park_slug
    where t.product_id = blocker and t.lang = item ->> 'lang';
    parked := parked || jsonb_build_object('lang', item ->> 'lang', 'slug', park_slug, 'product_id', blocker);
    if rounds > 2 * jsonb_array_length(pending) + 2 then
      raise exception 'The slugs of the import could not be put in order.' using errcode = 'P0001';
    end if;
  end loop;
  perform private.forget_parked_product_slugs(parked);

  -- 3. Publish what the import publishes, now that both texts are in.
  for position in 1 .. coalesce(array_length(product_ids, 1), 0) loop
    continue when not promote[position];
    begin
      update public.products p set status = 'published' where p.id = product_ids[position];
    exception when others then
      get stacked diagnostics message = message_text, code = returned_sqlstate, detail_text = pg_exception_detail,
        hint_text = pg_exception_hint, constraint_text = constraint_name;
      raise exception using
        message = format('Product %s of the import (SKU %s): ', position,
                         upper(btrim(p_rows -> (position - 1) ->> 'sku'))) || message,
        errcode = code, detail = detail_text, hint = hint_text, constraint = constraint_text;
    end;
    changed_rows[position] := true;
  end loop;

  return jsonb_build_object(
    'created', created,
    'changed', (select count(*) from generate_subscripts(product_ids, 1) s
                where not new_rows[s] and changed_rows[s]));
end;
$$;

-- ---------------------------------------------------------------------------
-- Notifications: every staff role, each about their part
-- ---------------------------------------------------------------------------

-- Any staff role at aal2.
create or replace function private.require_staff()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or (select private.staff_role()) is null then
    raise exception 'Only staff have notifications.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor first.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

revoke execute on function private.require_staff() from public;
grant execute on function private.require_staff() to authenticated, service_role;

-- Admins: everything, as before. Account managers: access requests, their
-- companies' conversations, orders and expiring documents, failed leads. Editors:
-- failed site publishes (what they publish did not reach the site). Mail
-- failures stay with admins; documents for every client with admins, who
-- alone replace them.
create or replace function private.notification_items()
returns table (key text, kind text, title text, detail text, link text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'America/Toronto')::date;
  admin boolean := (select private.is_verified_admin());
  client_staff boolean := (select private.is_verified_client_staff());
  publisher boolean := (select private.is_verified_content_staff());
begin
  -- security definer: reads the outbox, which only the owner may, with the staff tables in one query.
  perform private.require_staff();
  return query
    select 'access_request:' || a.user_id::text || ':' || (extract(epoch from a.created_at) * 1000)::bigint::text,
           'access_request'::text,
           'Access request from ' || coalesce(nullif(btrim(a.first_name || ' ' || a.last_name), ''), a.email),
           concat_ws(' · ', nullif(a.company, ''), a.email),
           '/admin-portal/users'::text,
           a.created_at
    from public.access_requests a
    where a.status = 'pending' and client_staff
    union all
    select 'client_message:' || c.id::text || ':' || (extract(epoch from c.last_message_at) * 1000)::bigint::text,
           'client_message'::text,
           co.legal_name || ': ' || c.subject,
           (select left(m.body, 140) from public.conversation_messages m
            where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1),
           '/admin-portal/messages/' || c.id::text,
           c.last_message_at
    from public.conversations c
    join public.companies co on co.id = c.company_id
    where c.awaiting = 'staff' and c.status = 'open' and private.can_manage_company(c.company_id)
    union all
    select 'conversation_waiting:' || c.id::text || ':' || (extract(epoch from c.last_message_at) * 1000)::bigint::text,
           'conversation_waiting'::text,
           co.legal_name || ' has waited more than one business day',
           c.subject,
           '/admin-portal/messages/' || c.id::text,
           c.last_message_at
    from public.conversations c
    join public.companies co on co.id = c.company_id
    where c.awaiting = 'staff' and c.status = 'open' and private.can_manage_company(c.company_id)
      and private.business_hours_between(c.last_message_at, now()) > 24
    union all
    select 'lead_failed:' || l.id::text || ':' || l.hubspot_attempts::text,
           'lead_failed'::text,
           case l.form when 'contact' then 'Contact form lead' else 'B2B request lead' end
             || ' did not reach HubSpot',
           coalesce(l.hubspot_failure, l.hubspot_status)
             || coalesce(' (HTTP ' || l.hubspot_http_status::text || ')', ''),
           '/admin-portal/leads'::text,
           coalesce(l.hubspot_updated_at, l.created_at)
    from public.leads l
    where l.hubspot_status in ('failed', 'rejected') and client_staff
    union all
    select 'mail_failed:' || o.id::text,
           'mail_failed'::text,
           'A mail to ' || o.to_address || ' could not be delivered',
           coalesce(o.payload ->> 'subject', '') || coalesce(' — ' || o.last_error, ''),
           '/admin-portal/notifications'::text,
           o.failed_at
    from private.email_outbox o
    where o.failed_at is not null and o.failed_at > now() - interval '30 days' and admin
    union all
    select 'publish_failed:' || p.id::text,
           'publish_failed'::text,
           'The site could not be published',
           coalesce(p.error, p.reason),
           '/admin-portal/feature-flags'::text,
           coalesce(p.finished_at, p.requested_at)
    from public.site_publishes p
    where p.status = 'failed' and publisher
      and not exists (select 1 from public.site_publishes later
                      where later.status = 'published' and later.requested_at > p.requested_at)
    union all
    select 'document_expiring:' || d.id::text || ':' || d.expires_on::text,
           'document_expiring'::text,
           d.title_en || ' expires on ' || d.expires_on::text,
           coalesce((select co.legal_name from public.companies co where co.id = d.company_id), 'All clients'),
           '/admin-portal/documents'::text,
           ((d.expires_on - 30)::timestamp at time zone 'America/Toronto')
    from public.documents d
    where d.expires_on >= today and d.expires_on <= today + 30 and private.staff_writes_document(d.company_id)
    union all
    select 'document_expired:' || d.id::text || ':' || d.expires_on::text,
           'document_expired'::text,
           d.title_en || ' expired on ' || d.expires_on::text,
           coalesce((select co.legal_name from public.companies co where co.id = d.company_id), 'All clients'),
           '/admin-portal/documents'::text,
           (d.expires_on::timestamp at time zone 'America/Toronto')
    from public.documents d
    where d.expires_on < today and private.staff_writes_document(d.company_id)
    union all
    select 'order_submitted:' || o.id::text,
           'order_submitted'::text,
           'New order ' || o.number || ' from ' || coalesce(co.legal_name, 'a client'),
           concat_ws(' · ', to_char(o.subtotal, 'FM999999990.00') || ' ' || o.currency,
                     o.line_count::text || case when o.line_count = 1 then ' line' else ' lines' end,
                     'PO ' || nullif(o.po_number, '')),
           '/admin-portal/orders/' || o.id::text,
           o.submitted_at
    from public.orders o
    left join public.companies co on co.id = o.company_id
    where o.status = 'submitted'
      and (select private.can_manage_company(o.company_id))
    union all
    select 'order_cancelled:' || o.id::text,
           'order_cancelled'::text,
           coalesce(co.legal_name, 'A client') || ' cancelled order ' || o.number,
           coalesce(nullif(o.cancel_reason, ''), 'No reason given'),
           '/admin-portal/orders/' || o.id::text,
           e.created_at
    from public.order_events e
    join public.orders o on o.id = e.order_id
    left join public.companies co on co.id = o.company_id
    where e.kind = 'cancelled' and e.actor_kind = 'client'
      and e.created_at > now() - interval '30 days'
      and (select private.can_manage_company(o.company_id));
end;
$$;

create or replace function private.mark_notifications_read(keys text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := (select private.require_staff());
begin
  -- security definer: notification_reads accepts no direct writes.
  if keys is not null and cardinality(keys) > 1000 then
    raise exception 'At most 1000 keys at a time.' using errcode = '22023';
  end if;
  insert into public.notification_reads (user_id, key, read_at)
  select caller, k, now()
  from (select i.key as k from private.notification_items() i where keys is null
        union
        select distinct k from unnest(keys) k where keys is not null and char_length(k) between 1 and 300) picked
  on conflict (user_id, key) do update set read_at = excluded.read_at;
  -- Reads of items that no longer exist are forgotten after 90 days.
  delete from public.notification_reads r where r.user_id = caller and r.read_at < now() - interval '90 days';
end;
$$;

drop policy "notification_reads: staff their own" on public.notification_reads;
create policy "notification_reads: staff their own"
  on public.notification_reads for select to authenticated
  using (user_id = (select auth.uid()) and (select private.is_verified_staff()));
