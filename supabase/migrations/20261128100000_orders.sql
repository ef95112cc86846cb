-- Orders at each client's prices: price lists, company addresses, business
-- holidays, minimum order values, the cart, orders with their lines, timeline
-- and internal notes, and the functions that move them
-- (docs/decisions/195-price-lists-and-the-cart-in-the-database.md,
-- docs/decisions/196-order-totals-idempotency-and-transitions.md).
--
-- Who may do what, decided here and nowhere else:
--   - staff (private.is_verified_staff(): an admin at aal2) read price lists
--     and their items; admins at aal2 write them, the holidays and the
--     minimum order values. Addresses and orders are read and changed by the
--     staff who may act for the company (private.can_manage_company);
--   - an active client (private.client_company_id() not null) reads its
--     company's orders, their lines and timeline, its company's confirmed
--     addresses and the ones it proposed, and its own cart. It never reads a
--     price list: client_prices() answers its own list's prices of today.
--     It writes nothing directly: the cart, a proposed address, an order and
--     its cancellation go through the functions below, which check quantities
--     against the product and take every price from the database;
--   - internal notes are read by staff only;
--   - only staff move an order forward; a client cancels its own order while
--     it is still 'submitted'.
-- Orders keep what they were sent with (prices, names, the address): a price
-- list, a product or an address changed later never changes them.
--
-- Refusals the screens translate are raised with SQLSTATE P0001 (HTTP 400),
-- the message a stable key ('prices_changed', 'order_changed', ...) and the
-- detail a JSON object (the minimum, the earliest date, ...).

-- ---------------------------------------------------------------------------
-- Types, tables and indexes
-- ---------------------------------------------------------------------------

create type public.order_status as enum ('submitted', 'confirmed', 'shipped', 'delivered', 'cancelled');

create table public.price_lists (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint price_lists_name check (char_length(btrim(name)) between 1 and 120 and name !~ '[\x01-\x1f\x7f-\x9f]'),
  currency text not null constraint price_lists_currency check (currency in ('CAD', 'USD')),
  valid_from date not null default current_date,
  valid_until date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint price_lists_valid_dates check (valid_until is null or valid_until >= valid_from)
);

comment on table public.price_lists is
  'A price per case for products, in one currency, valid between two dates; each company is assigned one.';

create table public.price_list_items (
  price_list_id uuid not null references public.price_lists (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  case_price numeric(12, 2) not null constraint price_list_items_case_price check (case_price > 0),
  primary key (price_list_id, product_id)
);

comment on table public.price_list_items is 'The price of one case of a product on a price list.';

create index price_list_items_product_id_idx on public.price_list_items (product_id);

alter table public.companies add column price_list_id uuid references public.price_lists (id) on delete set null;
comment on column public.companies.price_list_id is
  'The price list the company''s clients order at; null: they see no prices and cannot order.';
create index companies_price_list_id_idx on public.companies (price_list_id);

create table public.company_addresses (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  label text not null constraint company_addresses_label check (char_length(btrim(label)) between 1 and 100),
  line1 text not null constraint company_addresses_line1 check (char_length(btrim(line1)) between 1 and 200),
  line2 text constraint company_addresses_line2 check (char_length(line2) <= 200),
  city text not null constraint company_addresses_city check (char_length(btrim(city)) between 1 and 100),
  region text not null constraint company_addresses_region check (char_length(btrim(region)) between 1 and 100),
  postal_code text not null
    constraint company_addresses_postal_code check (char_length(btrim(postal_code)) between 3 and 20),
  country text not null constraint company_addresses_country check (country in ('CA', 'US')),
  status text not null default 'confirmed'
    constraint company_addresses_status check (status in ('confirmed', 'proposed', 'rejected')),
  proposed_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint company_addresses_text_characters check (
    (label || line1 || coalesce(line2, '') || city || region || postal_code) !~ '[\x01-\x1f\x7f-\x9f]')
);

comment on table public.company_addresses is
  'Delivery addresses of a company: staff keep them; a client may propose one, which staff confirm or reject.';

create index company_addresses_company_id_idx on public.company_addresses (company_id, status);
create index company_addresses_proposed_by_idx on public.company_addresses (proposed_by);

create table public.business_holidays (
  day date primary key,
  name text not null constraint business_holidays_name check (char_length(btrim(name)) between 1 and 100)
);

comment on table public.business_holidays is 'Days no delivery is made (besides weekends).';

create table public.order_settings (
  currency text primary key constraint order_settings_currency check (currency in ('CAD', 'USD')),
  minimum_order_value numeric(12, 2) not null default 0
    constraint order_settings_minimum_order_value check (minimum_order_value >= 0)
);

comment on table public.order_settings is 'The minimum value of an order, per currency.';

create table public.cart_items (
  user_id uuid not null references auth.users (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  quantity_cases integer not null constraint cart_items_quantity_cases check (quantity_cases between 1 and 9999),
  -- The case price when the line entered the cart (or when the client last
  -- accepted the prices); compared with today's price before an order is sent.
  price_seen numeric(12, 2),
  added_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, product_id)
);

comment on table public.cart_items is
  'Each client''s cart, kept in the database; written only through set_cart_item, accept_cart_prices and order_again.';

create index cart_items_product_id_idx on public.cart_items (product_id);

create sequence private.order_number_seq;

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  number text not null,
  company_id uuid not null references public.companies (id),
  placed_by uuid references auth.users (id) on delete set null,
  -- The browser's key for one send: the same key again answers the same order.
  idempotency_key uuid not null,
  status public.order_status not null default 'submitted',
  currency text not null constraint orders_currency check (currency in ('CAD', 'USD')),
  subtotal numeric(12, 2) not null constraint orders_subtotal check (subtotal >= 0),
  line_count integer not null constraint orders_line_count check (line_count >= 0),
  -- The address as it was sent: label, line1, line2, city, region, postal_code, country.
  address jsonb not null constraint orders_address check (jsonb_typeof(address) = 'object'),
  requested_date date not null,
  po_number text constraint orders_po_number check (char_length(po_number) between 1 and 50),
  notes text constraint orders_notes check (char_length(notes) <= 2000),
  language text not null constraint orders_language check (language in ('en', 'fr')),
  carrier text constraint orders_carrier check (char_length(carrier) between 1 and 100),
  tracking_number text constraint orders_tracking_number check (char_length(tracking_number) between 1 and 100),
  cancel_reason text constraint orders_cancel_reason check (char_length(cancel_reason) <= 1000),
  -- Bumped by every change: staff send the version they saw with each transition.
  version integer not null default 1,
  submitted_at timestamptz not null default now(),
  confirmed_at timestamptz,
  shipped_at timestamptz,
  delivered_at timestamptz,
  cancelled_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint orders_number_key unique (number),
  constraint orders_idempotency_key unique (placed_by, idempotency_key),
  constraint orders_text_characters check (
    coalesce(po_number, '') !~ '[\x01-\x1f\x7f-\x9f]'
    and coalesce(carrier, '') !~ '[\x01-\x1f\x7f-\x9f]'
    and coalesce(tracking_number, '') !~ '[\x01-\x1f\x7f-\x9f]'
    and coalesce(notes, '') !~ '[\x01-\x08\x0b\x0c\x0e-\x1f]'),
  constraint orders_shipped_has_tracking check (
    status not in ('shipped', 'delivered') or (carrier is not null and tracking_number is not null))
);

comment on table public.orders is
  'Orders placed by clients at their price list''s prices; read by the company''s clients and its staff, changed only through functions.';

create index orders_company_id_idx on public.orders (company_id, submitted_at desc);
create index orders_status_idx on public.orders (status, submitted_at desc);
create index orders_submitted_at_idx on public.orders (submitted_at desc);
create index orders_company_po_number_idx on public.orders (company_id, lower(po_number)) where po_number is not null;

