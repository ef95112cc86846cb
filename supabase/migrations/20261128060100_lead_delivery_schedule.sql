-- Production only: pg_cron calls the `deliver-leads` Edge Function every
-- minute (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md),
-- so a lead whose browser never reported HubSpot's answer is sent within
-- about a minute of its grace ending, and failed deliveries are retried on
-- their schedule. The call uses pg_net with the project URL and the
-- service-role key from Supabase Vault (secrets `project_url` and
-- `service_role_key`, the ones the mail outbox already reads: README,
-- "Deploy"), so no key is committed; without them the call is skipped with a
-- warning.
--
-- Does nothing where pg_net, pg_cron or Vault are missing: PGlite (the local
-- backend runs the function on a timer itself, supabase/local/outbox-runner.ts)
-- and the plain PostgreSQL of the test tier.

do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_net')
     or not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'supabase_vault') then
    raise notice 'pg_net, pg_cron or supabase_vault is not available: the lead delivery schedule is not installed.';
    return;
  end if;

  create extension if not exists pg_net with schema extensions;
  create extension if not exists pg_cron with schema pg_catalog;
  create extension if not exists supabase_vault with schema vault;

  execute $fn$
    create or replace function private.invoke_deliver_leads()
    returns void
    language plpgsql
    security definer
    set search_path = ''
    as $body$
    declare
      project_url text;
      service_key text;
    begin
      -- security definer: reads the two Vault secrets, which only the owner may.
      select s.decrypted_secret into project_url from vault.decrypted_secrets s where s.name = 'project_url';
      select s.decrypted_secret into service_key from vault.decrypted_secrets s where s.name = 'service_role_key';
      if project_url is null or service_key is null then
        raise warning 'Vault secrets project_url and service_role_key are not set: deliver-leads was not called.';
        return;
      end if;
      perform net.http_post(
        url := rtrim(project_url, '/') || '/functions/v1/deliver-leads',
        headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
        body := '{}'::jsonb,
        timeout_milliseconds := 60000);
    end;
    $body$
  $fn$;
  revoke execute on function private.invoke_deliver_leads() from public, anon, authenticated;

  perform cron.schedule('deliver-leads', '* * * * *', 'select private.invoke_deliver_leads()');
end;
$migration$;
