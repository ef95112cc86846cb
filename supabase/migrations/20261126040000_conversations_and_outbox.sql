-- Conversations between a client company and its account manager, the mail
-- outbox that carries their notices, and the staff notifications feed
-- (docs/decisions/114-account-manager-conversations.md,
-- docs/decisions/115-mail-outbox-and-delivery.md,
-- docs/decisions/116-staff-notifications.md).
--
-- Who may do what, decided here and nowhere else:
--   - an active client (private.client_company_id() not null) reads the
--     conversations of its company and their messages, starts conversations
--     and writes in them;
--   - staff at aal2 (private.is_verified_admin()) read and write in every
--     conversation, open and close them, and read the notifications feed;
--   - everybody else (anon, accounts without a role, requesters, revoked
--     clients, staff at aal1) reads and writes nothing;
--   - no API role writes any of these tables directly: every write goes
--     through the functions below, so a message and the mail announcing it
--     are stored in one transaction or not at all.

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  subject text not null
    constraint conversations_subject_length check (char_length(subject) between 1 and 200),
  status text not null default 'open' constraint conversations_status check (status in ('open', 'closed')),
  -- Who must answer next: 'staff' after a client's message, 'client' after staff's.
  awaiting text not null default 'staff' constraint conversations_awaiting check (awaiting in ('staff', 'client')),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now()
);

comment on table public.conversations is
  'Conversations between a client company and staff (its account manager); written only by the conversation RPCs.';

create index conversations_company_id_idx on public.conversations (company_id, last_message_at desc);
create index conversations_created_by_idx on public.conversations (created_by);
create index conversations_awaiting_idx on public.conversations (awaiting, status, last_message_at);

create table public.conversation_messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  author_id uuid references auth.users (id) on delete set null,
  -- The author's name when the message was written.
  author_name text not null constraint conversation_messages_author_name_length check (char_length(author_name) <= 200),
  from_staff boolean not null,
  body text not null constraint conversation_messages_body_length check (char_length(body) between 1 and 5000),
  created_at timestamptz not null default now()
);

comment on table public.conversation_messages is
  'Messages of the conversations, oldest first; written only by the conversation RPCs.';

create index conversation_messages_conversation_id_idx on public.conversation_messages (conversation_id, created_at);
create index conversation_messages_author_id_idx on public.conversation_messages (author_id, created_at desc);

create table public.conversation_reads (
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (conversation_id, user_id)
);

comment on table public.conversation_reads is 'When each account last read each conversation (unread markers).';

create index conversation_reads_user_id_idx on public.conversation_reads (user_id);

create table public.notification_reads (
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The notification's key (admin_notifications.key): item and state.
  key text not null constraint notification_reads_key_length check (char_length(key) between 1 and 300),
  read_at timestamptz not null default now(),
  primary key (user_id, key)
);

comment on table public.notification_reads is 'Which staff notifications each staff member has read.';

-- The mails to send. Rows are written in the transaction of what they
-- announce and delivered by the `deliver-outbox` Edge Function, which claims
-- due rows with a lease, sends them and records the outcome.
create table private.email_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null
    constraint email_outbox_to_address check (char_length(to_address) <= 255 and to_address ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  template text not null constraint email_outbox_template check (template in ('new_client_message', 'client_reply')),
  language text not null constraint email_outbox_language check (language in ('en', 'fr')),
  -- company_name, subject, conversation_id, link (a path of the site), author_name.
  payload jsonb not null constraint email_outbox_payload check (jsonb_typeof(payload) = 'object'),
  attempts integer not null default 0 constraint email_outbox_attempts check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A claim: the deliverer holding claim_token owns the row until locked_until.
  claim_token uuid,
  locked_until timestamptz,
  last_error text constraint email_outbox_last_error_length check (char_length(last_error) <= 1000),
  last_attempt_at timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint email_outbox_sent_or_failed check (sent_at is null or failed_at is null)
);

comment on table private.email_outbox is
  'Mails waiting to be sent, sent, or given up on; delivered by the deliver-outbox Edge Function.';

create index email_outbox_due_idx on private.email_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;
create index email_outbox_failed_idx on private.email_outbox (failed_at desc) where failed_at is not null;

