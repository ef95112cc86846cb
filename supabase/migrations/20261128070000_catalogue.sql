-- The product catalogue: categories, products, their English and French
-- texts, images, links to the document centre, old slugs and an audit trail
-- (docs/decisions/190-catalogue-in-the-database.md).
--
-- - product_categories: the six families of the home page and any later one;
--   a slug, name and description per language, an image, an order, a
--   published flag. The six are added by the next-but-one migration.
-- - products: what both languages share (SKU, category, brand, origin, pack,
--   ordering, storage, shelf life, allergens, certifications, status) and
--   staff-only internal notes.
-- - product_translations: the English and French name, slug, short
--   description and Markdown description.
-- - product_slug_redirects: old slugs of published products, pointing at the
--   product (the current slug is looked up, never stored here).
-- - product_images: objects of Storage bucket `product-images` with their
--   alt text in both languages.
-- - product_documents: a product's links to documents of the document centre,
--   each for everyone (a spec sheet) or for clients only (a certificate).
-- - product_audit: who changed what, when; written by triggers only.
--
-- Who may do what, decided here and nowhere else:
--   - everyone (anon and every signed-in account, an admin at aal1 included)
--     reads published categories, and published products of a published
--     category with their translations, images, old slugs and public
--     document links;
--   - an active client (private.is_active_client()) also reads the
--     clients-only document links. A link is only a document id: the
--     document's row and file stay behind the document centre's policies and
--     the document-link Edge Function;
--   - staff (an admin at aal2, private.is_verified_admin()) read every row
--     and write every table but the audit and the redirects, which triggers
--     write. An admin at aal1 writes nothing;
--   - a product's internal notes and the accounts that created and last
--     changed it are read by staff only: anon and authenticated have SELECT
--     on the other columns of products (column privileges, as content_items
--     has since 20261128010000; the house keeps views out of `public`), and
--     staff read those three through admin_product_internals().
-- Writes go straight to the tables (supabase-js), as the document centre's
-- do; triggers normalise, stamp who and when, keep the redirects and write
-- the audit, whoever writes (staff, the service role or SQL).

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------

create table public.product_categories (
  -- A stable key: the home page's category ids (src/i18n/messages/en/site.ts)
  -- and documents.product use it. Never changes once created.
  id text primary key
    constraint product_categories_id check (char_length(id) <= 60 and id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_en text not null
    constraint product_categories_slug_en
      check (char_length(slug_en) <= 120 and slug_en ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_fr text not null
    constraint product_categories_slug_fr
      check (char_length(slug_fr) <= 120 and slug_fr ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name_en text not null
    constraint product_categories_name_en check (char_length(btrim(name_en)) between 1 and 100),
  name_fr text not null
    constraint product_categories_name_fr check (char_length(btrim(name_fr)) between 1 and 100),
  description_en text not null default ''
    constraint product_categories_description_en check (char_length(description_en) <= 500),
  description_fr text not null default ''
    constraint product_categories_description_fr check (char_length(description_fr) <= 500),
  -- A site file (/images/...) or an object name in the product-images bucket.
  image_path text
    constraint product_categories_image_path check (
      image_path is null
      or (char_length(image_path) <= 300
          and image_path ~ '^(/images/)?[A-Za-z0-9_][A-Za-z0-9_./-]*$'
          and image_path !~ '\.\.')),
  sort_order integer not null default 0
    constraint product_categories_sort_order check (sort_order between 0 and 10000),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint product_categories_slug_en_key unique (slug_en),
  constraint product_categories_slug_fr_key unique (slug_fr),
  -- One line each (names and card texts): no control character at all.
  constraint product_categories_text_characters check (
    name_en !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]'
    and name_fr !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]'
    and description_en !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]'
    and description_fr !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]')
);

comment on table public.product_categories is
  'Product families (olive oils, honeys, ...) in English and French; visitors read published ones.';

