import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { companyQueries, type Company } from '@/features/admin-portal/companies/companies-api';
import { storeNewDocument } from '@/features/admin-portal/documents/api/documents';
import {
  ACCEPT_ATTRIBUTE,
  documentMimeType,
  fileProblem,
  titleFromFileName,
} from '@/features/admin-portal/documents/document-files';
import { DocumentStoreError } from '@/features/admin-portal/documents/document-upload-flow';
import { PendingFile, type Pending } from './pending-file';

/**
 * Upload: drop or pick several files, each with its form and progress bar.
 * Given a company, the audience defaults to it. Given an order, each file
 * becomes an invoice (or packing slip) of that order, seen by its company
 * (docs/decisions/204-order-documents-through-the-document-centre.md).
 */
export function DocumentUploadForm({
  company,
  order,
  onUploaded,
}: {
  company?: Company;
  order?: { id: string; companyId: string; number: string };
  onUploaded: () => Promise<unknown>;
}) {
  const id = useId();
  const { toast } = useToast();
  const companies = useQuery(companyQueries.list('', false));
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(1);
  const picker = useRef<HTMLInputElement>(null);

  const defaultAudience = order ? `company:${order.companyId}` : company ? `company:${company.id}` : '';
  const add = (files: FileList | File[]) => {
    const added = [...files].map((file): Pending => ({
      key: nextKey.current++,
      file,
      problem: fileProblem(file),
      title_en: order ? `${titleFromFileName(file.name)} (${order.number})` : titleFromFileName(file.name),
      title_fr: order ? `${titleFromFileName(file.name)} (${order.number})` : titleFromFileName(file.name),
      category: order ? 'invoice' : 'certificate',
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
          ...(order ? { order_id: order.id } : {}),
        },
        { file: item.file, name: item.file.name, contentType: mime },
        (fraction) => patch(item.key, { progress: fraction }),
      );
      drop(item.key);
      toast({ title: `Uploaded “${item.title_en.trim()}”.`, variant: 'success' });
      await onUploaded();
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

  return (
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
  );
}
