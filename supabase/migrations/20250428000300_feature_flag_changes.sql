-- Audit trail of flag changes (docs/decisions/008-flag-changes-audited.md).
--
-- A trigger records every change of `enabled`, whoever made it: an account
-- through the Data API (its id and email), the simple-admin page (marked
-- 'simple-admin' by the function that made the change) or plain SQL (the
-- database role). Only admins read it; nobody writes it through the API.

create table public.feature_flag_changes (
  id bigint generated always as identity primary key,
  flag_id uuid references public.feature_flags (id) on delete set null,
  flag_name text not null,
  old_enabled boolean not null,
  new_enabled boolean not null,
  changed_by uuid references auth.users (id) on delete set null,
  changed_by_email text,
  source text not null
    constraint feature_flag_changes_source check (source in ('portal', 'simple-admin', 'sql')),
  changed_at timestamptz not null default now()
);

comment on table public.feature_flag_changes is 'Who switched which flag, from what to what, and when.';

create index feature_flag_changes_changed_at_idx on public.feature_flag_changes (changed_at desc);
create index feature_flag_changes_flag_id_idx on public.feature_flag_changes (flag_id);
create index feature_flag_changes_changed_by_idx on public.feature_flag_changes (changed_by);

alter table public.feature_flag_changes enable row level security;

revoke all on table public.feature_flag_changes from anon, authenticated;
grant select on table public.feature_flag_changes to authenticated;
grant all on table public.feature_flag_changes to service_role;

create policy "feature_flag_changes: admins read"
  on public.feature_flag_changes for select to authenticated
  using ((select private.is_admin()));

create or replace function private.record_feature_flag_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  origin text := nullif(current_setting('app.flag_change_source', true), '');
begin
  -- security definer: the audit table accepts no writes from API roles.
  if new.enabled is distinct from old.enabled then
    insert into public.feature_flag_changes
      (flag_id, flag_name, old_enabled, new_enabled, changed_by, changed_by_email, source)
    values (
      new.id,
      new.name,
      old.enabled,
      new.enabled,
      case when origin is null then actor end,
      case
        when origin = 'simple-admin' then 'simple-admin'
        when actor is not null then (select u.email from auth.users u where u.id = actor)
        else session_user::text
      end,
      coalesce(origin, case when actor is not null then 'portal' else 'sql' end)
    );
  end if;
  return new;
end;
$$;

revoke execute on function private.record_feature_flag_change() from public;

create trigger feature_flags_record_change
  after update on public.feature_flags
  for each row execute function private.record_feature_flag_change();
