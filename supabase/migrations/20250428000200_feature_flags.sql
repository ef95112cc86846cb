-- Feature flags: staff switch site sections and features on and off.
--
-- Everyone may read them (the public site needs them before anyone signs in);
-- only admins may change `enabled` (and the description) through the API; nobody
-- creates or deletes flags through the API: new flags arrive by migration.

create table public.feature_flags (
  id uuid primary key default gen_random_uuid(),
  name text not null unique
    constraint feature_flags_name_snake_case check (name ~ '^[a-z][a-z0-9]*(_[a-z0-9]+)*$'),
  description text
    constraint feature_flags_description_length check (char_length(description) <= 500),
  enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.feature_flags is 'Site sections and features that staff switch on and off.';

alter table public.feature_flags enable row level security;

revoke all on table public.feature_flags from anon, authenticated;
grant select on table public.feature_flags to anon, authenticated;
grant update (enabled, description, updated_at) on table public.feature_flags to authenticated;
grant all on table public.feature_flags to service_role;

create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The server's clock decides, whatever the client sent.
  new.updated_at := now();
  return new;
end;
$$;

revoke execute on function private.touch_updated_at() from public;

create trigger feature_flags_touch_updated_at
  before update on public.feature_flags
  for each row execute function private.touch_updated_at();

create policy "feature_flags: anyone reads (anon)"
  on public.feature_flags for select to anon
  using (true);

create policy "feature_flags: anyone reads (authenticated)"
  on public.feature_flags for select to authenticated
  using (true);

create policy "feature_flags: admins update"
  on public.feature_flags for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
