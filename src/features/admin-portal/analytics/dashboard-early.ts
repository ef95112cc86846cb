/**
 * The admin dashboard's figures without supabase-js: the query's key and the
 * same read made with a stored session's token, which the boot script starts
 * before the application has loaded (src/app/early-start.ts,
 * docs/decisions/206-signed-in-pages-start-their-data-with-the-page.md).
 */
import { restRpc } from '@/lib/supabase/rest';
import type { DashboardSummary } from './analytics-api';

/** analyticsQueries.dashboard()'s key (under analyticsQueries.all()). */
export const DASHBOARD_KEY = ['admin', 'analytics', 'dashboard'] as const;

export function fetchDashboardWithToken(accessToken: string): Promise<DashboardSummary> {
  return restRpc<DashboardSummary>('admin_dashboard', {}, { accessToken });
}
