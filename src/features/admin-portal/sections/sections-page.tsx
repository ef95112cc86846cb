import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { FeatureFlag } from '@/lib/flags/flag-queries';
import { FlagList, ReasonField, useFlagPanel, useStaffFlagList } from '@/lib/flags/panel/flag-panel';
import { ErrorAlert, LoadingRows, RefreshButton } from '@/lib/flags/panel/panel-states';
import { flagGroups, flagLabel, flagsInGroup, flagsToEnable, ungroupedFlags } from '@/lib/flags/registry';
import { sectionCounters } from './section-counters';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { PortalFlagPanel } from '@/features/admin-portal/flags/portal-flag-panel';

function GroupCard({
  id,
  title,
  description,
  flags,
  action,
}: {
  id: string;
  title: string;
  description: string;
  flags: readonly FeatureFlag[];
  action?: ReactNode;
}) {
  const headingId = `group-${id}`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle as="h2" id={headingId} className="text-lg">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>
        <FlagList flags={flags} />
      </CardContent>
    </Card>
  );
}

/** "Insights, Teams and Solutions" */
function listed(labels: string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** Enable All says what it will switch on before anyone presses it; switching on asks nothing. */
function EnableAllButton({ flags, label }: { flags: readonly FeatureFlag[]; label: string }) {
  const id = useId();
  const { enableAll } = useFlagPanel();
  return (
    <div className="flex shrink-0 flex-col gap-1 sm:max-w-[16rem] sm:items-end sm:text-right">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => enableAll(flags)}
        disabled={flags.length === 0}
        aria-describedby={`${id}-what`}
      >
        {label}
      </Button>
      <p id={`${id}-what`} className="text-xs text-ink-muted">
        {flags.length === 0
          ? 'Everything in this group is on.'
          : `Switches on ${listed(flags.map((flag) => flagLabel(flag.name)))}.`}
      </p>
    </div>
  );
}

function Groups({ flags }: { flags: readonly FeatureFlag[] }) {
  const others = ungroupedFlags(flags);
  return (
    <div className="space-y-6">
      <Card className="p-4">
        <ReasonField />
      </Card>
      {flagGroups.map((group) => (
        <GroupCard
          key={group.id}
          id={group.id}
          title={group.title}
          description={group.description}
          flags={flagsInGroup(flags, group.id)}
          action={<EnableAllButton flags={flagsToEnable(flags, group.id)} label={group.enableAllLabel} />}
        />
      ))}
      {others.length > 0 ? (
        <GroupCard id="other" title="Other Flags" description="Flags that belong to no group yet." flags={others} />
      ) : null}
    </div>
  );
}

/**
 * Sections & Features: counters, three groups with switches and Enable All,
 * and a reason for the next change (docs/decisions/033-safe-flag-toggles.md).
 */
export function SectionsPage() {
  const query = useStaffFlagList();
  const flags = query.data;
  const counters = flags ? sectionCounters(flags) : null;

  return (
    <AdminPage
      section="sections"
      title="Sections & Features"
      description="Show or hide site sections and features. Changes apply to the public site at once."
      actions={<RefreshButton onClick={() => void query.refetch()} refreshing={query.isFetching} />}
    >
      {query.isError ? <ErrorAlert>Error loading feature flags: {query.error.message}</ErrorAlert> : null}
      {counters ? (
        <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {(
            [
              ['Total Sections', counters.total],
              ['Active', counters.active],
              ['Hidden', counters.hidden],
              ['Nav Items', counters.navItems],
            ] as const
          ).map(([label, value]) => (
            <Card key={label} className="p-4">
              <dt className="text-sm font-medium text-ink-muted">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-ink">{value}</dd>
            </Card>
          ))}
        </dl>
      ) : null}
      {query.isPending ? <LoadingRows label="Loading feature flags…" /> : null}
      {flags ? (
        <PortalFlagPanel>
          <Groups flags={flags} />
        </PortalFlagPanel>
      ) : null}
    </AdminPage>
  );
}
