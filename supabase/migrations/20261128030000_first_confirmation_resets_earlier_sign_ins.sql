-- The first confirmation of an address starts the account afresh
-- (docs/decisions/183-first-confirmation-resets-what-came-before.md,
-- 182-provider-identities-and-verified-addresses.md).
--
-- Anyone can sign up with any address, or sign in with Microsoft or Google
-- under an address the provider did not verify. Until the owner confirms
-- from the inbox, nothing proves who chose the password, enrolled a factor or
-- brought an identity. GoTrue keeps all of them when the owner confirms, so
-- the first sign-up's password opened the owner's account in the moment
-- before the owner's own password, and a Microsoft identity with an
-- unverified address opened it for good. Now, when an address that waited
-- for a mailed link is confirmed for the first time:
--   * the password set before is removed (the owner sets theirs next, on the
--     confirm page);
--   * every factor and every session (their refresh tokens go with them) is
--     removed; the session the link opens is made after this;
--   * identities from a provider that did not vouch for this very address
--     are removed; the `email` identity stays.
-- A trigger, so that hosted GoTrue and the local backend both obey it.

-- The address a provider identity vouches for, lowercased, or null.
-- GoTrue stores the provider's claims in identity_data: email_verified for
-- every provider, and for Microsoft the id token's optional claims under
-- custom_claims. GoTrue calls a Microsoft address verified when the
-- xms_edov claim ("email domain owner verified") is missing; this project
-- trusts it only when the tenant says so (xms_edov true or "1").
create or replace function private.identity_vouched_address(provider text, identity_data jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when coalesce(identity_data ->> 'email', '') = '' then null
    when coalesce(identity_data ->> 'email_verified', 'false') <> 'true' then null
    when provider = 'azure'
         and coalesce(identity_data -> 'custom_claims' ->> 'xms_edov', '') not in ('true', '1') then null
    else lower(identity_data ->> 'email')
  end;
$$;

revoke execute on function private.identity_vouched_address(text, jsonb) from public;

create or replace function private.reset_before_first_confirmation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: runs as GoTrue confirms the address, and removes rows
  -- of auth tables that only their owner may touch.
  if old.email_confirmed_at is not null or new.email_confirmed_at is null then
    return new;
  end if;
  -- An account that never waited for a mailed link (made confirmed by an
  -- administrator, or by a provider that vouched for the address) has
  -- nothing from before to distrust.
  if old.confirmation_sent_at is null and old.recovery_sent_at is null then
    return new;
  end if;
  new.encrypted_password := null;
  delete from auth.mfa_factors f where f.user_id = new.id;
  delete from auth.sessions s where s.user_id = new.id;
  delete from auth.identities i
   where i.user_id = new.id
     and i.provider not in ('email', 'phone')
     and private.identity_vouched_address(i.provider, i.identity_data) is distinct from lower(new.email);
  -- app_metadata.providers lists the ways in that are left, as GoTrue keeps it.
  new.raw_app_meta_data := coalesce(new.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
    'providers',
    (select coalesce(jsonb_agg(p.provider order by p.provider <> 'email', p.provider), '[]'::jsonb)
       from (select 'email' as provider where new.email is not null
             union
             select i.provider from auth.identities i where i.user_id = new.id) p)
  );
  return new;
end;
$$;

revoke execute on function private.reset_before_first_confirmation() from public;

create trigger reset_before_first_confirmation
  before update of email_confirmed_at on auth.users
  for each row execute function private.reset_before_first_confirmation();
