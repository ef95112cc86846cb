import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { adminFlagQueries } from '../api/feature-flags';
import { flagGroups, flagsInGroup, flagsToEnable, sectionCounters, ungroupedFlags } from '../flag-groups';
import { useFlagToggles } from '../hooks/use-flag-toggles';
import { AdminPage } from './admin-page';
import { FlagRow } from './flag-row';
import { LoadError, LoadingRows, RefreshButton } from './flag-list-states';

/** Sections & Features (spec 2.8): counters, three groups with switches and Enable All. */
export function SectionsPage() {
  const query = useQuery(adminFlagQueries.list());
  const { toggle, enableAll, isPending } = useFlagToggles();
  const flags = query.data;
  const counters = flags ? sectionCounters(flags) : null;
  const others = flags ? ungroupedFlags(flags) : [];

  return (
    <AdminPage
      section="sections"
      title="Sections & Features"
      description="Show or hide site sections and features. Changes apply to the public site at once."
      actions={<RefreshButton onClick={() => void query.refetch()} refreshing={query.isFetching} />}
    >
      {query.isError ? <LoadError>Error loading feature flags: {query.error.message}</LoadError> : null}
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
        <div className="space-y-6">
          {flagGroups.map((group) => {
            const members = flagsInGroup(flags, group.id);
            const off = flagsToEnable(flags, group.id);
            const headingId = `group-${group.id}`;
            return (
              <Card key={group.id} aria-labelledby={headingId} role="region">
                <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div>
                    <CardTitle as="h2" id={headingId} className="text-lg">
                      {group.title}
                    </CardTitle>
                    <CardDescription>{group.description}</CardDescription>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="shrink-0"
                    onClick={() => enableAll(off)}
                    disabled={off.length === 0}
                  >
                    {group.enableAllLabel}
                  </Button>
                </CardHeader>
                <CardContent>
                  <ul className="divide-y divide-sand-200">
                    {members.map((flag) => (
                      <FlagRow key={flag.id} flag={flag} pending={isPending(flag.id)} onToggle={toggle} />
                    ))}
                  </ul>
                </CardContent>
              </Card>
            );
          })}
          {others.length > 0 ? (
            <Card aria-labelledby="group-other" role="region">
              <CardHeader>
                <CardTitle as="h2" id="group-other" className="text-lg">
                  Other Flags
                </CardTitle>
                <CardDescription>Flags that belong to no group yet.</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="divide-y divide-sand-200">
                  {others.map((flag) => (
                    <FlagRow key={flag.id} flag={flag} pending={isPending(flag.id)} onToggle={toggle} />
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
        </div>
      ) : null}
    </AdminPage>
  );
}
