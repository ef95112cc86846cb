import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FieldError, Select } from '@/components/ui/field';
import {
  linkDocument,
  productEditorQueries,
  unlinkDocument,
  updateDocumentLink,
  type ProductDocumentLink,
} from './product-editor-api';
import { describeError } from './product-form';

const VISIBILITY_LABEL: Record<string, string> = {
  public: 'Public: everyone (e.g. a spec sheet)',
  clients: 'Clients: active clients only (e.g. a certificate)',
};

/** Documents of the document centre shown with the product: link, visibility, order, unlink. */
export function ProductDocuments({ productId, disabled }: { productId: string; disabled: boolean }) {
  const links = useQuery(productEditorQueries.links(productId));
  const documents = useQuery(productEditorQueries.linkableDocuments());
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState({ documentId: '', visibility: 'public' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = links.data ?? [];
  const titles = new Map((documents.data ?? []).map((d) => [d.id, d]));
  const available = (documents.data ?? []).filter((d) => !list.some((link) => link.document_id === d.id));
  const id = `product-documents-${productId}`;

  const act = async (work: () => Promise<unknown>, success: string) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await work();
      setDone(success);
    } catch (failure) {
      setError(`Not saved: ${describeError(failure)}`);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: productEditorQueries.links(productId).queryKey });
      void queryClient.invalidateQueries({ queryKey: productEditorQueries.audit(productId).queryKey });
    }
  };

  const move = (from: number, to: number) =>
    act(async () => {
      const order = [...list];
      const [moved] = order.splice(from, 1);
      if (!moved) return;
      order.splice(to, 0, moved);
      for (const [index, link] of order.entries()) {
        if (link.sort_order !== index) await updateDocumentLink(productId, link.document_id, { sort_order: index });
      }
    }, 'Order saved.');

  const title = (link: ProductDocumentLink) => titles.get(link.document_id)?.title_en ?? link.document_id;

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-ink">Documents</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Only documents shared with every client in the document centre can be linked. Changes here are saved at once.
      </p>
      {links.error || documents.error ? <p className="mt-2 text-danger">The documents could not be loaded.</p> : null}
      <ol className="mt-3" aria-label="Linked documents">
        {list.map((link, index) => (
          <li key={link.document_id} className="grid gap-3 border-t border-sand-200 py-3 first:border-t-0">
            <div className="min-w-0">
              <p className="break-words font-semibold text-ink">{title(link)}</p>
              {titles.get(link.document_id)?.title_fr ? (
                <p lang="fr" className="break-words text-sm text-ink-muted">
                  {titles.get(link.document_id)?.title_fr}
                </p>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={disabled || busy || index === 0}
                  onClick={() => void move(index, index - 1)}
                >
                  Move up<span className="sr-only"> {title(link)}</span>
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={disabled || busy || index === list.length - 1}
                  onClick={() => void move(index, index + 1)}
                >
                  Move down<span className="sr-only"> {title(link)}</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={disabled || busy}
                  onClick={() => void act(() => unlinkDocument(productId, link.document_id), 'Document unlinked.')}
                >
                  Unlink<span className="sr-only"> {title(link)}</span>
                </Button>
              </div>
            </div>
            <Field id={`${id}-${link.document_id}-visibility`} label={`Who sees “${title(link)}”`}>
              {(aria) => (
                <Select
                  {...aria}
                  value={link.visibility}
                  disabled={disabled || busy}
                  onChange={(e) =>
                    void act(
                      () => updateDocumentLink(productId, link.document_id, { visibility: e.target.value }),
                      'Visibility saved.',
                    )
                  }
                >
                  {Object.entries(VISIBILITY_LABEL).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </li>
        ))}
      </ol>
      {links.isSuccess && list.length === 0 ? <p className="mt-2 text-ink-muted">No document linked.</p> : null}
      <form
        className="mt-4 grid gap-3 border-t border-sand-200 pt-4"
        aria-label="Link a document"
        onSubmit={(event) => {
          event.preventDefault();
          if (!choice.documentId) return setError('Choose a document to link.');
          void act(
            () =>
              linkDocument({
                product_id: productId,
                document_id: choice.documentId,
                visibility: choice.visibility,
                sort_order: Math.min(
                  list.reduce((max, link) => Math.max(max, link.sort_order + 1), 0),
                  10_000,
                ),
              }).then(() => setChoice({ documentId: '', visibility: 'public' })),
            'Document linked.',
          );
        }}
      >
        <Field id={`${id}-document`} label="Document to link">
          {(aria) => (
            <Select
              {...aria}
              value={choice.documentId}
              disabled={disabled || busy}
              onChange={(e) => setChoice({ ...choice, documentId: e.target.value })}
            >
              <option value="">Choose a document</option>
              {available.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.title_en}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${id}-visibility`} label="Who sees it">
          {(aria) => (
            <Select
              {...aria}
              value={choice.visibility}
              disabled={disabled || busy}
              onChange={(e) => setChoice({ ...choice, visibility: e.target.value })}
            >
              {Object.entries(VISIBILITY_LABEL).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" variant="secondary" className="justify-self-start" disabled={disabled || busy}>
          Link document
        </Button>
      </form>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <p role="status" className="mt-2 text-sm text-brand-700">
        {done}
      </p>
    </Card>
  );
}
