import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useQuery } from '@tanstack/react-query';
import { ChangeHistory } from '@/lib/flags/panel/change-history';
import { FlagList, ReasonField, useStaffFlagList } from '@/lib/flags/panel/flag-panel';
import { ErrorAlert, LoadingRows, RefreshButton } from '@/lib/flags/panel/panel-states';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { changeHistoryQueries } from './feature-flags-api';
import { PortalFlagPanel } from './portal-flag-panel';
import { PublishStatus } from './publish-status';

/**
 * Feature Flags: whether the live site reflects the last change
 * (docs/decisions/041-publishing-on-flag-change.md), totals, every flag with
 * its switch, and the change history with Undo
 * (docs/decisions/008-flag-changes-audited.md, 033-safe-flag-toggles.md).
 */
export function FeatureFlagsPage() {
  const query = useStaffFlagList();
  const history = useQuery(changeHistoryQueries.latest());
  const flags = query.data;
  const active = flags?.filter((flag) => flag.enabled).length ?? 0;

  return (
    <AdminPage
      section="feature-flags"
      title="Feature Flags"
      description="Every feature flag of the site, and who changed what."
      actions={<RefreshButton onClick={() => void query.refetch()} refreshing={query.isFetching} />}
    >
      {query.isError ? <ErrorAlert>Error loading feature flags: {query.error.message}</ErrorAlert> : null}
      <PublishStatus className="mb-6 sm:max-w-2xl" />
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
      <PortalFlagPanel>
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
                <>
                  <ReasonField className="mb-2" />
                  <FlagList flags={flags} />
                </>
              ) : null}
            </CardContent>
          </Card>
          <ChangeHistory query={history} />
        </div>
      </PortalFlagPanel>
    </AdminPage>
  );
}
