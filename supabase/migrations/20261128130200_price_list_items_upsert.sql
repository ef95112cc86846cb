-- Staff price a product on a list with one upsert (insert, or change the price
-- when the product is already on the list). PostgREST's upsert names every
-- column it was sent in its ON CONFLICT DO UPDATE, so the key columns need the
-- update privilege too; the policies still let only verified admins write.
grant update (price_list_id, product_id) on table public.price_list_items to authenticated;
