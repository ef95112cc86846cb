-- Who created and last changed an item (staff accounts' ids) is not for the
-- public, nor for signed-in clients: anon and authenticated read the content
-- columns of content_items only. Staff see who did what through
-- content_versions and content_audit, which only verified admins read.
-- Row-level security is unchanged; writes still go through the staff
-- functions only.
revoke select on table public.content_items from anon, authenticated;
grant select (
  id, kind, status, publish_at, featured, category, image_path, image_width, image_height, author_name,
  created_at, updated_at
) on table public.content_items to anon, authenticated;
