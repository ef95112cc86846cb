/**
 * The editor's status card: where the item stands, its public addresses, the
 * last failure, and the save, preview, publish, unpublish, delete and
 * schedule actions (docs/decisions/170-content-editor.md). The editor owns
 * what each action does; this card only shows them.
 */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import type { ContentItem, ContentKind } from '@/features/admin-portal/content/api/content';
import { LANG_NAME, LANGS } from '@/features/admin-portal/content/content-form';
import { publicArticlePath } from '@/features/admin-portal/content/public-url';
import { formatToronto, torontoToUtc, utcToToronto } from '@/features/admin-portal/content/toronto-time';
import { StatusBadge } from './status-badge';

export function EditorStatusCard({
  kind,
  stored,
  status,
  publishAt,
  isDirty,
  failure,
  formId,
  canWrite,
  busy,
  onPreview,
  onPublish,
  onUnpublish,
  onDelete,
  onSchedule,
}: {
  kind: ContentKind;
  stored?: ContentItem;
  /** The stored item's status (`draft` for a new one). */
  status: string;
  publishAt: string | null;
  isDirty: boolean;
  failure: string | null;
  formId: string;
  canWrite: boolean;
  busy: string | null;
  onPreview: () => void;
  onPublish: () => void;
  onUnpublish: () => void;
  onDelete: () => void;
  onSchedule: (at: Date) => void;
}) {
  const itemId = stored?.item.id;
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 className="text-xl font-semibold text-ink">Status</h2>
        <StatusBadge status={status} />
        {publishAt && status === 'scheduled' ? (
          <span className="text-sm text-ink-muted">Goes live {formatToronto(publishAt)}</span>
        ) : null}
        {publishAt && status === 'published' ? (
          <span className="text-sm text-ink-muted">Published {formatToronto(publishAt)}</span>
        ) : null}
        {isDirty ? <span className="text-sm font-semibold text-ink">Unsaved changes</span> : null}
      </div>
      {status === 'published' || status === 'scheduled' ? (
        <ul className="mt-2 space-y-1 text-sm text-ink-muted" aria-label="Public addresses">
          {LANGS.filter((lang) => stored?.translations[lang]).map((lang) => (
            <li key={lang} className="break-all">
              {LANG_NAME[lang]}: <code>{publicArticlePath(kind, lang, stored?.translations[lang]?.slug ?? '')}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-3 font-medium text-danger">
          {failure}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" form={formId} disabled={!canWrite || busy !== null}>
          {busy === 'save' ? 'Saving…' : status === 'published' ? 'Save and update the site' : 'Save draft'}
        </Button>
        <Button variant="secondary" disabled={!canWrite || busy !== null} onClick={onPreview}>
          Preview
        </Button>
        {status !== 'published' ? (
          <Button variant="secondary" disabled={!canWrite || busy !== null} onClick={onPublish}>
            {busy === 'publish' ? 'Publishing…' : 'Publish now'}
          </Button>
        ) : null}
        {status === 'published' || status === 'scheduled' ? (
          <Button variant="secondary" disabled={!canWrite || busy !== null} onClick={onUnpublish}>
            Unpublish
          </Button>
        ) : null}
        {itemId ? (
          <Button variant="danger" disabled={!canWrite || busy !== null} onClick={onDelete}>
            Delete
          </Button>
        ) : null}
      </div>
      <ScheduleForm
        disabled={!canWrite || busy !== null}
        current={status === 'scheduled' ? publishAt : null}
        onSchedule={onSchedule}
      />
    </Card>
  );
}

function ScheduleForm({
  disabled,
  current,
  onSchedule,
}: {
  disabled: boolean;
  current: string | null;
  onSchedule: (at: Date) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(() => (current ? utcToToronto(current) : ''));
  const [error, setError] = useState<string | null>(null);
  const at = torontoToUtc(value);
  return (
    <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="w-full sm:max-w-xs">
        <Field
          id={`${id}-at`}
          label="Publish at (Toronto time)"
          hint={
            at
              ? `${formatToronto(at)} · ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
              : 'Date and time in Toronto.'
          }
          error={error}
        >
          {(aria) => (
            <Input
              {...aria}
              type="datetime-local"
              value={value}
              disabled={disabled}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      </div>
      <Button
        variant="secondary"
        disabled={disabled}
        onClick={() => {
          if (!at) return setError('Choose a date and time.');
          if (at.getTime() <= Date.now()) return setError('Choose a time in the future.');
          onSchedule(at);
        }}
      >
        Schedule
      </Button>
    </div>
  );
}
