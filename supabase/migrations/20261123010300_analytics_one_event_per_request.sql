-- Analytics accepts one event per request (docs/decisions/062-analytics-one-event-per-request.md).
--
-- The insert policies check each row's name, so one anonymous POST of a JSON
-- array could add thousands of `app_initialized` rows at once. The page sends
-- one event per page load; anything more from a visitor is abuse. PostgREST
-- runs every request in its own transaction, so "one per request" is "one per
-- transaction" here: a row trigger counts the rows a visitor role inserted in
-- the current transaction and refuses the second one, whatever the client
-- (supabase-js, the app's small REST client or curl). The service role and
-- SQL sessions are not visitors and may insert in bulk (imports, tests).

create or replace function private.analytics_events_one_per_request()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  inserted integer := coalesce(nullif(current_setting('app.analytics_events_inserted', true), '')::integer, 0);
begin
  -- Not security definer: current_user is the role that inserts.
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if inserted >= 1 then
    raise exception 'Analytics accepts one event per request.'
      using errcode = '22023', hint = 'Send each event in its own request, as a single JSON object.';
  end if;
  perform set_config('app.analytics_events_inserted', (inserted + 1)::text, true);
  return new;
end;
$$;

revoke execute on function private.analytics_events_one_per_request() from public;

create trigger analytics_events_one_per_request
  before insert on public.analytics_events
  for each row execute function private.analytics_events_one_per_request();
