import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { adminFlagQueries } from '../api/feature-flags';
import { useFlagToggles } from '../hooks/use-flag-toggles';
import { AdminPage } from './admin-page';
import { ChangeHistoryPanel } from './change-history-panel';
import { FlagRow } from './flag-row';
import { LoadError, LoadingRows, RefreshButton } from './flag-list-states';

/** Feature Flags (spec 2.8, D8): totals, every flag with its switch, and the change history. */
export function FeatureFlagsPage() {
  const query = useQuery(adminFlagQueries.list());
  const { toggle, isPending } = useFlagToggles();
  const flags = query.data;
  const active = flags?.filter((flag) => flag.enabled).length ?? 0;

  return (
    <AdminPage
      section="feature-flags"
      title="Feature Flags"
      description="Every feature flag of the site, and who changed what."
      actions={<RefreshButton onClick={() => void query.refetch()} refreshing={query.isFetching} />}
    >
      {query.isError ? <LoadError>Error loading feature flags: {query.error.message}</LoadError> : null}
      {flags ? (
        <dl className="mb-6 grid grid-cols-2 gap-3 sm:max-w-md">
          <Card className="p-4">
            <dt className="text-sm font-medium text-ink-muted">Total Flags</dt>
            <dd className="mt-1 text-2xl font-semibold text-ink">{flags.length}</dd>
          </Card>
          <Card className="p-4">
            <dt className="text-sm font-medium text-ink-muted">Active Flags</dt>
            <dd className="mt-1 text-2xl font-semibold text-ink">{active}</dd>
          </Card>
        </dl>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
        <Card role="region" aria-labelledby="all-flags-heading">
          <CardHeader>
            <CardTitle as="h2" id="all-flags-heading" className="text-lg">
              All Flags
            </CardTitle>
          </CardHeader>
          <CardContent>
            {query.isPending ? <LoadingRows label="Loading feature flags…" /> : null}
            {flags ? (
              <ul className="divide-y divide-sand-200">
                {flags.map((flag) => (
                  <FlagRow key={flag.id} flag={flag} pending={isPending(flag.id)} onToggle={toggle} />
                ))}
              </ul>
            ) : null}
          </CardContent>
        </Card>
        <ChangeHistoryPanel />
      </div>
    </AdminPage>
  );
}
