-- Simple-admin password attempts are throttled per client, one at a time
-- (docs/decisions/061-simple-admin-attempts-per-client.md).
--
-- Before: the ten-failures-a-minute limit counted everybody's failures
-- together, so one anonymous visitor guessing could lock staff out of
-- /simple-admin (and make simple_admin_set_flag answer 429 to staff already
-- unlocked); and the count and the insert were not serialised, so concurrent
-- guesses on real Postgres all passed the check before any was recorded.
--
-- Now:
-- * attempts carry the client they came from (private.request_client_address(),
--   docs/decisions/060-client-address-from-cf-connecting-ip.md); IPv6
--   addresses are grouped by /64, the block one subscriber usually holds;
--   callers without the header share the bucket 'unknown';
-- * a transaction-scoped advisory lock per client makes "count, check, record"
--   one step: a second attempt from the same client waits until the first is
--   committed and then counts it;
-- * an attempt in a read-only transaction (GET or HEAD through the Data API)
--   is refused before the password is hashed, since it could not be recorded;
-- * passwords longer than 72 bytes are refused with a clear message before
--   hashing: bcrypt ignores everything after byte 72, so such a password would
--   otherwise unlock with its first 72 bytes followed by anything.

alter table private.simple_admin_attempts
  add column client_key text not null default 'unknown'
    constraint simple_admin_attempts_client_key_length check (char_length(client_key) between 1 and 64);
alter table private.simple_admin_attempts alter column client_key drop default;

create index simple_admin_attempts_client_key_attempted_at_idx
  on private.simple_admin_attempts (client_key, attempted_at);

comment on column private.simple_admin_attempts.client_key is
  'Who tried: an IPv4 address, an IPv6 /64, or ''unknown'' when the request carried no client address.';

-- The throttle's bucket for the current request.
create or replace function private.simple_admin_client_key()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  address inet := private.request_client_address()::inet;
begin
  if address is null then
    return 'unknown';
  end if;
  if family(address) = 6 and not address <<= '::ffff:0:0/96'::inet then
    return host(network(set_masklen(address, 64))) || '/64';
  end if;
  return host(address);
end;
$$;

revoke execute on function private.simple_admin_client_key() from public, anon, authenticated;

-- Checks a password, enforcing the per-client throttle and recording the attempt.
create or replace function private.simple_admin_check(password text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  client text;
  stored text;
  recent_failures integer;
  ok boolean;
begin
  -- security definer: reads the hash and the attempts, which no API role can.
  if current_setting('transaction_read_only') = 'on' then
    raise exception 'The simple-admin password can only be checked with POST.'
      using errcode = '25006', hint = 'Call this function with POST, not GET or HEAD.';
  end if;
  if octet_length(password) > 72 then
    raise exception 'The simple-admin password has at most 72 bytes; this one is longer.'
      using errcode = '22023', hint = 'Type the simple-admin password as it was set.';
  end if;

  client := private.simple_admin_client_key();
  -- Held until commit, after the attempt below is visible: concurrent
  -- attempts from one client run one after the other and each sees the last.
  perform pg_advisory_xact_lock(hashtextextended('simple_admin_attempts:' || client, 0));

  select count(*) into recent_failures
  from private.simple_admin_attempts a
  where a.client_key = client
    and not a.succeeded
    and a.attempted_at > now() - interval '1 minute';

  if recent_failures >= 10 then
    raise exception 'Too many incorrect passwords. Please wait a minute and try again.'
      using errcode = 'PT429', hint = 'Wait one minute before trying again.';
  end if;

  select s.password_hash into stored from private.simple_admin_secret s where s.id = 1;
  ok := stored is not null
    and password is not null
    and extensions.crypt(password, stored) = stored;

  insert into private.simple_admin_attempts (client_key, succeeded) values (client, ok);
  -- Keep the table small: only the last hour matters.
  delete from private.simple_admin_attempts where attempted_at < now() - interval '1 hour';
  return ok;
end;
$$;

revoke execute on function private.simple_admin_check(text) from public, anon, authenticated;

comment on function public.simple_admin_unlock(text) is
  'Deliberate public RPC (docs/decisions/002-simple-admin-password-in-the-database.md): tells whether the simple-admin password is right; POST only; throttled per client.';
comment on function public.simple_admin_set_flag(text, uuid, boolean) is
  'Deliberate public RPC (docs/decisions/002-simple-admin-password-in-the-database.md): switches one flag when the simple-admin password is right; POST only; throttled per client.';
