-- Clients no longer read the `documents` bucket themselves; the server hands
-- them a link (docs/decisions/184-document-links-made-by-the-server.md).
--
-- Until now a client could read a document's file for five minutes after
-- recording a download, and could sign a link to it under that policy. Storage
-- accepts any expiry for a signed link, so one recorded download could become
-- a link that works for years, still works after staff revoke the client,
-- keeps serving a replaced version and is never logged again. No policy can
-- bound the expiry, so clients lose the read itself: the `document-link` Edge
-- Function records the download as the client (request_document_download,
-- which checks the client may read the document) and signs a 60-second link
-- with the service role, one link per recorded download.
--
-- Staff (admin at aal2) keep reading every object: the admin portal previews
-- and downloads files, and replacing or removing one needs the read as well
-- (the read policy applies to the rows an update or delete finds). Writes are
-- unchanged.

drop policy if exists "documents bucket: staff, or clients just after a download, read" on storage.objects;

create policy "documents bucket: staff read"
  on storage.objects for select to authenticated
  using (bucket_id = 'documents' and (select private.is_verified_admin()));

-- Nothing uses these any more: they opened the bucket to a client for five
-- minutes after a recorded download.
drop function if exists private.can_read_document_object(text);
drop function if exists private.document_download_window();

comment on function public.request_document_download(uuid) is
  'Records a download of a document''s current version by the caller (who must be able to read the document) and '
  'returns where its file is. Clients cannot read the file themselves: the document-link Edge Function calls this '
  'as the client, then signs a 60-second link with the service role.';
