-- The simple-admin password is at most 72 bytes
-- (docs/decisions/061-simple-admin-attempts-per-client.md).
--
-- bcrypt uses only the first 72 bytes of a password: a longer passphrase
-- would unlock with those 72 bytes followed by anything. Operators are told
-- so when they set one, instead of learning it from an attacker; the check
-- (20261123010100) refuses longer attempts with the same message. A password
-- set before this migration that was longer than 72 bytes must be set again.

create or replace function private.set_simple_admin_password(new_password text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new_password is null or char_length(new_password) < 12 then
    raise exception 'The simple-admin password must have at least 12 characters.'
      using errcode = '22023';
  end if;
  if octet_length(new_password) > 72 then
    raise exception 'The simple-admin password must have at most 72 bytes (this one has %); bcrypt ignores the rest.',
      octet_length(new_password)
      using errcode = '22023',
        hint = 'Choose a shorter passphrase: 72 bytes is 72 plain letters, fewer with accents.';
  end if;
  insert into private.simple_admin_secret (id, password_hash, updated_at)
  values (1, extensions.crypt(new_password, extensions.gen_salt('bf', 8)), now())
  on conflict (id) do update
    set password_hash = excluded.password_hash, updated_at = excluded.updated_at;
  delete from private.simple_admin_attempts;
end;
$$;

revoke execute on function private.set_simple_admin_password(text) from public, anon, authenticated;
