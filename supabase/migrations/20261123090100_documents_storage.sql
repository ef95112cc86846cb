-- The files of companies' documents: Storage bucket `documents` and who may
-- list, read, upload, replace and remove its objects
-- (docs/decisions/111-companies-and-documents.md).
--
-- An object's name is a version's storage_path: {document_id}/{version_id}/{file}.
-- The policies map the name to that version, its document and the caller:
--   - staff (admin at aal2) read every object, and write only objects whose
--     name is the path of a version row (the row comes first, then the file);
--   - an active client reads the file of the current version of a document it
--     may read, and only within five minutes of recording a download of that
--     version with `request_document_download`. A signed URL (createSignedUrl)
--     is issued under the same check, so asking Storage directly, without the
--     RPC, yields no file and the download log misses nothing;
--   - nobody else reads or writes anything in the bucket.
-- The bucket is private: no public URL exists for its objects.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('documents', 'documents', false, 26214400, array[
  'application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- How long a recorded download opens its file to the client who asked.
create or replace function private.document_download_window()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '5 minutes';
$$;

create or replace function private.can_read_document_object(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- security definer: reads versions, documents and the download log without
  -- their policies; the checks are written out here.
  select (select private.is_verified_admin())
      or exists (
           select 1
           from public.document_versions v
           join public.documents d on d.id = v.document_id and d.current_version_id = v.id
           where v.storage_path = object_name
             and private.can_read_document(d.id)
             and exists (
                   select 1 from public.document_downloads dl
                   where dl.user_id = (select auth.uid())
                     and dl.version_id = v.id
                     and dl.downloaded_at > now() - private.document_download_window()));
$$;

create or replace function private.can_write_document_object(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select private.is_verified_admin())
     and exists (select 1 from public.document_versions v where v.storage_path = object_name);
$$;

revoke execute on function private.document_download_window() from public;
revoke execute on function private.can_read_document_object(text) from public;
revoke execute on function private.can_write_document_object(text) from public;
grant execute on function private.document_download_window() to authenticated, service_role;
grant execute on function private.can_read_document_object(text) to authenticated, service_role;
grant execute on function private.can_write_document_object(text) to authenticated, service_role;

create policy "documents bucket: staff, or clients just after a download, read"
  on storage.objects for select to authenticated
  using (bucket_id = 'documents' and (select private.can_read_document_object(name)));

create policy "documents bucket: staff upload a version's file"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'documents' and (select private.can_write_document_object(name)));

create policy "documents bucket: staff replace a version's file"
  on storage.objects for update to authenticated
  using (bucket_id = 'documents' and (select private.is_verified_admin()))
  with check (bucket_id = 'documents' and (select private.can_write_document_object(name)));

create policy "documents bucket: staff remove"
  on storage.objects for delete to authenticated
  using (bucket_id = 'documents' and (select private.is_verified_admin()));
