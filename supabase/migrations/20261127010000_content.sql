-- News items and blog posts the staff write in the admin portal, in English
-- and French (docs/decisions/160-content-in-the-database.md).
--
-- - content_items: one news item or blog post, its status and what both
--   languages share (category, featured, image, author's name).
-- - content_translations: its English and/or French version (title, slug,
--   excerpt, Markdown body, displayed date, image alt, author role and bio,
--   news tag). Reading time is computed from the body.
-- - content_versions: snapshots of an item and its translations after each
--   save or restore; the last 20 per item are kept.
-- - content_audit: who did what, when, and which fields changed; kept after
--   the item is deleted.
-- - content_slug_redirects: old slugs of published translations, pointing at
--   the item (the current slug is looked up, never stored here).
--
-- Visitors (anon and every signed-in account, staff at aal1 included) read an
-- item only once it is published and its publish time has passed; staff at
-- aal2 read everything. No API role writes the tables: the staff functions
-- below do, after checking the caller is an admin at aal2. Every change that
-- affects what the public site shows adds the item to the pending
-- site publish (site_publishes.content), which the publish pipeline reads.

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------

create table public.content_items (
  id uuid primary key default gen_random_uuid(),
  kind text not null
    constraint content_items_kind check (kind in ('news', 'blog')),
  status text not null default 'draft'
    constraint content_items_status check (status in ('draft', 'scheduled', 'published', 'unpublished')),
  -- The scheduled time, or the time it was first published.
  publish_at timestamptz,
  featured boolean not null default false,
  category text
    constraint content_items_category check (
      category is null
      or (kind = 'news' and category in ('product-launch', 'partnership', 'expansion', 'trade', 'sustainability'))
      or (kind = 'blog' and category in ('market-trends', 'sourcing', 'compliance', 'brand-building', 'logistics', 'food-culture'))),
  -- A site file (/images/...) or an object name in the content-images bucket.
  image_path text
    constraint content_items_image_path check (
      image_path is null
      or (char_length(image_path) <= 300
          and image_path ~ '^(/images/)?[A-Za-z0-9_][A-Za-z0-9_./-]*$'
          and image_path !~ '\.\.')),
  image_width integer
    constraint content_items_image_width check (image_width between 1 and 10000),
  image_height integer
    constraint content_items_image_height check (image_height between 1 and 10000),
  author_name text
    constraint content_items_author_name check (char_length(author_name) between 1 and 120),
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  constraint content_items_image_size check (
    (image_path is null) = (image_width is null) and (image_path is null) = (image_height is null)),
  constraint content_items_scheduled_at check (status <> 'scheduled' or publish_at is not null),
  constraint content_items_published_at check (status <> 'published' or publish_at is not null),
  -- Lets translations carry the kind for their slug uniqueness.
  constraint content_items_id_kind unique (id, kind)
);

comment on table public.content_items is
  'News items and blog posts written by staff; visitors read published ones whose publish_at has passed.';

create index content_items_public_idx on public.content_items (kind, publish_at desc) where status = 'published';
create index content_items_created_by_idx on public.content_items (created_by);
create index content_items_updated_by_idx on public.content_items (updated_by);

create table public.content_translations (
  item_id uuid not null,
  kind text not null,
  lang text not null
    constraint content_translations_lang check (lang in ('en', 'fr')),
  title text not null
    constraint content_translations_title check (char_length(title) between 1 and 200),
  slug text not null
    constraint content_translations_slug check (char_length(slug) <= 120 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  excerpt text not null default ''
    constraint content_translations_excerpt check (char_length(excerpt) <= 500),
  body_md text not null default ''
    constraint content_translations_body check (char_length(body_md) <= 100000),
  image_alt text not null default ''
    constraint content_translations_image_alt check (char_length(image_alt) <= 300),
  -- The date the page shows (a calendar date, no time zone).
  date date not null,
  author_role text
    constraint content_translations_author_role check (char_length(author_role) <= 120),
  author_bio text
    constraint content_translations_author_bio check (char_length(author_bio) <= 600),
  -- News only: the short label shown on the card ("New arrival").
  tag text
    constraint content_translations_tag check (char_length(tag) <= 40),
  -- Minutes at 200 words a minute, at least 1.
  reading_minutes integer not null generated always as (
    greatest(1, ceil(coalesce(array_length(regexp_split_to_array(btrim(body_md), '\s+'), 1), 0) / 200.0)::integer)
  ) stored,
  primary key (item_id, lang),
  constraint content_translations_item foreign key (item_id, kind)
    references public.content_items (id, kind) on delete cascade,
  constraint content_translations_slug_key unique (kind, lang, slug)
);

comment on table public.content_translations is
  'The English and French versions of a content item; an item without a French row is not on the French pages.';

create index content_translations_item_kind_idx on public.content_translations (item_id, kind);

create table public.content_versions (
  id bigint generated always as identity primary key,
  item_id uuid not null references public.content_items (id) on delete cascade,
  -- {"item": {...content_items columns}, "translations": [{...}, ...]}
  snapshot jsonb not null,
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null
);

comment on table public.content_versions is 'The last 20 saved states of each content item, restorable by staff.';

create index content_versions_item_idx on public.content_versions (item_id, id desc);
create index content_versions_created_by_idx on public.content_versions (created_by);

create table public.content_audit (
  id bigint generated always as identity primary key,
  -- No foreign key: the record outlives a deleted item.
  item_id uuid not null,
  kind text not null,
  action text not null
    constraint content_audit_action check (action in ('create', 'update', 'publish', 'schedule', 'unpublish', 'delete', 'restore')),
  -- Per part ("item", "en", "fr"), each changed field with its value before
  -- and after ({"from": ..., "to": ...}); bodies are marked changed, not copied.
  changes jsonb not null default '{}'::jsonb,
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text not null default '',
  at timestamptz not null default now()
);

comment on table public.content_audit is 'Every change of a content item: who, when, what.';

create index content_audit_item_idx on public.content_audit (item_id, at desc);
create index content_audit_actor_idx on public.content_audit (actor_id);

create table public.content_slug_redirects (
  kind text not null,
  lang text not null
    constraint content_slug_redirects_lang check (lang in ('en', 'fr')),
  old_slug text not null,
  item_id uuid not null references public.content_items (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (kind, lang, old_slug)
);

comment on table public.content_slug_redirects is
  'Old slugs of published translations; each answers with a permanent redirect to the item''s current slug.';

create index content_slug_redirects_item_idx on public.content_slug_redirects (item_id);

-- ---------------------------------------------------------------------------
-- Who reads what
-- ---------------------------------------------------------------------------

alter table public.content_items enable row level security;
alter table public.content_translations enable row level security;
alter table public.content_versions enable row level security;
alter table public.content_audit enable row level security;
alter table public.content_slug_redirects enable row level security;

revoke all on table public.content_items, public.content_translations, public.content_versions,
  public.content_audit, public.content_slug_redirects from anon, authenticated;
grant select on table public.content_items, public.content_translations, public.content_slug_redirects
  to anon, authenticated;
grant select on table public.content_versions, public.content_audit to authenticated;
grant all on table public.content_items, public.content_translations, public.content_versions,
  public.content_audit, public.content_slug_redirects to service_role;

create policy "content_items: published, or all for verified admins"
  on public.content_items for select to anon, authenticated
  using ((status = 'published' and publish_at <= now()) or (select private.is_verified_admin()));

-- A translation, or an old slug, is readable when its item is (the item's
-- policy applies inside the subquery).
create policy "content_translations: where the item is readable"
  on public.content_translations for select to anon, authenticated
  using (exists (select 1 from public.content_items i where i.id = item_id));

create policy "content_slug_redirects: where the item is readable"
  on public.content_slug_redirects for select to anon, authenticated
  using (exists (
    select 1 from public.content_translations t where t.item_id = content_slug_redirects.item_id and t.lang = content_slug_redirects.lang));

create policy "content_versions: verified admins read"
  on public.content_versions for select to authenticated
  using ((select private.is_verified_admin()));

create policy "content_audit: verified admins read"
  on public.content_audit for select to authenticated
  using ((select private.is_verified_admin()));

-- ---------------------------------------------------------------------------
-- The publish hook: content changes join the pending site publish
-- ---------------------------------------------------------------------------

alter table public.site_publishes
  add column content jsonb not null default '[]'::jsonb
    constraint site_publishes_content check (jsonb_typeof(content) = 'array');

comment on column public.site_publishes.content is
  'Content changes this publish carries, oldest first: {item, kind, action, before, after}, before/after mapping each language the item is public in to its slug.';

-- The slugs under which an item is on the public site right now, by language:
-- {"en": "slug", "fr": "slug"}, or {} when it is not public.
create or replace function private.content_public_slugs(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(t.lang, t.slug), '{}'::jsonb)
  from public.content_items i
  join public.content_translations t on t.item_id = i.id
  where i.id = target and i.status = 'published' and i.publish_at <= now();
$$;

-- Adds one content change to the pending publish, or queues a new one, as a
-- flag change does (one pending row at most; 124-publishes-coalesce.md).
-- Does nothing when the item was and stays off the public site.
create or replace function private.request_content_publish(
  target uuid, item_kind text, what text, before_slugs jsonb, after_slugs jsonb
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry jsonb;
  why text;
begin
  if before_slugs = '{}'::jsonb and after_slugs = '{}'::jsonb then
    return;
  end if;
  entry := jsonb_build_object('item', target, 'kind', item_kind, 'action', what,
                              'before', before_slugs, 'after', after_slugs);
  why := left(item_kind || ' ' || what || ' ' || coalesce(after_slugs ->> 'en', after_slugs ->> 'fr',
              before_slugs ->> 'en', before_slugs ->> 'fr', target::text), 200);
  perform pg_advisory_xact_lock(hashtextextended('site_publishes:queue', 0));
  update public.site_publishes p
  set changes = p.changes + 1, reason = why, content = p.content || jsonb_build_array(entry)
  where p.status = 'pending';
  if not found then
    insert into public.site_publishes (reason, content) values (why, jsonb_build_array(entry));
  end if;
end;
$$;

-- ---------------------------------------------------------------------------
-- Helpers of the staff functions
-- ---------------------------------------------------------------------------

create or replace function private.require_content_staff()
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
    raise exception 'Only staff can manage content.' using errcode = '42501';
  end if;
  if not (select private.is_aal2()) then
    raise exception 'Verify your second factor before managing content.'
      using errcode = '42501', hint = 'Sign in again with your authenticator code (aal2).';
  end if;
  return caller;
end;
$$;

-- The item and its translations as one JSON value (what versions keep).
create or replace function private.content_snapshot(target uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'item', to_jsonb(i) - 'created_at' - 'created_by' - 'updated_at' - 'updated_by',
    'translations', coalesce((
      select jsonb_agg(to_jsonb(t) - 'reading_minutes' - 'kind' - 'item_id' order by t.lang)
      from public.content_translations t where t.item_id = i.id), '[]'::jsonb))
  from public.content_items i where i.id = target;
$$;

-- Field by field, what differs between two JSON objects.
create or replace function private.content_diff(before jsonb, after jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(k,
           case when k = 'body_md' then jsonb_build_object('changed', true)
                else jsonb_build_object('from', before -> k, 'to', after -> k) end), '{}'::jsonb)
  from (select jsonb_object_keys(coalesce(before, '{}'::jsonb) || coalesce(after, '{}'::jsonb)) as k) keys
  where (before -> k) is distinct from (after -> k);
$$;

-- What changed between two snapshots: {"item": {...}, "en": {...}, "fr": {...}}, empty parts left out.
create or replace function private.content_changes(before jsonb, after jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'item', nullif(private.content_diff((before -> 'item') - 'status' - 'publish_at', (after -> 'item') - 'status' - 'publish_at'), '{}'::jsonb),
    'en', nullif(private.content_diff(
      (select t from jsonb_array_elements(before -> 'translations') t where t ->> 'lang' = 'en'),
      (select t from jsonb_array_elements(after -> 'translations') t where t ->> 'lang' = 'en')), '{}'::jsonb),
    'fr', nullif(private.content_diff(
      (select t from jsonb_array_elements(before -> 'translations') t where t ->> 'lang' = 'fr'),
      (select t from jsonb_array_elements(after -> 'translations') t where t ->> 'lang' = 'fr')), '{}'::jsonb)));
$$;

create or replace function private.record_content_change(
  caller uuid, target uuid, item_kind text, what text, changed jsonb
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.content_audit (item_id, kind, action, changes, actor_id, actor_email)
  values (target, item_kind, what, coalesce(changed, '{}'::jsonb), caller,
          coalesce((select u.email from auth.users u where u.id = caller), ''));
$$;

-- Keeps a version of the item as it is now, and the last 20 only.
create or replace function private.keep_content_version(caller uuid, target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.content_versions (item_id, snapshot, created_by)
  values (target, private.content_snapshot(target), caller);
  delete from public.content_versions v
  where v.item_id = target
    and v.id not in (select k.id from public.content_versions k where k.item_id = target order by k.id desc limit 20);
end;
$$;

-- Old slugs of public translations that changed become redirects; a slug in
-- use again stops redirecting (the current slug always wins).
create or replace function private.record_slug_changes(target uuid, item_kind text, before_slugs jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  language_code text;
  previous_slug text;
begin
  for language_code, previous_slug in select key, value #>> '{}' from jsonb_each(before_slugs) loop
    if exists (select 1 from public.content_translations t
               where t.item_id = target and t.lang = language_code and t.slug <> previous_slug) then
      insert into public.content_slug_redirects (kind, lang, old_slug, item_id)
      values (item_kind, language_code, previous_slug, target)
      on conflict (kind, lang, old_slug) do update set item_id = excluded.item_id, created_at = now();
    end if;
  end loop;
  delete from public.content_slug_redirects r
  using public.content_translations t
  where t.kind = r.kind and t.lang = r.lang and t.slug = r.old_slug and r.kind = item_kind;
end;
$$;

create or replace function private.content_text(value jsonb, field text, max_length integer, required boolean)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  result text;
begin
  if value is null or value -> field is null or jsonb_typeof(value -> field) = 'null' then
    result := null;
  elsif jsonb_typeof(value -> field) <> 'string' then
    raise exception '% must be text.', field using errcode = '22023', detail = field;
  else
    result := btrim(value ->> field);
  end if;
  if result = '' then
    result := null;
  end if;
  if required and result is null then
    raise exception '% is required.', field using errcode = '22023', detail = field;
  end if;
  if char_length(result) > max_length then
    raise exception '% is longer than % characters.', field, max_length using errcode = '22001', detail = field;
  end if;
  return result;
end;
$$;

-- ---------------------------------------------------------------------------
-- The staff functions (owner's rights; each checks the caller first)
-- ---------------------------------------------------------------------------

create or replace function private.save_content_item(payload jsonb)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_content_staff();
  target uuid;
  item_kind text;
  existing public.content_items;
  before_snapshot jsonb;
  before_slugs jsonb := '{}'::jsonb;
  translations jsonb;
  tr jsonb;
  language_code text;
  new_category text;
  new_image text;
  new_width integer;
  new_height integer;
  new_slug text;
  new_date text;
  new_date_value date;
  prefix text;
begin
  if payload is null or jsonb_typeof(payload) <> 'object' then
    raise exception 'The item must be a JSON object.' using errcode = '22023';
  end if;

  if payload ? 'id' and jsonb_typeof(payload -> 'id') <> 'null' then
    begin
      target := (payload ->> 'id')::uuid;
    exception when invalid_text_representation then
      raise exception 'id is not an item id.' using errcode = '22023', detail = 'id';
    end;
    select * into existing from public.content_items i where i.id = target for update;
    if not found then
      raise exception 'No such content item.' using errcode = 'PT404';
    end if;
    item_kind := existing.kind;
    if payload ? 'kind' and payload ->> 'kind' is distinct from item_kind then
      raise exception 'An item''s kind cannot change.' using errcode = '22023', detail = 'kind';
    end if;
    before_snapshot := private.content_snapshot(target);
    before_slugs := private.content_public_slugs(target);
  else
    item_kind := payload ->> 'kind';
    if item_kind is null or item_kind not in ('news', 'blog') then
      raise exception 'kind must be news or blog.' using errcode = '22023', detail = 'kind';
    end if;
  end if;

  new_category := private.content_text(payload, 'category', 40, false);
  if new_category is not null and not (
       (item_kind = 'news' and new_category in ('product-launch', 'partnership', 'expansion', 'trade', 'sustainability'))
    or (item_kind = 'blog' and new_category in ('market-trends', 'sourcing', 'compliance', 'brand-building', 'logistics', 'food-culture'))) then
    raise exception 'category % is not a % category.', new_category, item_kind using errcode = '22023', detail = 'category';
  end if;

  if payload -> 'featured' is not null and jsonb_typeof(payload -> 'featured') not in ('boolean', 'null') then
    raise exception 'featured must be true or false.' using errcode = '22023', detail = 'featured';
  end if;

  if payload -> 'image' is null or jsonb_typeof(payload -> 'image') = 'null' then
    new_image := null;
  elsif jsonb_typeof(payload -> 'image') <> 'object' then
    raise exception 'image must be an object with path, width and height.' using errcode = '22023', detail = 'image';
  else
    new_image := private.content_text(payload -> 'image', 'path', 300, true);
    if new_image !~ '^(/images/)?[A-Za-z0-9_][A-Za-z0-9_./-]*$' or new_image ~ '\.\.' then
      raise exception 'image.path must be a site image (/images/...) or a content-images object name.'
        using errcode = '22023', detail = 'image.path';
    end if;
    begin
      new_width := (payload -> 'image' ->> 'width')::integer;
      new_height := (payload -> 'image' ->> 'height')::integer;
    exception when others then
      raise exception 'image.width and image.height must be whole numbers.' using errcode = '22023', detail = 'image';
    end;
    if new_width is null or new_height is null or new_width not between 1 and 10000 or new_height not between 1 and 10000 then
      raise exception 'image.width and image.height must be between 1 and 10000.' using errcode = '22023', detail = 'image';
    end if;
  end if;

  translations := payload -> 'translations';
  if translations is null or jsonb_typeof(translations) <> 'object' then
    raise exception 'translations must be an object with en and/or fr.' using errcode = '22023', detail = 'translations';
  end if;
  if exists (select 1 from jsonb_object_keys(translations) k where k not in ('en', 'fr')) then
    raise exception 'translations may only hold en and fr.' using errcode = '22023', detail = 'translations';
  end if;
  if coalesce(jsonb_typeof(translations -> 'en'), 'null') = 'null'
     and coalesce(jsonb_typeof(translations -> 'fr'), 'null') = 'null' then
    raise exception 'An item needs an English or a French version.' using errcode = '22023', detail = 'translations';
  end if;

  if target is null then
    insert into public.content_items (kind, created_by, updated_by)
    values (item_kind, caller, caller)
    returning id into target;
  end if;

  update public.content_items i
  set category = new_category,
      featured = coalesce((payload ->> 'featured')::boolean, false),
      image_path = new_image,
      image_width = case when new_image is null then null else new_width end,
      image_height = case when new_image is null then null else new_height end,
      author_name = private.content_text(payload, 'author_name', 120, false),
      updated_at = now(),
      updated_by = caller
  where i.id = target;

  foreach language_code in array array['en', 'fr'] loop
    tr := translations -> language_code;
    if tr is null or jsonb_typeof(tr) = 'null' then
      delete from public.content_translations t where t.item_id = target and t.lang = language_code;
      continue;
    end if;
    prefix := language_code || '.';
    if jsonb_typeof(tr) <> 'object' then
      raise exception '% must be an object.', language_code using errcode = '22023', detail = language_code;
    end if;
    begin
      new_slug := private.content_text(tr, 'slug', 120, true);
      if new_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
        raise exception 'slug may hold only lowercase letters, digits and single hyphens between them.'
          using errcode = '22023', detail = 'slug';
      end if;
      begin
        new_date := private.content_text(tr, 'date', 10, true);
        if new_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
          raise exception 'date must be a date (YYYY-MM-DD).' using errcode = '22023', detail = 'date';
        end if;
        new_date_value := new_date::date;
      exception when invalid_datetime_format or datetime_field_overflow then
        raise exception 'date must be a date (YYYY-MM-DD).' using errcode = '22023', detail = 'date';
      end;
      insert into public.content_translations as t
        (item_id, kind, lang, title, slug, excerpt, body_md, image_alt, date, author_role, author_bio, tag)
      values (
        target, item_kind, language_code,
        private.content_text(tr, 'title', 200, true),
        new_slug,
        coalesce(private.content_text(tr, 'excerpt', 500, false), ''),
        coalesce(private.content_text(tr, 'body_md', 100000, false), ''),
        coalesce(private.content_text(tr, 'image_alt', 300, false), ''),
        new_date_value,
        private.content_text(tr, 'author_role', 120, false),
        private.content_text(tr, 'author_bio', 600, false),
        private.content_text(tr, 'tag', 40, false))
      on conflict (item_id, lang) do update
        set title = excluded.title, slug = excluded.slug, excerpt = excluded.excerpt, body_md = excluded.body_md,
            image_alt = excluded.image_alt, date = excluded.date, author_role = excluded.author_role,
            author_bio = excluded.author_bio, tag = excluded.tag;
    exception
      when unique_violation then
        raise exception 'The % slug "%" is already used by another % item.', language_code, new_slug, item_kind
          using errcode = '23505', detail = prefix || 'slug';
      when sqlstate '22023' or sqlstate '22001' then
        declare
          message text;
          field text;
          code text;
        begin
          get stacked diagnostics message = message_text, field = pg_exception_detail, code = returned_sqlstate;
          raise exception '%: %', language_code, message using errcode = code, detail = prefix || field;
        end;
    end;
  end loop;

  perform private.record_slug_changes(target, item_kind, before_slugs);
  perform private.keep_content_version(caller, target);
  perform private.record_content_change(
    caller, target, item_kind,
    case when before_snapshot is null then 'create' else 'update' end,
    private.content_changes(before_snapshot, private.content_snapshot(target)));
  perform private.request_content_publish(target, item_kind, 'edit', before_slugs, private.content_public_slugs(target));
  return target;
end;
$$;

-- Locks and returns an item for a status change; PT404 when there is none.
create or replace function private.content_item_for_change(target uuid)
returns public.content_items
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_item public.content_items;
begin
  select * into found_item from public.content_items i where i.id = target for update;
  if not found then
    raise exception 'No such content item.' using errcode = 'PT404';
  end if;
  return found_item;
end;
$$;

create or replace function private.set_content_status(target uuid, what text, new_status text, new_publish_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_content_staff();
  current_item public.content_items := private.content_item_for_change(target);
  before_slugs jsonb := private.content_public_slugs(target);
begin
  update public.content_items i
  set status = new_status, publish_at = new_publish_at, updated_at = now(), updated_by = caller
  where i.id = target;
  perform private.record_content_change(caller, target, current_item.kind, what,
    jsonb_build_object('item', private.content_diff(
      jsonb_build_object('status', current_item.status, 'publish_at', current_item.publish_at),
      jsonb_build_object('status', new_status, 'publish_at', new_publish_at))));
  perform private.request_content_publish(target, current_item.kind, what, before_slugs, private.content_public_slugs(target));
end;
$$;

create or replace function private.publish_content_item(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_item public.content_items;
begin
  perform private.require_content_staff();
  current_item := private.content_item_for_change(target);
  -- Keeps the first publication time; a scheduled item published early is published now.
  perform private.set_content_status(target, 'publish', 'published',
    case when current_item.publish_at is null or current_item.publish_at > now() then now() else current_item.publish_at end);
end;
$$;

create or replace function private.schedule_content_item(target uuid, at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_content_staff();
  perform private.content_item_for_change(target);
  if at is null or at <= now() then
    raise exception 'The scheduled time must be in the future.' using errcode = '22023', detail = 'at';
  end if;
  perform private.set_content_status(target, 'schedule', 'scheduled', at);
end;
$$;

create or replace function private.unpublish_content_item(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_item public.content_items;
begin
  perform private.require_content_staff();
  current_item := private.content_item_for_change(target);
  -- A scheduled item that is withdrawn forgets its time; a published one keeps its first publication time.
  perform private.set_content_status(target, 'unpublish', 'unpublished',
    case when current_item.status = 'scheduled' then null else current_item.publish_at end);
end;
$$;

create or replace function private.delete_content_item(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_content_staff();
  current_item public.content_items := private.content_item_for_change(target);
  before_slugs jsonb := private.content_public_slugs(target);
  before_snapshot jsonb := private.content_snapshot(target);
begin
  delete from public.content_items i where i.id = target;
  perform private.record_content_change(caller, target, current_item.kind, 'delete',
    jsonb_build_object('deleted', before_snapshot - 'translations'
      || jsonb_build_object('translations', (
           select coalesce(jsonb_agg(t - 'body_md'), '[]'::jsonb)
           from jsonb_array_elements(before_snapshot -> 'translations') t))));
  perform private.request_content_publish(target, current_item.kind, 'delete', before_slugs, '{}'::jsonb);
end;
$$;

-- Brings back the content of a version (fields and translations); the
-- item's status and publish time stay as they are.
create or replace function private.restore_content_version(version_id bigint)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_content_staff();
  version public.content_versions;
  current_item public.content_items;
  saved jsonb;
  before_snapshot jsonb;
  before_slugs jsonb;
begin
  select * into version from public.content_versions v where v.id = version_id;
  if not found then
    raise exception 'No such version.' using errcode = 'PT404';
  end if;
  current_item := private.content_item_for_change(version.item_id);
  before_snapshot := private.content_snapshot(version.item_id);
  before_slugs := private.content_public_slugs(version.item_id);
  saved := version.snapshot -> 'item';

  update public.content_items i
  set category = saved ->> 'category',
      featured = coalesce((saved ->> 'featured')::boolean, false),
      image_path = saved ->> 'image_path',
      image_width = (saved ->> 'image_width')::integer,
      image_height = (saved ->> 'image_height')::integer,
      author_name = saved ->> 'author_name',
      updated_at = now(),
      updated_by = caller
  where i.id = current_item.id;

  delete from public.content_translations t where t.item_id = current_item.id;
  begin
    insert into public.content_translations
      (item_id, kind, lang, title, slug, excerpt, body_md, image_alt, date, author_role, author_bio, tag)
    select current_item.id, current_item.kind, r.lang, r.title, r.slug, r.excerpt, r.body_md, r.image_alt, r.date,
           r.author_role, r.author_bio, r.tag
    from jsonb_to_recordset(version.snapshot -> 'translations') as r(
      lang text, title text, slug text, excerpt text, body_md text, image_alt text, date date,
      author_role text, author_bio text, tag text);
  exception when unique_violation then
    raise exception 'A slug of this version is now used by another % item.', current_item.kind
      using errcode = '23505', detail = 'slug';
  end;

  perform private.record_slug_changes(current_item.id, current_item.kind, before_slugs);
  perform private.keep_content_version(caller, current_item.id);
  perform private.record_content_change(caller, current_item.id, current_item.kind, 'restore',
    private.content_changes(before_snapshot, private.content_snapshot(current_item.id))
      || jsonb_build_object('version', version_id));
  perform private.request_content_publish(current_item.id, current_item.kind, 'restore', before_slugs,
    private.content_public_slugs(current_item.id));
  return current_item.id;
end;
$$;

-- Scheduled items whose time has come become published and join the pending
-- publish. Run every minute by pg_cron in production and by the local
-- publisher; returns how many items it published.
create or replace function private.publish_due_content()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  due record;
  published integer := 0;
begin
  for due in
    select i.id, i.kind from public.content_items i
    where i.status = 'scheduled' and i.publish_at <= now()
    order by i.publish_at
    for update skip locked
  loop
    update public.content_items i set status = 'published' where i.id = due.id;
    insert into public.content_audit (item_id, kind, action, changes, actor_email)
    values (due.id, due.kind, 'publish', '{"item": {"status": {"from": "scheduled", "to": "published"}}}'::jsonb, 'schedule');
    perform private.request_content_publish(due.id, due.kind, 'publish', '{}'::jsonb, private.content_public_slugs(due.id));
    published := published + 1;
  end loop;
  return published;
end;
$$;

-- The same, for whoever holds the publish token (the build, the local
-- publisher): checked here, so the public function needs no owner's rights.
create or replace function private.publish_due_content(token text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.check_site_publish_token(token);
  return private.publish_due_content();
end;
$$;

-- ---------------------------------------------------------------------------
-- What the API roles call (the caller's rights; the checks are in private)
-- ---------------------------------------------------------------------------

create or replace function public.save_content_item(payload jsonb)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.save_content_item(payload);
$$;

create or replace function public.publish_content_item(item_id uuid)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.publish_content_item(item_id);
$$;

create or replace function public.schedule_content_item(item_id uuid, at timestamptz)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.schedule_content_item(item_id, at);
$$;

create or replace function public.unpublish_content_item(item_id uuid)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.unpublish_content_item(item_id);
$$;

create or replace function public.delete_content_item(item_id uuid)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.delete_content_item(item_id);
$$;

create or replace function public.restore_content_version(version_id bigint)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.restore_content_version(version_id);
$$;

create or replace function public.publish_due_content(token text)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.publish_due_content(token);
$$;

-- Grants: staff functions to signed-in callers (they check the role and aal
-- themselves); helpers to nobody but the owner and the service role.
revoke execute on function
  private.content_public_slugs(uuid),
  private.request_content_publish(uuid, text, text, jsonb, jsonb),
  private.require_content_staff(),
  private.content_snapshot(uuid),
  private.content_diff(jsonb, jsonb),
  private.content_changes(jsonb, jsonb),
  private.record_content_change(uuid, uuid, text, text, jsonb),
  private.keep_content_version(uuid, uuid),
  private.record_slug_changes(uuid, text, jsonb),
  private.content_text(jsonb, text, integer, boolean),
  private.content_item_for_change(uuid),
  private.set_content_status(uuid, text, text, timestamptz),
  private.publish_due_content()
from public, anon, authenticated;

revoke execute on function
  private.save_content_item(jsonb),
  private.publish_content_item(uuid),
  private.schedule_content_item(uuid, timestamptz),
  private.unpublish_content_item(uuid),
  private.delete_content_item(uuid),
  private.restore_content_version(bigint),
  public.save_content_item(jsonb),
  public.publish_content_item(uuid),
  public.schedule_content_item(uuid, timestamptz),
  public.unpublish_content_item(uuid),
  public.delete_content_item(uuid),
  public.restore_content_version(bigint),
  public.publish_due_content(text),
  private.publish_due_content(text)
from public, anon;

grant execute on function
  private.save_content_item(jsonb),
  private.publish_content_item(uuid),
  private.schedule_content_item(uuid, timestamptz),
  private.unpublish_content_item(uuid),
  private.delete_content_item(uuid),
  private.restore_content_version(bigint),
  public.save_content_item(jsonb),
  public.publish_content_item(uuid),
  public.schedule_content_item(uuid, timestamptz),
  public.unpublish_content_item(uuid),
  public.delete_content_item(uuid),
  public.restore_content_version(bigint)
to authenticated, service_role;

revoke execute on function public.publish_due_content(text), private.publish_due_content(text) from authenticated;
-- The build has the anon key and the token, no account: anon only.
grant execute on function public.publish_due_content(text) to anon, service_role;
grant execute on function private.publish_due_content(text) to anon, service_role;
grant execute on function private.publish_due_content() to service_role;
