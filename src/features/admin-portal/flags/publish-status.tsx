import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatDateTime } from '@/i18n/format';
import { sitePublishQueries, type SitePublish } from './site-publishes-api';

type View = { tone: 'ok' | 'busy' | 'bad' | 'none'; title: string; detail: string };

/** The change as staff name it: the catalogue's triggers record the table they fired on. */
function changeName(reason: string): string {
  return /^catalogue (insert|update|delete) on \w+$/.test(reason) ? 'a change to the catalogue' : reason;
}

/** What staff read about the newest publish (pure, so each state is unit-tested). */
export function publishStatusView(publish: SitePublish | null): View {
  if (!publish) {
    return {
      tone: 'none',
      title: 'No change to publish',
      detail: 'Nothing has changed the live site since publishing was set up.',
    };
  }
  const when = (at: string | null) => (at ? formatDateTime(at, 'en') : '');
  const change = changeName(publish.reason);
  switch (publish.status) {
    case 'published':
      return {
        tone: 'ok',
        title: 'Published',
        // The time may end with its own period ("a.m.").
        detail: `The live site reflects the last change (${change}), published ${when(publish.finished_at)}.`.replace(
          /\.\.$/,
          '.',
        ),
      };
    case 'failed':
      return {
        tone: 'bad',
        title: 'Publishing failed',
        detail: `The live site does not reflect the last change (${change}): ${publish.error ?? 'no reason given'}. Visitors' browsers still apply it after the page loads.`,
      };
    default:
      return {
        tone: 'busy',
        title: 'Publishing…',
        detail: `The live site is being rebuilt for the last change (${change}, ${when(publish.requested_at)}). Until then, visitors' browsers apply it after the page loads.`,
      };
  }
}

const TONES: Record<View['tone'], string> = {
  ok: 'border-l-4 border-l-success',
  busy: 'border-l-4 border-l-brand-600',
  bad: 'border-l-4 border-l-danger',
  none: '',
};

/**
 * Whether the published HTML reflects the last change of a flag, a post or a
 * product (docs/decisions/041-publishing-on-flag-change.md): published,
 * publishing, or failed with the reason. Re-read every few seconds while
 * under way. Admins see it beside the flags; editors and admins beside
 * Content and Products.
 */
export function PublishStatus({ className }: { className?: string }) {
  const query = useQuery(sitePublishQueries.latest());
  let view: View;
  if (query.isError) {
    view = { tone: 'bad', title: 'Publish status unknown', detail: `It could not be read: ${query.error.message}` };
  } else if (query.isPending) {
    view = { tone: 'none', title: 'Checking the live site…', detail: '' };
  } else {
    view = publishStatusView(query.data);
  }
  return (
    <Card role="region" aria-labelledby="publish-status-heading" className={cn('p-4', TONES[view.tone], className)}>
      <h2 id="publish-status-heading" className="text-sm font-medium text-ink-muted">
        Live site
      </h2>
      <div role="status" aria-live="polite">
        <p className="mt-1 text-lg font-semibold text-ink" data-testid="publish-status">
          {view.title}
        </p>
        {view.detail ? <p className="mt-1 text-sm text-ink-muted">{view.detail}</p> : null}
      </div>
    </Card>
  );
}
