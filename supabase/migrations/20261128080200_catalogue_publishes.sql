-- Catalogue changes publish the site (docs/decisions/191-catalogue-on-the-public-site.md).
--
-- Staff write the catalogue's tables directly. Every statement that changes
-- one of them adds a 'catalogue' entry to the pending publish (or queues
-- one), as a content change does: the local publisher then reads the
-- published catalogue again and re-renders the pages whose products or
-- categories differ from what it last published, and in production the
-- publish's webhook rebuilds the site. One entry per statement, not per row:
-- an import of two thousand products queues one publish, and a pending
-- publish that already says "read the catalogue again" is only counted.
-- A change to a draft also queues a publish; the publisher finds nothing to
-- re-render and marks it published.

create or replace function private.request_catalogue_publish()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry jsonb := jsonb_build_object('item', tg_table_name, 'kind', 'catalogue', 'action', lower(tg_op),
                                    'before', '{}'::jsonb, 'after', '{}'::jsonb);
  why text := left('catalogue ' || lower(tg_op) || ' on ' || tg_table_name, 200);
begin
  perform pg_advisory_xact_lock(hashtextextended('site_publishes:queue', 0));
  update public.site_publishes p
  set changes = p.changes + 1,
      reason = why,
      content = case
        when p.content @> jsonb_build_array(jsonb_build_object('kind', 'catalogue')) then p.content
        else p.content || jsonb_build_array(entry)
      end
  where p.status = 'pending';
  if not found then
    insert into public.site_publishes (reason, content) values (why, jsonb_build_array(entry));
  end if;
  return null;
end;
$$;

revoke execute on function private.request_catalogue_publish() from public, anon, authenticated;

comment on function private.request_catalogue_publish() is
  'Statement trigger of the catalogue''s tables: queues a publish that reads the catalogue again.';

create trigger product_categories_publish
  after insert or update or delete on public.product_categories
  for each statement execute function private.request_catalogue_publish();
create trigger products_publish
  after insert or update or delete on public.products
  for each statement execute function private.request_catalogue_publish();
create trigger product_translations_publish
  after insert or update or delete on public.product_translations
  for each statement execute function private.request_catalogue_publish();
create trigger product_images_publish
  after insert or update or delete on public.product_images
  for each statement execute function private.request_catalogue_publish();
create trigger product_documents_publish
  after insert or update or delete on public.product_documents
  for each statement execute function private.request_catalogue_publish();
-- A document's title shows on the pages of the products it is linked to.
create trigger documents_catalogue_publish
  after update on public.documents
  for each statement execute function private.request_catalogue_publish();

-- The flag now also gates the catalogue's pages.
update public.feature_flags
set description = 'Products section on the home page, the catalogue pages and their links.'
where name = 'products';
