-- The local publisher's wake-up: it listens on this channel and publishes as
-- soon as a flag or content change records a publish, instead of asking the
-- backend every second (which cost each local stack about 4% of a core while
-- idle). On hosted Supabase nobody listens and the notification costs nothing.
--
-- One trigger function for every such channel, named by the trigger's
-- argument: the mail outbox's wake-up moves to it too.
create or replace function private.notify_after_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify(tg_argv[0], '');
  return null;
end;
$$;

revoke execute on function private.notify_after_insert() from public, anon, authenticated;

create trigger site_publishes_notify
  after insert on public.site_publishes
  for each statement execute function private.notify_after_insert('site_publishes');

drop trigger email_outbox_notify on private.email_outbox;
create trigger email_outbox_notify
  after insert on private.email_outbox
  for each statement execute function private.notify_after_insert('email_outbox');
drop function private.notify_email_outbox();
