import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/i18n/format';
import { CHANGE_HISTORY_LIMIT, type FlagChange } from './flag-change-queries';
import { useFlagPanel } from './flag-panel';
import { ErrorAlert, LoadingRows, RefreshButton } from './panel-states';

function onOff(enabled: boolean): string {
  return enabled ? 'On' : 'Off';
}

function quoted(description: string | null): string {
  return description ? `“${description}”` : 'none';
}

/** Who made a change, in words staff recognise (docs/decisions/063-flag-change-attribution.md). */
export function changeAuthor(change: Pick<FlagChange, 'source' | 'changed_by_email'>): string {
  if (change.source === 'simple-admin') return 'Simple admin page';
  if (change.source === 'sql') return change.changed_by_email ? `Database (${change.changed_by_email})` : 'Database';
  return change.changed_by_email ?? 'Deleted account';
}

function ChangeEntry({ change }: { change: FlagChange }) {
  const id = useId();
  const { undo, isUndoing } = useFlagPanel();
  const undoing = isUndoing(change.id);
  return (
    <li className="flex flex-col gap-2 py-3 md:flex-row md:items-start md:justify-between md:gap-4">
      <div id={`${id}-summary`} className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <code className="font-semibold text-ink">{change.flag_name}</code>
          {change.field === 'description' ? (
            <span className="text-ink-muted">
              Description: {quoted(change.old_description)} → {quoted(change.new_description)}
            </span>
          ) : (
            <>
              <span aria-hidden="true" className="text-ink-muted">
                {onOff(change.old_enabled)} → {onOff(change.new_enabled)}
              </span>
              <span className="sr-only">
                changed from {onOff(change.old_enabled)} to {onOff(change.new_enabled)}
              </span>
            </>
          )}
          {change.undoes_change_id !== null ? <Badge variant="brand">Undo</Badge> : null}
        </p>
        {change.reason ? <p className="text-ink">Reason: {change.reason}</p> : null}
        <p className="text-ink-muted">
          <span className="text-ink">{changeAuthor(change)}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <time dateTime={change.changed_at}>{formatDateTime(change.changed_at, 'en')}</time>
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0 self-start"
        aria-describedby={`${id}-summary`}
        disabled={undoing}
        onClick={() => undo(change)}
      >
        {undoing ? 'Undoing…' : 'Undo'}
      </Button>
    </li>
  );
}

/**
 * The latest changes to feature flags, newest first, each with who, when,
 * why and Undo (docs/decisions/008-flag-changes-audited.md,
 * docs/decisions/033-safe-flag-toggles.md). Inside a <FlagPanel>.
 */
export function ChangeHistory({ query }: { query: UseQueryResult<FlagChange[]> }) {
  return (
    <Card role="region" aria-labelledby="change-history-heading">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle as="h2" id="change-history-heading" className="text-lg">
            Change History
          </CardTitle>
          <CardDescription>
            The latest {CHANGE_HISTORY_LIMIT} changes, newest first, from the portal, the simple admin page or the
            database. Undo restores the value a change replaced.
          </CardDescription>
        </div>
        <RefreshButton onClick={() => void query.refetch()} refreshing={query.isFetching} label="Refresh history" />
      </CardHeader>
      <CardContent>
        {query.isError ? <ErrorAlert>Error loading change history: {query.error.message}</ErrorAlert> : null}
        {query.isPending ? <LoadingRows label="Loading change history…" /> : null}
        {query.data && query.data.length === 0 ? <p className="text-ink-muted">No changes recorded yet.</p> : null}
        {query.data && query.data.length > 0 ? (
          <ol className="divide-y divide-sand-200">
            {query.data.map((change) => (
              <ChangeEntry key={change.id} change={change} />
            ))}
          </ol>
        ) : null}
      </CardContent>
    </Card>
  );
}
