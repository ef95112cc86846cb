import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { companyQueries, type Company } from '../api/companies';
import {
  deleteDocument,
  documentQueries,
  openDocumentFile,
  storeNewDocument,
  storeNewVersion,
  type DocumentRow,
} from '../api/documents';
import { ACCEPT_ATTRIBUTE, documentMimeType, fileProblem, formatBytes, titleFromFileName } from '../document-files';
import { DocumentStoreError } from '../document-upload-flow';

export const categories = [
  { value: 'certificate', label: 'Certificate' },
  { value: 'spec_sheet', label: 'Spec sheet' },
  { value: 'price_list', label: 'Price list' },
  { value: 'contract', label: 'Contract' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'other', label: 'Other' },
] as const;
const categoryLabel = (value: string) => categories.find((c) => c.value === value)?.label ?? value;
const fileLanguages = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
  { value: 'both', label: 'English and French' },
] as const;
const fileLanguageLabel = (value: string) => fileLanguages.find((l) => l.value === value)?.label ?? value;

const dateOnly = (iso: string) => new Date(`${iso}T12:00:00`).toLocaleDateString('en-CA', { dateStyle: 'medium' });
const when = (iso: string) => new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

/** Days from today to a `YYYY-MM-DD` date (negative when past). */
export function daysUntil(isoDate: string, today = new Date()): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - start) / 86_400_000);
}

type Pending = {
  key: number;
  file: File;
  problem: string | null;
  title_en: string;
  title_fr: string;
  category: string;
  file_language: string;
  product: string;
  expires_on: string;
  audience: string;
  progress: number | null;
  error: string | null;
  serverError: string | null;
};

/**
 * Upload (drop or pick several files, each with its form and progress bar)
 * and the list of documents with their versions, downloads, replace and
 * delete. Given a company, the audience defaults to it and the list shows its documents.
 */
