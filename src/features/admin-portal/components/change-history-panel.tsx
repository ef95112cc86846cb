import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/i18n/format';
import { CHANGE_HISTORY_LIMIT, changeHistoryQueries, type FlagChange } from '../api/feature-flags';
import { LoadError, LoadingRows, RefreshButton } from './flag-list-states';

function onOff(enabled: boolean): string {
  return enabled ? 'On' : 'Off';
}

/** Who made a change, in words staff recognise. */
export function changeAuthor(change: Pick<FlagChange, 'source' | 'changed_by_email'>): string {
  if (change.source === 'simple-admin') return 'Simple admin page';
  if (change.source === 'sql') return change.changed_by_email ? `Database (${change.changed_by_email})` : 'Database';
  return change.changed_by_email ?? 'Deleted account';
}

/** D8: the latest changes to feature flags, newest first. */
export function ChangeHistoryPanel() {
  const query = useQuery(changeHistoryQueries.latest());
  return (
    <Card role="region" aria-labelledby="change-history-heading">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle as="h2" id="change-history-heading" className="text-lg">
            Change History
          </CardTitle>
          <CardDescription>
            The latest {CHANGE_HISTORY_LIMIT} changes, newest first, from the portal, the simple admin page or the
            database.
          </CardDescription>
        </div>
        <RefreshButton onClick={() => void query.refetch()} refreshing={query.isFetching} label="Refresh history" />
      </CardHeader>
      <CardContent>
        {query.isError ? <LoadError>Error loading change history: {query.error.message}</LoadError> : null}
        {query.isPending ? <LoadingRows label="Loading change history…" /> : null}
        {query.data && query.data.length === 0 ? <p className="text-ink-muted">No changes recorded yet.</p> : null}
        {query.data && query.data.length > 0 ? (
          <ol className="divide-y divide-sand-200">
            {query.data.map((change) => (
              <li
                key={change.id}
                className="flex flex-col gap-1 py-3 md:flex-row md:items-center md:justify-between md:gap-4"
              >
                <p className="flex flex-wrap items-center gap-x-2 text-sm">
                  <code className="font-semibold text-ink">{change.flag_name}</code>
                  <span aria-hidden="true" className="text-ink-muted">
                    {onOff(change.old_enabled)} → {onOff(change.new_enabled)}
                  </span>
                  <span className="sr-only">
                    changed from {onOff(change.old_enabled)} to {onOff(change.new_enabled)}
                  </span>
                </p>
                <p className="text-sm text-ink-muted">
                  <span className="text-ink">{changeAuthor(change)}</span>
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                  <time dateTime={change.changed_at}>{formatDateTime(change.changed_at, 'en')}</time>
                </p>
              </li>
            ))}
          </ol>
        ) : null}
      </CardContent>
    </Card>
  );
}
