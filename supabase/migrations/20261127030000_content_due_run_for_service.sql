-- The local publisher (`npm start`, the e2e stack) publishes scheduled news
-- items and posts whose time has come on its timer, as pg_cron does in
-- production (docs/decisions/166-publishing-content-changes.md). It holds the
-- local backend's service-role key, not the publish token, and the private
-- schema is not exposed through the Data API: this wrapper is its door, for
-- the service role only.
create or replace function public.publish_due_content_as_service()
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.publish_due_content();
$$;

revoke execute on function public.publish_due_content_as_service() from public, anon, authenticated;
grant execute on function public.publish_due_content_as_service() to service_role;
