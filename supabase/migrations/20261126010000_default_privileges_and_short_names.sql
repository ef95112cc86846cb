-- New functions are executable by nobody until a migration grants it, and no
-- identifier is longer than PostgreSQL keeps
-- (docs/decisions/123-staff-reads-need-aal2-functions-closed-by-default.md).
--
-- Why: the first migration's `alter default privileges in schema public
-- revoke execute on functions from public` changed nothing. Without
-- `for role`, it applies to objects created by the role running it, but a
-- per-schema entry can only ADD to the global defaults, and PostgreSQL's
-- global default grants EXECUTE to PUBLIC; on top of that, Supabase itself
-- grants EXECUTE on every new function in `public` to anon, authenticated
-- and service_role through `alter default privileges for role postgres in
-- schema public grant all on functions ...`. So any function a later
-- migration forgot to revoke was callable by anyone through /rest/v1/rpc.
--
-- Now, for functions created by `postgres` (the role migrations run as on
-- hosted Supabase and locally):
-- * the global default no longer grants EXECUTE to PUBLIC (a global entry,
--   without `in schema`, is the only kind that can remove it);
-- * in `public` and `private`, Supabase's per-schema grants to anon and
--   authenticated are withdrawn; service_role keeps them (it bypasses RLS
--   anyway and the operator's tools use it).
-- Every function added from here on states its grants explicitly. Functions
-- that already exist keep the privileges their migrations gave them.

alter default privileges for role postgres revoke execute on functions from public;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated;
alter default privileges for role postgres in schema private revoke execute on functions from anon, authenticated;

-- PostgreSQL keeps 63 bytes of an identifier and silently cuts the rest; two
-- policy names had lost their end. Their migrations now create them with
-- names that fit; a database that ran the earlier text has the cut names,
-- renamed here (same rules). tests/backend/schema-lint.test.ts refuses any
-- longer identifier in a migration.
do $$
begin
  if exists (
    select 1 from pg_policies
    where schemaname = 'public' and tablename = 'access_requests'
      and policyname = 'access_requests: requester reads own row, verified admins read '
  ) then
    alter policy "access_requests: requester reads own row, verified admins read "
      on public.access_requests
      rename to "access_requests: own row, or all for verified admins";
  end if;
  if exists (
    select 1 from pg_policies
    where schemaname = 'storage' and tablename = 'objects'
      and policyname = 'documents bucket: staff, and clients right after recording a do'
  ) then
    alter policy "documents bucket: staff, and clients right after recording a do"
      on storage.objects
      rename to "documents bucket: staff, or clients just after a download, read";
  end if;
end;
$$;
