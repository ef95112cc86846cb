-- The order desk's queue (docs/decisions/203-order-desk-concurrency.md): one
-- page of orders, newest first, filtered by status, company and submission
-- days (Toronto time) and searched by number, PO number or company name, with
-- the total and the count of each status under the same filters (the tabs).
--
-- security invoker: the orders' own policies decide which orders a staff
-- member sees (private.can_manage_company), so an account manager's queue
-- holds only the companies they look after. Company names come through the
-- companies policies the same way.

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
  wanted text := nullif(btrim(status), '');
  needle text := lower(nullif(btrim(search), ''));
  size integer := greatest(1, least(coalesce(per_page, 25), 100));
  skip integer := (greatest(1, least(coalesce(page, 1), 100000)) - 1) * greatest(1, least(coalesce(per_page, 25), 100));
  result jsonb;
begin
  if not (select private.is_verified_staff()) then
    raise exception 'Only staff who passed their second factor read the order desk.' using errcode = '42501';
  end if;
  if wanted is not null and wanted not in ('submitted', 'confirmed', 'shipped', 'delivered', 'cancelled') then
    raise exception 'Unknown order status: %', wanted using errcode = '22023';
  end if;
  if from_day is not null and to_day is not null and from_day > to_day then
    raise exception 'The start of the date range is after its end.' using errcode = '22023';
  end if;
  if needle is not null and char_length(needle) > 200 then
    raise exception 'Search for at most 200 characters.' using errcode = '22023';
  end if;

  with matching as materialized (
    select o.id, o.number, o.company_id, o.status::text as status, o.currency, o.subtotal, o.line_count,
           o.po_number, o.requested_date, o.submitted_at, o.updated_at, o.version, c.legal_name as company_name
    from public.orders o
    left join public.companies c on c.id = o.company_id
    where (company is null or o.company_id = company)
      and (from_day is null or o.submitted_at >= (from_day::timestamp at time zone 'America/Toronto'))
      and (to_day is null or o.submitted_at < ((to_day + 1)::timestamp at time zone 'America/Toronto'))
      and (needle is null
           or strpos(lower(o.number), needle) > 0
           or strpos(lower(coalesce(o.po_number, '')), needle) > 0
           or strpos(lower(coalesce(c.legal_name, '')), needle) > 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from matching m where wanted is null or m.status = wanted),
    'counts', jsonb_build_object(
      'submitted', (select count(*) from matching m where m.status = 'submitted'),
      'confirmed', (select count(*) from matching m where m.status = 'confirmed'),
      'shipped', (select count(*) from matching m where m.status = 'shipped'),
      'delivered', (select count(*) from matching m where m.status = 'delivered'),
      'cancelled', (select count(*) from matching m where m.status = 'cancelled')
    ),
    'orders', coalesce((
      select jsonb_agg(to_jsonb(p) order by p.submitted_at desc, p.id desc)
      from (
        select m.* from matching m
        where wanted is null or m.status = wanted
        order by m.submitted_at desc, m.id desc
        offset skip limit size
      ) p), '[]'::jsonb)
  ) into result;
  return result;
end;
$$;

comment on function public.staff_order_queue(text, uuid, date, date, text, integer, integer) is
  'The order desk''s queue: one page of the orders the caller may manage, with the count per status (docs/decisions/203-order-desk-concurrency.md). Runs with the caller''s rights.';

revoke execute on function public.staff_order_queue(text, uuid, date, date, text, integer, integer) from public, anon;
grant execute on function public.staff_order_queue(text, uuid, date, date, text, integer, integer) to authenticated, service_role;
