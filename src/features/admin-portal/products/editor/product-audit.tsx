import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import { formatToronto } from '@/features/admin-portal/content/toronto-time';
import { productEditorQueries, type ProductAuditRow } from './product-editor-api';

const PART: Record<string, string> = {
  product: 'Product',
  translation: 'Text',
  image: 'Image',
  document: 'Document link',
};
const ACTION: Record<string, string> = { insert: 'added', update: 'changed', delete: 'removed' };
const LANG: Record<string, string> = { en: 'English', fr: 'French' };

/** Which part of the product a row is about: "French text", "Image 0f3c…". */
export function auditPart(row: Pick<ProductAuditRow, 'part' | 'part_key'>): string {
  if (row.part === 'translation') return `${LANG[row.part_key ?? ''] ?? row.part_key ?? ''} text`.trim();
  const base = PART[row.part] ?? row.part;
  return row.part_key && row.part !== 'product' ? `${base} ${row.part_key.slice(0, 8)}` : base;
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value);
};

/** Each changed field as "field: from → to" (a description only says it changed). */
export function auditChanges(changes: ProductAuditRow['changes']): { field: string; text: string }[] {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  return Object.entries(changes).map(([field, change]) => {
    const name = field.replace(/_md$/, '').replace(/_/g, ' ');
    if (change && typeof change === 'object' && !Array.isArray(change)) {
      if ('changed' in change) return { field: name, text: 'changed' };
      const { from, to } = change as { from?: unknown; to?: unknown };
      return { field: name, text: `${shown(from)} → ${shown(to)}` };
    }
    return { field: name, text: shown(change) };
  });
}

/** The product's audit trail, newest first: who, when, which part, what changed from what to what. */
export function ProductAudit({ productId }: { productId: string }) {
  const audit = useQuery(productEditorQueries.audit(productId));
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-ink">Change history</h2>
      <p className="mt-1 text-sm text-ink-muted">Every change of the product, its texts, images and documents.</p>
      {audit.error ? <p className="mt-2 text-danger">The history could not be loaded.</p> : null}
      {audit.isPending ? (
        <p role="status" className="mt-2 text-ink-muted">
          Loading the history…
        </p>
      ) : null}
      <ol className="mt-3 divide-y divide-sand-200 text-sm" aria-label="Change history">
        {(audit.data ?? []).map((row) => {
          const changes = auditChanges(row.changes);
          return (
            <li key={row.id} className="break-words py-2" data-testid="audit-entry">
              <p>
                <time dateTime={row.at} className="text-ink-muted">
                  {formatToronto(row.at)}
                </time>{' '}
                — <span className="font-semibold text-ink">{row.actor_label}</span> {ACTION[row.action] ?? row.action}{' '}
                <span className="font-semibold text-ink">{auditPart(row)}</span>
              </p>
              {changes.length > 0 ? (
                <ul className="mt-1 space-y-0.5 pl-4 text-ink-muted">
                  {changes.map((change) => (
                    <li key={change.field}>
                      <span className="text-ink">{change.field}</span>: {change.text}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
        {audit.data?.length === 0 ? <li className="py-2 text-ink-muted">No changes yet.</li> : null}
      </ol>
    </Card>
  );
}
