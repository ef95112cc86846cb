import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { companyQueries, type Company } from '@/features/admin-portal/companies/companies-api';
import { documentQueries } from '@/features/admin-portal/documents/api/documents';
import { DocumentItem } from './document-item';
import { DocumentUploadForm } from './document-upload-form';

/**
 * Upload (drop or pick several files, each with its form and progress bar)
 * and the list of documents with their versions, downloads, replace and
 * delete. Given a company, the audience defaults to it and the list shows its documents.
 * Given an order, files are stored as that order's invoices and the list shows them.
 */
export function DocumentsManager({
  company,
  order,
}: {
  company?: Company;
  order?: { id: string; companyId: string; number: string };
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const documents = useQuery(documentQueries.list(company?.id, order?.id));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentQueries.all() }),
      queryClient.invalidateQueries({ queryKey: companyQueries.all() }),
    ]);

  const list = documents.data ?? [];
  return (
    <div className="grid gap-6">
      <DocumentUploadForm company={company} order={order} onUploaded={refresh} />
      <section aria-labelledby={`${id}-list`}>
        <h3 id={`${id}-list`} className="mb-2 text-lg font-semibold text-ink">
          {order ? 'Documents of this order' : company ? 'Documents of this company' : 'All documents'}
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
        {documents.isSuccess && list.length === 0 ? (
          <p className="text-ink-muted">{order ? 'No invoice or packing slip yet.' : 'No documents yet.'}</p>
        ) : null}
        <ul className="grid gap-3">
          {list.map((document) => (
            <DocumentItem key={document.id} document={document} onChanged={refresh} />
          ))}
        </ul>
      </section>
    </div>
  );
}
