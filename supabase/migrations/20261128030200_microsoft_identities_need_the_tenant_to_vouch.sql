-- A Microsoft identity joins an account only when the tenant vouches for its
-- address (docs/decisions/182-provider-identities-and-verified-addresses.md).
--
-- GoTrue calls a Microsoft address verified when the id token carries an
-- `email` and no `xms_edov` claim ("email domain owner verified"). But a
-- tenant's administrator can put any address in a user's mail attribute, so
-- without that claim the address proves nothing, and GoTrue would link such
-- an identity to the account that holds the address and sign its holder in.
-- The app registration asks Microsoft for xms_edov (an optional claim of the
-- id token); GoTrue keeps it in identity_data.custom_claims. An identity that
-- GoTrue calls verified while xms_edov is missing or false is refused here,
-- before it is stored, so the sign-in fails and opens nothing. One whose
-- address GoTrue already calls unverified passes: it never links to an
-- existing account and waits for a confirmation mail like any other.
create or replace function private.refuse_unvouched_microsoft_identity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: runs as GoTrue stores the identity.
  if new.provider = 'azure'
     and coalesce(new.identity_data ->> 'email_verified', 'false') = 'true'
     and private.identity_vouched_address(new.provider, new.identity_data) is null then
    raise exception 'Microsoft did not confirm that this organisation owns the e-mail address.'
      using errcode = '42501',
            hint = 'Add the xms_edov optional claim to the id token in the app registration.';
  end if;
  return new;
end;
$$;

revoke execute on function private.refuse_unvouched_microsoft_identity() from public;

create trigger refuse_unvouched_microsoft_identity
  before insert on auth.identities
  for each row execute function private.refuse_unvouched_microsoft_identity();