create table public.products (
  id uuid primary key default gen_random_uuid(),
  -- Upper-case letters and digits in dash-separated groups: OO-0001. Stored upper-case.
  sku text not null
    constraint products_sku check (char_length(sku) <= 32 and sku ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$'),
  category_id text not null references public.product_categories (id),
  brand text not null
    constraint products_brand check (char_length(btrim(brand)) between 1 and 120),
  -- ISO 3166-1 alpha-2, the 249 officially assigned codes.
  origin_country text not null
    constraint products_origin_country check (origin_country = any (array[
      'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB',
      'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY',
      'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX',
      'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK',
      'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS',
      'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR',
      'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA',
      'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
      'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE',
      'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
      'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG',
      'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF',
      'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY',
      'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW'])),
  -- The region's name in each language (Crete / Crète); both or neither.
  origin_region_en text
    constraint products_origin_region_en check (char_length(btrim(origin_region_en)) between 1 and 100),
  origin_region_fr text
    constraint products_origin_region_fr check (char_length(btrim(origin_region_fr)) between 1 and 100),
  -- One retail unit: 500 mL, 5 L, 1 kg.
  unit_size numeric(10, 3) not null
    constraint products_unit_size_positive check (unit_size > 0),
  unit text not null
    constraint products_unit check (unit in ('mL', 'L', 'g', 'kg')),
  units_per_case integer not null
    constraint products_units_per_case check (units_per_case between 1 and 10000),
  min_order_cases integer not null default 1
    constraint products_min_order_cases check (min_order_cases between 1 and 10000),
  lead_time_business_days integer not null
    constraint products_lead_time_business_days check (lead_time_business_days between 0 and 250),
  storage text not null
    constraint products_storage check (storage in ('ambient', 'chilled', 'frozen')),
  shelf_life_days integer not null
    constraint products_shelf_life_days check (shelf_life_days between 1 and 3650),
  -- What the product contains among Canada's priority food allergens (see
  -- the decision record for the codes); no "may contain" statements. Kept
  -- sorted and without duplicates by the trigger below.
  allergens text[] not null default '{}'
    constraint products_allergens_known check (allergens <@ array[
      'crustaceans', 'eggs', 'fish', 'gluten', 'milk', 'molluscs', 'mustard', 'peanuts', 'sesame', 'soy',
      'sulphites', 'tree_nuts', 'wheat']::text[]),
  certifications text[] not null default '{}'
    constraint products_certifications_known check (certifications <@ array[
      'halal', 'kosher', 'non_gmo', 'organic', 'pdo', 'pgi']::text[]),
  orderable_online boolean not null default true,
  -- Why clients cannot order it online: liquor_board (wine and spirits go
  -- through the provincial liquor boards), quote_only (priced on request),
  -- seasonal (a limited harvest reserved through the account manager).
  not_orderable_reason text
    constraint products_not_orderable_reason check (not_orderable_reason in ('liquor_board', 'quote_only', 'seasonal')),
  status text not null default 'draft'
    constraint products_status check (status in ('draft', 'published')),
  -- The first time the product was published; kept when it goes back to draft.
  published_at timestamptz,
  -- Staff only: never granted to anon or authenticated (see the header).
  internal_notes text not null default ''
    constraint products_internal_notes check (char_length(internal_notes) <= 5000),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  constraint products_sku_key unique (sku),
  constraint products_not_orderable_needs_reason check (orderable_online or not_orderable_reason is not null),
  constraint products_orderable_has_no_reason check (not orderable_online or not_orderable_reason is null),
  -- Wheat and triticale are gluten sources: a product declaring wheat declares gluten too.
  constraint products_wheat_declares_gluten check (not ('wheat' = any (allergens)) or 'gluten' = any (allergens)),
  constraint products_origin_region_both_languages check ((origin_region_en is null) = (origin_region_fr is null)),
  constraint products_published_at check (status <> 'published' or published_at is not null),
  constraint products_text_characters check (
    brand !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]'
    and coalesce(origin_region_en, '') !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]'
    and coalesce(origin_region_fr, '') !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]'
    and internal_notes !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]')
);

