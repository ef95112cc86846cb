/**
 * The dashboard's figures and the Analytics report, from the aal2-only RPCs
 * of 20261126060100_admin_dashboard_and_analytics.sql
 * (docs/decisions/131-dashboard-and-analytics-from-rollups.md).
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import { unwrap } from '@/lib/supabase/errors';
import { takeEarly } from '@/lib/early/early-queries';
import { DASHBOARD_KEY } from './dashboard-early';
import type { AdminSection } from '@/config/paths';

/** A figure now and over the previous 30 days; `previous` null when there is no earlier data. */
export type Compared = { value: number; previous: number | null };

export type Activity = {
  at: string;
  kind: 'flag' | 'access_request' | 'account' | 'lead' | 'publish' | 'portal' | 'order';
  what: string;
  who: string;
  section: AdminSection;
  /** A company's id (or an order's, for an order event) when the entry is about one (its page), else null. */
  subject: string | null;
};

export type DashboardSummary = {
  at: string;
  users: Compared;
  active_companies: Compared;
  flags: { on: number; total: number; previous_on: number | null; previous_total: number | null };
  views: Compared;
  visitors: Compared;
  leads: Compared;
  activity: Activity[];
  /** Pages of news items and blog posts, each language counted (absent from a backend before it counted them). */
  content_pages?: { published: number; scheduled: number; drafts: number };
  /** Orders submitted this month (UTC) and not cancelled, per currency, and the open ones (absent from a backend before orders). */
  orders?: {
    month_start: string;
    this_month: { currency: string; count: number; value: number }[];
    open: number;
    awaiting_confirmation: number;
  };
};

export type Count = { value: string; views: number; visitors: number };
export type LeadOutcome = 'sent' | 'failed' | 'spam' | 'pending';

export type AnalyticsReport = {
  from: string;
  to: string;
  today: string;
  days: { day: string; views: number; visitors: number }[];
  pages: Count[];
  languages: Count[];
  referrers: Count[];
  devices: Count[];
  leads_by_week: { week: string; form: 'contact' | 'b2b_request'; outcome: LeadOutcome; leads: number }[];
  /** Orders submitted per week and currency (cancelled ones apart); absent from a backend before orders. */
  orders_by_week?: { week: string; currency: string; orders: number; cancelled: number; value: number }[];
  /** Pages that answered 404: never among the top pages. */
  not_found?: { views: number; pages: Count[] };
  funnel: { visitors: number; form_visitors: number; leads: number };
};

export async function fetchDashboard(): Promise<DashboardSummary> {
  return unwrap(await supabase.rpc('admin_dashboard')) as unknown as DashboardSummary;
}

export async function fetchAnalytics(from: string, to: string): Promise<AnalyticsReport> {
  return unwrap(await supabase.rpc('admin_analytics', { from_day: from, to_day: to })) as unknown as AnalyticsReport;
}

export const analyticsQueries = {
  all: () => ['admin', 'analytics'] as const,
  dashboard: () =>
    queryOptions({
      queryKey: DASHBOARD_KEY,
      queryFn: () => takeEarly(DASHBOARD_KEY, fetchDashboard),
      staleTime: 0,
    }),
  report: (from: string, to: string) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'report', from, to] as const,
      queryFn: () => fetchAnalytics(from, to),
      staleTime: 0,
    }),
};
