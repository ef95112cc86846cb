-- How long leads are kept (docs/decisions/082-lead-retention-on-staff-read.md).
--
-- The privacy policy promises that messages and B2B requests are kept for a
-- limited time. `purge_expired_leads()` deletes leads older than
-- `private.lead_settings.retention` (24 months by default) and spam older
-- than `spam_retention` (30 days). The admin portal's Leads page calls it
-- each time staff open the list, so an expired lead is gone before anyone can
-- read it. It runs with the caller's rights (security invoker): only admins
-- may delete leads, so for anybody else it deletes nothing. On hosted
-- Supabase an operator may also schedule it with pg_cron; as a superuser job
-- it is not limited by RLS:
--   select cron.schedule('purge-expired-leads', '17 3 * * *', 'select public.purge_expired_leads()');

alter table private.lead_settings
  add column retention interval not null default interval '24 months'
    constraint lead_settings_retention check (retention between interval '1 day' and interval '10 years'),
  add column spam_retention interval not null default interval '30 days'
    constraint lead_settings_spam_retention check (spam_retention between interval '1 day' and interval '10 years');

-- The two periods, readable by the purge without opening the settings table to API roles.
create or replace function private.lead_retention()
returns table (retention interval, spam_retention interval)
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: private.lead_settings grants nothing to API roles.
  select s.retention, s.spam_retention from private.lead_settings s where s.id = 1;
$$;

revoke execute on function private.lead_retention() from public;
grant execute on function private.lead_retention() to authenticated, service_role;

create or replace function public.purge_expired_leads()
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  periods record;
  deleted integer;
begin
  select * into periods from private.lead_retention();
  delete from public.leads l
  where l.created_at < now() - case when l.spam then periods.spam_retention else periods.retention end;
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

comment on function public.purge_expired_leads() is
  'Deletes leads past their retention period; RLS lets only admins (or a superuser job) delete. Returns how many.';

revoke execute on function public.purge_expired_leads() from public, anon;
grant execute on function public.purge_expired_leads() to authenticated, service_role;