-- Every attempt, for the record: when, and what the provider answered.
create table private.email_outbox_attempts (
  id bigint generated always as identity primary key,
  outbox_id uuid not null references private.email_outbox (id) on delete cascade,
  attempted_at timestamptz not null,
  succeeded boolean not null,
  error text constraint email_outbox_attempts_error_length check (char_length(error) <= 1000)
);

create index email_outbox_attempts_outbox_id_idx on private.email_outbox_attempts (outbox_id, attempted_at);

-- ---------------------------------------------------------------------------
-- Grants and row-level security
-- ---------------------------------------------------------------------------

alter table public.conversations enable row level security;
alter table public.conversation_messages enable row level security;
alter table public.conversation_reads enable row level security;
alter table public.notification_reads enable row level security;
alter table private.email_outbox enable row level security;
alter table private.email_outbox_attempts enable row level security;

revoke all on table public.conversations, public.conversation_messages, public.conversation_reads,
  public.notification_reads from anon, authenticated;
revoke all on table private.email_outbox, private.email_outbox_attempts from public, anon, authenticated;
grant select on table public.conversations, public.conversation_messages, public.conversation_reads,
  public.notification_reads to authenticated;
grant all on table public.conversations, public.conversation_messages, public.conversation_reads,
  public.notification_reads to service_role;
grant all on table private.email_outbox, private.email_outbox_attempts to service_role;

-- May the caller read this conversation? Staff at aal2: any; an active
-- client: its company's.
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
      and ((select private.is_verified_admin()) or c.company_id = (select private.client_company_id())));
$$;

revoke execute on function private.can_read_conversation(uuid) from public;
grant execute on function private.can_read_conversation(uuid) to authenticated, service_role;

create policy "conversations: staff read all, clients their company's"
  on public.conversations for select to authenticated
  using ((select private.is_verified_admin()) or company_id = (select private.client_company_id()));

create policy "conversation_messages: staff read all, clients their company's"
  on public.conversation_messages for select to authenticated
  using ((select private.is_verified_admin())
         or exists (select 1 from public.conversations c
                    where c.id = conversation_messages.conversation_id
                      and c.company_id = (select private.client_company_id())));

create policy "conversation_reads: own rows of readable conversations"
  on public.conversation_reads for select to authenticated
  using (user_id = (select auth.uid()) and (select private.can_read_conversation(conversation_id)));

create policy "notification_reads: staff their own"
  on public.notification_reads for select to authenticated
  using (user_id = (select auth.uid()) and (select private.is_verified_admin()));

-- ---------------------------------------------------------------------------
-- Settings and helpers
-- ---------------------------------------------------------------------------

-- The limits, in one place (tests read them).
create or replace function private.conversation_limits()
returns table (max_messages_per_hour integer, max_body integer, max_subject integer)
language sql
immutable
set search_path = ''
as $$
  select 20, 5000, 200;
$$;

revoke execute on function private.conversation_limits() from public;
grant execute on function private.conversation_limits() to authenticated, service_role;

-- Hours of weekday (Monday to Friday, America/Toronto) time between two
-- moments. Friday 17:00 to Saturday noon is 7 hours; to Monday 17:00, 24.
-- Public holidays are not known and count as weekdays.
create or replace function private.business_hours_between(since timestamptz, until timestamptz)
returns numeric
language sql
stable
set search_path = ''
as $$
  with bounds as (
    select (since at time zone 'America/Toronto') as s, (until at time zone 'America/Toronto') as u
  )
  select coalesce(sum(extract(epoch from (least(b.u, d + interval '1 day') - greatest(b.s, d))) / 3600), 0)::numeric
  from bounds b
  cross join lateral generate_series(date_trunc('day', b.s), date_trunc('day', b.u), interval '1 day') as d
  where b.u > b.s and extract(isodow from d) between 1 and 5;
$$;

revoke execute on function private.business_hours_between(timestamptz, timestamptz) from public;
grant execute on function private.business_hours_between(timestamptz, timestamptz) to authenticated, service_role;