create table public.order_lines (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  -- Null once the product is deleted from the catalogue; the line keeps its texts.
  product_id uuid references public.products (id) on delete set null,
  sku text not null,
  name_en text not null,
  name_fr text not null,
  -- The product's category key (product_categories.id, e.g. olive-oils).
  category_slug text not null,
  quantity_cases integer not null constraint order_lines_quantity_cases check (quantity_cases between 1 and 9999),
  case_price numeric(12, 2) not null constraint order_lines_case_price check (case_price > 0),
  line_total numeric(12, 2) not null,
  position integer not null default 0,
  constraint order_lines_line_total check (line_total = quantity_cases * case_price)
);

comment on table public.order_lines is 'What an order holds, at the price it was sent (or confirmed) at.';

create index order_lines_order_id_idx on public.order_lines (order_id, position);
create index order_lines_product_id_idx on public.order_lines (product_id);

create table public.order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null
    constraint order_events_kind check (kind in ('submitted', 'confirmed', 'changed', 'shipped', 'delivered', 'cancelled')),
  detail jsonb not null default '{}'::jsonb constraint order_events_detail check (jsonb_typeof(detail) = 'object'),
  actor_kind text not null constraint order_events_actor_kind check (actor_kind in ('client', 'staff')),
  actor_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.order_events is 'The timeline of an order: sent, confirmed (with its changes), shipped, delivered, cancelled.';

create index order_events_order_id_idx on public.order_events (order_id, created_at);
create index order_events_created_at_idx on public.order_events (created_at desc);
create index order_events_actor_id_idx on public.order_events (actor_id);

create table public.order_notes (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  body text not null
    constraint order_notes_body check (char_length(btrim(body)) between 1 and 5000 and body !~ '[\x01-\x08\x0b\x0c\x0e-\x1f]'),
  author uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.order_notes is 'Staff''s internal notes on an order; clients never read them.';

create index order_notes_order_id_idx on public.order_notes (order_id, created_at);
create index order_notes_author_idx on public.order_notes (author);

alter table public.documents add column order_id uuid references public.orders (id) on delete set null;
comment on column public.documents.order_id is
  'The order an invoice or packing slip belongs to; the document is then meant for that order''s company.';
create index documents_order_id_idx on public.documents (order_id);

-- The order mails join the outbox's templates.
alter table private.email_outbox drop constraint email_outbox_template;
alter table private.email_outbox add constraint email_outbox_template check (template in (
  'new_client_message', 'client_reply', 'order_received', 'order_confirmed', 'order_shipped', 'order_cancelled'));

-- ---------------------------------------------------------------------------
-- Who reads and writes what
-- ---------------------------------------------------------------------------

alter table public.price_lists enable row level security;
alter table public.price_list_items enable row level security;
alter table public.company_addresses enable row level security;
alter table public.business_holidays enable row level security;
alter table public.order_settings enable row level security;
alter table public.cart_items enable row level security;
alter table public.orders enable row level security;
alter table public.order_lines enable row level security;
alter table public.order_events enable row level security;
alter table public.order_notes enable row level security;

revoke all on table public.price_lists, public.price_list_items, public.company_addresses, public.business_holidays,
  public.order_settings, public.cart_items, public.orders, public.order_lines, public.order_events,
  public.order_notes
  from anon, authenticated;
grant all on table public.price_lists, public.price_list_items, public.company_addresses, public.business_holidays,
  public.order_settings, public.cart_items, public.orders, public.order_lines, public.order_events,
  public.order_notes
  to service_role;
revoke all on sequence private.order_number_seq from public, anon, authenticated;
grant usage on sequence private.order_number_seq to service_role;

grant select on table public.price_lists, public.price_list_items, public.company_addresses, public.business_holidays,
  public.order_settings, public.cart_items, public.orders, public.order_lines, public.order_events,
  public.order_notes
  to authenticated;
grant insert (name, currency, valid_from, valid_until), update (name, currency, valid_from, valid_until), delete
  on table public.price_lists to authenticated;
grant insert (price_list_id, product_id, case_price), update (case_price), delete
  on table public.price_list_items to authenticated;
grant insert (company_id, label, line1, line2, city, region, postal_code, country, status),
  update (label, line1, line2, city, region, postal_code, country, status), delete
  on table public.company_addresses to authenticated;
grant insert (day, name), update (name), delete on table public.business_holidays to authenticated;
grant insert (currency, minimum_order_value), update (minimum_order_value), delete
  on table public.order_settings to authenticated;

create policy "price_lists: verified staff read"
  on public.price_lists for select to authenticated
  using ((select private.is_verified_staff()));
create policy "price_lists: verified admins insert"
  on public.price_lists for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "price_lists: verified admins update"
  on public.price_lists for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "price_lists: verified admins delete"
  on public.price_lists for delete to authenticated
  using ((select private.is_verified_admin()));

create policy "price_list_items: verified staff read"
  on public.price_list_items for select to authenticated
  using ((select private.is_verified_staff()));
create policy "price_list_items: verified admins insert"
  on public.price_list_items for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "price_list_items: verified admins update"
  on public.price_list_items for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "price_list_items: verified admins delete"
  on public.price_list_items for delete to authenticated
  using ((select private.is_verified_admin()));

create policy "company_addresses: company staff; clients confirmed and own"
  on public.company_addresses for select to authenticated
  using (
    (select private.can_manage_company(company_id))
    or (company_id = (select private.client_company_id())
        and (status = 'confirmed' or (status = 'proposed' and proposed_by = (select auth.uid())))));
create policy "company_addresses: staff of the company insert"
  on public.company_addresses for insert to authenticated
  with check ((select private.can_manage_company(company_id)));
create policy "company_addresses: staff of the company update"
  on public.company_addresses for update to authenticated
  using ((select private.can_manage_company(company_id)))
  with check ((select private.can_manage_company(company_id)));
create policy "company_addresses: staff of the company delete"
  on public.company_addresses for delete to authenticated
  using ((select private.can_manage_company(company_id)));

create policy "business_holidays: signed-in accounts read"
  on public.business_holidays for select to authenticated
  using ((select auth.uid()) is not null);
create policy "business_holidays: verified admins insert"
  on public.business_holidays for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "business_holidays: verified admins update"
  on public.business_holidays for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "business_holidays: verified admins delete"
  on public.business_holidays for delete to authenticated
  using ((select private.is_verified_admin()));

create policy "order_settings: signed-in accounts read"
  on public.order_settings for select to authenticated
  using ((select auth.uid()) is not null);
create policy "order_settings: verified admins insert"
  on public.order_settings for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "order_settings: verified admins update"
  on public.order_settings for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "order_settings: verified admins delete"
  on public.order_settings for delete to authenticated
  using ((select private.is_verified_admin()));

create policy "cart_items: the account's own cart"
  on public.cart_items for select to authenticated
  using (user_id = (select auth.uid()));

create policy "orders: the company's clients and its staff"
  on public.orders for select to authenticated
  using (company_id = (select private.client_company_id()) or (select private.can_manage_company(company_id)));

-- Lines and events are readable when their order is (its policy applies inside).
create policy "order_lines: where the order is readable"
  on public.order_lines for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_lines.order_id));
create policy "order_events: where the order is readable"
  on public.order_events for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_events.order_id));

create policy "order_notes: staff of the order's company"
  on public.order_notes for select to authenticated
  using (exists (
    select 1 from public.orders o
    where o.id = order_notes.order_id and (select private.can_manage_company(o.company_id))));

-- ---------------------------------------------------------------------------
-- Bookkeeping triggers
-- ---------------------------------------------------------------------------

