-- The orders policy asked private.can_manage_company(company_id) for every
-- row it looked at: a function with its own settings is never inlined, so a
-- staff count over many orders called it (and the role checks inside it)
-- once per row (docs/decisions/197-orders-at-scale.md). The companies the
-- caller may act for are now gathered once per statement, still through
-- can_manage_company, so staff roles keep changing one definition.

create or replace function private.managed_company_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: reads every company's id, whatever the caller may read.
  select case
           when (select private.is_verified_staff())
             then coalesce((select array_agg(c.id) from public.companies c where private.can_manage_company(c.id)),
                           '{}'::uuid[])
           else '{}'::uuid[]
         end;
$$;

revoke execute on function private.managed_company_ids() from public;
grant execute on function private.managed_company_ids() to authenticated, service_role;

drop policy "orders: the company's clients and its staff" on public.orders;
create policy "orders: the company's clients and its staff"
  on public.orders for select to authenticated
  using (company_id = (select private.client_company_id()) or company_id = any ((select private.managed_company_ids())::uuid[]));

drop policy "order_notes: staff of the order's company" on public.order_notes;
create policy "order_notes: staff of the order's company"
  on public.order_notes for select to authenticated
  using (exists (
    select 1 from public.orders o
    where o.id = order_notes.order_id and o.company_id = any ((select private.managed_company_ids())::uuid[])));
