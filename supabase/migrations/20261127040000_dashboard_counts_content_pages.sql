-- The dashboard's "Content Pages" figure counts the news items and blog posts
-- staff publish (docs/decisions/174-dashboard-content-pages.md): each language
-- of a public item is one page. Replaces public.admin_dashboard() of
-- 20261126060100 with the same checks, adding `content_pages`.

create or replace function public.admin_dashboard()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not (select private.is_verified_admin()) then
    raise exception 'Only staff who passed their second factor read the dashboard.' using errcode = '42501';
  end if;
  return private.dashboard_summary(now())
    || jsonb_build_object('activity', private.recent_activity(10))
    || jsonb_build_object(
      'content_pages',
      jsonb_build_object(
        'published', (
          select count(*)
          from public.content_translations t
          join public.content_items i on i.id = t.item_id
          where i.status = 'published' and i.publish_at <= now()
        ),
        'scheduled', (
          select count(*)
          from public.content_translations t
          join public.content_items i on i.id = t.item_id
          where i.status = 'scheduled'
        ),
        'drafts', (
          select count(*)
          from public.content_translations t
          join public.content_items i on i.id = t.item_id
          where i.status = 'draft'
        )
      )
    );
end;
$$;

comment on function public.admin_dashboard() is
  'Deliberate public RPC (docs/decisions/131-dashboard-and-analytics-from-rollups.md, 174-dashboard-content-pages.md): the dashboard''s figures (now and the previous 30 days), its recent activity and the published content pages; verified admins only.';

revoke execute on function public.admin_dashboard() from public, anon;
grant execute on function public.admin_dashboard() to authenticated, service_role;