create or replace function private.prepare_price_list()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(new.name);
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  else
    new.created_at := now();
  end if;
  new.updated_at := now();
  return new;
end;
$$;

create trigger price_lists_prepare
  before insert or update on public.price_lists
  for each row execute function private.prepare_price_list();

create or replace function private.prepare_company_address()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.label := btrim(new.label);
  new.line1 := btrim(new.line1);
  new.line2 := nullif(btrim(new.line2), '');
  new.city := btrim(new.city);
  new.region := btrim(new.region);
  new.postal_code := upper(btrim(new.postal_code));
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.proposed_by := old.proposed_by;
    new.company_id := old.company_id;
  else
    new.created_at := now();
  end if;
  return new;
end;
$$;

create trigger company_addresses_prepare
  before insert or update on public.company_addresses
  for each row execute function private.prepare_company_address();

-- An invoice or packing slip attached to an order is meant for that order's company.
create or replace function private.check_document_order()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: reads the order whatever the caller may read.
  if new.order_id is not null
     and (new.audience <> 'company'
          or not exists (select 1 from public.orders o where o.id = new.order_id and o.company_id = new.company_id)) then
    raise exception 'A document attached to an order is meant for that order''s company.'
      using errcode = '23514', detail = 'order_id';
  end if;
  return new;
end;
$$;

create trigger documents_check_order
  before insert or update of order_id, audience, company_id on public.documents
  for each row execute function private.check_document_order();


-- ---------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------

-- Refusals the screens translate: a stable key, a JSON detail, an English hint.
create or replace function private.order_refusal(code text, detail jsonb default '{}'::jsonb, hint text default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    message = code, errcode = 'P0001', detail = coalesce(detail, '{}'::jsonb)::text, hint = coalesce(hint, code);
end;
$$;

-- Today where the importer works: prices, lead times and holidays count in Eastern time.
create or replace function private.order_today()
returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone 'America/Toronto')::date;
$$;

create or replace function private.is_business_day(day date)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: the holidays are read whoever asks.
  select extract(isodow from day) < 6 and not exists (select 1 from public.business_holidays h where h.day = $1);
$$;

-- The business day `days` business days after `start` (at least the next one).
create or replace function private.add_business_days(start date, days integer)
returns date
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result date := start;
  remaining integer := greatest(coalesce(days, 0), 1);
begin
  -- security definer: the holidays are read whoever asks.
  while remaining > 0 loop
    result := result + 1;
    if extract(isodow from result) < 6
       and not exists (select 1 from public.business_holidays h where h.day = result) then
      remaining := remaining - 1;
    end if;
  end loop;
  return result;
end;
$$;

-- Today's prices of a company's list: none when it has no list or the list is not valid today.
create or replace function private.company_prices(company uuid)
returns table (product_id uuid, case_price numeric, currency text)
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: clients never read price lists themselves.
  select i.product_id, i.case_price, l.currency
  from public.companies c
  join public.price_lists l on l.id = c.price_list_id
  join public.price_list_items i on i.price_list_id = l.id
  where c.id = company
    and l.valid_from <= (select private.order_today())
    and (l.valid_until is null or l.valid_until >= (select private.order_today()));
$$;

create or replace function private.company_currency(company uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select l.currency from public.companies c join public.price_lists l on l.id = c.price_list_id where c.id = company;
$$;

-- Why a product cannot be ordered now (null: it can): withdrawn (not
-- published, or its category is not), the catalogue's reason (liquor_board,
-- quote_only, seasonal), or not_on_price_list.
create or replace function private.product_unavailable_reason(product uuid, price numeric)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
           when p.id is null or p.status <> 'published' or not coalesce(c.published, false) then 'withdrawn'
           when not p.orderable_online then coalesce(p.not_orderable_reason, 'withdrawn')
           when price is null then 'not_on_price_list'
         end
  from (select product as id) k
  left join public.products p on p.id = k.id
  left join public.product_categories c on c.id = p.category_id;
$$;

-- The caller's company, when the caller is an active client; refused otherwise.
create or replace function private.require_ordering_client()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  company uuid := (select private.client_company_id());
begin
  if (select auth.uid()) is null or company is null then
    raise exception 'Only an active client of a company can order.' using errcode = '42501';
  end if;
  return company;
end;
$$;

create or replace function private.require_order_staff()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or not (select private.is_admin()) then
    raise exception 'Only staff can manage orders.' using errcode = '42501';
  end if;
  if not (select private.is_verified_staff()) then
    raise exception 'Verify your second factor before managing orders.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

create or replace function private.next_order_number()
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select 'OM-' || lpad(n::text, greatest(6, char_length(n::text)), '0')
  from (select nextval('private.order_number_seq') as n) s;
$$;

alter table public.orders alter column number set default private.next_order_number();

