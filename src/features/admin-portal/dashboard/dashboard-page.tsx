import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ArrowRightIcon } from '@/components/icons/arrow-right';
import { BarChartIcon } from '@/components/icons/bar-chart';
import { BuildingIcon } from '@/components/icons/building';
import { ClipboardIcon } from '@/components/icons/clipboard';
import { DashboardIcon } from '@/components/icons/dashboard';
import { DocumentIcon } from '@/components/icons/document';
import { FlagIcon } from '@/components/icons/flag';
import { UsersIcon } from '@/components/icons/users';
import type { IconComponent } from '@/components/icons/icon';
import { paths } from '@/config/paths';
import { sectionsFor } from '@/features/admin-portal/layout/admin-sections';
import { useSession } from '@/lib/session/session-context';
import type { AppRole } from '@/lib/supabase/database-aliases';
import {
  analyticsQueries,
  type Activity,
  type DashboardSummary,
} from '@/features/admin-portal/analytics/analytics-api';
import {
  conversion,
  countChange,
  formatDateTime,
  formatInteger,
  formatPercent,
  NO_EARLIER_DATA,
  periodChange,
  rateChange,
  type Change,
} from '@/features/admin-portal/analytics/analytics-format';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';

/** The quick actions of the sections `role` opens. */
function quickActionsFor(role: AppRole | null) {
  return sectionsFor(role).flatMap((row) => (row.quickAction ? [{ section: row.slug, label: row.quickAction }] : []));
}

type Stat = { label: string; value: string; change: Change; icon: IconComponent; note?: string };

/** "3 · $1,234.50 CAD" per currency, or "0" when no order this month. */
function monthOrders(orders: NonNullable<DashboardSummary['orders']>): string {
  if (orders.this_month.length === 0) return '0';
  return orders.this_month
    .map(
      (row) =>
        `${formatInteger(row.count)} · ${new Intl.NumberFormat('en-CA', { style: 'currency', currency: row.currency, currencyDisplay: 'narrowSymbol' }).format(row.value)} ${row.currency}`,
    )
    .join(' | ');
}

export function dashboardStats(summary: DashboardSummary): Stat[] {
  const { users, active_companies: companies, flags, views, visitors, leads, content_pages: content, orders } = summary;
  const rate = conversion(leads.value, visitors.value);
  const previousRate =
    leads.previous === null || visitors.previous === null ? null : conversion(leads.previous, visitors.previous);
  return [
    {
      label: 'Total Users',
      value: formatInteger(users.value),
      change: countChange(users.value, users.previous),
      icon: UsersIcon,
    },
    {
      label: 'Active Companies',
      value: formatInteger(companies.value),
      change: countChange(companies.value, companies.previous),
      icon: BuildingIcon,
      note: 'A client signed in within 30 days.',
    },
    {
      label: 'Feature Flags',
      value: `${formatInteger(flags.on)} / ${formatInteger(flags.total)}`,
      change: countChange(flags.on, flags.previous_on, ' on'),
      icon: FlagIcon,
      note: 'On / all flags.',
    },
    {
      label: 'Content Pages',
      value: content ? formatInteger(content.published) : '–',
      change: content
        ? {
            text: `${formatInteger(content.scheduled)} scheduled · ${formatInteger(content.drafts)} in draft`,
            tone: 'none',
          }
        : { text: NO_EARLIER_DATA, tone: 'none' },
      icon: DocumentIcon,
      note: 'Published news items and blog posts, each language counted.',
    },
    ...(orders
      ? [
          {
            label: 'Orders This Month',
            value: monthOrders(orders),
            change: {
              text: `${formatInteger(orders.open)} open · ${formatInteger(orders.awaiting_confirmation)} to confirm`,
              tone: 'none',
            } satisfies Change,
            icon: ClipboardIcon,
            note: 'Orders submitted since the 1st (UTC) and not cancelled: count and value per currency.',
          },
        ]
      : []),
    {
      label: 'Monthly Views',
      value: formatInteger(views.value),
      change: periodChange(views.value, views.previous),
      icon: BarChartIcon,
      note: 'Page views, last 30 days.',
    },
    {
      label: 'Conversion Rate',
      value: rate === null ? '–' : formatPercent(rate),
      change: rateChange(rate, previousRate),
      icon: DashboardIcon,
      note: 'Leads (not spam) per visitor, last 30 days.',
    },
  ];
}