comment on table public.products is
  'Products of the catalogue; visitors read published ones of published categories, never internal_notes.';
comment on column public.products.internal_notes is
  'Staff only: no API role has SELECT on it; staff read it through admin_product_internals().';
comment on column public.products.allergens is
  'Priority allergens the product contains: crustaceans, eggs, fish, gluten, milk, molluscs, mustard, peanuts, sesame, soy, sulphites, tree_nuts, wheat.';

create index products_category_id_idx on public.products (category_id);
create index products_published_idx on public.products (category_id, published_at desc) where status = 'published';
create index products_created_by_idx on public.products (created_by);
create index products_updated_by_idx on public.products (updated_by);

create table public.product_translations (
  product_id uuid not null references public.products (id) on delete cascade,
  lang text not null
    constraint product_translations_lang check (lang in ('en', 'fr')),
  name text not null
    constraint product_translations_name check (char_length(btrim(name)) between 1 and 200),
  slug text not null
    constraint product_translations_slug check (char_length(slug) <= 120 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- One or two sentences for cards and the page's meta description.
  short_description text not null default ''
    constraint product_translations_short_description check (char_length(short_description) <= 300),
  -- Markdown, rendered like content bodies (src/lib/markdown).
  description_md text not null default ''
    constraint product_translations_description_md check (char_length(description_md) <= 20000),
  primary key (product_id, lang),
  constraint product_translations_slug_key unique (lang, slug),
  -- The name and the short description are one line; the description may
  -- hold tabs and line breaks, never the controls XML cannot carry.
  constraint product_translations_line_characters check (
    name !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]' and short_description !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]'),
  constraint product_translations_text_characters check (description_md !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]')
);

comment on table public.product_translations is
  'The English and French texts of a product; a published product has both.';

