-- Importing products from a spreadsheet in one call, all or nothing
-- (docs/decisions/190-catalogue-in-the-database.md).
--
-- public.import_products(p_rows jsonb) returns jsonb: the admin Products
-- page checks a CSV file (src/features/admin-portal/products/product-csv.ts)
-- and sends the rows to create and change, each a ProductCsvRow: the
-- products columns by name, `category` the category's English slug,
-- allergens and certifications as arrays of codes, numbers as numbers,
-- orderable_online a boolean, name_/slug_/short_description_/description_
-- en and fr for the two translations. It inserts or updates each product by
-- SKU with its English and French texts, never deletes, and answers
-- {"created": n, "changed": n} (a row that changes nothing counts in
-- neither). Any error raises and nothing is applied: the call is one
-- transaction. Errors about one row start "Product n of the import (SKU x):"
-- (n from 1, in p_rows order) and keep the error's code and constraint.
--
-- The function runs with the caller's rights (security invoker): it checks
-- for an admin at aal2 first (42501), and the catalogue's policies, column
-- privileges and triggers (normalising, stamping, redirects, audit) apply to
-- every write as they do to the page's own writes. It never reads or writes
-- internal_notes, created_by or updated_by.
--
-- Slugs are unique per language, checked row by row, so two products
-- swapping slugs in one file would collide whichever goes first. Texts are
-- written in an order where each slug is free when taken; only a cycle (a
-- swap) parks one product's slug on a temporary `import-swap-...` slug first.
-- Parking a published product through the trigger leaves a redirect from the
-- temporary slug, which private.forget_parked_product_slugs removes (the
-- redirects accept no writes from API roles). The audit shows the two steps.
--
-- A product published by the import is written as a draft first and
-- published once both texts are in (the publish check needs them); one
-- going back to draft is demoted before its texts change, so a draft's old
-- slug never becomes a redirect.

