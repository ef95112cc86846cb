-- Production only: what runs the `deliver-outbox` Edge Function on a hosted
-- project (docs/decisions/115-mail-outbox-and-delivery.md):
--   - the webhook: after each insert into private.email_outbox, pg_net calls
--     the function (asynchronously, after the inserting transaction commits);
--   - the schedule: pg_cron calls it every minute, for the retries (1, 5, 30
--     minutes, then hourly) and as a safety net if a webhook call was lost.
-- Both read the project URL and the service-role key from Supabase Vault
-- (secrets `project_url` and `service_role_key`, created once by the operator:
-- README, "Deploy"), so no key is ever committed. Without those secrets the
-- calls are skipped with a warning.
--
-- This migration does nothing where pg_net, pg_cron or Vault are missing:
-- PGlite (the local backend, which runs the function itself, see
-- supabase/local/outbox-runner.ts) and the plain PostgreSQL of the test tier.

do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_net')
     or not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'supabase_vault') then
    raise notice 'pg_net, pg_cron or supabase_vault is not available: the outbox webhook and schedule are not installed.';
    return;
  end if;

  create extension if not exists pg_net with schema extensions;
  create extension if not exists pg_cron with schema pg_catalog;
  create extension if not exists supabase_vault with schema vault;

  execute $fn$
    create or replace function private.invoke_deliver_outbox()
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
        raise warning 'Vault secrets project_url and service_role_key are not set: deliver-outbox was not called.';
        return;
      end if;
      perform net.http_post(
        url := rtrim(project_url, '/') || '/functions/v1/deliver-outbox',
        headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
        body := '{}'::jsonb,
        timeout_milliseconds := 30000);
    end;
    $body$
  $fn$;
  revoke execute on function private.invoke_deliver_outbox() from public, anon, authenticated;
  -- The trigger runs as whoever inserts: the conversation functions' owner,
  -- or the service role writing to the outbox by hand.
  grant execute on function private.invoke_deliver_outbox() to service_role;

  execute $fn$
    create or replace function private.email_outbox_webhook()
    returns trigger
    language plpgsql
    set search_path = ''
    as $body$
    begin
      perform private.invoke_deliver_outbox();
      return null;
    end;
    $body$
  $fn$;
  revoke execute on function private.email_outbox_webhook() from public, anon, authenticated;

  execute 'drop trigger if exists email_outbox_webhook on private.email_outbox';
  execute 'create trigger email_outbox_webhook after insert on private.email_outbox
           for each statement execute function private.email_outbox_webhook()';

  perform cron.schedule('deliver-outbox', '* * * * *', 'select private.invoke_deliver_outbox()');
end;
$migration$;