create table public.product_slug_redirects (
  lang text not null
    constraint product_slug_redirects_lang check (lang in ('en', 'fr')),
  old_slug text not null,
  product_id uuid not null references public.products (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (lang, old_slug)
);

comment on table public.product_slug_redirects is
  'Old slugs of published products; each answers with a permanent redirect to the product''s current slug.';

create index product_slug_redirects_product_id_idx on public.product_slug_redirects (product_id);

create table public.product_images (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  -- The object's name in Storage bucket `product-images`: {product_id}/{file name}.
  storage_path text not null,
  width integer not null
    constraint product_images_width check (width between 1 and 10000),
  height integer not null
    constraint product_images_height check (height between 1 and 10000),
  -- Empty: decorative.
  alt_en text not null default ''
    constraint product_images_alt_en check (char_length(alt_en) <= 300),
  alt_fr text not null default ''
    constraint product_images_alt_fr check (char_length(alt_fr) <= 300),
  sort_order integer not null default 0
    constraint product_images_sort_order check (sort_order between 0 and 10000),
  created_at timestamptz not null default now(),
  constraint product_images_storage_path_key unique (storage_path),
  constraint product_images_storage_path check (
    storage_path ~ ('^' || product_id::text || '/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$')),
  constraint product_images_text_characters check (
    alt_en !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]' and alt_fr !~ '[\x01-\x1f\x7f-\x9f\ufffe\uffff]')
);

comment on table public.product_images is
  'Pictures of a product in the public product-images bucket, first by sort_order.';

create index product_images_product_id_idx on public.product_images (product_id, sort_order);

create table public.product_documents (
  product_id uuid not null references public.products (id) on delete cascade,
  document_id uuid not null references public.documents (id) on delete cascade,
  -- public: shown with the product to everyone (a spec sheet); clients: to
  -- active clients only (a certificate).
  visibility text not null
    constraint product_documents_visibility check (visibility in ('public', 'clients')),
  sort_order integer not null default 0
    constraint product_documents_sort_order check (sort_order between 0 and 10000),
  created_at timestamptz not null default now(),
  primary key (product_id, document_id)
);

comment on table public.product_documents is
  'Documents of the document centre shown with a product: to everyone (public) or to active clients (clients).';

create index product_documents_document_id_idx on public.product_documents (document_id);

create table public.product_audit (
  id bigint generated always as identity primary key,
  -- No foreign key: the record outlives a deleted product.
  product_id uuid not null,
  -- What changed: the product row, a translation, an image or a document link.
  part text not null
    constraint product_audit_part check (part in ('product', 'translation', 'image', 'document')),
  -- Which one: the language, the image id or the document id (null for the product).
  part_key text,
  action text not null
    constraint product_audit_action check (action in ('insert', 'update', 'delete')),
  -- Each field that changed, {"field": {"from": ..., "to": ...}}: every field
  -- set on insert (from null), every field held on delete (to null). A
  -- Markdown description is marked {"changed": true}, not copied.
  changes jsonb not null default '{}'::jsonb,
  actor_id uuid references auth.users (id) on delete set null,
  -- The account's address, or "service role / SQL".
  actor_label text not null,
  at timestamptz not null default now()
);

comment on table public.product_audit is 'Every change of a product, its texts, images and document links: who, when, what.';

create index product_audit_product_id_idx on public.product_audit (product_id, at desc);
create index product_audit_actor_id_idx on public.product_audit (actor_id);

-- ---------------------------------------------------------------------------
-- Who reads and writes what
-- ---------------------------------------------------------------------------

alter table public.product_categories enable row level security;
alter table public.products enable row level security;
alter table public.product_translations enable row level security;
alter table public.product_slug_redirects enable row level security;
alter table public.product_images enable row level security;
alter table public.product_documents enable row level security;
alter table public.product_audit enable row level security;

revoke all on table public.product_categories, public.products, public.product_translations,
  public.product_slug_redirects, public.product_images, public.product_documents, public.product_audit
  from anon, authenticated;
grant all on table public.product_categories, public.products, public.product_translations,
  public.product_slug_redirects, public.product_images, public.product_documents, public.product_audit
  to service_role;

grant select on table public.product_categories, public.product_translations, public.product_slug_redirects,
  public.product_images, public.product_documents to anon, authenticated;
-- Every column but internal_notes, created_by and updated_by.
grant select (
  id, sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit,
  units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days, allergens, certifications,
  orderable_online, not_orderable_reason, status, published_at, created_at, updated_at
) on table public.products to anon, authenticated;
grant select on table public.product_audit to authenticated;

-- Writes (the policies let only staff through). Keys, timestamps and authors
-- are not writable: the triggers set them.
grant insert, delete on table public.product_categories to authenticated;
grant update (
  slug_en, slug_fr, name_en, name_fr, description_en, description_fr, image_path, sort_order, published
) on table public.product_categories to authenticated;
grant insert (
  id, sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit,
  units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days, allergens, certifications,
  orderable_online, not_orderable_reason, status, internal_notes
) on table public.products to authenticated;
grant update (
  sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit,
  units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days, allergens, certifications,
  orderable_online, not_orderable_reason, status, internal_notes
) on table public.products to authenticated;
grant delete on table public.products to authenticated;
grant insert (product_id, lang, name, slug, short_description, description_md)
  on table public.product_translations to authenticated;
grant update (name, slug, short_description, description_md) on table public.product_translations to authenticated;
grant delete on table public.product_translations to authenticated;
grant insert (id, product_id, storage_path, width, height, alt_en, alt_fr, sort_order)
  on table public.product_images to authenticated;
grant update (storage_path, width, height, alt_en, alt_fr, sort_order) on table public.product_images to authenticated;
grant delete on table public.product_images to authenticated;
grant insert (product_id, document_id, visibility, sort_order) on table public.product_documents to authenticated;
grant update (visibility, sort_order) on table public.product_documents to authenticated;
grant delete on table public.product_documents to authenticated;

create policy "product_categories: published, or all for verified admins"
  on public.product_categories for select to anon, authenticated
  using (published or (select private.is_verified_admin()));
create policy "product_categories: verified admins insert"
  on public.product_categories for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "product_categories: verified admins update"
  on public.product_categories for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "product_categories: verified admins delete"
  on public.product_categories for delete to authenticated
  using ((select private.is_verified_admin()));

-- A published product of a hidden category is hidden with it (the
-- category's policy applies inside the subquery).
create policy "products: published, or all for verified admins"
  on public.products for select to anon, authenticated
  using (
    (status = 'published'
     and exists (select 1 from public.product_categories c where c.id = products.category_id and c.published))
    or (select private.is_verified_admin()));
create policy "products: verified admins insert"
  on public.products for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "products: verified admins update"
  on public.products for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "products: verified admins delete"
  on public.products for delete to authenticated
  using ((select private.is_verified_admin()));

-- Translations, images and old slugs are readable when their product is
-- (the product's policy applies inside the subquery).
create policy "product_translations: where the product is readable"
  on public.product_translations for select to anon, authenticated
  using (exists (select 1 from public.products p where p.id = product_translations.product_id));
create policy "product_translations: verified admins insert"
  on public.product_translations for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "product_translations: verified admins update"
  on public.product_translations for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "product_translations: verified admins delete"
  on public.product_translations for delete to authenticated
  using ((select private.is_verified_admin()));

create policy "product_slug_redirects: where the translation is readable"
  on public.product_slug_redirects for select to anon, authenticated
  using (exists (
    select 1 from public.product_translations t
    where t.product_id = product_slug_redirects.product_id and t.lang = product_slug_redirects.lang));

create policy "product_images: where the product is readable"
  on public.product_images for select to anon, authenticated
  using (exists (select 1 from public.products p where p.id = product_images.product_id));
create policy "product_images: verified admins insert"
  on public.product_images for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "product_images: verified admins update"
  on public.product_images for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "product_images: verified admins delete"
  on public.product_images for delete to authenticated
  using ((select private.is_verified_admin()));

create policy "product_documents: public ones, clients' for active clients"
  on public.product_documents for select to anon, authenticated
  using (
    exists (select 1 from public.products p where p.id = product_documents.product_id)
    and (visibility = 'public' or (select private.is_active_client()) or (select private.is_verified_admin())));
create policy "product_documents: verified admins insert"
  on public.product_documents for insert to authenticated
  with check ((select private.is_verified_admin()));
create policy "product_documents: verified admins update"
  on public.product_documents for update to authenticated
  using ((select private.is_verified_admin()))
  with check ((select private.is_verified_admin()));
create policy "product_documents: verified admins delete"
  on public.product_documents for delete to authenticated
  using ((select private.is_verified_admin()));

create policy "product_audit: verified admins read"
  on public.product_audit for select to authenticated
  using ((select private.is_verified_admin()));

-- ---------------------------------------------------------------------------
-- Checks the constraints cannot express, and bookkeeping
-- ---------------------------------------------------------------------------
-- Before-triggers run before the policies' checks: the checks below are made
-- only when private.checks_apply() (staff, or the service role and SQL,
-- which have no account), so a refused caller gets the policy's 42501.

create or replace function private.prepare_product_category()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name_en := btrim(new.name_en);
  new.name_fr := btrim(new.name_fr);
  new.description_en := btrim(new.description_en);
  new.description_fr := btrim(new.description_fr);
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  else
    new.created_at := now();
  end if;
  new.updated_at := now();
  return new;
end;
$$;

create trigger product_categories_prepare
  before insert or update on public.product_categories
  for each row execute function private.prepare_product_category();

create or replace function private.prepare_product()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.sku := upper(btrim(new.sku));
  new.brand := btrim(new.brand);
  new.origin_country := upper(btrim(new.origin_country));
  new.origin_region_en := nullif(btrim(new.origin_region_en), '');
  new.origin_region_fr := nullif(btrim(new.origin_region_fr), '');
  new.internal_notes := btrim(coalesce(new.internal_notes, ''));
  -- Sorted, each once (a null element is kept for the constraint to refuse).
  new.allergens := array(select distinct a from unnest(coalesce(new.allergens, '{}')) a order by a);
  new.certifications := array(select distinct c from unnest(coalesce(new.certifications, '{}')) c order by c);
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.created_by := old.created_by;
  else
    new.created_at := now();
    -- The signed-in account, whatever the request said; only the service
    -- role and SQL (no account) may name someone.
    new.created_by := coalesce((select auth.uid()), new.created_by);
  end if;
  new.updated_at := now();
  new.updated_by := coalesce((select auth.uid()), new.updated_by);
  if new.status = 'published' and new.published_at is null then
    new.published_at := now();
  end if;
  -- The site is bilingual (and French is required where Quebec buyers read
  -- it): a product goes public with both texts or not at all.
  if new.status = 'published'
     and (tg_op = 'INSERT' or old.status <> 'published')
     and private.checks_apply()
     and (select count(*) from public.product_translations t where t.product_id = new.id) < 2 then
    raise exception 'A product is published with its English and French texts: add the missing one first.'
      using errcode = '23514', detail = 'status';
  end if;
  return new;
end;
$$;

create trigger products_prepare
  before insert or update on public.products
  for each row execute function private.prepare_product();

create or replace function private.prepare_product_translation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    -- A product deleted whole takes its texts with it (its row is gone by then).
    if private.checks_apply()
       and exists (select 1 from public.products p where p.id = old.product_id and p.status = 'published') then
      raise exception 'A published product keeps its English and French texts: set it back to draft first.'
        using errcode = '23514', detail = old.lang;
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and (new.product_id <> old.product_id or new.lang <> old.lang) then
    raise exception 'A translation''s product and language never change: add another one instead.'
      using errcode = '22023', detail = 'lang';
  end if;
  new.name := btrim(new.name);
  new.slug := btrim(new.slug);
  new.short_description := btrim(new.short_description);
  new.description_md := btrim(new.description_md);
  return new;
end;
$$;

create trigger product_translations_prepare
  before insert or update or delete on public.product_translations
  for each row execute function private.prepare_product_translation();

-- Links go to documents every client may read: a product page is the same
-- for every client, so a company's own document has no place on it.
create or replace function private.check_product_document()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.checks_apply()
     and exists (select 1 from public.documents d where d.id = new.document_id and d.audience <> 'all_clients') then
    raise exception 'Only a document shared with every client can be linked to a product.'
      using errcode = '22023', detail = 'document_id';
  end if;
  if tg_op = 'INSERT' then
    new.created_at := now();
  else
    new.created_at := old.created_at;
  end if;
  return new;
end;
$$;

create trigger product_documents_check
  before insert or update on public.product_documents
  for each row execute function private.check_product_document();

-- Old slugs of a published product become redirects; a slug in use again
-- (by any product, in that language) stops redirecting.
create or replace function private.record_product_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: the redirects accept no writes from API roles.
  if tg_op = 'UPDATE' and new.slug <> old.slug
     and exists (select 1 from public.products p where p.id = old.product_id and p.status = 'published') then
    insert into public.product_slug_redirects (lang, old_slug, product_id)
    values (old.lang, old.slug, old.product_id)
    on conflict (lang, old_slug) do update set product_id = excluded.product_id, created_at = now();
  end if;
  delete from public.product_slug_redirects r where r.lang = new.lang and r.old_slug = new.slug;
  return null;
end;
$$;

create trigger product_translations_slug_redirects
  after insert or update of slug on public.product_translations
  for each row execute function private.record_product_slug();

-- ---------------------------------------------------------------------------
-- The audit trail, written by triggers
-- ---------------------------------------------------------------------------

-- Field by field, what differs between two rows given as JSON (null: no row).
create or replace function private.product_changes(before jsonb, after jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(k,
           case when k = 'description_md' then jsonb_build_object('changed', true)
                else jsonb_build_object('from', before -> k, 'to', after -> k) end), '{}'::jsonb)
  from (select jsonb_object_keys(coalesce(before, '{}'::jsonb) || coalesce(after, '{}'::jsonb)) as k) keys
  where (before -> k) is distinct from (after -> k)
    and k not in ('id', 'product_id', 'lang', 'created_at', 'created_by', 'updated_at', 'updated_by');
$$;

create or replace function private.audit_product_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  -- Null fields are left out, so an insert lists what was set.
  before_row jsonb := case when tg_op <> 'INSERT' then jsonb_strip_nulls(to_jsonb(old)) end;
  after_row jsonb := case when tg_op <> 'DELETE' then jsonb_strip_nulls(to_jsonb(new)) end;
  row_data jsonb := coalesce(after_row, before_row);
  what text;
  which text;
  changed jsonb;
begin
  -- security definer: the trail accepts no writes from API roles.
  what := case tg_table_name
            when 'products' then 'product'
            when 'product_translations' then 'translation'
            when 'product_images' then 'image'
            else 'document'
          end;
  which := case what
             when 'translation' then row_data ->> 'lang'
             when 'image' then row_data ->> 'id'
             when 'document' then row_data ->> 'document_id'
           end;
  changed := private.product_changes(before_row, after_row);
  if tg_op = 'UPDATE' and changed = '{}'::jsonb then
    return null;
  end if;
  insert into public.product_audit (product_id, part, part_key, action, changes, actor_id, actor_label)
  values (
    (case when what = 'product' then row_data ->> 'id' else row_data ->> 'product_id' end)::uuid,
    what, which, lower(tg_op), changed, actor,
    case when actor is null then 'service role / SQL'
         else coalesce((select u.email from auth.users u where u.id = actor), actor::text) end);
  return null;
end;
$$;

create trigger products_audit
  after insert or update or delete on public.products
  for each row execute function private.audit_product_change();
create trigger product_translations_audit
  after insert or update or delete on public.product_translations
  for each row execute function private.audit_product_change();
create trigger product_images_audit
  after insert or update or delete on public.product_images
  for each row execute function private.audit_product_change();
create trigger product_documents_audit
  after insert or update or delete on public.product_documents
  for each row execute function private.audit_product_change();

-- ---------------------------------------------------------------------------
-- What staff read that the columns do not show them
-- ---------------------------------------------------------------------------

create or replace function private.require_catalogue_staff()
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
    raise exception 'Only staff can manage the catalogue.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor before managing the catalogue.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

-- Internal notes and authors of the given products (null: every product).
create or replace function private.product_internals(product_ids uuid[])
returns table (
  product_id uuid,
  internal_notes text,
  created_by uuid,
  updated_by uuid
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- security definer: no API role has SELECT on these columns.
  perform private.require_catalogue_staff();
  return query
    select p.id, p.internal_notes, p.created_by, p.updated_by
    from public.products p
    where product_ids is null or p.id = any (product_ids)
    order by p.sku;
end;
$$;

create or replace function public.admin_product_internals(product_ids uuid[] default null)
returns table (
  product_id uuid,
  internal_notes text,
  created_by uuid,
  updated_by uuid
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.product_internals(product_ids);
$$;

comment on function public.admin_product_internals(uuid[]) is
  'Deliberate public RPC (docs/decisions/190-catalogue-in-the-database.md): the internal notes and the accounts that '
  'created and last changed products, which no API role may select; verified admins only.';

revoke execute on function
  private.prepare_product_category(),
  private.prepare_product(),
  private.prepare_product_translation(),
  private.check_product_document(),
  private.record_product_slug(),
  private.product_changes(jsonb, jsonb),
  private.audit_product_change(),
  private.require_catalogue_staff(),
  private.product_internals(uuid[]),
  public.admin_product_internals(uuid[])
from public, anon, authenticated;

grant execute on function private.product_internals(uuid[]), public.admin_product_internals(uuid[])
  to authenticated, service_role;
grant execute on function private.require_catalogue_staff() to service_role;
