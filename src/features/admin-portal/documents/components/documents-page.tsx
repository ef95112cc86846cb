import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import { documentQueries, type DocumentRow } from '@/features/admin-portal/documents/api/documents';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { daysUntil } from '@/features/admin-portal/documents/document-labels';
import { DocumentsManager } from './documents-manager';

const dateOnly = (iso: string) => new Date(`${iso}T12:00:00`).toLocaleDateString('en-CA', { dateStyle: 'medium' });

/** Documents (docs/decisions/111-companies-and-documents.md): certificates to renew, upload, and every document. */
export function DocumentsPage() {
  const documents = useQuery(documentQueries.list());
  const certificates = (documents.data ?? []).filter((d) => d.category === 'certificate' && d.expires_on);
  const expired = certificates.filter((d) => daysUntil(d.expires_on!) < 0);
  const expiring = certificates.filter((d) => {
    const days = daysUntil(d.expires_on!);
    return days >= 0 && days <= 30;
  });
  return (
    <AdminPage
      section="documents"
      title="Documents"
      description="Certificates, spec sheets and price lists for client companies."
    >
      <div className="mb-6 grid gap-4 md:grid-cols-2">
        <CertificateList
          title="Expiring within 30 days"
          rows={expiring}
          empty="No certificate expires within 30 days."
        />
        <CertificateList title="Expired" rows={expired} empty="No certificate has expired." />
      </div>
      <Card className="p-4 sm:p-6">
        <DocumentsManager />
      </Card>
    </AdminPage>
  );
}

function CertificateList({ title, rows, empty }: { title: string; rows: DocumentRow[]; empty: string }) {
  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <ul className="mt-2 space-y-1 text-sm" aria-label={title}>
        {rows.map((d) => (
          <li key={d.id} className="break-words">
            <span className="font-medium">{d.title_en}</span> —{' '}
            {d.audience === 'all_clients' ? 'every client' : (d.companies?.legal_name ?? 'a company')},{' '}
            {dateOnly(d.expires_on!)}
          </li>
        ))}
        {rows.length === 0 ? <li className="text-ink-muted">{empty}</li> : null}
      </ul>
    </Card>
  );
}