-- The caller's name as shown on its messages: the staff profile's display
-- name, else the name given when asking for access, else the user metadata's
-- name, else the address.
create or replace function private.author_name(who uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: reads staff_profiles, access_requests and auth.users.
  select left(coalesce(
    (select p.display_name from public.staff_profiles p where p.user_id = who),
    (select nullif(btrim(a.first_name || ' ' || a.last_name), '') from public.access_requests a where a.user_id = who),
    (select nullif(btrim(coalesce(u.raw_user_meta_data ->> 'first_name', '') || ' '
                         || coalesce(u.raw_user_meta_data ->> 'last_name', '')), '')
       from auth.users u where u.id = who),
    (select u.email from auth.users u where u.id = who),
    'Unknown'), 200);
$$;

revoke execute on function private.author_name(uuid) from public;
grant execute on function private.author_name(uuid) to service_role;

-- A trimmed body or subject within its limits, or 22023.
create or replace function private.checked_text(value text, max_length integer, what text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  trimmed text := btrim(coalesce(value, ''), E' \t\r\n');
begin
  if char_length(trimmed) < 1 then
    raise exception '% must not be empty.', what using errcode = '22023';
  end if;
  if char_length(trimmed) > max_length then
    raise exception '% must be at most % characters.', what, max_length using errcode = '22023';
  end if;
  return trimmed;
end;
$$;

revoke execute on function private.checked_text(text, integer, text) from public;
grant execute on function private.checked_text(text, integer, text) to authenticated, service_role;

-- At most max_messages_per_hour messages per client account in the last
-- hour, across new conversations and replies; 429 beyond. Serialised per
-- account so two concurrent posts cannot both take the last place.
create or replace function private.check_message_rate(caller uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  allowed integer := (select l.max_messages_per_hour from private.conversation_limits() l);
begin
  -- security definer: counts the caller's messages whatever RLS shows.
  perform pg_advisory_xact_lock(hashtextextended('conversation_messages:' || caller::text, 0));
  if (select count(*) from public.conversation_messages m
      where m.author_id = caller and m.created_at > now() - interval '1 hour') >= allowed then
    raise exception 'Too many messages: at most % an hour. Please try again later.', allowed
      using errcode = 'PT429', hint = 'Wait a while before sending another message.';
  end if;
end;
$$;

revoke execute on function private.check_message_rate(uuid) from public;
grant execute on function private.check_message_rate(uuid) to service_role;

-- The mail telling the account manager a client wrote (English: staff screens and mails are English).
create or replace function private.queue_mail_to_account_manager(conversation public.conversations, author text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  manager_email text;
  company_name text;
begin
  -- security definer: writes private.email_outbox.
  select p.email, c.legal_name into manager_email, company_name
  from public.companies c
  left join public.staff_profiles p on p.user_id = c.account_manager_id
  where c.id = conversation.company_id;
  if manager_email is null then
    -- No account manager: the conversation still shows in every staff
    -- member's notifications (client_message).
    return;
  end if;
  insert into private.email_outbox (to_address, template, language, payload)
  values (manager_email, 'new_client_message', 'en', jsonb_build_object(
    'company_name', company_name,
    'subject', conversation.subject,
    'conversation_id', conversation.id,
    'link', '/admin-portal/messages/' || conversation.id::text,
    'author_name', author));
end;
$$;

revoke execute on function private.queue_mail_to_account_manager(public.conversations, text) from public;
grant execute on function private.queue_mail_to_account_manager(public.conversations, text) to service_role;

-- The "you have a reply" mail to each active client of the company, in its
-- language: the one it asked for access in, else the company's.
create or replace function private.queue_mail_to_clients(conversation public.conversations, author text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: reads auth.users and writes private.email_outbox.
  insert into private.email_outbox (to_address, template, language, payload)
  select u.email, 'client_reply', lang, jsonb_build_object(
           'company_name', c.legal_name,
           'subject', conversation.subject,
           'conversation_id', conversation.id,
           'link', case when lang = 'fr' then '/fr' else '' end || '/client/messages?c=' || conversation.id::text,
           'author_name', author)
  from public.company_clients cc
  join public.companies c on c.id = cc.company_id
  join auth.users u on u.id = cc.user_id
  left join public.access_requests a on a.user_id = cc.user_id
  cross join lateral (select coalesce(a.locale, c.preferred_language) as lang) l
  where cc.company_id = conversation.company_id
    and u.email is not null
    and u.email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
    and exists (select 1 from public.user_roles r where r.user_id = cc.user_id and r.role = 'client')
    and (a.user_id is null or a.status = 'approved');
end;
$$;

revoke execute on function private.queue_mail_to_clients(public.conversations, text) from public;
grant execute on function private.queue_mail_to_clients(public.conversations, text) to service_role;

-- ---------------------------------------------------------------------------
-- Conversation RPCs (private implementations)
-- ---------------------------------------------------------------------------

create or replace function private.start_conversation(subject text, body text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  company uuid := (select private.client_company_id());
  clean_subject text;
  clean_body text;
  conversation public.conversations;
  author text;
begin
  -- security definer: writes conversations, messages and the outbox, which no API role may.
  if caller is null or company is null then
    raise exception 'Only clients of a company can start a conversation.' using errcode = '42501';
  end if;
  clean_subject := private.checked_text(subject, 200, 'The subject');
  clean_body := private.checked_text(body, 5000, 'The message');
  perform private.check_message_rate(caller);
  author := private.author_name(caller);
  insert into public.conversations (company_id, subject, status, awaiting, created_by, created_at, last_message_at)
  values (company, clean_subject, 'open', 'staff', caller, now(), now())
  returning * into conversation;
  insert into public.conversation_messages (conversation_id, author_id, author_name, from_staff, body, created_at)
  values (conversation.id, caller, author, false, clean_body, now());
  insert into public.conversation_reads (conversation_id, user_id, read_at)
  values (conversation.id, caller, now());
  perform private.queue_mail_to_account_manager(conversation, author);
  return conversation.id;
end;
$$;

create or replace function private.post_conversation_message(target uuid, body text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  staff boolean := (select private.is_verified_admin());
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

create or replace function private.set_conversation_status(target uuid, new_status text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- security definer: conversations accept no direct writes.
  perform private.require_portal_staff();
  if new_status is null or new_status not in ('open', 'closed') then
    raise exception 'The status must be open or closed.' using errcode = '22023';
  end if;
  update public.conversations c set status = new_status where c.id = target;
  if not found then
    raise exception 'No such conversation.' using errcode = 'PT404';
  end if;
end;
$$;

create or replace function private.mark_conversation_read(target uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  -- security definer: conversation_reads accepts no direct writes.
  if caller is null or target is null or not private.can_read_conversation(target) then
    raise exception 'No such conversation.' using errcode = 'PT404';
  end if;
  insert into public.conversation_reads (conversation_id, user_id, read_at)
  values (target, caller, now())
  on conflict (conversation_id, user_id) do update set read_at = excluded.read_at;
end;
$$;

create or replace function private.list_conversations()
returns table (
  id uuid,
  company_id uuid,
  company_name text,
  subject text,
  status text,
  awaiting text,
  created_at timestamptz,
  last_message_at timestamptz,
  last_message_preview text,
  last_message_from_staff boolean,
  unread boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  staff boolean := (select private.is_verified_admin());
  company uuid := (select private.client_company_id());
begin
  -- security definer: one query over conversations, messages and companies
  -- with the same rule as the policies (staff: all; client: its company's).
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
    where staff or c.company_id = company
    order by c.status = 'closed', c.last_message_at desc, c.id;
end;
$$;

create or replace function private.account_manager_contact()
returns table (name text, email text, phone text)
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: the same row the staff_profiles policy shows a client, in one call.
  select p.display_name, p.email, p.phone
  from public.staff_profiles p
  where p.user_id = (select private.client_account_manager_id());
$$;

revoke execute on function private.start_conversation(text, text) from public;
revoke execute on function private.post_conversation_message(uuid, text) from public;
revoke execute on function private.set_conversation_status(uuid, text) from public;
revoke execute on function private.mark_conversation_read(uuid) from public;
revoke execute on function private.list_conversations() from public;
revoke execute on function private.account_manager_contact() from public;
grant execute on function private.start_conversation(text, text) to authenticated, service_role;
grant execute on function private.post_conversation_message(uuid, text) to authenticated, service_role;
grant execute on function private.set_conversation_status(uuid, text) to authenticated, service_role;
grant execute on function private.mark_conversation_read(uuid) to authenticated, service_role;
grant execute on function private.list_conversations() to authenticated, service_role;
grant execute on function private.account_manager_contact() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Conversation RPCs (public). Security invoker: they run as the caller and
-- only call the checked functions above.
-- ---------------------------------------------------------------------------

create or replace function public.start_conversation(subject text, body text)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.start_conversation(start_conversation.subject, start_conversation.body);
$$;

create or replace function public.post_conversation_message(conversation_id uuid, body text)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.post_conversation_message(post_conversation_message.conversation_id, post_conversation_message.body);
$$;

create or replace function public.set_conversation_status(conversation_id uuid, status text)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.set_conversation_status(set_conversation_status.conversation_id, set_conversation_status.status);
$$;

create or replace function public.mark_conversation_read(conversation_id uuid)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.mark_conversation_read(mark_conversation_read.conversation_id);
$$;

create or replace function public.list_conversations()
returns table (
  id uuid,
  company_id uuid,
  company_name text,
  subject text,
  status text,
  awaiting text,
  created_at timestamptz,
  last_message_at timestamptz,
  last_message_preview text,
  last_message_from_staff boolean,
  unread boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.list_conversations();
$$;

create or replace function public.client_unread_conversation_count()
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*)::integer from private.list_conversations() c
  where c.unread and (select private.client_company_id()) is not null;
$$;

create or replace function public.account_manager_contact()
returns table (name text, email text, phone text)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.account_manager_contact();
$$;

revoke execute on function public.start_conversation(text, text) from public, anon;
revoke execute on function public.post_conversation_message(uuid, text) from public, anon;
revoke execute on function public.set_conversation_status(uuid, text) from public, anon;
revoke execute on function public.mark_conversation_read(uuid) from public, anon;
revoke execute on function public.list_conversations() from public, anon;
revoke execute on function public.client_unread_conversation_count() from public, anon;
revoke execute on function public.account_manager_contact() from public, anon;
grant execute on function public.start_conversation(text, text) to authenticated, service_role;
grant execute on function public.post_conversation_message(uuid, text) to authenticated, service_role;
grant execute on function public.set_conversation_status(uuid, text) to authenticated, service_role;
grant execute on function public.mark_conversation_read(uuid) to authenticated, service_role;
grant execute on function public.list_conversations() to authenticated, service_role;
grant execute on function public.client_unread_conversation_count() to authenticated, service_role;
grant execute on function public.account_manager_contact() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The outbox, for the deliver-outbox Edge Function (service role only)
-- ---------------------------------------------------------------------------

-- After the n-th failed attempt, the next one comes 1, 5 and 30 minutes
-- later, then every hour; a row whose next attempt would fall more than 24
-- hours after it was written is given up (failed_at) and shows in the staff
-- notifications.
create or replace function private.email_retry_delay(attempts integer)
returns interval
language sql
immutable
set search_path = ''
as $$
  select case attempts when 1 then interval '1 minute' when 2 then interval '5 minutes'
                       when 3 then interval '30 minutes' else interval '1 hour' end;
$$;

revoke execute on function private.email_retry_delay(integer) from public;
grant execute on function private.email_retry_delay(integer) to service_role;

-- Claims up to max_rows due rows for lease_seconds: each gets a fresh
-- claim_token, and rows locked by another transaction or leased to another
-- deliverer are skipped, so two deliverers never hold one row. `as_of` stands
-- for now() (tests drive the clock with it; the function passes nothing).
create or replace function private.claim_email_outbox(max_rows integer, lease_seconds integer, as_of timestamptz)
returns table (
  id uuid,
  to_address text,
  template text,
  language text,
  payload jsonb,
  attempts integer,
  claim_token uuid
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  moment timestamptz := coalesce(as_of, now());
begin
  -- security definer: private.email_outbox belongs to the owner.
  return query
    with due as (
      select o.id from private.email_outbox o
      where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= moment
        and (o.locked_until is null or o.locked_until <= moment)
      order by o.next_attempt_at, o.created_at
      limit greatest(1, least(coalesce(max_rows, 10), 100))
      for update skip locked
    )
    update private.email_outbox o
    set claim_token = gen_random_uuid(),
        locked_until = moment + make_interval(secs => greatest(10, least(coalesce(lease_seconds, 300), 3600)))
    from due
    where o.id = due.id
    returning o.id, o.to_address, o.template, o.language, o.payload, o.attempts, o.claim_token;
end;
$$;

-- Records the outcome of one claimed row; answers what became of it:
-- 'sent', 'retry' (with the next attempt scheduled), 'failed' (given up), or
-- 'stale' when the claim is no longer held (another deliverer took over).
create or replace function private.record_email_outcome(
  target uuid, token uuid, succeeded boolean, error text, permanent boolean, as_of timestamptz
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  moment timestamptz := coalesce(as_of, now());
  row_data private.email_outbox;
  next_at timestamptz;
begin
  -- security definer: private.email_outbox belongs to the owner.
  select o.* into row_data from private.email_outbox o
  where o.id = target and o.claim_token = token and o.sent_at is null and o.failed_at is null
  for update;
  if not found then
    return 'stale';
  end if;
  insert into private.email_outbox_attempts (outbox_id, attempted_at, succeeded, error)
  values (target, moment, coalesce(succeeded, false), left(error, 1000));
  if coalesce(succeeded, false) then
    update private.email_outbox o
    set attempts = o.attempts + 1, sent_at = moment, last_attempt_at = moment, last_error = null,
        claim_token = null, locked_until = null
    where o.id = target;
    return 'sent';
  end if;
  next_at := moment + private.email_retry_delay(row_data.attempts + 1);
  if coalesce(permanent, false) or next_at > row_data.created_at + interval '24 hours' then
    update private.email_outbox o
    set attempts = o.attempts + 1, failed_at = moment, last_attempt_at = moment,
        last_error = left(coalesce(error, 'failed'), 1000), claim_token = null, locked_until = null
    where o.id = target;
    return 'failed';
  end if;
  update private.email_outbox o
  set attempts = o.attempts + 1, next_attempt_at = next_at, last_attempt_at = moment,
      last_error = left(coalesce(error, 'failed'), 1000), claim_token = null, locked_until = null
  where o.id = target;
  return 'retry';
end;
$$;

revoke execute on function private.claim_email_outbox(integer, integer, timestamptz) from public;
revoke execute on function private.record_email_outcome(uuid, uuid, boolean, text, boolean, timestamptz) from public;
grant execute on function private.claim_email_outbox(integer, integer, timestamptz) to service_role;
grant execute on function private.record_email_outcome(uuid, uuid, boolean, text, boolean, timestamptz) to service_role;

create or replace function public.claim_email_outbox(
  max_rows integer default 10, lease_seconds integer default 300, as_of timestamptz default null
)
returns table (
  id uuid,
  to_address text,
  template text,
  language text,
  payload jsonb,
  attempts integer,
  claim_token uuid
)
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.claim_email_outbox(max_rows, lease_seconds, as_of);
$$;

create or replace function public.record_email_outcome(
  outbox_id uuid, claim_token uuid, succeeded boolean, error text default null, permanent boolean default false,
  as_of timestamptz default null
)
returns text
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.record_email_outcome(outbox_id, claim_token, succeeded, error, permanent, as_of);
$$;

revoke execute on function public.claim_email_outbox(integer, integer, timestamptz) from public, anon, authenticated;
revoke execute on function public.record_email_outcome(uuid, uuid, boolean, text, boolean, timestamptz)
  from public, anon, authenticated;
grant execute on function public.claim_email_outbox(integer, integer, timestamptz) to service_role;
grant execute on function public.record_email_outcome(uuid, uuid, boolean, text, boolean, timestamptz) to service_role;

-- ---------------------------------------------------------------------------
-- Staff notifications
-- ---------------------------------------------------------------------------

-- Everything staff should look at, one row per item and state. The key
-- changes when the item's state does (a new client message, another failed
-- HubSpot attempt), so a read item comes back unread.
create or replace function private.notification_items()
returns table (key text, kind text, title text, detail text, link text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'America/Toronto')::date;
begin
  -- security definer: reads the outbox, which only the owner may, with the staff tables in one query.
  perform private.require_portal_staff();
  return query
    select 'access_request:' || a.user_id::text || ':' || (extract(epoch from a.created_at) * 1000)::bigint::text,
           'access_request'::text,
           'Access request from ' || coalesce(nullif(btrim(a.first_name || ' ' || a.last_name), ''), a.email),
           concat_ws(' · ', nullif(a.company, ''), a.email),
           '/admin-portal/users'::text,
           a.created_at
    from public.access_requests a
    where a.status = 'pending'
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
    where c.awaiting = 'staff' and c.status = 'open'
    union all
    select 'conversation_waiting:' || c.id::text || ':' || (extract(epoch from c.last_message_at) * 1000)::bigint::text,
           'conversation_waiting'::text,
           co.legal_name || ' has waited more than one business day',
           c.subject,
           '/admin-portal/messages/' || c.id::text,
           c.last_message_at
    from public.conversations c
    join public.companies co on co.id = c.company_id
    where c.awaiting = 'staff' and c.status = 'open'
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
    where l.hubspot_status in ('failed', 'rejected')
    union all
    select 'mail_failed:' || o.id::text,
           'mail_failed'::text,
           'A mail to ' || o.to_address || ' could not be delivered',
           coalesce(o.payload ->> 'subject', '') || coalesce(' — ' || o.last_error, ''),
           '/admin-portal/notifications'::text,
           o.failed_at
    from private.email_outbox o
    where o.failed_at is not null and o.failed_at > now() - interval '30 days'
    union all
    select 'publish_failed:' || p.id::text,
           'publish_failed'::text,
           'The site could not be published',
           coalesce(p.error, p.reason),
           '/admin-portal/feature-flags'::text,
           coalesce(p.finished_at, p.requested_at)
    from public.site_publishes p
    where p.status = 'failed'
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
    where d.expires_on >= today and d.expires_on <= today + 30
    union all
    select 'document_expired:' || d.id::text || ':' || d.expires_on::text,
           'document_expired'::text,
           d.title_en || ' expired on ' || d.expires_on::text,
           coalesce((select co.legal_name from public.companies co where co.id = d.company_id), 'All clients'),
           '/admin-portal/documents'::text,
           (d.expires_on::timestamp at time zone 'America/Toronto')
    from public.documents d
    where d.expires_on < today;
end;
$$;

create or replace function private.admin_notifications(max_items integer)
returns table (key text, kind text, title text, detail text, link text, created_at timestamptz, read boolean)
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: reads notification_reads of the caller in the same query.
  select i.key, i.kind, i.title, i.detail, i.link, i.created_at,
         exists (select 1 from public.notification_reads r where r.user_id = (select auth.uid()) and r.key = i.key)
  from private.notification_items() i
  order by i.created_at desc, i.key
  limit greatest(1, least(coalesce(max_items, 100), 500));
$$;

create or replace function private.admin_unread_notification_count()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer from private.notification_items() i
  where not exists (select 1 from public.notification_reads r where r.user_id = (select auth.uid()) and r.key = i.key);
$$;

create or replace function private.mark_notifications_read(keys text[])
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select private.require_portal_staff());
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

revoke execute on function private.notification_items() from public;
revoke execute on function private.admin_notifications(integer) from public;
revoke execute on function private.admin_unread_notification_count() from public;
revoke execute on function private.mark_notifications_read(text[]) from public;
grant execute on function private.notification_items() to authenticated, service_role;
grant execute on function private.admin_notifications(integer) to authenticated, service_role;
grant execute on function private.admin_unread_notification_count() to authenticated, service_role;
grant execute on function private.mark_notifications_read(text[]) to authenticated, service_role;

create or replace function public.admin_notifications(max_items integer default 100)
returns table (key text, kind text, title text, detail text, link text, created_at timestamptz, read boolean)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.admin_notifications(max_items);
$$;

create or replace function public.admin_unread_notification_count()
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select private.admin_unread_notification_count();
$$;

create or replace function public.mark_notifications_read(keys text[] default null)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.mark_notifications_read(keys);
$$;

revoke execute on function public.admin_notifications(integer) from public, anon;
revoke execute on function public.admin_unread_notification_count() from public, anon;
revoke execute on function public.mark_notifications_read(text[]) from public, anon;
grant execute on function public.admin_notifications(integer) to authenticated, service_role;
grant execute on function public.admin_unread_notification_count() to authenticated, service_role;
grant execute on function public.mark_notifications_read(text[]) to authenticated, service_role;

-- The local backend's stand-in for the Database Webhook: it listens on this
-- channel and runs the deliverer when a mail is queued. On hosted Supabase
-- nobody listens and the notification costs nothing; the webhook of the next
-- migration does the work there.
create or replace function private.notify_email_outbox()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('email_outbox', '');
  return null;
end;
$$;

revoke execute on function private.notify_email_outbox() from public, anon, authenticated;

create trigger email_outbox_notify
  after insert on private.email_outbox
  for each statement execute function private.notify_email_outbox();
