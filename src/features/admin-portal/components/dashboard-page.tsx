import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ArrowRightIcon } from '@/components/icons/arrow-right';
import { BarChartIcon } from '@/components/icons/bar-chart';
import { BuildingIcon } from '@/components/icons/building';
import { DashboardIcon } from '@/components/icons/dashboard';
import { DocumentIcon } from '@/components/icons/document';
import { FlagIcon } from '@/components/icons/flag';
import { UsersIcon } from '@/components/icons/users';
import type { IconComponent } from '@/components/icons/icon';
import { paths } from '@/config/paths';
import { adminSections } from '../admin-sections';
import { AdminPage } from './admin-page';

// Placeholder figures until real reporting exists.
const stats: { label: string; value: string; delta: string; icon: IconComponent }[] = [
  { label: 'Total Users', value: '1,234', delta: '+12%', icon: UsersIcon },
  { label: 'Active Companies', value: '89', delta: '+5%', icon: BuildingIcon },
  { label: 'Feature Flags', value: '18', delta: '+2%', icon: FlagIcon },
  { label: 'Content Pages', value: '45', delta: '+8%', icon: DocumentIcon },
  { label: 'Monthly Views', value: '12.5K', delta: '+15%', icon: BarChartIcon },
  { label: 'Conversion Rate', value: '3.2%', delta: '+0.4%', icon: DashboardIcon },
];

const recentActivity = [
  { what: 'New company registered: Aegean Fine Foods', when: '2 hours ago' },
  { what: 'Feature flag "insights" updated', when: '5 hours ago' },
  { what: 'Content page "Brand Story" edited', when: '1 day ago' },
  { what: 'New client account approved', when: '2 days ago' },
  { what: 'Monthly analytics report generated', when: '3 days ago' },
];

const quickActions = adminSections.flatMap((row) =>
  row.quickAction ? [{ section: row.slug, label: row.quickAction }] : [],
);

export function DashboardPage() {
  return (
    <AdminPage section="dashboard" title="Dashboard" description="An overview of the site and recent activity.">
      <h2 className="sr-only">Key figures</h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {stats.map(({ icon: StatIcon, ...stat }) => (
          <li key={stat.label}>
            <Card className="h-full p-5">
              <div className="flex items-start justify-between gap-3">
                <p className="text-sm font-medium text-ink-muted">{stat.label}</p>
                <span className="text-brand-700">
                  <StatIcon />
                </span>
              </div>
              <p className="mt-2 text-3xl font-semibold text-ink">{stat.value}</p>
              <p className="mt-1 text-sm text-success">{stat.delta} from last month</p>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Recent Activity
            </CardTitle>
            <CardDescription>What happened on the site lately.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-sand-200">
              {recentActivity.map((item) => (
                <li
                  key={item.what}
                  className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
                >
                  <span className="text-sm text-ink">{item.what}</span>
                  <span className="shrink-0 text-xs text-ink-muted">{item.when}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
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
      </div>
    </AdminPage>
  );
}
