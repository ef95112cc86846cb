-- Pictures of products: Storage bucket `product-images`
-- (docs/decisions/190-catalogue-in-the-database.md).
--
-- The bucket is public, like `content-images`: every object is served at
-- /storage/v1/object/public/product-images/<name> to anyone, which is what
-- the public catalogue needs. Only staff (admin at aal2) list the bucket
-- through the API (Storage also needs that to replace a file), upload,
-- replace and remove; an admin at aal1 does none of it. Objects are named
-- {product_id}/{file name} (product_images.storage_path holds the name), or
-- categories/{file name} for a category's picture.
-- At most 5 MB an image, and only raster types browsers show natively: no
-- SVG, which can carry scripts.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('product-images', 'product-images', true, 5242880,
        array['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "product-images bucket: verified admins list"
  on storage.objects for select to authenticated
  using (bucket_id = 'product-images' and (select private.is_verified_admin()));

create policy "product-images bucket: verified admins upload"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'product-images' and (select private.is_verified_admin()));

create policy "product-images bucket: verified admins replace"
  on storage.objects for update to authenticated
  using (bucket_id = 'product-images' and (select private.is_verified_admin()))
  with check (bucket_id = 'product-images' and (select private.is_verified_admin()));

create policy "product-images bucket: verified admins remove"
  on storage.objects for delete to authenticated
  using (bucket_id = 'product-images' and (select private.is_verified_admin()));
