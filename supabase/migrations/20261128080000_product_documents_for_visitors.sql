-- Documents linked to products, for visitors and clients
-- (docs/decisions/193-product-documents-for-visitors-and-clients.md).
--
-- Until now a product's document link was only a document id: anon could not
-- read the document's title nor download its file, and a client read them
-- through the document centre. Two functions open exactly the linked
-- documents, and nothing else of the document centre:
--   - catalogue_documents(): every link the caller may see, with the
--     document's titles and its current file's size, type and name. Public
--     links of published products (of published categories) for everyone,
--     anon included; clients-only links too for active clients and staff
--     (admin at aal2);
--   - request_product_document(product, document): the download of one such
--     document, recorded, answering where its file is, for the
--     document-link Edge Function to sign a 60-second link. A download the
--     document centre would allow anyway (an active client, staff) is
--     recorded exactly as request_document_download records it, with the
--     account; any other download of a public document (a visitor, a signed-in
--     account that is not a client) is recorded without an account: the
--     document, the version and the time, no personal data.
-- Both read only documents shared with every client (audience all_clients)
-- that have a file: the link trigger refuses other documents, and a document
-- later narrowed to one company drops out here instead of leaking.
-- The work is done by security definer functions in `private` (anon has no
-- grant on documents); the `public` ones are security invoker wrappers, as
-- request_document_download is.

create or replace function private.catalogue_documents()
returns table (
  product_id uuid,
  document_id uuid,
  visibility text,
  sort_order integer,
  title_en text,
  title_fr text,
  category text,
  file_language text,
  size_bytes bigint,
  mime_type text,
  file_name text
)
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: anon has no grant on documents or document_versions.
  select pd.product_id, pd.document_id, pd.visibility, pd.sort_order, d.title_en, d.title_fr, d.category,
         d.file_language, v.size_bytes, v.mime_type, v.original_file_name
  from public.product_documents pd
  join public.products p on p.id = pd.product_id
  join public.product_categories c on c.id = p.category_id
  join public.documents d on d.id = pd.document_id
  join public.document_versions v on v.id = d.current_version_id
  where p.status = 'published'
    and c.published
    and d.audience = 'all_clients'
    and (pd.visibility = 'public'
         or (select private.is_active_client())
         or (select private.is_verified_admin()))
  order by pd.product_id, pd.sort_order, pd.document_id;
$$;

-- The download of a document linked to a product: refused with the same
-- PT404 as request_document_download when the link does not exist, the
-- product or its category is not published, the document has no file or is
-- not every client's, or the link is for clients and the caller is neither an
-- active client nor staff.
create or replace function private.request_product_document(p_product_id uuid, p_document_id uuid)
returns table (
  version_id uuid,
  bucket text,
  storage_path text,
  original_file_name text,
  mime_type text,
  size_bytes bigint
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  link_visibility text;
  version public.document_versions;
begin
  -- security definer: reads documents and writes document_downloads, which anon may not.
  select pd.visibility into link_visibility
  from public.product_documents pd
  join public.products p on p.id = pd.product_id
  join public.product_categories c on c.id = p.category_id
  join public.documents d on d.id = pd.document_id
  where pd.product_id = p_product_id
    and pd.document_id = p_document_id
    and p.status = 'published'
    and c.published
    and d.audience = 'all_clients'
    and d.current_version_id is not null;
  if link_visibility is null
     or (link_visibility = 'clients'
         and not ((select private.is_active_client()) or (select private.is_verified_admin()))) then
    raise exception 'No such document.' using errcode = 'PT404';
  end if;

  -- A caller the document centre lets read this document: recorded with its account, as always.
  if (select auth.uid()) is not null and private.can_read_document(p_document_id) then
    return query select * from private.request_document_download(p_document_id);
    return;
  end if;

  -- Anyone else downloads a public document: recorded without an account.
  select v.* into version
  from public.documents d join public.document_versions v on v.id = d.current_version_id
  where d.id = p_document_id;
  insert into public.document_downloads (document_id, version_id, user_id, user_email, company_id, storage_path)
  values (p_document_id, version.id, null, '', null, version.storage_path);
  return query select version.id, 'documents'::text, version.storage_path, version.original_file_name,
                      version.mime_type, version.size_bytes;
end;
$$;

revoke execute on function private.catalogue_documents() from public;
revoke execute on function private.request_product_document(uuid, uuid) from public;
grant execute on function private.catalogue_documents() to anon, authenticated, service_role;
grant execute on function private.request_product_document(uuid, uuid) to anon, authenticated, service_role;

-- The RPCs. Security invoker: they only call the checked functions above.
create or replace function public.catalogue_documents()
returns table (
  product_id uuid,
  document_id uuid,
  visibility text,
  sort_order integer,
  title_en text,
  title_fr text,
  category text,
  file_language text,
  size_bytes bigint,
  mime_type text,
  file_name text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.catalogue_documents();
$$;

create or replace function public.request_product_document(p_product_id uuid, p_document_id uuid)
returns table (
  version_id uuid,
  bucket text,
  storage_path text,
  original_file_name text,
  mime_type text,
  size_bytes bigint
)
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.request_product_document(p_product_id, p_document_id);
$$;

comment on function public.catalogue_documents() is
  'The documents linked to published products that the caller may see: public links for everyone, clients-only '
  'links too for active clients and staff; with their titles and the current file''s size, type and name.';
comment on function public.request_product_document(uuid, uuid) is
  'Records a download of a document linked to a published product (public link: anyone; clients-only link: active '
  'clients and staff) and returns where its file is; the document-link Edge Function signs a 60-second link.';

revoke execute on function public.catalogue_documents() from public;
revoke execute on function public.request_product_document(uuid, uuid) from public;
grant execute on function public.catalogue_documents() to anon, authenticated, service_role;
grant execute on function public.request_product_document(uuid, uuid) to anon, authenticated, service_role;
