import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from '@tests/support/fake-supabase';
import { flagList } from '@tests/support/render';
import { renderPortal } from '@tests/support/render-portal';
import type { AnalyticsReport, DashboardSummary } from '@/features/admin-portal/analytics/analytics-api';
import { reportCsv } from '@/features/admin-portal/analytics/analytics-page';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

configure({ asyncUtilTimeout: 5000 });

const summary: DashboardSummary = {
  at: '2026-11-26T12:00:00Z',
  users: { value: 1240, previous: 1200 },
  active_companies: { value: 7, previous: null },
  flags: { on: 12, total: 18, previous_on: 11, previous_total: 18 },
  views: { value: 15000, previous: 12000 },
  visitors: { value: 4000, previous: 5000 },
  leads: { value: 80, previous: 50 },
  content_pages: { published: 17, scheduled: 2, drafts: 3 },
  activity: [
    {
      at: '2026-11-26T11:00:00Z',
      kind: 'flag',
      what: 'Feature flag "insights" turned on',
      who: 'admin@example.com',
      section: 'feature-flags',
      subject: null,
    },
    {
      at: '2026-11-26T10:00:00Z',
      kind: 'portal',
      what: 'Company Created',
      who: 'Alex Staff',
      section: 'companies',
      subject: '33333333-3333-4333-8333-333333333333',
    },
  ],
};

const report: AnalyticsReport = {
  from: '2026-11-20',
  to: '2026-11-26',
  today: '2026-11-26',
  days: [
    { day: '2026-11-25', views: 1200, visitors: 300 },
    { day: '2026-11-26', views: 34, visitors: 20 },
  ],
  pages: [
    { value: '/', views: 1000, visitors: 250 },
    { value: '/fr/contact', views: 234, visitors: 70 },
  ],
  languages: [{ value: 'en', views: 1000, visitors: 250 }],
  referrers: [{ value: 'www.google.ca', views: 12, visitors: 10 }],
  devices: [{ value: 'phone', views: 700, visitors: 200 }],
  leads_by_week: [
    { week: '2026-11-23', form: 'contact', outcome: 'sent', leads: 3 },
    { week: '2026-11-23', form: 'contact', outcome: 'spam', leads: 1 },
  ],
  funnel: { visitors: 320, form_visitors: 40, leads: 4 },
};

function respond(call: FakeCall): FakeResponse {
  if (call.rpc === 'admin_dashboard') return { data: summary, error: null };
  if (call.rpc === 'admin_analytics') return { data: report, error: null };
  return { data: flagList(), error: null };
}

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = respond;
});

describe('Dashboard', () => {
  it('shows the six figures of the known state, each with its change against the previous 30 days', async () => {
    renderPortal('/admin-portal/dashboard');
    const cards = await screen.findAllByTestId('stat');
    const text = cards.map((card) => card.textContent);
    expect(text[0]).toContain('Total Users1,240');
    expect(text[0]).toContain('+40 (+3.3%) vs 30 days ago');
    expect(text[1]).toContain('Active Companies7');
    expect(text[1]).toContain('No earlier data');
    expect(text[2]).toContain('Feature Flags12 / 18');
    expect(text[2]).toContain('+1 on (+9.1%) vs 30 days ago');
    expect(text[3]).toContain('Content Pages17');
    expect(text[3]).toContain('2 scheduled · 3 in draft');
    expect(text[4]).toContain('Monthly Views15,000');
    expect(text[4]).toContain('+25% vs previous 30 days');
    // 80 leads / 4,000 visitors = 2%; before 50 / 5,000 = 1%.
    expect(text[5]).toContain('Conversion Rate2%');
    expect(text[5]).toContain('+1 pts vs previous 30 days');
  });

  it('lists the recent activity with who and when, each linking to its page', async () => {
    renderPortal('/admin-portal/dashboard');
    const items = await screen.findAllByTestId('activity');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Feature flag "insights" turned on' })).toHaveAttribute(
      'href',
      '/admin-portal/feature-flags',
    );
    expect(items[0]).toHaveTextContent('by admin@example.com');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute(
      'href',
      '/admin-portal/companies/33333333-3333-4333-8333-333333333333',
    );
    expect(fakeSupabase.state.calls.some((c) => c.rpc === 'admin_dashboard')).toBe(true);
  });
});

describe('Analytics', () => {
  it('asks for the chosen range and shows each figure in a table, en-CA formatted', async () => {
    renderPortal('/admin-portal/analytics?from=2026-11-20&to=2026-11-26');
    const rows = await screen.findAllByTestId('page-row');
    expect(rows[0]).toHaveTextContent('/1,000250');
    expect(fakeSupabase.state.calls.find((c) => c.rpc === 'admin_analytics')?.args).toEqual({
      from_day: '2026-11-20',
      to_day: '2026-11-26',
    });
    expect(screen.getByRole('img', { name: /1,234 views/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Views and visitors per day' })).toHaveTextContent('1,200');
    expect(screen.getAllByTestId('funnel-step').map((s) => s.textContent)).toEqual([
      'Visited320 (100%)',
      'Saw a contact or B2B form40 (12.5%)',
      'Sent a lead4 (1.3%)',
    ]);
    expect(screen.getByRole('table', { name: 'Leads per week by form and outcome' })).toHaveTextContent('Contact3010');
  });

  it('exports what is shown as CSV', () => {
    const csv = reportCsv(report);
    expect(csv).toContain('Day,2026-11-25,1200,300');
    expect(csv).toContain('Page,/fr/contact,234,70');
    expect(csv).toContain('Leads week of 2026-11-23,Contact,,,3,0,1,0');
    expect(csv).toContain('Funnel,Sent a lead (not spam),,4');
  });
});
