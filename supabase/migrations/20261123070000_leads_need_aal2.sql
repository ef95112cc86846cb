-- Leads are read, updated and purged only by an admin whose session passed
-- its second factor (docs/decisions/072-staff-second-factor.md,
-- docs/decisions/084-leads-page-resend-and-aal2.md).
--
-- Why: a lead holds a visitor's name, email, phone, message and consent. The
-- policies of 20261123030000_leads.sql let any admin session read them,
-- including one opened with a stolen password alone (aal1). As for the Users
-- list, staff must be at aal2 to see clients' and prospects' contact details.
-- The policies below are RESTRICTIVE, AND-ed with the permissive "admins ..."
-- policies: an admin at aal1 sees no lead, changes none and purges none
-- (purge_expired_leads() runs with the caller's rights, so it deletes nothing
-- for them either). Visitors are not affected: they store leads and record
-- outcomes through the security-definer RPCs of 20261123030100_submit_lead.sql.

create policy "leads: reads need aal2"
  on public.leads as restrictive for select to authenticated
  using ((select private.is_aal2()));

-- Staff record only what HubSpot answered to a resend: sent, failed or
-- rejected, never back to pending or not_sent.
create policy "leads: outcomes need aal2"
  on public.leads as restrictive for update to authenticated
  using ((select private.is_aal2()))
  with check ((select private.is_aal2()) and hubspot_status in ('sent', 'failed', 'rejected'));

create policy "leads: deletes need aal2"
  on public.leads as restrictive for delete to authenticated
  using ((select private.is_aal2()));

-- The retention periods, for the Leads page to state them. Security invoker:
-- it reads the settings through private.lead_retention() and answers only a
-- verified admin (no row for anyone else).
create or replace function public.lead_retention_periods()
returns table (
  retention_months integer,
  retention_days integer,
  spam_retention_months integer,
  spam_retention_days integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  select
    (extract(year from r.retention) * 12 + extract(month from r.retention))::integer,
    extract(day from r.retention)::integer,
    (extract(year from r.spam_retention) * 12 + extract(month from r.spam_retention))::integer,
    extract(day from r.spam_retention)::integer
  from private.lead_retention() r
  where (select private.is_verified_admin());
$$;

comment on function public.lead_retention_periods() is
  'How long leads and spam leads are kept (months and days), for a verified admin; no row for anyone else.';

revoke execute on function public.lead_retention_periods() from public, anon;
grant execute on function public.lead_retention_periods() to authenticated, service_role;