const toneClass: Record<Change['tone'], string> = {
  up: 'text-success',
  down: 'text-danger',
  flat: 'text-ink-muted',
  none: 'text-ink-muted',
};

function activityLink(item: Activity): string {
  const base = paths.adminPortal(item.section);
  return (item.section === 'companies' || item.section === 'orders') && item.subject ? `${base}/${item.subject}` : base;
}

export function DashboardPage() {
  const { role } = useSession();
  // The site-wide figures and activity are an admin's; other roles see their sections.
  const isAdmin = role === 'admin';
  const quickActions = quickActionsFor(role);
  const dashboard = useQuery({ ...analyticsQueries.dashboard(), enabled: isAdmin });
  const stats = dashboard.data ? dashboardStats(dashboard.data) : [];
  const activity = dashboard.data?.activity ?? [];

  return (
    <AdminPage
      section="dashboard"
      title="Dashboard"
      description={isAdmin ? 'An overview of the site and recent activity.' : 'Your part of the admin portal.'}
    >
      {isAdmin ? <h2 className="sr-only">Key figures</h2> : null}
      {isAdmin && dashboard.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading figures…
        </p>
      ) : null}
      {dashboard.error ? (
        <p role="alert" className="text-danger">
          The figures could not be loaded: {dashboard.error.message}
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {stats.map(({ icon: StatIcon, ...stat }) => (
          <li key={stat.label} data-testid="stat">
            <Card className="h-full p-5">
              <div className="flex items-start justify-between gap-3">
                <p className="text-sm font-medium text-ink-muted">{stat.label}</p>
                <span className="text-brand-700">
                  <StatIcon />
                </span>
              </div>
              <p className="mt-2 text-3xl font-semibold text-ink" data-testid="stat-value">
                {stat.value}
              </p>
              <p className={cn('mt-1 text-sm', toneClass[stat.change.tone])}>{stat.change.text}</p>
              {stat.note ? <p className="mt-1 text-xs text-ink-muted">{stat.note}</p> : null}
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {isAdmin ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                Recent Activity
              </CardTitle>
              <CardDescription>What happened on the site lately.</CardDescription>
            </CardHeader>
            <CardContent>
              {dashboard.isSuccess && activity.length === 0 ? (
                <p className="text-sm text-ink-muted">Nothing has happened yet.</p>
              ) : null}
              <ul className="divide-y divide-sand-200">
                {activity.map((item, index) => (
                  <li
                    key={`${item.at}-${item.kind}-${index}`}
                    data-testid="activity"
                    className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
                  >
                    <span className="min-w-0 text-sm">
                      <Link
                        to={activityLink(item)}
                        className="font-medium text-brand-800 underline-offset-2 hover:underline break-words"
                      >
                        {item.what}
                      </Link>
                      <span className="block text-xs text-ink-muted break-words">by {item.who}</span>
                    </span>
                    <time dateTime={item.at} className="shrink-0 text-xs text-ink-muted">
                      {formatDateTime(item.at)}
                    </time>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : (
          <YourSections role={role} />
        )}
        {/* A role whose sections have no quick action (an editor's) gets no empty card. */}
        {quickActions.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                Quick Actions
              </CardTitle>
              <CardDescription>Jump to common tasks.</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2">
                {quickActions.map((action) => (
                  <li key={action.section}>
                    <Link
                      to={paths.adminPortal(action.section)}
                      className={cn(buttonVariants({ variant: 'secondary', size: 'md' }), 'w-full justify-between')}
                    >
                      {action.label}
                      <ArrowRightIcon className="h-4 w-4" />
                    </Link>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}
      </div>
    </AdminPage>
  );
}

/** For a role without the site-wide figures: what each of its sections is for. */
function YourSections({ role }: { role: AppRole | null }) {
  const sections = sectionsFor(role).filter((row) => row.slug !== 'dashboard');
  return (
    <Card data-testid="your-sections">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Your sections
        </CardTitle>
        <CardDescription>The parts of the portal your role works in.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-sand-200">
          {sections.map((row) => (
            <li key={row.slug} className="py-3">
              <Link
                to={paths.adminPortal(row.slug)}
                className="font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                {row.label}
              </Link>
              <p className="text-sm text-ink-muted">{row.description}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
