-- The order desk's queue at 100,000 orders (docs/decisions/197-orders-at-scale.md).
--
-- The first queue gathered every matching order with its company's name into
-- one materialised set and counted and paged that set: fine for a few
-- thousand orders, seconds at a hundred thousand. Now the count per status
-- reads the orders alone, the page is read newest first and stops at its last
-- row, and only that page's orders are joined to their companies. A search by
-- company name first finds the companies (a few hundred rows), then their
-- orders by id.
--
-- The orders policy checked each row's company against the list of
-- companies the caller manages. A caller who manages every company (an admin,
-- or an account manager an admin switched to all companies) now passes on a
-- value computed once per statement, so a count over every order does not
-- compare each row with hundreds of ids.

create or replace function private.manages_every_company()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: reads the caller's own all-companies switch.
  select coalesce((select private.is_aal2())
    and case (select private.staff_role())
      when 'admin' then true
      when 'account_manager' then exists (
        select 1 from public.account_manager_scopes s
        where s.user_id = (select auth.uid()) and s.all_companies
      )
      else false
    end, false);
$$;

revoke execute on function private.manages_every_company() from public;
grant execute on function private.manages_every_company() to authenticated, service_role;

drop policy "orders: the company's clients and its staff" on public.orders;
create policy "orders: the company's clients and its staff"
  on public.orders for select to authenticated
  using (
    (select private.manages_every_company())
    or company_id = (select private.client_company_id())
    or company_id = any ((select private.managed_company_ids())::uuid[])
  );

create index orders_submitted_at_id_idx on public.orders (submitted_at desc, id desc);
create index orders_status_submitted_at_id_idx on public.orders (status, submitted_at desc, id desc);
drop index public.orders_submitted_at_idx;
drop index public.orders_status_idx;

create or replace function public.staff_order_queue(
  status text default null,
  company uuid default null,
  from_day date default null,
  to_day date default null,
  search text default null,
  page integer default 1,
  per_page integer default 25
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  wanted public.order_status;
  needle text := lower(nullif(btrim(search), ''));
  size integer := greatest(1, least(coalesce(per_page, 25), 100));
  skip integer := (greatest(1, least(coalesce(page, 1), 100000)) - 1) * greatest(1, least(coalesce(per_page, 25), 100));
  since_at timestamptz := from_day::timestamp at time zone 'America/Toronto';
  until_at timestamptz := (to_day + 1)::timestamp at time zone 'America/Toronto';
  named uuid[];
  counts jsonb;
  page_rows jsonb;
begin
  if not (select private.is_verified_staff()) then
    raise exception 'Only staff who passed their second factor read the order desk.' using errcode = '42501';
  end if;
  if nullif(btrim(status), '') is not null then
    if btrim(status) not in ('submitted', 'confirmed', 'shipped', 'delivered', 'cancelled') then
      raise exception 'Unknown order status: %', status using errcode = '22023';
    end if;
    wanted := btrim(status)::public.order_status;
  end if;
  if from_day is not null and to_day is not null and from_day > to_day then
    raise exception 'The start of the date range is after its end.' using errcode = '22023';
  end if;
  if needle is not null and char_length(needle) > 200 then
    raise exception 'Search for at most 200 characters.' using errcode = '22023';
  end if;

  -- The companies whose name holds the search, through the companies policies.
  if needle is not null then
    select coalesce(array_agg(c.id), '{}'::uuid[]) into named
    from public.companies c
    where strpos(lower(c.legal_name), needle) > 0;
  end if;

  select coalesce(jsonb_object_agg(s.status, s.n), '{}'::jsonb) into counts
  from (
    select o.status::text as status, count(*) as n
    from public.orders o
    where (company is null or o.company_id = company)
      and (since_at is null or o.submitted_at >= since_at)
      and (until_at is null or o.submitted_at < until_at)
      and (needle is null
           or strpos(lower(o.number), needle) > 0
           or strpos(lower(coalesce(o.po_number, '')), needle) > 0
           or o.company_id = any (named))
    group by o.status
  ) s;

  select coalesce(jsonb_agg(to_jsonb(p) order by p.submitted_at desc, p.id desc), '[]'::jsonb) into page_rows
  from (
    select o.id, o.number, o.company_id, o.status::text as status, o.currency, o.subtotal, o.line_count,
           o.po_number, o.requested_date, o.submitted_at, o.updated_at, o.version, c.legal_name as company_name
    from (
      select o.*
      from public.orders o
      where (wanted is null or o.status = wanted)
        and (company is null or o.company_id = company)
        and (since_at is null or o.submitted_at >= since_at)
        and (until_at is null or o.submitted_at < until_at)
        and (needle is null
             or strpos(lower(o.number), needle) > 0
             or strpos(lower(coalesce(o.po_number, '')), needle) > 0
             or o.company_id = any (named))
      order by o.submitted_at desc, o.id desc
      offset skip limit size
    ) o
    left join public.companies c on c.id = o.company_id
  ) p;

  return jsonb_build_object(
    'total', case when wanted is null
                  then (select coalesce(sum(value::bigint), 0) from jsonb_each_text(counts))
                  else coalesce((counts ->> wanted::text)::bigint, 0) end,
    'counts', jsonb_build_object(
      'submitted', coalesce((counts ->> 'submitted')::bigint, 0),
      'confirmed', coalesce((counts ->> 'confirmed')::bigint, 0),
      'shipped', coalesce((counts ->> 'shipped')::bigint, 0),
      'delivered', coalesce((counts ->> 'delivered')::bigint, 0),
      'cancelled', coalesce((counts ->> 'cancelled')::bigint, 0)
    ),
    'orders', page_rows
  );
end;
$$;