-- An amount as the mails write it: CAD 1,234.50 / 1 234,50 CAD.
create or replace function private.format_amount(amount numeric, currency text, lang text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when lang = 'fr'
              then replace(replace(to_char(amount, 'FM999,999,999,990.00'), ',', ' '), '.', ',') || ' ' || currency
              else currency || ' ' || to_char(amount, 'FM999,999,999,990.00') end;
$$;

-- Queues an order's mail to the client who placed it, in the order's language.
create or replace function private.queue_order_mail(target public.orders, template text, extra jsonb default '{}'::jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: reads auth.users and writes private.email_outbox.
  insert into private.email_outbox (to_address, template, language, payload)
  select u.email, template, target.language, jsonb_build_object(
           'company_name', c.legal_name,
           'order_number', target.number,
           'total', private.format_amount(target.subtotal, target.currency, target.language),
           'requested_date', to_char(target.requested_date, 'YYYY-MM-DD'),
           'link', case when target.language = 'fr' then '/fr' else '' end || '/client/orders/' || target.id::text)
         || coalesce(extra, '{}'::jsonb)
  from auth.users u
  join public.companies c on c.id = target.company_id
  where u.id = target.placed_by
    and u.email is not null
    and u.email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$';
end;
$$;

-- ---------------------------------------------------------------------------
-- Clients: prices, cart, addresses
-- ---------------------------------------------------------------------------

create or replace function private.client_prices()
returns table (product_id uuid, case_price numeric, currency text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
begin
  return query
    select p.product_id, p.case_price, p.currency
    from private.company_prices(company) p
    join public.products pr on pr.id = p.product_id
    where pr.status = 'published';
end;
$$;

create or replace function private.set_cart_item(product uuid, quantity integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
  caller uuid := (select auth.uid());
  price numeric;
  reason text;
  minimum integer;
begin
  if quantity is null or quantity < 0 then
    perform private.order_refusal('quantity_invalid', jsonb_build_object('product_id', product),
      'A quantity is a whole number of cases, 0 or more.');
  end if;
  if quantity = 0 then
    delete from public.cart_items c where c.user_id = caller and c.product_id = product;
    return;
  end if;
  select p.case_price into price from private.company_prices(company) p where p.product_id = product;
  reason := private.product_unavailable_reason(product, price);
  if reason is not null then
    perform private.order_refusal('product_unavailable',
      jsonb_build_object('product_id', product, 'reason', reason), 'This product cannot be ordered online.');
  end if;
  select p.min_order_cases into minimum from public.products p where p.id = product;
  if quantity < minimum then
    perform private.order_refusal('quantity_below_minimum',
      jsonb_build_object('product_id', product, 'minimum', minimum), 'Order at least the product''s minimum of cases.');
  end if;
  if quantity > 9999 then
    perform private.order_refusal('quantity_too_large',
      jsonb_build_object('product_id', product, 'maximum', 9999), 'At most 9,999 cases of a product per order.');
  end if;
  if not exists (select 1 from public.cart_items c where c.user_id = caller and c.product_id = product)
     and (select count(*) from public.cart_items c where c.user_id = caller) >= 200 then
    perform private.order_refusal('cart_full', jsonb_build_object('maximum', 200), 'A cart holds at most 200 products.');
  end if;
  insert into public.cart_items (user_id, product_id, quantity_cases, price_seen)
  values (caller, product, quantity, price)
  on conflict on constraint cart_items_pkey
  do update set quantity_cases = excluded.quantity_cases, updated_at = now();
end;
$$;

create or replace function private.client_cart()
returns table (
  product_id uuid,
  sku text,
  name_en text,
  name_fr text,
  category_slug text,
  quantity_cases integer,
  min_cases integer,
  lead_time_days integer,
  case_price numeric,
  price_seen numeric,
  price_changed boolean,
  available boolean,
  unavailable_reason text,
  line_total numeric
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
begin
  return query
    select c.product_id, p.sku, en.name, fr.name, p.category_id, c.quantity_cases, p.min_order_cases,
           p.lead_time_business_days, pr.case_price, c.price_seen,
           pr.case_price is not null and c.price_seen is distinct from pr.case_price,
           r.reason is null, r.reason,
           case when r.reason is null then c.quantity_cases * pr.case_price end
    from public.cart_items c
    join public.products p on p.id = c.product_id
    left join public.product_translations en on en.product_id = p.id and en.lang = 'en'
    left join public.product_translations fr on fr.product_id = p.id and fr.lang = 'fr'
    left join private.company_prices(company) pr on pr.product_id = c.product_id
    cross join lateral (select private.product_unavailable_reason(c.product_id, pr.case_price) as reason) r
    where c.user_id = (select auth.uid())
    order by c.added_at, p.sku;
end;
$$;

create or replace function private.accept_cart_prices()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
begin
  update public.cart_items c
  set price_seen = pr.case_price, updated_at = now()
  from private.company_prices(company) pr
  where c.user_id = (select auth.uid()) and pr.product_id = c.product_id
    and c.price_seen is distinct from pr.case_price;
end;
$$;

create or replace function private.earliest_delivery_date()
returns date
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  longest integer;
begin
  perform private.require_ordering_client();
  select max(p.lead_time_business_days) into longest
  from public.cart_items c join public.products p on p.id = c.product_id
  where c.user_id = (select auth.uid());
  return private.add_business_days(private.order_today(), coalesce(longest, 0));
end;
$$;

create or replace function private.po_number_in_use(po text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
begin
  return exists (
    select 1 from public.orders o
    where o.company_id = company and o.po_number is not null
      and lower(o.po_number) = lower(btrim(coalesce(po, ''))));
end;
$$;

create or replace function private.propose_company_address(
  label text, line1 text, line2 text, city text, region text, postal_code text, country text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
  caller uuid := (select auth.uid());
  created uuid;
begin
  if (select count(*) from public.company_addresses a
      where a.proposed_by = caller and a.status = 'proposed') >= 5 then
    perform private.order_refusal('too_many_proposals', jsonb_build_object('maximum', 5),
      'Five proposed addresses wait for staff already.');
  end if;
  insert into public.company_addresses (company_id, label, line1, line2, city, region, postal_code, country, status, proposed_by)
  values (company, label, line1, line2, city, region, postal_code, upper(btrim(country)), 'proposed', caller)
  returning id into created;
  return created;
end;
$$;

-- ---------------------------------------------------------------------------
-- Clients: sending, cancelling, ordering again
-- ---------------------------------------------------------------------------

create or replace function private.submit_order(
  idempotency_key uuid, address_id uuid, requested_date date, po_number text, notes text, language text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
  caller uuid := (select auth.uid());
  existing public.orders;
  created public.orders;
  chosen public.company_addresses;
  list_currency text;
  total numeric;
  lines integer;
  longest integer;
  earliest date;
  minimum numeric;
  bad jsonb;
  lang text := case when submit_order.language in ('en', 'fr') then submit_order.language end;
begin
  if idempotency_key is null then
    perform private.order_refusal('idempotency_key_missing', '{}'::jsonb, 'Each send carries an idempotency key.');
  end if;
  -- One send at a time per account: a double click waits for the first and
  -- then finds its order.
  perform pg_advisory_xact_lock(hashtextextended('submit_order:' || caller::text, 0));
  select * into existing from public.orders o where o.placed_by = caller and o.idempotency_key = submit_order.idempotency_key;
  if found then
    return to_jsonb(existing);
  end if;

  -- The cart, locked, with today's prices.
  perform 1 from public.cart_items c where c.user_id = caller for update;
  create temporary table if not exists pg_temp.order_draft (
    product_id uuid, quantity_cases integer, price_seen numeric, case_price numeric, reason text, min_cases integer,
    lead_time integer, sku text, name_en text, name_fr text, category_slug text, position integer
  ) on commit drop;
  delete from pg_temp.order_draft;
  insert into pg_temp.order_draft
  select c.product_id, c.quantity_cases, c.price_seen, pr.case_price,
         private.product_unavailable_reason(c.product_id, pr.case_price), p.min_order_cases,
         p.lead_time_business_days, p.sku, coalesce(en.name, p.sku), coalesce(fr.name, en.name, p.sku), p.category_id,
         (row_number() over (order by c.added_at, p.sku))::integer
  from public.cart_items c
  join public.products p on p.id = c.product_id
  left join public.product_translations en on en.product_id = p.id and en.lang = 'en'
  left join public.product_translations fr on fr.product_id = p.id and fr.lang = 'fr'
  left join private.company_prices(company) pr on pr.product_id = c.product_id
  where c.user_id = caller;

  if not exists (select 1 from pg_temp.order_draft) then
    perform private.order_refusal('cart_empty', '{}'::jsonb, 'The cart is empty.');
  end if;
  select jsonb_agg(jsonb_build_object('product_id', d.product_id, 'reason', d.reason)) into bad
  from pg_temp.order_draft d where d.reason is not null;
  if bad is not null then
    perform private.order_refusal('product_unavailable', jsonb_build_object('products', bad),
      'Some products in the cart cannot be ordered any more.');
  end if;
  select jsonb_agg(jsonb_build_object('product_id', d.product_id, 'minimum', d.min_cases)) into bad
  from pg_temp.order_draft d where d.quantity_cases < d.min_cases;
  if bad is not null then
    perform private.order_refusal('quantity_below_minimum', jsonb_build_object('products', bad),
      'Some quantities are below the product''s minimum.');
  end if;
  select jsonb_agg(jsonb_build_object('product_id', d.product_id, 'price_seen', d.price_seen, 'case_price', d.case_price))
  into bad
  from pg_temp.order_draft d where d.price_seen is distinct from d.case_price;
  if bad is not null then
    perform private.order_refusal('prices_changed', jsonb_build_object('products', bad),
      'Prices changed since these products entered the cart.');
  end if;

  list_currency := private.company_currency(company);
  select sum(d.quantity_cases * d.case_price), count(*), max(d.lead_time) into total, lines, longest
  from pg_temp.order_draft d;
  select s.minimum_order_value into minimum from public.order_settings s where s.currency = list_currency;
  if total < coalesce(minimum, 0) then
    perform private.order_refusal('below_minimum',
      jsonb_build_object('minimum', minimum, 'currency', list_currency, 'subtotal', total),
      'The order is below the minimum order value.');
  end if;

  select * into chosen from public.company_addresses a
  where a.id = address_id and a.company_id = company and a.status = 'confirmed';
  if not found then
    perform private.order_refusal('address_unknown', '{}'::jsonb, 'Choose one of the company''s delivery addresses.');
  end if;

  earliest := private.add_business_days(private.order_today(), coalesce(longest, 0));
  if requested_date is null or requested_date < earliest then
    perform private.order_refusal('date_too_early', jsonb_build_object('earliest', earliest),
      'The delivery date is earlier than the products'' lead time allows.');
  end if;
  if requested_date > private.order_today() + 366 then
    perform private.order_refusal('date_too_late', jsonb_build_object('latest', private.order_today() + 366),
      'The delivery date is more than a year away.');
  end if;
  if not private.is_business_day(requested_date) then
    perform private.order_refusal('not_business_day', jsonb_build_object('earliest', earliest),
      'Deliveries are made on business days.');
  end if;

  if lang is null then
    select c.preferred_language into lang from public.companies c where c.id = company;
  end if;

  insert into public.orders (company_id, placed_by, idempotency_key, currency, subtotal, line_count, address,
                             requested_date, po_number, notes, language)
  values (company, caller, submit_order.idempotency_key, list_currency, total, lines,
          jsonb_build_object('label', chosen.label, 'line1', chosen.line1, 'line2', chosen.line2, 'city', chosen.city,
                             'region', chosen.region, 'postal_code', chosen.postal_code, 'country', chosen.country),
          requested_date, nullif(btrim(coalesce(po_number, '')), ''), nullif(btrim(coalesce(notes, '')), ''), lang)
  returning * into created;

  insert into public.order_lines (order_id, product_id, sku, name_en, name_fr, category_slug, quantity_cases,
                                  case_price, line_total, position)
  select created.id, d.product_id, d.sku, d.name_en, d.name_fr, d.category_slug, d.quantity_cases, d.case_price,
         d.quantity_cases * d.case_price, d.position
  from pg_temp.order_draft d;

  insert into public.order_events (order_id, kind, detail, actor_kind, actor_id)
  values (created.id, 'submitted', jsonb_build_object('subtotal', total, 'line_count', lines), 'client', caller);

  delete from public.cart_items c where c.user_id = caller;
  perform private.queue_order_mail(created, 'order_received');
  return to_jsonb(created);
end;
$$;

create or replace function private.cancel_order(target uuid, reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
  ord public.orders;
begin
  select * into ord from public.orders o where o.id = target and o.company_id = company for update;
  if not found then
    perform private.order_refusal('order_not_found', '{}'::jsonb, 'No such order of your company.');
  end if;
  if ord.status <> 'submitted' then
    perform private.order_refusal('invalid_transition', jsonb_build_object('status', ord.status),
      'An order can be cancelled by the client only until staff confirm it.');
  end if;
  update public.orders o
  set status = 'cancelled', cancelled_at = now(), cancel_reason = nullif(btrim(coalesce(reason, '')), ''),
      version = o.version + 1, updated_at = now()
  where o.id = target
  returning * into ord;
  insert into public.order_events (order_id, kind, detail, actor_kind, actor_id)
  values (target, 'cancelled', jsonb_build_object('reason', ord.cancel_reason), 'client', (select auth.uid()));
  perform private.queue_order_mail(ord, 'order_cancelled', jsonb_build_object('reason', coalesce(ord.cancel_reason,
    case when ord.language = 'fr' then 'annulée par votre équipe, sans motif donné' else 'cancelled by your team, no reason given' end)));
end;
$$;

create or replace function private.order_again(target uuid)
returns table (product_id uuid, added boolean, reason text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
  caller uuid := (select auth.uid());
begin
  if not exists (select 1 from public.orders o where o.id = target and o.company_id = company) then
    perform private.order_refusal('order_not_found', '{}'::jsonb, 'No such order of your company.');
  end if;
  create temporary table if not exists pg_temp.order_again_lines (
    product_id uuid, quantity integer, price numeric, reason text
  ) on commit drop;
  delete from pg_temp.order_again_lines;
  insert into pg_temp.order_again_lines
  select l.product_id, greatest(l.quantity_cases, coalesce(p.min_order_cases, 1)), pr.case_price,
         case when l.product_id is null then 'withdrawn'
              else private.product_unavailable_reason(l.product_id, pr.case_price) end
  from public.order_lines l
  left join public.products p on p.id = l.product_id
  left join private.company_prices(company) pr on pr.product_id = l.product_id
  where l.order_id = target
  order by l.position;
  -- The order's quantity, or what the cart holds already if more.
  insert into public.cart_items (user_id, product_id, quantity_cases, price_seen)
  select caller, a.product_id, a.quantity, a.price from pg_temp.order_again_lines a where a.reason is null
  on conflict on constraint cart_items_pkey
  do update set quantity_cases = greatest(public.cart_items.quantity_cases, excluded.quantity_cases),
                price_seen = excluded.price_seen, updated_at = now();
  return query select a.product_id, a.reason is null, a.reason from pg_temp.order_again_lines a;
end;
$$;

-- ---------------------------------------------------------------------------
-- Clients: the dashboard's cards
-- ---------------------------------------------------------------------------

-- Cases and spend per month, per category and the top products, of the
-- company's orders that were not cancelled, in the company's currency.
create or replace function private.client_order_analytics(months integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
  span integer := least(greatest(coalesce(months, 12), 1), 36);
  first_month date := (date_trunc('month', private.order_today()) - make_interval(months => span - 1))::date;
  shown_currency text;
  result jsonb;
begin
  shown_currency := coalesce(
    private.company_currency(company),
    (select o.currency from public.orders o where o.company_id = company order by o.submitted_at desc limit 1),
    'CAD');
  with picked as (
    select o.id, (date_trunc('month', o.submitted_at at time zone 'America/Toronto'))::date as month
    from public.orders o
    where o.company_id = company
      and o.submitted_at >= (first_month::timestamp at time zone 'America/Toronto')
      and o.status <> 'cancelled'
      and o.currency = shown_currency
  ),
  lines as (
    select p.month, l.product_id, l.name_en, l.name_fr, l.category_slug, l.quantity_cases, l.line_total
    from picked p join public.order_lines l on l.order_id = p.id
  )
  select jsonb_build_object(
    'currency', shown_currency,
    'months', (
      select coalesce(jsonb_agg(jsonb_build_object('month', to_char(m, 'YYYY-MM'),
               'cases', coalesce(s.cases, 0), 'spend', coalesce(s.spend, 0)) order by m), '[]'::jsonb)
      from generate_series(first_month, first_month + make_interval(months => span - 1), interval '1 month') m
      left join (select l.month, sum(l.quantity_cases) as cases, sum(l.line_total) as spend
                 from lines l group by l.month) s on s.month = m::date),
    'categories', (
      select coalesce(jsonb_agg(jsonb_build_object('category_slug', s.category_slug, 'cases', s.cases, 'spend', s.spend)
               order by s.spend desc, s.category_slug), '[]'::jsonb)
      from (select l.category_slug, sum(l.quantity_cases) as cases, sum(l.line_total) as spend
            from lines l group by l.category_slug) s),
    'top_products', (
      select coalesce(jsonb_agg(jsonb_build_object('product_id', s.product_id, 'name_en', s.name_en,
               'name_fr', s.name_fr, 'cases', s.cases, 'spend', s.spend) order by s.spend desc, s.name_en), '[]'::jsonb)
      from (select l.product_id, min(l.name_en) as name_en, min(l.name_fr) as name_fr,
                   sum(l.quantity_cases) as cases, sum(l.line_total) as spend
            from lines l where l.product_id is not null
            group by l.product_id order by sum(l.line_total) desc, min(l.name_en) limit 5) s))
  into result;
  return result;
end;
$$;

-- Open orders (submitted, confirmed, shipped) and the last order.
create or replace function private.client_order_summary()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  company uuid := private.require_ordering_client();
begin
  return jsonb_build_object(
    'open', (
      select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'number', o.number, 'status', o.status,
               'submitted_at', o.submitted_at, 'subtotal', o.subtotal, 'currency', o.currency,
               'requested_date', o.requested_date) order by o.submitted_at desc), '[]'::jsonb)
      from (select * from public.orders o
            where o.company_id = company and o.status in ('submitted', 'confirmed', 'shipped')
            order by o.submitted_at desc limit 10) o),
    'last', (
      select jsonb_build_object('id', o.id, 'number', o.number, 'status', o.status, 'submitted_at', o.submitted_at,
               'subtotal', o.subtotal, 'currency', o.currency, 'line_count', o.line_count,
               'requested_date', o.requested_date)
      from public.orders o where o.company_id = company order by o.submitted_at desc limit 1));
end;
$$;

-- ---------------------------------------------------------------------------
-- Staff: transitions
-- ---------------------------------------------------------------------------

-- The order, locked, when the caller may act on it and saw its ord version.
create or replace function private.lock_order_for_staff(target uuid, expected_version integer)
returns public.orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  ord public.orders;
begin
  perform private.require_order_staff();
  select * into ord from public.orders o where o.id = target for update;
  if not found or not private.can_manage_company(ord.company_id) then
    perform private.order_refusal('order_not_found', '{}'::jsonb, 'No such order.');
  end if;
  if expected_version is null or ord.version <> expected_version then
    perform private.order_refusal('order_changed', jsonb_build_object('version', ord.version, 'status', ord.status),
      'Someone else changed this order: reload it.');
  end if;
  return ord;
end;
$$;

create or replace function private.refuse_transition(ord public.orders, wanted text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.order_refusal('invalid_transition', jsonb_build_object('status', ord.status, 'to', wanted),
    'The order''s status cannot move that way.');
end;
$$;

create or replace function private.confirm_order(
  target uuid, expected_version integer, new_lines jsonb, new_date date, message text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  ord public.orders;
  staff uuid := (select auth.uid());
  changes jsonb := '[]'::jsonb;
  date_change jsonb;
  detail jsonb;
  changes_text text;
  item jsonb;
  missing jsonb;
begin
  ord := private.lock_order_for_staff(target, expected_version);
  if ord.status <> 'submitted' then
    perform private.refuse_transition(ord, 'confirmed');
  end if;

  if new_lines is not null then
    if jsonb_typeof(new_lines) <> 'array' or jsonb_array_length(new_lines) = 0 then
      perform private.order_refusal('lines_empty', '{}'::jsonb, 'An order keeps at least one line: cancel it instead.');
    end if;
    for item in select * from jsonb_array_elements(new_lines) loop
      if jsonb_typeof(item) <> 'object'
         or coalesce(item ->> 'product_id', '') !~ '^[0-9a-fA-F-]{36}$'
         or coalesce(item ->> 'quantity_cases', '') !~ '^[0-9]{1,4}$'
         or (item ->> 'quantity_cases')::integer < 1 then
        perform private.order_refusal('quantity_invalid', jsonb_build_object('line', item),
          'Each line is a product and a whole number of cases between 1 and 9,999.');
      end if;
    end loop;
    create temporary table if not exists pg_temp.confirm_lines (product_id uuid, quantity integer) on commit drop;
    delete from pg_temp.confirm_lines;
    insert into pg_temp.confirm_lines
    select (e ->> 'product_id')::uuid, (e ->> 'quantity_cases')::integer from jsonb_array_elements(new_lines) e;
    if (select count(distinct n.product_id) <> count(*) from pg_temp.confirm_lines n) then
      perform private.order_refusal('quantity_invalid', '{}'::jsonb, 'A product appears once per order.');
    end if;
    -- A product added by staff takes today's price of the company's list; lines kept keep theirs.
    select jsonb_agg(n.product_id) into missing
    from pg_temp.confirm_lines n
    where not exists (select 1 from public.order_lines l where l.order_id = target and l.product_id = n.product_id)
      and not exists (select 1 from private.company_prices(ord.company_id) pr
                      join public.products p on p.id = pr.product_id
                      where pr.product_id = n.product_id);
    if missing is not null then
      perform private.order_refusal('product_unavailable', jsonb_build_object('products', missing),
        'A product added to the order must be on the company''s price list.');
    end if;

    select coalesce(jsonb_agg(jsonb_build_object(
             'product_id', coalesce(n.product_id, l.product_id),
             'name_en', coalesce(l.name_en, en.name, p.sku), 'name_fr', coalesce(l.name_fr, fr.name, en.name, p.sku),
             'from_quantity', coalesce(l.quantity_cases, 0), 'to_quantity', coalesce(n.quantity, 0))
             order by coalesce(l.position, 100000), coalesce(l.name_en, en.name)), '[]'::jsonb)
    into changes
    from (select * from public.order_lines where order_id = target) l
    full join pg_temp.confirm_lines n on n.product_id = l.product_id
    left join public.products p on p.id = n.product_id
    left join public.product_translations en on en.product_id = n.product_id and en.lang = 'en'
    left join public.product_translations fr on fr.product_id = n.product_id and fr.lang = 'fr'
    where coalesce(l.quantity_cases, 0) <> coalesce(n.quantity, 0);

    delete from public.order_lines l
    where l.order_id = target
      and (l.product_id is null or not exists (select 1 from pg_temp.confirm_lines n where n.product_id = l.product_id));
    update public.order_lines l
    set quantity_cases = n.quantity, line_total = n.quantity * l.case_price
    from pg_temp.confirm_lines n
    where l.order_id = target and l.product_id = n.product_id and l.quantity_cases <> n.quantity;
    insert into public.order_lines (order_id, product_id, sku, name_en, name_fr, category_slug, quantity_cases,
                                    case_price, line_total, position)
    select target, p.id, p.sku, coalesce(en.name, p.sku), coalesce(fr.name, en.name, p.sku), p.category_id,
           n.quantity, pr.case_price, n.quantity * pr.case_price,
           coalesce((select max(l.position) from public.order_lines l where l.order_id = target), 0)
             + (row_number() over (order by p.sku))::integer
    from pg_temp.confirm_lines n
    join public.products p on p.id = n.product_id
    join private.company_prices(ord.company_id) pr on pr.product_id = n.product_id
    left join public.product_translations en on en.product_id = p.id and en.lang = 'en'
    left join public.product_translations fr on fr.product_id = p.id and fr.lang = 'fr'
    where not exists (select 1 from public.order_lines l where l.order_id = target and l.product_id = n.product_id);
  end if;

  if new_date is not null and new_date <> ord.requested_date then
    if new_date < private.order_today() then
      perform private.order_refusal('date_too_early', jsonb_build_object('earliest', private.order_today()),
        'The delivery date is in the past.');
    end if;
    date_change := jsonb_build_object('from', ord.requested_date, 'to', new_date);
  end if;

  update public.orders o
  set status = 'confirmed', confirmed_at = now(), requested_date = coalesce(new_date, o.requested_date),
      subtotal = (select coalesce(sum(l.line_total), 0) from public.order_lines l where l.order_id = target),
      line_count = (select count(*) from public.order_lines l where l.order_id = target),
      version = o.version + 1, updated_at = now()
  where o.id = target
  returning * into ord;

  detail := jsonb_build_object('changes', changes);
  if date_change is not null then
    detail := detail || jsonb_build_object('requested_date', date_change);
  end if;
  if nullif(btrim(coalesce(message, '')), '') is not null then
    detail := detail || jsonb_build_object('message', left(btrim(message), 2000));
  end if;
  insert into public.order_events (order_id, kind, detail, actor_kind, actor_id)
  values (target, 'confirmed', detail, 'staff', staff);

  -- The changes in the order's language, one line (the mail's values are one line each).
  select string_agg(
           case when ord.language = 'fr' then c ->> 'name_fr' else c ->> 'name_en' end || ' : '
           || case when (c ->> 'from_quantity')::integer = 0
                   then case when ord.language = 'fr' then 'ajouté, ' else 'added, ' end || (c ->> 'to_quantity')
                        || case when ord.language = 'fr' then ' caisse(s)' else ' case(s)' end
                   when (c ->> 'to_quantity')::integer = 0
                   then case when ord.language = 'fr' then 'retiré' else 'removed' end
                   else (c ->> 'from_quantity') || ' → ' || (c ->> 'to_quantity')
                        || case when ord.language = 'fr' then ' caisse(s)' else ' case(s)' end end,
           '; ')
  into changes_text
  from jsonb_array_elements(changes) c;
  if date_change is not null then
    changes_text := concat_ws('; ', changes_text,
      case when ord.language = 'fr' then 'date de livraison : ' else 'delivery date: ' end
      || (date_change ->> 'from') || ' → ' || (date_change ->> 'to'));
  end if;
  if changes_text is null then
    changes_text := case when ord.language = 'fr' then 'aucun changement : votre commande est confirmée telle quelle.'
                         else 'no changes: your order is confirmed as sent.' end;
  end if;
  perform private.queue_order_mail(ord, 'order_confirmed',
    jsonb_build_object('changes', changes_text, 'message', coalesce(detail ->> 'message', '')));
  return to_jsonb(ord);
end;
$$;

create or replace function private.ship_order(target uuid, expected_version integer, carrier text, tracking_number text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  ord public.orders;
  clean_carrier text := nullif(btrim(coalesce(carrier, '')), '');
  clean_tracking text := nullif(btrim(coalesce(tracking_number, '')), '');
begin
  ord := private.lock_order_for_staff(target, expected_version);
  if ord.status <> 'confirmed' then
    perform private.refuse_transition(ord, 'shipped');
  end if;
  if clean_carrier is null or clean_tracking is null then
    perform private.order_refusal('tracking_missing', '{}'::jsonb, 'A shipment has a carrier and a tracking number.');
  end if;
  update public.orders o
  set status = 'shipped', shipped_at = now(), carrier = clean_carrier, tracking_number = clean_tracking,
      version = o.version + 1, updated_at = now()
  where o.id = target
  returning * into ord;
  insert into public.order_events (order_id, kind, detail, actor_kind, actor_id)
  values (target, 'shipped', jsonb_build_object('carrier', clean_carrier, 'tracking_number', clean_tracking),
          'staff', (select auth.uid()));
  perform private.queue_order_mail(ord, 'order_shipped',
    jsonb_build_object('carrier', clean_carrier, 'tracking_number', clean_tracking));
  return to_jsonb(ord);
end;
$$;

create or replace function private.deliver_order(target uuid, expected_version integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  ord public.orders;
begin
  ord := private.lock_order_for_staff(target, expected_version);
  if ord.status <> 'shipped' then
    perform private.refuse_transition(ord, 'delivered');
  end if;
  update public.orders o
  set status = 'delivered', delivered_at = now(), version = o.version + 1, updated_at = now()
  where o.id = target
  returning * into ord;
  insert into public.order_events (order_id, kind, detail, actor_kind, actor_id)
  values (target, 'delivered', '{}'::jsonb, 'staff', (select auth.uid()));
  return to_jsonb(ord);
end;
$$;

create or replace function private.staff_cancel_order(target uuid, expected_version integer, reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  ord public.orders;
  clean_reason text := nullif(btrim(coalesce(reason, '')), '');
begin
  ord := private.lock_order_for_staff(target, expected_version);
  if ord.status not in ('submitted', 'confirmed') then
    perform private.refuse_transition(ord, 'cancelled');
  end if;
  if clean_reason is null then
    perform private.order_refusal('reason_missing', '{}'::jsonb, 'Say why the order is cancelled.');
  end if;
  update public.orders o
  set status = 'cancelled', cancelled_at = now(), cancel_reason = left(clean_reason, 1000),
      version = o.version + 1, updated_at = now()
  where o.id = target
  returning * into ord;
  insert into public.order_events (order_id, kind, detail, actor_kind, actor_id)
  values (target, 'cancelled', jsonb_build_object('reason', ord.cancel_reason), 'staff', (select auth.uid()));
  perform private.queue_order_mail(ord, 'order_cancelled', jsonb_build_object('reason', ord.cancel_reason));
  return to_jsonb(ord);
end;
$$;

create or replace function private.add_order_note(target uuid, body text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  staff uuid := private.require_order_staff();
  company uuid;
  created uuid;
begin
  select o.company_id into company from public.orders o where o.id = target;
  if company is null or not private.can_manage_company(company) then
    perform private.order_refusal('order_not_found', '{}'::jsonb, 'No such order.');
  end if;
  insert into public.order_notes (order_id, body, author) values (target, btrim(coalesce(body, '')), staff)
  returning id into created;
  return created;
end;
$$;

-- One row per line of the orders sent between two days (Eastern time), for accounting.
create or replace function private.order_export(from_date date, to_date date)
returns table (
  order_id uuid,
  order_number text,
  company_id uuid,
  company_name text,
  status public.order_status,
  currency text,
  subtotal numeric,
  submitted_at timestamptz,
  confirmed_at timestamptz,
  shipped_at timestamptz,
  delivered_at timestamptz,
  cancelled_at timestamptz,
  requested_date date,
  po_number text,
  carrier text,
  tracking_number text,
  line_position integer,
  sku text,
  name_en text,
  quantity_cases integer,
  case_price numeric,
  line_total numeric
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_order_staff();
  if from_date is null or to_date is null or to_date < from_date or to_date - from_date > 366 then
    perform private.order_refusal('period_invalid', jsonb_build_object('maximum_days', 366),
      'Export a period of at most a year, its end after its start.');
  end if;
  return query
    select o.id, o.number, o.company_id, c.legal_name, o.status, o.currency, o.subtotal, o.submitted_at,
           o.confirmed_at, o.shipped_at, o.delivered_at, o.cancelled_at, o.requested_date, o.po_number,
           o.carrier, o.tracking_number, l.position, l.sku, l.name_en, l.quantity_cases, l.case_price, l.line_total
    from public.orders o
    join public.companies c on c.id = o.company_id
    join public.order_lines l on l.order_id = o.id
    where o.submitted_at >= (from_date::timestamp at time zone 'America/Toronto')
      and o.submitted_at < ((to_date + 1)::timestamp at time zone 'America/Toronto')
      and private.can_manage_company(o.company_id)
    order by o.submitted_at, o.number, l.position;
end;
$$;

-- ---------------------------------------------------------------------------
-- Public wrappers (security invoker: the private functions decide)
-- ---------------------------------------------------------------------------

create or replace function public.client_prices()
returns table (product_id uuid, case_price numeric, currency text)
language sql stable security invoker set search_path = ''
as $$ select * from private.client_prices(); $$;

create or replace function public.set_cart_item(product_id uuid, quantity_cases integer)
returns void
language sql security invoker set search_path = ''
as $$ select private.set_cart_item(product_id, quantity_cases); $$;

create or replace function public.client_cart()
returns table (
  product_id uuid, sku text, name_en text, name_fr text, category_slug text, quantity_cases integer,
  min_cases integer, lead_time_days integer, case_price numeric, price_seen numeric, price_changed boolean,
  available boolean, unavailable_reason text, line_total numeric)
language sql stable security invoker set search_path = ''
as $$ select * from private.client_cart(); $$;

create or replace function public.accept_cart_prices()
returns void
language sql security invoker set search_path = ''
as $$ select private.accept_cart_prices(); $$;

create or replace function public.earliest_delivery_date()
returns date
language sql stable security invoker set search_path = ''
as $$ select private.earliest_delivery_date(); $$;

create or replace function public.po_number_in_use(po_number text)
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.po_number_in_use(po_number); $$;

create or replace function public.propose_company_address(
  label text, line1 text, line2 text, city text, region text, postal_code text, country text)
returns uuid
language sql security invoker set search_path = ''
as $$ select private.propose_company_address(label, line1, line2, city, region, postal_code, country); $$;

create or replace function public.submit_order(
  idempotency_key uuid, address_id uuid, requested_date date, po_number text default null, notes text default null,
  language text default null)
returns jsonb
language sql security invoker set search_path = ''
as $$ select private.submit_order(idempotency_key, address_id, requested_date, po_number, notes, language); $$;

create or replace function public.cancel_order(order_id uuid, reason text default null)
returns void
language sql security invoker set search_path = ''
as $$ select private.cancel_order(order_id, reason); $$;

create or replace function public.order_again(order_id uuid)
returns table (product_id uuid, added boolean, reason text)
language sql security invoker set search_path = ''
as $$ select * from private.order_again(order_id); $$;

create or replace function public.client_order_analytics(months integer default 12)
returns jsonb
language sql stable security invoker set search_path = ''
as $$ select private.client_order_analytics(months); $$;

create or replace function public.client_order_summary()
returns jsonb
language sql stable security invoker set search_path = ''
as $$ select private.client_order_summary(); $$;

create or replace function public.confirm_order(
  order_id uuid, expected_version integer, lines jsonb default null, requested_date date default null,
  message text default null)
returns jsonb
language sql security invoker set search_path = ''
as $$ select private.confirm_order(order_id, expected_version, lines, requested_date, message); $$;

create or replace function public.ship_order(order_id uuid, expected_version integer, carrier text, tracking_number text)
returns jsonb
language sql security invoker set search_path = ''
as $$ select private.ship_order(order_id, expected_version, carrier, tracking_number); $$;

create or replace function public.deliver_order(order_id uuid, expected_version integer)
returns jsonb
language sql security invoker set search_path = ''
as $$ select private.deliver_order(order_id, expected_version); $$;

create or replace function public.staff_cancel_order(order_id uuid, expected_version integer, reason text)
returns jsonb
language sql security invoker set search_path = ''
as $$ select private.staff_cancel_order(order_id, expected_version, reason); $$;

create or replace function public.add_order_note(order_id uuid, body text)
returns uuid
language sql security invoker set search_path = ''
as $$ select private.add_order_note(order_id, body); $$;

create or replace function public.order_export(from_date date, to_date date)
returns table (
  order_id uuid, order_number text, company_id uuid, company_name text, status public.order_status, currency text,
  subtotal numeric, submitted_at timestamptz, confirmed_at timestamptz, shipped_at timestamptz,
  delivered_at timestamptz, cancelled_at timestamptz, requested_date date, po_number text, carrier text,
  tracking_number text, line_position integer, sku text, name_en text, quantity_cases integer, case_price numeric,
  line_total numeric)
language sql stable security invoker set search_path = ''
as $$ select * from private.order_export(from_date, to_date); $$;

-- ---------------------------------------------------------------------------
-- Privileges on the functions
-- ---------------------------------------------------------------------------

revoke execute on function
  private.prepare_price_list(),
  private.prepare_company_address(),
  private.check_document_order(),
  private.order_refusal(text, jsonb, text),
  private.order_today(),
  private.is_business_day(date),
  private.add_business_days(date, integer),
  private.company_prices(uuid),
  private.company_currency(uuid),
  private.product_unavailable_reason(uuid, numeric),
  private.require_ordering_client(),
  private.require_order_staff(),
  private.next_order_number(),
  private.format_amount(numeric, text, text),
  private.queue_order_mail(public.orders, text, jsonb),
  private.client_prices(),
  private.set_cart_item(uuid, integer),
  private.client_cart(),
  private.accept_cart_prices(),
  private.earliest_delivery_date(),
  private.po_number_in_use(text),
  private.propose_company_address(text, text, text, text, text, text, text),
  private.submit_order(uuid, uuid, date, text, text, text),
  private.cancel_order(uuid, text),
  private.order_again(uuid),
  private.client_order_analytics(integer),
  private.client_order_summary(),
  private.lock_order_for_staff(uuid, integer),
  private.refuse_transition(public.orders, text),
  private.confirm_order(uuid, integer, jsonb, date, text),
  private.ship_order(uuid, integer, text, text),
  private.deliver_order(uuid, integer),
  private.staff_cancel_order(uuid, integer, text),
  private.add_order_note(uuid, text),
  private.order_export(date, date),
  public.client_prices(),
  public.set_cart_item(uuid, integer),
  public.client_cart(),
  public.accept_cart_prices(),
  public.earliest_delivery_date(),
  public.po_number_in_use(text),
  public.propose_company_address(text, text, text, text, text, text, text),
  public.submit_order(uuid, uuid, date, text, text, text),
  public.cancel_order(uuid, text),
  public.order_again(uuid),
  public.client_order_analytics(integer),
  public.client_order_summary(),
  public.confirm_order(uuid, integer, jsonb, date, text),
  public.ship_order(uuid, integer, text, text),
  public.deliver_order(uuid, integer),
  public.staff_cancel_order(uuid, integer, text),
  public.add_order_note(uuid, text),
  public.order_export(date, date)
from public, anon, authenticated;

-- The order number's default runs as whoever inserts (the functions' owner, the service role).
grant execute on function private.next_order_number() to service_role;
grant execute on function
  private.order_today(),
  private.is_business_day(date),
  private.add_business_days(date, integer),
  private.client_prices(),
  private.set_cart_item(uuid, integer),
  private.client_cart(),
  private.accept_cart_prices(),
  private.earliest_delivery_date(),
  private.po_number_in_use(text),
  private.propose_company_address(text, text, text, text, text, text, text),
  private.submit_order(uuid, uuid, date, text, text, text),
  private.cancel_order(uuid, text),
  private.order_again(uuid),
  private.client_order_analytics(integer),
  private.client_order_summary(),
  private.confirm_order(uuid, integer, jsonb, date, text),
  private.ship_order(uuid, integer, text, text),
  private.deliver_order(uuid, integer),
  private.staff_cancel_order(uuid, integer, text),
  private.add_order_note(uuid, text),
  private.order_export(date, date),
  public.client_prices(),
  public.set_cart_item(uuid, integer),
  public.client_cart(),
  public.accept_cart_prices(),
  public.earliest_delivery_date(),
  public.po_number_in_use(text),
  public.propose_company_address(text, text, text, text, text, text, text),
  public.submit_order(uuid, uuid, date, text, text, text),
  public.cancel_order(uuid, text),
  public.order_again(uuid),
  public.client_order_analytics(integer),
  public.client_order_summary(),
  public.confirm_order(uuid, integer, jsonb, date, text),
  public.ship_order(uuid, integer, text, text),
  public.deliver_order(uuid, integer),
  public.staff_cancel_order(uuid, integer, text),
  public.add_order_note(uuid, text),
  public.order_export(date, date)
to authenticated, service_role;
grant execute on function
  private.order_refusal(text, jsonb, text),
  private.company_prices(uuid),
  private.company_currency(uuid),
  private.product_unavailable_reason(uuid, numeric),
  private.require_ordering_client(),
  private.require_order_staff(),
  private.format_amount(numeric, text, text),
  private.queue_order_mail(public.orders, text, jsonb),
  private.lock_order_for_staff(uuid, integer),
  private.refuse_transition(public.orders, text)
to service_role;