create or replace function private.forget_parked_product_slugs(parked jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: the redirects accept no writes from API roles.
  perform private.require_catalogue_staff();
  delete from public.product_slug_redirects r
  using jsonb_to_recordset(coalesce(parked, '[]'::jsonb)) as p(lang text, slug text, product_id uuid)
  where r.lang = p.lang and r.old_slug = p.slug and r.product_id = p.product_id
    and p.slug like 'import-swap-%';
end;
$$;

-- One text of an import: {i, sku, lang, product_id, name, slug,
-- short_description, description_md}, inserted or updated where it differs.
-- True when a row was written. The caller's rights, like import_products.
create or replace function private.import_product_text(item jsonb)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  written integer;
  message text;
  code text;
  detail_text text;
  hint_text text;
  constraint_text text;
begin
  update public.product_translations t
  set name = n.name, slug = n.slug, short_description = n.short_description, description_md = n.description_md
  from (select btrim(item ->> 'name') as name, btrim(item ->> 'slug') as slug,
               btrim(coalesce(item ->> 'short_description', '')) as short_description,
               btrim(coalesce(item ->> 'description_md', '')) as description_md) n
  where t.product_id = (item ->> 'product_id')::uuid and t.lang = item ->> 'lang'
    and (t.name, t.slug, t.short_description, t.description_md)
        is distinct from (n.name, n.slug, n.short_description, n.description_md);
  get diagnostics written = row_count;
  if written = 0 and not exists (
    select 1 from public.product_translations t
    where t.product_id = (item ->> 'product_id')::uuid and t.lang = item ->> 'lang') then
    insert into public.product_translations (product_id, lang, name, slug, short_description, description_md)
    values ((item ->> 'product_id')::uuid, item ->> 'lang', item ->> 'name', item ->> 'slug',
            coalesce(item ->> 'short_description', ''), coalesce(item ->> 'description_md', ''));
    written := 1;
  end if;
  return written > 0;
exception when others then
  get stacked diagnostics message = message_text, code = returned_sqlstate, detail_text = pg_exception_detail,
    hint_text = pg_exception_hint, constraint_text = constraint_name;
  raise exception using
    message = format('Product %s of the import (SKU %s), %s text: %s', item ->> 'i', item ->> 'sku', item ->> 'lang', message),
    errcode = code, detail = detail_text, hint = hint_text, constraint = constraint_text;
end;
$$;

create or replace function public.import_products(p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  row_data jsonb;
  position integer;
  total integer;
  repeated integer[];
  prefix text;
  sku_value text;
  category_value text;
  product uuid;
  old_status text;
  wanted_status text;
  is_new boolean;
  created integer := 0;
  -- Per row (index from 1): the product's id, whether it is new, whether anything changed.
  product_ids uuid[] := '{}';
  new_rows boolean[] := '{}';
  changed_rows boolean[] := '{}';
  promote boolean[] := '{}';
  -- The texts still to write: {i, lang, product_id, name, slug, short_description, description_md}.
  pending jsonb := '[]'::jsonb;
  done boolean[];
  item jsonb;
  k integer;
  progress boolean;
  blocker uuid;
  parked jsonb := '[]'::jsonb;
  park_slug text;
  affected integer;
  rounds integer := 0;
  message text;
  code text;
  detail_text text;
  hint_text text;
  constraint_text text;
begin
  if not coalesce((select private.is_verified_admin()), false) then
    if coalesce((select private.is_admin()), false) then
      raise exception 'Verify your second factor before importing products.'
        using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
    end if;
    raise exception 'Only staff can import products.' using errcode = '42501';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'p_rows must be a JSON array of products.' using errcode = '22023', detail = 'p_rows';
  end if;
  total := jsonb_array_length(p_rows);
  if total > 5000 then
    raise exception 'An import holds at most 5000 products (got %).', total using errcode = '22023', detail = 'p_rows';
  end if;

  -- Each SKU once: the positions of its second and later rows.
  select coalesce(array_agg(d.position), '{}') into repeated
  from (select o.ordinality::integer as position,
               row_number() over (partition by upper(btrim(o.value ->> 'sku')) order by o.ordinality) as nth
        from jsonb_array_elements(p_rows) with ordinality o
        where nullif(btrim(o.value ->> 'sku'), '') is not null) d
  where d.nth > 1;

  -- 1. The products' own rows, by SKU.
  for row_data, position in select e.value, e.ordinality::integer from jsonb_array_elements(p_rows) with ordinality e loop
    sku_value := upper(btrim(row_data ->> 'sku'));
    prefix := format('Product %s of the import (SKU %s): ', position, coalesce(sku_value, 'none'));
    begin
      if jsonb_typeof(row_data) <> 'object' then
        raise exception 'it must be a JSON object.' using errcode = '22023';
      end if;
      if sku_value is null or sku_value = '' then
        raise exception 'sku is required.' using errcode = '22023', detail = 'sku';
      end if;
      if position = any (repeated) then
        raise exception 'the SKU is already in the import.' using errcode = '23505', detail = 'sku';
      end if;
      select c.id into category_value from public.product_categories c where c.slug_en = btrim(row_data ->> 'category');
      if category_value is null then
        raise exception 'category "%" is not a known category.', row_data ->> 'category'
          using errcode = '22023', detail = 'category';
      end if;
      wanted_status := coalesce(row_data ->> 'status', 'draft');

      select p.id, p.status into product, old_status from public.products p where p.sku = sku_value for update;
      is_new := product is null;
      if is_new then
        insert into public.products (
          sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit,
          units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days, allergens,
          certifications, orderable_online, not_orderable_reason, status)
        values (
          sku_value, category_value, row_data ->> 'brand', row_data ->> 'origin_country',
          row_data ->> 'origin_region_en', row_data ->> 'origin_region_fr', (row_data ->> 'unit_size')::numeric,
          row_data ->> 'unit', (row_data ->> 'units_per_case')::integer, (row_data ->> 'min_order_cases')::integer,
          (row_data ->> 'lead_time_business_days')::integer, row_data ->> 'storage',
          (row_data ->> 'shelf_life_days')::integer,
          array(select jsonb_array_elements_text(coalesce(row_data -> 'allergens', '[]'::jsonb))),
          array(select jsonb_array_elements_text(coalesce(row_data -> 'certifications', '[]'::jsonb))),
          (row_data -> 'orderable_online')::boolean, nullif(btrim(row_data ->> 'not_orderable_reason'), ''),
          case when wanted_status = 'published' then 'draft' else wanted_status end)
        returning id into product;
        created := created + 1;
        affected := 1;
      else
        -- Only what differs is written, so a row that changes nothing leaves
        -- updated_at and the audit alone (values normalised as the trigger does).
        update public.products p
        set category_id = n.category_id, brand = n.brand, origin_country = n.origin_country,
            origin_region_en = n.origin_region_en, origin_region_fr = n.origin_region_fr, unit_size = n.unit_size,
            unit = n.unit, units_per_case = n.units_per_case, min_order_cases = n.min_order_cases,
            lead_time_business_days = n.lead_time_business_days, storage = n.storage,
            shelf_life_days = n.shelf_life_days, allergens = n.allergens, certifications = n.certifications,
            orderable_online = n.orderable_online, not_orderable_reason = n.not_orderable_reason, status = n.status
        from (select
            category_value as category_id,
            btrim(row_data ->> 'brand') as brand,
            upper(btrim(row_data ->> 'origin_country')) as origin_country,
            nullif(btrim(row_data ->> 'origin_region_en'), '') as origin_region_en,
            nullif(btrim(row_data ->> 'origin_region_fr'), '') as origin_region_fr,
            (row_data ->> 'unit_size')::numeric as unit_size,
            row_data ->> 'unit' as unit,
            (row_data ->> 'units_per_case')::integer as units_per_case,
            (row_data ->> 'min_order_cases')::integer as min_order_cases,
            (row_data ->> 'lead_time_business_days')::integer as lead_time_business_days,
            row_data ->> 'storage' as storage,
            (row_data ->> 'shelf_life_days')::integer as shelf_life_days,
            array(select distinct a from jsonb_array_elements_text(coalesce(row_data -> 'allergens', '[]'::jsonb)) a
                  order by a) as allergens,
            array(select distinct c from jsonb_array_elements_text(coalesce(row_data -> 'certifications', '[]'::jsonb)) c
                  order by c) as certifications,
            (row_data -> 'orderable_online')::boolean as orderable_online,
            nullif(btrim(row_data ->> 'not_orderable_reason'), '') as not_orderable_reason,
            -- Published later, once the texts are in (step 3).
            case when wanted_status = 'published' and old_status <> 'published' then old_status
                 else wanted_status end as status) n
        where p.id = product
          and (p.category_id, p.brand, p.origin_country, p.origin_region_en, p.origin_region_fr, p.unit_size, p.unit,
               p.units_per_case, p.min_order_cases, p.lead_time_business_days, p.storage, p.shelf_life_days,
               p.allergens, p.certifications, p.orderable_online, p.not_orderable_reason, p.status)
              is distinct from
              (n.category_id, n.brand, n.origin_country, n.origin_region_en, n.origin_region_fr, n.unit_size, n.unit,
               n.units_per_case, n.min_order_cases, n.lead_time_business_days, n.storage, n.shelf_life_days,
               n.allergens, n.certifications, n.orderable_online, n.not_orderable_reason, n.status);
        get diagnostics affected = row_count;
      end if;
    exception when others then
      get stacked diagnostics message = message_text, code = returned_sqlstate, detail_text = pg_exception_detail,
        hint_text = pg_exception_hint, constraint_text = constraint_name;
      raise exception using message = prefix || message, errcode = code, detail = detail_text,
        hint = hint_text, constraint = constraint_text;
    end;
    product_ids := product_ids || product;
    new_rows := new_rows || is_new;
    changed_rows := changed_rows || (affected > 0);
    promote := promote || (wanted_status = 'published' and (is_new or old_status <> 'published'));
    pending := pending || jsonb_build_array(
      jsonb_build_object('i', position, 'sku', sku_value, 'lang', 'en', 'product_id', product, 'name', row_data -> 'name_en',
        'slug', btrim(row_data ->> 'slug_en'), 'short_description', row_data -> 'short_description_en',
        'description_md', row_data -> 'description_en'),
      jsonb_build_object('i', position, 'sku', sku_value, 'lang', 'fr', 'product_id', product, 'name', row_data -> 'name_fr',
        'slug', btrim(row_data ->> 'slug_fr'), 'short_description', row_data -> 'short_description_fr',
        'description_md', row_data -> 'description_fr'));
  end loop;

  -- 2. The texts, each once its slug is free in its language.
  done := array_fill(false, array[jsonb_array_length(pending)]);
  loop
    rounds := rounds + 1;
    progress := false;
    for k in 0 .. jsonb_array_length(pending) - 1 loop
      continue when done[k + 1];
      item := pending -> k;
      continue when exists (
        select 1 from public.product_translations t
        where t.lang = item ->> 'lang' and t.slug = item ->> 'slug' and t.product_id <> (item ->> 'product_id')::uuid);
      if private.import_product_text(item) then
        changed_rows[(item ->> 'i')::integer] := true;
      end if;
      done[k + 1] := true;
      progress := true;
    end loop;
    exit when not (false = any (done));
    continue when progress;
    -- Every text left waits for a slug another product holds. When that
    -- product waits too (a swap), park its text; otherwise write the text
    -- anyway, so that the unique violation names the row.
    item := pending -> (array_position(done, false) - 1);
    select t.product_id into blocker from public.product_translations t
    where t.lang = item ->> 'lang' and t.slug = item ->> 'slug';
    if not exists (
      select 1 from generate_series(0, jsonb_array_length(pending) - 1) w
      where not done[w + 1] and (pending -> w ->> 'product_id')::uuid = blocker
        and pending -> w ->> 'lang' = item ->> 'lang') then
      perform private.import_product_text(item);
      raise exception 'Product % of the import (SKU %): slug_% % is already used by another product.',
        item ->> 'i', item ->> 'sku', item ->> 'lang', item ->> 'slug'
        using errcode = '23505', detail = 'slug_' || (item ->> 'lang'), constraint = 'product_translations_slug_key';
    end if;
    park_slug := 'import-swap-' || replace(gen_random_uuid()::text, '-', '');
    update public.product_translations t set slug = park_slug
    where t.product_id = blocker and t.lang = item ->> 'lang';
    parked := parked || jsonb_build_object('lang', item ->> 'lang', 'slug', park_slug, 'product_id', blocker);
    if rounds > 2 * jsonb_array_length(pending) + 2 then
      raise exception 'The slugs of the import could not be put in order.' using errcode = 'P0001';
    end if;
  end loop;
  perform private.forget_parked_product_slugs(parked);

  -- 3. Publish what the import publishes, now that both texts are in.
  for position in 1 .. coalesce(array_length(product_ids, 1), 0) loop
    continue when not promote[position];
    begin
      update public.products p set status = 'published' where p.id = product_ids[position];
    exception when others then
      get stacked diagnostics message = message_text, code = returned_sqlstate, detail_text = pg_exception_detail,
        hint_text = pg_exception_hint, constraint_text = constraint_name;
      raise exception using
        message = format('Product %s of the import (SKU %s): ', position,
                         upper(btrim(p_rows -> (position - 1) ->> 'sku'))) || message,
        errcode = code, detail = detail_text, hint = hint_text, constraint = constraint_text;
    end;
    changed_rows[position] := true;
  end loop;

  return jsonb_build_object(
    'created', created,
    'changed', (select count(*) from generate_subscripts(product_ids, 1) s
                where not new_rows[s] and changed_rows[s]));
end;
$$;

comment on function public.import_products(jsonb) is
  'Applies a product CSV import (rows of ProductCsvRow) all or nothing: inserts or updates products by SKU with their '
  'English and French texts, never deletes; answers {"created": n, "changed": n}. Verified admins only (42501); runs '
  'with the caller''s rights, so the catalogue''s policies and triggers apply.';

revoke execute on function
  private.forget_parked_product_slugs(jsonb),
  private.import_product_text(jsonb),
  public.import_products(jsonb)
from public, anon;

grant execute on function
  private.forget_parked_product_slugs(jsonb),
  private.import_product_text(jsonb),
  public.import_products(jsonb)
to authenticated, service_role;
