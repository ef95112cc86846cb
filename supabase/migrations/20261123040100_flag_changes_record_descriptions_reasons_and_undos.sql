-- The audit trail of flag changes also records description changes, the
-- reason staff gave, and which earlier change an undo reverses
-- (docs/decisions/033-safe-flag-toggles.md).
--
-- Before: only a change of `enabled` left a row, with no way to say why, and
-- nothing linked an undo to what it undid.
--
-- Now each row says which field changed (`field`): `enabled` (old/new
-- enabled, as before) or `description` (old/new description; old_enabled and
-- new_enabled then both hold the flag's value at the time). A statement that
-- changes both leaves one row for each. Two transaction-local settings, set
-- only by the functions of the next migrations, add the optional `reason` and
-- `undoes_change_id`. Attribution is unchanged
-- (docs/decisions/063-flag-change-attribution.md).

alter table public.feature_flag_changes
  add column field text not null default 'enabled'
    constraint feature_flag_changes_field check (field in ('enabled', 'description')),
  add column old_description text,
  add column new_description text,
  add column reason text
    constraint feature_flag_changes_reason_length check (char_length(reason) between 1 and 500),
  add column undoes_change_id bigint
    references public.feature_flag_changes (id) on delete set null;

comment on column public.feature_flag_changes.field is 'What changed: enabled, or description.';
comment on column public.feature_flag_changes.reason is 'Why, in the words of the person who made the change; optional.';
comment on column public.feature_flag_changes.undoes_change_id is 'The earlier change this one reverses, when it is an undo.';

create index feature_flag_changes_undoes_change_id_idx on public.feature_flag_changes (undoes_change_id);

create or replace function private.record_feature_flag_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  origin text := nullif(current_setting('app.flag_change_source', true), '');
  why text := nullif(btrim(coalesce(current_setting('app.flag_change_reason', true), '')), '');
  undoes bigint := nullif(current_setting('app.flag_change_undoes', true), '')::bigint;
  source text;
  label text;
begin
  -- security definer: the audit table accepts no writes from API roles.
  if new.enabled is not distinct from old.enabled and new.description is not distinct from old.description then
    return new;
  end if;
  -- Who: the three labels of docs/decisions/063-flag-change-attribution.md.
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
  if new.enabled is distinct from old.enabled then
    insert into public.feature_flag_changes
      (flag_id, flag_name, field, old_enabled, new_enabled, changed_by, changed_by_email, source, reason, undoes_change_id)
    values (new.id, new.name, 'enabled', old.enabled, new.enabled, actor, label, source, why, undoes);
  end if;
  if new.description is distinct from old.description then
    insert into public.feature_flag_changes
      (flag_id, flag_name, field, old_enabled, new_enabled, old_description, new_description,
       changed_by, changed_by_email, source, reason, undoes_change_id)
    values (new.id, new.name, 'description', new.enabled, new.enabled, old.description, new.description,
            actor, label, source, why, undoes);
  end if;
  return new;
end;
$$;

revoke execute on function private.record_feature_flag_change() from public;