export function DocumentsManager({ company }: { company?: Company }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const companies = useQuery(companyQueries.list('', false));
  const documents = useQuery(documentQueries.list(company?.id));
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(1);
  const picker = useRef<HTMLInputElement>(null);

  const defaultAudience = company ? `company:${company.id}` : '';
  const add = (files: FileList | File[]) => {
    const added = [...files].map((file): Pending => ({
      key: nextKey.current++,
      file,
      problem: fileProblem(file),
      title_en: titleFromFileName(file.name),
      title_fr: titleFromFileName(file.name),
      category: 'certificate',
      file_language: 'en',
      product: '',
      expires_on: '',
      audience: defaultAudience,
      progress: null,
      error: null,
      serverError: null,
    }));
    setPending((current) => [...current, ...added]);
  };
  const patch = (key: number, change: Partial<Pending>) =>
    setPending((current) => current.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const drop = (key: number) => setPending((current) => current.filter((p) => p.key !== key));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentQueries.all() }),
      queryClient.invalidateQueries({ queryKey: companyQueries.all() }),
    ]);

  const upload = async (item: Pending) => {
    const mime = documentMimeType(item.file);
    const problem = fileProblem(item.file);
    if (problem || !mime) {
      patch(item.key, { error: problem });
      return;
    }
    if (!item.title_en.trim() || !item.title_fr.trim() || !item.audience) {
      patch(item.key, { error: 'Enter both titles and choose who sees the document.' });
      return;
    }
    patch(item.key, { progress: 0, error: null, serverError: null });
    const [kind, companyId] = item.audience.split(':') as [string, string | undefined];
    try {
      await storeNewDocument(
        {
          title_en: item.title_en.trim(),
          title_fr: item.title_fr.trim(),
          category: item.category,
          file_language: item.file_language,
          product: item.product.trim() || null,
          expires_on: item.expires_on || null,
          audience: kind === 'company' ? 'company' : 'all_clients',
          company_id: kind === 'company' ? (companyId ?? null) : null,
        },
        { file: item.file, name: item.file.name, contentType: mime },
        (fraction) => patch(item.key, { progress: fraction }),
      );
      drop(item.key);
      toast({ title: `Uploaded “${item.title_en.trim()}”.`, variant: 'success' });
      await refresh();
    } catch (error) {
      patch(item.key, {
        progress: null,
        error: error instanceof Error ? error.message : 'The upload failed.',
        serverError: error instanceof DocumentStoreError ? error.serverMessage : null,
      });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) add(event.dataTransfer.files);
  };

  const audienceOptions = [
    { value: 'all', label: 'Every approved client' },
    ...(companies.data ?? []).map((c) => ({ value: `company:${c.id}`, label: c.legal_name })),
    ...(company && !(companies.data ?? []).some((c) => c.id === company.id)
      ? [{ value: `company:${company.id}`, label: company.legal_name }]
      : []),
  ];

  const list = documents.data ?? [];
  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${id}-upload`}>
        <h3 id={`${id}-upload`} className="mb-2 text-lg font-semibold text-ink">
          Upload documents
        </h3>
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
          className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center ${
            dragging ? 'border-brand-600 bg-brand-50' : 'border-sand-300 bg-sand-50'
          }`}
        >
          <p className="text-ink">Drop files here, or</p>
          <Button variant="secondary" onClick={() => picker.current?.click()}>
            Choose files
          </Button>
          <input
            ref={picker}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            className="sr-only"
            aria-label="Choose files to upload"
            tabIndex={-1}
            onChange={(event) => {
              if (event.target.files?.length) add(event.target.files);
              event.target.value = '';
            }}
          />
          <p className="text-sm text-ink-muted">PDF, PNG, JPEG, WebP, CSV, XLSX or DOCX, at most 25 MB each.</p>
        </div>
        {pending.length > 0 ? (
          <ul className="mt-4 grid gap-4" aria-label="Files to upload">
            {pending.map((item) => (
              <PendingFile
                key={item.key}
                item={item}
                audienceOptions={audienceOptions}
                onChange={(change) => patch(item.key, change)}
                onRemove={() => drop(item.key)}
                onUpload={() => void upload(item)}
              />
            ))}
          </ul>
        ) : null}
      </section>
      <section aria-labelledby={`${id}-list`}>
        <h3 id={`${id}-list`} className="mb-2 text-lg font-semibold text-ink">
          {company ? 'Documents of this company' : 'All documents'}
        </h3>
        {documents.isPending ? (
          <p role="status" className="text-ink-muted">
            Loading documents…
          </p>
        ) : null}
        {documents.error ? (
          <p role="alert" className="text-danger">
            The documents could not be loaded: {documents.error.message}
          </p>
        ) : null}
        {documents.isSuccess && list.length === 0 ? <p className="text-ink-muted">No documents yet.</p> : null}
        <ul className="grid gap-3">
          {list.map((document) => (
            <DocumentItem key={document.id} document={document} onChanged={refresh} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function PendingFile({
  item,
  audienceOptions,
  onChange,
  onRemove,
  onUpload,
}: {
  item: Pending;
  audienceOptions: { value: string; label: string }[];
  onChange: (change: Partial<Pending>) => void;
  onRemove: () => void;
  onUpload: () => void;
}) {
  const id = useId();
  const busy = item.progress !== null;
  return (
    <li className="rounded-lg border border-sand-200 p-4" data-testid={`pending-${item.file.name}`}>
      <p className="break-all font-semibold text-ink">
        {item.file.name} <span className="font-normal text-ink-muted">({formatBytes(item.file.size)})</span>
      </p>
      {item.problem ? (
        <p role="alert" className="mt-2 text-danger">
          {item.problem}
        </p>
      ) : (
        <fieldset disabled={busy} className="mt-3 grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">Details of {item.file.name}</legend>
          <div>
            <Label htmlFor={`${id}-en`}>Title (English)</Label>
            <Input
              id={`${id}-en`}
              maxLength={200}
              value={item.title_en}
              onChange={(e) => onChange({ title_en: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-fr`}>Title (French)</Label>
            <Input
              id={`${id}-fr`}
              maxLength={200}
              value={item.title_fr}
              onChange={(e) => onChange({ title_fr: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-category`}>Category</Label>
            <Select
              id={`${id}-category`}
              value={item.category}
              onChange={(e) => onChange({ category: e.target.value })}
            >
              {categories.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-language`}>File language</Label>
            <Select
              id={`${id}-language`}
              value={item.file_language}
              onChange={(e) => onChange({ file_language: e.target.value })}
            >
              {fileLanguages.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-product`}>Product (optional)</Label>
            <Input
              id={`${id}-product`}
              maxLength={200}
              value={item.product}
              onChange={(e) => onChange({ product: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-expires`}>Expiry date (optional)</Label>
            <Input
              id={`${id}-expires`}
              type="date"
              value={item.expires_on}
              onChange={(e) => onChange({ expires_on: e.target.value })}
            />
          </div>
          <div className="sm:col-span-2">
            <Label htmlFor={`${id}-audience`}>Who sees it</Label>
            <Select
              id={`${id}-audience`}
              value={item.audience}
              onChange={(e) => onChange({ audience: e.target.value })}
            >
              <option value="">Select a company or every client</option>
              {audienceOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </div>
        </fieldset>
      )}
      {busy ? (
        <div className="mt-3">
          <progress
            className="h-2 w-full accent-brand-700"
            max={1}
            value={item.progress ?? 0}
            aria-label={`Uploading ${item.file.name}`}
          />
          <p className="text-sm text-ink-muted">{Math.round((item.progress ?? 0) * 100)}%</p>
        </div>
      ) : null}
      {item.error ? (
        <div role="alert" className="mt-2 text-danger">
          <p>{item.error}</p>
          {item.serverError ? <p className="text-sm">The server said: {item.serverError}</p> : null}
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" disabled={busy} onClick={onRemove}>
          Remove {item.file.name}
        </Button>
        {item.problem ? null : (
          <Button size="sm" disabled={busy} onClick={onUpload}>
            Upload {item.file.name}
          </Button>
        )}
      </div>
    </li>
  );
}

function DocumentItem({ document, onChanged }: { document: DocumentRow; onChanged: () => Promise<unknown> }) {
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
