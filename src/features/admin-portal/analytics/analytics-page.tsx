/**
 * Analytics (docs/decisions/131-dashboard-and-analytics-from-rollups.md):
 * views and visitors per day, top pages, languages, referrer hosts, devices,
 * pages not found (404s, never among the top pages), orders per week,
 * leads per week by form and outcome, and the funnel visit → form seen →
 * lead sent, over 7, 30 or 90 days or a chosen range. Each chart has its data
 * table; everything shown can be downloaded as CSV.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Input } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { analyticsQueries, type AnalyticsReport, type Count, type LeadOutcome } from './analytics-api';
import { formatDay, formatInteger, formatPercent } from './analytics-format';
import { daysBetween, MAX_DAYS, PRESETS, rangeFromParams, utcDay } from './analytics-range';
import { datedFileName, downloadCsv, toCsv } from '@/features/admin-portal/shared/csv';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { DailyChart } from './daily-chart';

const OUTCOMES: LeadOutcome[] = ['sent', 'failed', 'spam', 'pending'];
const FORM_LABEL = { contact: 'Contact', b2b_request: 'B2B request' } as const;
const DEVICE_LABEL: Record<string, string> = { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' };
const LANGUAGE_LABEL: Record<string, string> = { en: 'English', fr: 'French' };

type WeekRow = { week: string; form: 'contact' | 'b2b_request' } & Record<LeadOutcome, number>;

export function leadWeeks(report: AnalyticsReport): WeekRow[] {
  const rows = new Map<string, WeekRow>();
  for (const entry of report.leads_by_week) {
    const key = `${entry.week} ${entry.form}`;
    const row = rows.get(key) ?? { week: entry.week, form: entry.form, sent: 0, failed: 0, spam: 0, pending: 0 };
    row[entry.outcome] += entry.leads;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** Everything the page shows, one table: section, item, then its figures. */
export function reportCsv(report: AnalyticsReport): string {
  const rows: (string | number)[][] = [
    ['Section', 'Item', 'Views', 'Visitors', 'Sent', 'Failed', 'Spam', 'Pending', 'Orders cancelled', 'Order value'],
  ];
  for (const d of report.days) rows.push(['Day', d.day, d.views, d.visitors]);
  const counts: [string, Count[]][] = [
    ['Page', report.pages],
    ['Language', report.languages],
    ['Referrer', report.referrers],
    ['Device', report.devices],
  ];
  for (const [section, list] of counts) for (const c of list) rows.push([section, c.value, c.views, c.visitors]);
  for (const w of leadWeeks(report)) {
    rows.push([`Leads week of ${w.week}`, FORM_LABEL[w.form], '', '', w.sent, w.failed, w.spam, w.pending]);
  }
  for (const c of report.not_found?.pages ?? []) rows.push(['Page not found (404)', c.value, c.views, c.visitors]);
  for (const w of report.orders_by_week ?? []) {
    rows.push([`Orders week of ${w.week}`, w.currency, '', '', w.orders, '', '', '', w.cancelled, w.value]);
  }
  rows.push(['Funnel', 'Visitors', '', report.funnel.visitors]);
  rows.push(['Funnel', 'Saw a lead form', '', report.funnel.form_visitors]);
  rows.push(['Funnel', 'Sent a lead (not spam)', '', report.funnel.leads]);
  return toCsv(rows);
}

/**
 * Orders per week as bars (one per week and currency, the count beside it)
 * and the same figures as a table; cancelled orders are counted apart and
 * their value left out.
 */
