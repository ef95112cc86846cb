-- Flag changes are attributed to a person, the simple-admin page, or
-- "service role / SQL", never to a database login role
-- (docs/decisions/063-flag-change-attribution.md).
--
-- The audit trigger wrote `session_user` for changes made without a signed-in
-- account. That is the role the connection logged in as: `authenticator` for
-- every Data API request on hosted Supabase (the service key included),
-- `postgres` in the SQL editor or locally. Neither tells staff anything, and
-- "authenticator" reads like a person. The trigger function is replaced; the
-- table and its columns are unchanged.

create or replace function private.record_feature_flag_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  origin text := nullif(current_setting('app.flag_change_source', true), '');
  source text;
  label text;
begin
  -- security definer: the audit table accepts no writes from API roles.
  if new.enabled is not distinct from old.enabled then
    return new;
  end if;
  if origin = 'simple-admin' then
    source := 'simple-admin';
    label := 'simple-admin';
    actor := null;
  elsif actor is not null then
    -- A signed-in account through the Data API: the admin portal.
    source := 'portal';
    label := (select u.email from auth.users u where u.id = actor);
  else
    -- The service key (bypasses RLS, no account) or plain SQL.
    source := 'sql';
    label := 'service role / SQL';
  end if;
  insert into public.feature_flag_changes
    (flag_id, flag_name, old_enabled, new_enabled, changed_by, changed_by_email, source)
  values (new.id, new.name, old.enabled, new.enabled, actor, label, source);
  return new;
end;
$$;

revoke execute on function private.record_feature_flag_change() from public;
