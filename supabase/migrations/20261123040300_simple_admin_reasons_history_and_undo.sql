-- The simple-admin page gets what the portal has: a reason with each change,
-- the change history, and Undo (docs/decisions/033-safe-flag-toggles.md).
-- Its changes stay attributed to the simple-admin password
-- (docs/decisions/063-flag-change-attribution.md).
--
--   simple_admin_set_flag(password, flag_id, enabled, reason default null) -> boolean
--   simple_admin_flag_changes(password)                                   -> the latest 50 changes
--   simple_admin_undo_change(password, change_id, reason default null)    -> boolean
--
-- Each returns false (or no rows) for a wrong password and goes through
-- private.simple_admin_check, its per-client throttle and its POST-only rule.
-- They are security definer because the page has no account: RLS would let
-- anon neither change flags nor read the history. The history leaves out
-- the changing account's id; the page shows the email, as the portal does.
-- simple_admin_set_flag gains its reason as a last parameter with a default,
-- so a call with the three original arguments still works.

drop function public.simple_admin_set_flag(text, uuid, boolean);

create function public.simple_admin_set_flag(password text, flag_id uuid, enabled boolean, reason text default null)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not private.simple_admin_check(password) then
    return false;
  end if;
  -- Read by the audit trigger so the change is attributed to the simple-admin page.
  perform set_config('app.flag_change_source', 'simple-admin', true);
  perform private.apply_feature_flag_change(flag_id, 'enabled', enabled, null, reason, null);
  perform set_config('app.flag_change_source', '', true);
  return true;
end;
$$;

create or replace function public.simple_admin_flag_changes(password text)
returns table (
  id bigint,
  flag_name text,
  field text,
  old_enabled boolean,
  new_enabled boolean,
  old_description text,
  new_description text,
  changed_by_email text,
  source text,
  reason text,
  undoes_change_id bigint,
  changed_at timestamptz
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not private.simple_admin_check(password) then
    return;
  end if;
  return query
    select c.id, c.flag_name, c.field, c.old_enabled, c.new_enabled, c.old_description, c.new_description,
           c.changed_by_email, c.source, c.reason, c.undoes_change_id, c.changed_at
    from public.feature_flag_changes c
    order by c.changed_at desc, c.id desc
    limit 50;
end;
$$;

create or replace function public.simple_admin_undo_change(password text, change_id bigint, reason text default null)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not private.simple_admin_check(password) then
    return false;
  end if;
  perform set_config('app.flag_change_source', 'simple-admin', true);
  perform private.undo_feature_flag_change(change_id, reason);
  perform set_config('app.flag_change_source', '', true);
  return true;
end;
$$;

comment on function public.simple_admin_set_flag(text, uuid, boolean, text) is
  'Deliberate public RPC (docs/decisions/002-simple-admin-password-in-the-database.md): switches one flag, with an optional reason, when the simple-admin password is right; POST only; throttled per client.';
comment on function public.simple_admin_flag_changes(text) is
  'Deliberate public RPC (docs/decisions/033-safe-flag-toggles.md): the latest 50 flag changes when the simple-admin password is right; POST only; throttled per client.';
comment on function public.simple_admin_undo_change(text, bigint, text) is
  'Deliberate public RPC (docs/decisions/033-safe-flag-toggles.md): undoes one recorded change when the simple-admin password is right; POST only; throttled per client.';

revoke execute on function public.simple_admin_set_flag(text, uuid, boolean, text) from public;
revoke execute on function public.simple_admin_flag_changes(text) from public;
revoke execute on function public.simple_admin_undo_change(text, bigint, text) from public;
grant execute on function public.simple_admin_set_flag(text, uuid, boolean, text) to anon, authenticated;
grant execute on function public.simple_admin_flag_changes(text) to anon, authenticated;
grant execute on function public.simple_admin_undo_change(text, bigint, text) to anon, authenticated;