function OrdersPerWeek({ weeks }: { weeks: NonNullable<AnalyticsReport['orders_by_week']> }) {
  if (weeks.length === 0) return <p className="text-sm text-ink-muted">No orders in this range.</p>;
  const max = Math.max(1, ...weeks.map((w) => w.orders));
  const money = (value: number, currency: string) =>
    new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(value);
  return (
    <ScrollRegion label="Orders per week">
      <table className="w-full text-left text-sm" data-testid="orders-per-week">
        <caption className="sr-only">Orders per week and currency</caption>
        <thead className="text-ink-muted">
          <tr>
            <th scope="col" className={th}>
              Week of
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Orders
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Value
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Cancelled
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">
          {weeks.map((w) => (
            <tr key={`${w.week}-${w.currency}`} data-testid="orders-week">
              <th scope="row" className={cn(td, 'font-normal')}>
                <time dateTime={w.week}>{formatDay(w.week)}</time> <span className="text-ink-muted">{w.currency}</span>
                <span aria-hidden="true" className="mt-1 block h-1.5 rounded bg-brand-100">
                  <span className="block h-1.5 rounded bg-brand-600" style={{ width: `${(w.orders / max) * 100}%` }} />
                </span>
              </th>
              <td className={cn(td, 'text-right tabular-nums')}>{formatInteger(w.orders)}</td>
              <td className={cn(td, 'text-right tabular-nums')}>
                {money(w.value, w.currency)} {w.currency}
              </td>
              <td className={cn(td, 'text-right tabular-nums')}>{formatInteger(w.cancelled)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const th = 'px-2 py-2 font-medium';
const td = 'px-2 py-2';

/** The header row of a table of views and visitors by `label`. */
function ViewsTableHead({ label }: { label: string }) {
  return (
    <thead className="text-ink-muted">
      <tr>
        <th scope="col" className={th}>
          {label}
        </th>
        <th scope="col" className={cn(th, 'text-right')}>
          Views
        </th>
        <th scope="col" className={cn(th, 'text-right')}>
          Visitors
        </th>
      </tr>
    </thead>
  );
}

/** A ranked list as a table; the bar in each row is decoration (the figure is beside it). */
function CountTable({
  caption,
  label,
  rows,
  format = (v) => v,
  testId,
  empty = 'No views in this range.',
}: {
  caption: string;
  label: string;
  rows: Count[];
  format?: (value: string) => string;
  testId?: string;
  empty?: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-ink-muted">{empty}</p>;
  const max = Math.max(...rows.map((r) => r.views));
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ViewsTableHead label={label} />
        <tbody className="divide-y divide-sand-200">
          {rows.map((row) => (
            <tr key={row.value} data-testid={testId}>
              <th scope="row" className={cn(td, 'font-normal break-all')}>
                {format(row.value)}
                <span aria-hidden="true" className="mt-1 block h-1.5 rounded bg-brand-100">
                  <span className="block h-1.5 rounded bg-brand-600" style={{ width: `${(row.views / max) * 100}%` }} />
                </span>
              </th>
              <td className={cn(td, 'text-right tabular-nums')}>{formatInteger(row.views)}</td>
              <td className={cn(td, 'text-right tabular-nums')}>{formatInteger(row.visitors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function RangeForm({ from, to }: { from: string; to: string }) {
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState({ from, to });
  const [error, setError] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const today = utcDay(new Date());
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to || draft.from > draft.to) {
      setError('Choose a start date on or before the end date.');
      return;
    }
    if (daysBetween(draft.from, draft.to) > MAX_DAYS) {
      setError('Choose at most two years.');
      return;
    }
    setError(null);
    setParams({ from: draft.from, to: draft.to });
  };
  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-3" aria-label="Custom range">
      <div>
        <label htmlFor={fromId} className="block text-sm font-medium text-ink">
          From
        </label>
        <Input
          id={fromId}
          type="date"
          max={today}
          value={draft.from}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={toId} className="block text-sm font-medium text-ink">
          To
        </label>
        <Input
          id={toId}
          type="date"
          max={today}
          value={draft.to}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </div>
      <Button type="submit" variant="secondary">
        Show range
      </Button>
      {error ? (
        <p id={errorId} role="alert" className="w-full text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function AnalyticsPage() {
  const [params] = useSearchParams();
  const range = rangeFromParams(params);
  const report = useQuery(analyticsQueries.report(range.from, range.to));
  const data = report.data;
  const weeks = data ? leadWeeks(data) : [];
  const funnel = data?.funnel;
  const share = (n: number) => (funnel && funnel.visitors > 0 ? formatPercent(n / funnel.visitors) : '–');

  return (
    <AdminPageShell
      actions={
        <Button
          type="button"
          variant="secondary"
          disabled={!data}
          onClick={() => data && downloadCsv(reportCsv(data), datedFileName(`analytics-${range.from}-to-${range.to}`))}
        >
          Download CSV
        </Button>
      }
    >
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <nav aria-label="Date range" className="flex flex-wrap gap-2">
          {PRESETS.map((days) => (
            <Link
              key={days}
              to={`${paths.adminPortal('analytics')}?days=${days}`}
              aria-current={range.preset === days ? 'page' : undefined}
              className={cn(buttonVariants({ variant: range.preset === days ? 'primary' : 'secondary', size: 'md' }))}
            >
              {days} days
            </Link>
          ))}
        </nav>
        <RangeForm key={`${range.from}-${range.to}`} from={range.from} to={range.to} />
      </div>
      <p className="mb-4 text-sm text-ink-muted" data-testid="analytics-range">
        {formatDay(range.from)} to {formatDay(range.to)} (UTC days). Visitors are counted per day: the key that tells
        them apart changes every day.
      </p>
      {report.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading analytics…
        </p>
      ) : null}
      {report.error ? (
        <p role="alert" className="text-danger">
          Analytics could not be loaded: {report.error.message}
        </p>
      ) : null}
      {data && funnel ? (
        <div className="grid gap-6">
          <Section title="Views and visitors per day">
            <DailyChart days={data.days} />
            <details className="mt-4">
              <summary className="cursor-pointer text-sm font-medium text-brand-800">Data table</summary>
              <div className="mt-2 max-h-96 overflow-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Views and visitors per day</caption>
                  <ViewsTableHead label="Day" />
                  <tbody className="divide-y divide-sand-200">
                    {data.days.map((d) => (
                      <tr key={d.day}>
                        <th scope="row" className={cn(td, 'font-normal')}>
                          <time dateTime={d.day}>{formatDay(d.day)}</time>
                        </th>
                        <td className={cn(td, 'text-right tabular-nums')}>{formatInteger(d.views)}</td>
                        <td className={cn(td, 'text-right tabular-nums')}>{formatInteger(d.visitors)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </Section>
          <Section title="Funnel" description="Visitors, those who saw a lead form, and leads sent (not spam).">
            <ol className="grid gap-3">
              {[
                { label: 'Visited', n: funnel.visitors },
                { label: 'Saw a contact or B2B form', n: funnel.form_visitors },
                { label: 'Sent a lead', n: funnel.leads },
              ].map((step) => (
                <li key={step.label} className="text-sm" data-testid="funnel-step">
                  <span className="flex justify-between gap-3">
                    <span>{step.label}</span>
                    <span className="tabular-nums">
                      {formatInteger(step.n)} ({share(step.n)})
                    </span>
                  </span>
                  <span aria-hidden="true" className="mt-1 block h-2 rounded bg-brand-100">
                    <span
                      className="block h-2 rounded bg-brand-600"
                      style={{ width: `${funnel.visitors > 0 ? Math.min(100, (step.n / funnel.visitors) * 100) : 0}%` }}
                    />
                  </span>
                </li>
              ))}
            </ol>
          </Section>
          <div className="grid gap-6 lg:grid-cols-2">
            <Section title="Top pages">
              <CountTable caption="Top pages" label="Page" rows={data.pages} testId="page-row" />
            </Section>
            <Section
              title="Pages not found (404)"
              description={`${formatInteger(data.not_found?.views ?? 0)} views of pages that do not exist; they are not counted among the views or the top pages.`}
            >
              <CountTable
                caption="Pages not found"
                label="Path"
                rows={data.not_found?.pages ?? []}
                testId="not-found-row"
                empty="No page answered 404 in this range."
              />
            </Section>
            <Section title="Referrer hosts" description="Other sites visitors came from.">
              <CountTable caption="Referrer hosts" label="Host" rows={data.referrers} />
            </Section>
            <Section title="Languages">
              <CountTable
                caption="Languages"
                label="Language"
                rows={data.languages}
                format={(v) => LANGUAGE_LABEL[v] ?? v}
              />
            </Section>
            <Section title="Devices" description="By screen width: phone, tablet or desktop.">
              <CountTable caption="Devices" label="Device" rows={data.devices} format={(v) => DEVICE_LABEL[v] ?? v} />
            </Section>
          </div>
          <Section
            title="Orders per week"
            description="Client orders submitted each week (UTC, weeks start on Monday), by currency; cancelled orders apart."
          >
            <OrdersPerWeek weeks={data.orders_by_week ?? []} />
          </Section>
          <Section title="Leads per week" description="By form and outcome (weeks start on Monday).">
            {weeks.length === 0 ? (
              <p className="text-sm text-ink-muted">No leads in this range.</p>
            ) : (
              <ScrollRegion label="Leads per week by form and outcome">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Leads per week by form and outcome</caption>
                  <thead className="text-ink-muted">
                    <tr>
                      <th scope="col" className={th}>
                        Week of
                      </th>
                      <th scope="col" className={th}>
                        Form
                      </th>
                      {OUTCOMES.map((o) => (
                        <th key={o} scope="col" className={cn(th, 'text-right capitalize')}>
                          {o}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-sand-200">
                    {weeks.map((w) => (
                      <tr key={`${w.week}-${w.form}`}>
                        <th scope="row" className={cn(td, 'font-normal')}>
                          <time dateTime={w.week}>{formatDay(w.week)}</time>
                        </th>
                        <td className={td}>{FORM_LABEL[w.form]}</td>
                        {OUTCOMES.map((o) => (
                          <td key={o} className={cn(td, 'text-right tabular-nums')}>
                            {formatInteger(w[o])}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </Section>
        </div>
      ) : null}
    </AdminPageShell>
  );
}

function AdminPageShell({ actions, children }: { actions: ReactNode; children: ReactNode }) {
  return (
    <AdminPage
      section="analytics"
      title="Analytics"
      description="Traffic and conversion, counted without cookies or personal data."
      actions={actions}
    >
      {children}
    </AdminPage>
  );
}
