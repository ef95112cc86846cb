-- The local publisher's wake-up: it listens on this channel and publishes as
-- soon as a flag or content change records a publish, instead of asking the
-- backend every second (which cost each local stack about 4% of a core while
-- idle). On hosted Supabase nobody listens and the notification costs nothing.
create or replace function private.notify_site_publishes()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('site_publishes', '');
  return null;
end;
$$;

revoke execute on function private.notify_site_publishes() from public, anon, authenticated;

create trigger site_publishes_notify
  after insert on public.site_publishes
  for each statement execute function private.notify_site_publishes();
