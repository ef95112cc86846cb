-- Admins switch a flag with an optional reason, and undo any change of the
-- history (docs/decisions/033-safe-flag-toggles.md).
--
--   set_feature_flag(flag_id, enabled, reason default null)      -> true
--   undo_feature_flag_change(change_id, reason default null)     -> true
--
-- Both are security invoker: they act as the signed-in caller, so the
-- policies of feature_flags and feature_flag_changes decide as for a plain
-- update (admins only), and the audit trigger attributes the change to the
-- caller. They check private.is_admin() first only to answer a clear 403.
-- An undo restores the value the change replaced and is itself recorded,
-- pointing at the change it reverses; an undo can be undone the same way.
--
-- The private helpers hold the one implementation that the simple-admin
-- functions of the next migration share. They are security invoker too:
-- called from a security-definer function they act as its owner.

create or replace function private.apply_feature_flag_change(
  target_flag uuid,
  changed_field text,
  new_enabled boolean,
  new_description text,
  reason text,
  undoes bigint
)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  why text := nullif(btrim(coalesce(reason, '')), '');
  changed integer;
begin
  if char_length(why) > 500 then
    raise exception 'A reason has at most 500 characters.' using errcode = '22001';
  end if;
  if changed_field = 'enabled' and new_enabled is null then
    raise exception 'enabled must be true or false.' using errcode = '22004';
  end if;
  -- Read by the audit trigger of this transaction only.
  perform set_config('app.flag_change_reason', coalesce(why, ''), true);
  perform set_config('app.flag_change_undoes', coalesce(undoes::text, ''), true);
  if changed_field = 'enabled' then
    update public.feature_flags f set enabled = new_enabled where f.id = target_flag;
  else
    update public.feature_flags f set description = new_description where f.id = target_flag;
  end if;
  get diagnostics changed = row_count;
  perform set_config('app.flag_change_reason', '', true);
  perform set_config('app.flag_change_undoes', '', true);
  if changed = 0 then
    -- Anyone may read the flags: a row that exists but was not updated was refused by RLS.
    if exists (select 1 from public.feature_flags f where f.id = target_flag) then
      raise exception 'Only admins can change feature flags.' using errcode = '42501';
    end if;
    raise exception 'Feature flag not found.' using errcode = 'PT404';
  end if;
end;
$$;

create or replace function private.undo_feature_flag_change(change_id bigint, reason text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  change record;
  flag record;
begin
  select c.id, c.flag_id, c.flag_name, c.field, c.old_enabled, c.old_description
  into change
  from public.feature_flag_changes c
  where c.id = change_id;
  if not found then
    raise exception 'This change is not in the history.' using errcode = 'PT404';
  end if;
  select f.enabled, f.description into flag from public.feature_flags f where f.id = change.flag_id;
  if not found then
    raise exception 'The flag of this change no longer exists.' using errcode = 'PT404';
  end if;
  if change.field = 'enabled' and flag.enabled = change.old_enabled then
    raise exception '% is already %: there is nothing to undo.',
      change.flag_name, case when change.old_enabled then 'on' else 'off' end
      using errcode = 'PT409';
  end if;
  if change.field = 'description' and flag.description is not distinct from change.old_description then
    raise exception '% already has that description: there is nothing to undo.', change.flag_name
      using errcode = 'PT409';
  end if;
  perform private.apply_feature_flag_change(
    change.flag_id, change.field, change.old_enabled, change.old_description, reason, change.id
  );
end;
$$;

revoke execute on function private.apply_feature_flag_change(uuid, text, boolean, text, text, bigint) from public;
revoke execute on function private.undo_feature_flag_change(bigint, text) from public;
grant execute on function private.apply_feature_flag_change(uuid, text, boolean, text, text, bigint) to authenticated;
grant execute on function private.undo_feature_flag_change(bigint, text) to authenticated;

create or replace function public.set_feature_flag(flag_id uuid, enabled boolean, reason text default null)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'Only admins can change feature flags.' using errcode = '42501';
  end if;
  perform private.apply_feature_flag_change(flag_id, 'enabled', enabled, null, reason, null);
  return true;
end;
$$;

create or replace function public.undo_feature_flag_change(change_id bigint, reason text default null)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'Only admins can undo flag changes.' using errcode = '42501';
  end if;
  perform private.undo_feature_flag_change(change_id, reason);
  return true;
end;
$$;

comment on function public.set_feature_flag(uuid, boolean, text) is
  'Admins switch one flag, with an optional reason kept in the audit trail (docs/decisions/033-safe-flag-toggles.md).';
comment on function public.undo_feature_flag_change(bigint, text) is
  'Admins restore the value a recorded change replaced; the undo is recorded too (docs/decisions/033-safe-flag-toggles.md).';

revoke execute on function public.set_feature_flag(uuid, boolean, text) from public, anon;
revoke execute on function public.undo_feature_flag_change(bigint, text) from public, anon;
grant execute on function public.set_feature_flag(uuid, boolean, text) to authenticated;
grant execute on function public.undo_feature_flag_change(bigint, text) to authenticated;
