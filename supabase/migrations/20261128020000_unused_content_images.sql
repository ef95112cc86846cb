-- Content images nothing uses any more (docs/decisions/181-unused-content-images-removed.md).
--
-- An image in the public `content-images` bucket stays reachable by its
-- address for as long as the object exists, so an image staff replaced, or
-- whose item they deleted, must leave the bucket once nothing can show it
-- again: no item and no kept version (restorable) names it. Objects less
-- than a day old are left alone: an editor may have uploaded one and not
-- saved yet. Storage objects are removed through the Storage API (the
-- database may not delete them), so this function only names them; the
-- admin portal removes what it names with the staff member's own rights.

create or replace function private.unused_content_images()
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_content_staff();
  -- At most 100 at a time: the next call names the rest.
  return coalesce((
    select array_agg(unused.name order by unused.name)
    from (
      select o.name
      from storage.objects o
      where o.bucket_id = 'content-images'
        and o.created_at < now() - interval '1 day'
        and not exists (select 1 from public.content_items i where i.image_path = o.name)
        and not exists (
          select 1 from public.content_versions v where v.snapshot -> 'item' ->> 'image_path' = o.name)
      order by o.name
      limit 100
    ) unused), '{}');
end;
$$;

create or replace function public.unused_content_images()
returns text[]
language sql
stable
security invoker
set search_path = ''
as $$
  select private.unused_content_images();
$$;

comment on function public.unused_content_images() is
  'Deliberate public RPC (docs/decisions/181-unused-content-images-removed.md): names of content-images objects older than a day that no item or kept version uses; verified admins only.';

revoke execute on function private.unused_content_images(), public.unused_content_images() from public, anon;
grant execute on function private.unused_content_images(), public.unused_content_images() to authenticated, service_role;
