/**
 * Whether the live site reflects the last change: the newest row of
 * site_publishes (docs/decisions/041-publishing-on-flag-change.md), which
 * admins and editors may read. Its key sits under the flag list's, so every flag
 * write (which invalidates flagQueries.all()) reads it again.
 */
import { queryOptions } from '@tanstack/react-query';
import { flagQueries } from '@/lib/flags/flag-queries';
import type { Tables } from '@/lib/supabase/database.types';
import { supabase } from '@/lib/supabase/client';
import { unwrap } from '@/lib/supabase/errors';

export type SitePublish = Pick<
  Tables<'site_publishes'>,
  'id' | 'requested_at' | 'reason' | 'status' | 'error' | 'finished_at'
>;

/** Re-read this often while a publish is under way (a local publish takes seconds, a host's build minutes). */
export const OPEN_PUBLISH_POLL_MS = 3_000;

export async function fetchLatestPublish(): Promise<SitePublish | null> {
  return unwrap<SitePublish | null>(
    await supabase
      .from('site_publishes')
      .select('id,requested_at,reason,status,error,finished_at')
      .order('id', { ascending: false })
      .limit(1)
      .maybeSingle(),
  );
}

export function isOpen(publish: SitePublish | null | undefined): boolean {
  return publish?.status === 'pending' || publish?.status === 'publishing';
}

export const sitePublishQueries = {
  latest: () =>
    queryOptions({
      queryKey: [...flagQueries.all(), 'site-publishes', 'latest'] as const,
      queryFn: fetchLatestPublish,
      staleTime: 0,
      refetchInterval: (query) => (isOpen(query.state.data) ? OPEN_PUBLISH_POLL_MS : false),
    }),
};
