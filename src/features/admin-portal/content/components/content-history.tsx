import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import {
  contentQueries,
  restoreContentVersion,
  type ContentAuditRow,
  type ContentVersionRow,
} from '@/features/admin-portal/content/api/content';
import { describeError } from '@/features/admin-portal/content/content-form';
import { formatToronto } from '@/features/admin-portal/content/toronto-time';

const ACTION: Record<string, string> = {
  create: 'created it',
  update: 'edited',
  publish: 'published it',
  schedule: 'scheduled it',
  unpublish: 'unpublished it',
  delete: 'deleted it',
  restore: 'restored a version',
};

const PART: Record<string, string> = { item: 'both languages', en: 'English', fr: 'French' };

/** What changed, in a line: "English: title, slug; both languages: category". */
export function auditSummary(row: Pick<ContentAuditRow, 'action' | 'changes'>): string {
  const changes = (row.changes ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  for (const [part, fields] of Object.entries(changes)) {
    if (!PART[part]) continue;
    if (fields === null) {
      parts.push(`${PART[part]} removed`);
      continue;
    }
    if (typeof fields !== 'object') continue;
    const names = Object.keys(fields as object).map((f) => f.replace(/_md$/, '').replace(/_/g, ' '));
    if (names.length) parts.push(`${PART[part]}: ${names.join(', ')}`);
  }
  if (typeof changes.version === 'number') parts.push(`version ${changes.version}`);
  return parts.join('; ');
}

type Snapshot = { translations?: { lang: string; title: string }[] };

function versionTitle(version: ContentVersionRow): string {
  const translations = (version.snapshot as Snapshot | null)?.translations ?? [];
  return translations.map((t) => `${t.lang.toUpperCase()}: ${t.title}`).join(' · ') || '(no language)';
}

/** The item's audit trail (who, when, what) and its last 20 versions, each restorable. */
export function ContentHistory({
  itemId,
  canWrite,
  onRestored,
}: {
  itemId: string;
  canWrite: boolean;
  onRestored?: () => void;
}) {
  const audit = useQuery(contentQueries.audit(itemId));
  const versions = useQuery(contentQueries.versions(itemId));
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [restoring, setRestoring] = useState<ContentVersionRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const who = new Map((audit.data ?? []).map((row) => [row.actor_id, row.actor_email]));

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="p-4 sm:p-6">
        <h2 className="text-xl font-semibold text-ink">Change history</h2>
        {audit.error ? <p className="text-danger">The history could not be loaded.</p> : null}
        <ul className="mt-3 space-y-2 text-sm" aria-label="Change history">
          {(audit.data ?? []).map((row) => {
            const summary = auditSummary(row);
            return (
              <li key={row.id} className="break-words">
                <span className="text-ink-muted">{formatToronto(row.at)}</span> — {row.actor_email || 'someone'}{' '}
                {ACTION[row.action] ?? row.action}
                {summary ? <span className="text-ink-muted">: {summary}</span> : null}
              </li>
            );
          })}
          {audit.data?.length === 0 ? <li className="text-ink-muted">No changes yet.</li> : null}
        </ul>
      </Card>
      <Card className="p-4 sm:p-6">
        <h2 className="text-xl font-semibold text-ink">Versions</h2>
        <p className="mt-1 text-sm text-ink-muted">
          The last 20 saves. Restoring puts back the text and image; the status and publication time stay.
        </p>
        {versions.error ? <p className="text-danger">The versions could not be loaded.</p> : null}
        {failure ? (
          <p role="alert" className="mt-2 text-danger">
            {failure}
          </p>
        ) : null}
        <ol className="mt-3 divide-y divide-sand-200 text-sm" aria-label="Versions">
          {(versions.data ?? []).map((version, index) => (
            <li key={version.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                <span className="font-medium">{formatToronto(version.created_at)}</span>
                {version.created_by && who.get(version.created_by) ? (
                  <span className="text-ink-muted"> by {who.get(version.created_by)}</span>
                ) : null}
                {index === 0 ? <span className="text-ink-muted"> (current)</span> : null}
                <span className="block text-ink-muted">{versionTitle(version)}</span>
              </span>
              {index === 0 ? null : (
                <Button size="sm" variant="secondary" disabled={!canWrite} onClick={() => setRestoring(version)}>
                  Restore<span className="sr-only"> the version of {formatToronto(version.created_at)}</span>
                </Button>
              )}
            </li>
          ))}
        </ol>
      </Card>
      <Dialog open={restoring !== null} onOpenChange={(open) => (open ? null : setRestoring(null))}>
        <DialogContent closeLabel="Close">
          <DialogTitle>Restore this version?</DialogTitle>
          <DialogDescription>
            The text, slugs and image of {restoring ? formatToronto(restoring.created_at) : ''} replace the current ones
            in both languages. Unsaved changes in the form are lost. If the item is published, the site follows.
          </DialogDescription>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setRestoring(null)}>
              Cancel
            </Button>
            <Button
              disabled={busy}
              onClick={async () => {
                if (!restoring) return;
                setBusy(true);
                setFailure(null);
                try {
                  await restoreContentVersion(restoring.id);
                  await queryClient.invalidateQueries({ queryKey: contentQueries.all() });
                  toast({ title: 'Version restored.', variant: 'success' });
                  onRestored?.();
                } catch (error) {
                  setFailure(`The version was not restored. ${describeError(error)}`);
                } finally {
                  setBusy(false);
                  setRestoring(null);
                }
              }}
            >
              Restore version
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
