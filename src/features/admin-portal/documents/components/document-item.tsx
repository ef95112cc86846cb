import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import {
  deleteDocument,
  documentQueries,
  openDocumentFile,
  storeNewVersion,
  type DocumentRow,
} from '@/features/admin-portal/documents/api/documents';
import {
  ACCEPT_ATTRIBUTE,
  documentMimeType,
  fileProblem,
  formatBytes,
} from '@/features/admin-portal/documents/document-files';
import {
  categoryLabel,
  dateOnly,
  daysUntil,
  fileLanguageLabel,
  when,
} from '@/features/admin-portal/documents/document-labels';
import { DocumentStoreError } from '@/features/admin-portal/documents/document-upload-flow';

/** One stored document: its badges and current file, with Open, Replace file, its history and Delete. */
export function DocumentItem({ document, onChanged }: { document: DocumentRow; onChanged: () => Promise<unknown> }) {
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const replacePicker = useRef<HTMLInputElement>(null);
  const versions = [...document.document_versions].sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at));
  const current = versions.find((v) => v.id === document.current_version_id);
  const days = document.expires_on ? daysUntil(document.expires_on) : null;

  const remove = useMutation({
    mutationFn: () => deleteDocument(document.id),
    onSuccess: async () => {
      toast({ title: `Deleted “${document.title_en}”.`, variant: 'success' });
      await onChanged();
    },
    onError: (error) => toast({ title: 'The document was not deleted.', description: error.message, variant: 'error' }),
  });

  const replace = async (file: File) => {
    const problem = fileProblem(file);
    const mime = documentMimeType(file);
    if (problem || !mime) {
      toast({ title: 'This file cannot be uploaded.', description: problem ?? undefined, variant: 'error' });
      return;
    }
    setProgress(0);
    try {
      await storeNewVersion(document.id, { file, name: file.name, contentType: mime }, setProgress);
      toast({ title: `New version of “${document.title_en}” uploaded.`, variant: 'success' });
      await onChanged();
    } catch (error) {
      toast({
        title: error instanceof Error ? error.message : 'The upload failed.',
        description: error instanceof DocumentStoreError ? `The server said: ${error.serverMessage}` : undefined,
        variant: 'error',
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <li className="rounded-lg border border-sand-200 p-4" data-testid={`document-${document.title_en}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold text-ink">{document.title_en}</p>
          <p className="break-words text-sm text-ink-muted">{document.title_fr}</p>
          <p className="mt-1 flex flex-wrap gap-2 text-sm">
            <Badge variant="brand">{categoryLabel(document.category)}</Badge>
            <Badge>{fileLanguageLabel(document.file_language)}</Badge>
            <Badge>
              {document.audience === 'all_clients' ? 'Every client' : (document.companies?.legal_name ?? 'Company')}
            </Badge>
            {document.product ? <Badge>{document.product}</Badge> : null}
            {days !== null && document.expires_on ? (
              <Badge variant={days < 0 ? 'danger' : days <= 30 ? 'danger' : 'neutral'}>
                {days < 0 ? 'Expired' : 'Expires'} {dateOnly(document.expires_on)}
              </Badge>
            ) : null}
            {current ? null : <Badge variant="danger">No file: clients do not see it</Badge>}
          </p>
          {current ? (
            <p className="mt-1 break-words text-sm text-ink-muted">
              {current.original_file_name} · {formatBytes(current.size_bytes)} · {when(current.uploaded_at)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {current ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                void openDocumentFile(document.id).then(
                  (url) => window.open(url, '_blank', 'noopener'),
                  (error: Error) =>
                    toast({ title: 'The file could not be opened.', description: error.message, variant: 'error' }),
                )
              }
            >
              Open
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            disabled={progress !== null}
            onClick={() => replacePicker.current?.click()}
          >
            Replace file
          </Button>
          <input
            ref={replacePicker}
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            className="sr-only"
            tabIndex={-1}
            aria-label={`New file for ${document.title_en}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void replace(file);
            }}
          />
          <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide history' : 'Versions and downloads'}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete “${document.title_en}” and all its files? Clients will no longer see it.`)) {
                remove.mutate();
              }
            }}
          >
            Delete
          </Button>
        </div>
      </div>
      {progress !== null ? (
        <progress
          className="mt-2 h-2 w-full accent-brand-700"
          max={1}
          value={progress}
          aria-label={`Uploading a new version of ${document.title_en}`}
        />
      ) : null}
      {open ? <DocumentHistory document={document} versions={versions} /> : null}
    </li>
  );
}

function DocumentHistory({
  document,
  versions,
}: {
  document: DocumentRow;
  versions: DocumentRow['document_versions'];
}) {
  const downloads = useQuery(documentQueries.downloads(document.id));
  return (
    <div className="mt-3 grid gap-4 border-t border-sand-200 pt-3 text-sm md:grid-cols-2">
      <div>
        <h4 className="font-semibold text-ink">Versions</h4>
        <ul className="mt-1 space-y-1">
          {versions.map((v) => (
            <li key={v.id} className="break-all">
              {when(v.uploaded_at)} — {v.original_file_name} ({formatBytes(v.size_bytes)})
              {v.id === document.current_version_id ? (
                <Badge className="ml-2" variant="success">
                  Current
                </Badge>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="font-semibold text-ink">Downloads</h4>
        {downloads.error ? <p className="text-danger">The downloads could not be loaded.</p> : null}
        <ul className="mt-1 space-y-1">
          {(downloads.data ?? []).map((d) => (
            <li key={d.id} className="break-all">
              {when(d.downloaded_at)} — {d.user_email}
            </li>
          ))}
          {downloads.data?.length === 0 ? <li className="text-ink-muted">Nobody has downloaded it yet.</li> : null}
        </ul>
      </div>
    </div>
  );
}
