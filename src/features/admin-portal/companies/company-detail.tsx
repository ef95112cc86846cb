import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { accountQueries } from '@/features/admin-portal/users/accounts-api';
import {
  attachClient,
  companyQueries,
  detachClient,
  setCompanyArchived,
  updateCompany,
  type Company,
  type PortalChange,
} from './companies-api';
import { customerTypeLabel, languageLabel, regionLabel, when, type Country } from './company-options';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { CompanyForm } from './company-form';
import { DocumentsManager } from '@/features/admin-portal/documents/components/documents-manager';
import { CompanyOrderingCard } from '@/features/admin-portal/price-lists/company-ordering-card';

const CHANGE_LABEL: Record<string, string> = {
  company_created: 'created the company',
  company_updated: 'edited the company',
  company_archived: 'archived the company',
  company_restored: 'restored the company',
  client_attached: 'attached a client',
  client_moved: 'moved a client',
  client_detached: 'detached a client',
  document_created: 'added a document',
  document_updated: 'edited a document',
  document_deleted: 'deleted a document',
  version_added: 'uploaded a file',
  version_deleted: 'removed a file',
};

/** What changed, in a line: "region: ON → QC; legal_name: … → …". */
function changeSummary(change: PortalChange): string {
  const details = (change.details ?? {}) as Record<string, unknown>;
  if (change.action === 'company_updated') {
    return Object.entries(details)
      .map(([field, pair]) => {
        const [before, after] = Array.isArray(pair) ? pair : [null, pair];
        return `${field.replace(/_/g, ' ')}: ${String(before ?? '—')} → ${String(after ?? '—')}`;
      })
      .join('; ');
  }
  const name = details.title_en ?? details.original_file_name ?? details.email ?? details.legal_name;
  return typeof name === 'string' ? name : '';
}

/** One company: its details, clients (attach, detach), documents and change history. */
export function CompanyDetail() {
  const { companyId = '' } = useParams();
  const company = useQuery(companyQueries.one(companyId));
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: companyQueries.all() });
  const archive = useMutation({
    mutationFn: (archived: boolean) => setCompanyArchived(companyId, archived),
    onSuccess: (_data, archived) => {
      void refresh();
      toast({ title: archived ? 'Company archived.' : 'Company restored.', variant: 'success' });
    },
    onError: (error) => toast({ title: 'The change failed.', description: error.message, variant: 'error' }),
  });

  const data = company.data;
  const title = data?.legal_name ?? 'Company';
  return (
    <AdminPage
      section="companies"
      title={title}
      description={
        data
          ? `${regionLabel(data.country, data.region)}, ${data.country} · ${customerTypeLabel(data.customer_type)} · ${languageLabel(data.preferred_language)}`
          : 'A client company.'
      }
      actions={
        data ? (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button
              variant="secondary"
              disabled={archive.isPending}
              onClick={() => {
                const archiving = !data.archived_at;
                const question = archiving
                  ? `Archive ${data.legal_name}? Its clients will no longer see its own documents.`
                  : `Restore ${data.legal_name}?`;
                if (window.confirm(question)) archive.mutate(archiving);
              }}
            >
              {data.archived_at ? 'Restore' : 'Archive'}
            </Button>
          </>
        ) : null
      }
    >
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1">
        <Link to={paths.adminPortal('companies')} className="font-semibold text-brand-700 underline">
          ← All companies
        </Link>
        <Link
          to={`${paths.adminPortal('messages')}?company=${encodeURIComponent(companyId)}`}
          className="font-semibold text-brand-700 underline"
        >
          Conversations with this company
        </Link>
      </p>
      {company.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading the company…
        </p>
      ) : null}
      {company.error ? (
        <p role="alert" className="text-danger">
          The company could not be loaded: {company.error.message}
        </p>
      ) : null}
      {company.isSuccess && !data ? <p className="text-ink-muted">There is no such company.</p> : null}
      {data ? (
        <div className="grid gap-6">
          {data.archived_at ? (
            <p>
              <Badge>Archived {when(data.archived_at)}</Badge>
            </p>
          ) : null}
          <ClientsCard company={data} />
          <CompanyOrderingCard companyId={data.id} />
          <Card className="p-4 sm:p-6">
            <h2 className="mb-3 text-xl font-semibold text-ink">Documents</h2>
            <DocumentsManager company={data} />
          </Card>
          <HistoryCard companyId={data.id} />
          <Dialog open={editing} onOpenChange={setEditing}>
            <DialogContent closeLabel="Close" className="max-w-2xl">
              <DialogTitle>Edit {data.legal_name}</DialogTitle>
              <DialogDescription>Changes are recorded in the company’s history.</DialogDescription>
              <div className="mt-4">
                <CompanyForm
                  defaultValues={{
                    legal_name: data.legal_name,
                    country: data.country as Country,
                    region: data.region,
                    customer_type: data.customer_type,
                    preferred_language: data.preferred_language as 'en' | 'fr',
                    account_manager_id: data.account_manager_id ?? '',
                  }}
                  submitLabel="Save changes"
                  onSubmit={async (values) => {
                    await updateCompany(data.id, values);
                    await refresh();
                    toast({ title: 'Company saved.', variant: 'success' });
                    setEditing(false);
                  }}
                  onCancel={() => setEditing(false)}
                />
              </div>
            </DialogContent>
          </Dialog>
        </div>
      ) : null}
    </AdminPage>
  );
}

function ClientsCard({ company }: { company: Company }) {
  const id = useId();
  const accounts = useQuery(accountQueries.list(''));
  const memberships = useQuery(companyQueries.memberships());
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [chosen, setChosen] = useState('');

  const memberOf = new Map((memberships.data ?? []).map((m) => [m.user_id, m.company_id]));
  const all = accounts.data ?? [];
  const clients = all.filter((a) => memberOf.get(a.user_id) === company.id);
  const attachable = all.filter((a) => a.role === 'client' && !memberOf.has(a.user_id));

  const change = useMutation({
    mutationFn: (work: () => Promise<void>) => work(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyQueries.all() });
    },
  });
  const run = async (done: string, work: () => Promise<void>) => {
    try {
      await change.mutateAsync(work);
      toast({ title: done, variant: 'success' });
    } catch (error) {
      toast({
        title: 'The change failed.',
        description: error instanceof Error ? error.message : undefined,
        variant: 'error',
      });
    }
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-3 text-xl font-semibold text-ink">Clients</h2>
      {accounts.isPending || memberships.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading clients…
        </p>
      ) : null}
      {accounts.error || memberships.error ? (
        <p role="alert" className="text-danger">
          The clients could not be loaded.
        </p>
      ) : null}
      <ul className="divide-y divide-sand-200" aria-label="Clients of this company">
        {clients.map((client) => (
          <li key={client.user_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 break-words">
              <span className="font-medium">{`${client.first_name} ${client.last_name}`.trim() || client.email}</span>{' '}
              <span className="text-ink-muted">{client.email}</span>
              <span className="block text-xs text-ink-muted">Last sign-in: {when(client.last_sign_in_at)}</span>
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={change.isPending}
              onClick={() => {
                if (window.confirm(`Detach ${client.email} from ${company.legal_name}?`)) {
                  void run(`Detached ${client.email}.`, () => detachClient(client.user_id));
                }
              }}
            >
              Detach {client.email}
            </Button>
          </li>
        ))}
        {accounts.isSuccess && memberships.isSuccess && clients.length === 0 ? (
          <li className="py-2 text-ink-muted">No clients yet.</li>
        ) : null}
      </ul>
      {company.archived_at ? null : (
        <form
          className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const account = attachable.find((a) => a.user_id === chosen);
            if (!account) return;
            void run(`Attached ${account.email}.`, () => attachClient(company.id, account.user_id)).then(() =>
              setChosen(''),
            );
          }}
        >
          <div className="w-full sm:max-w-md">
            <label htmlFor={`${id}-attach`} className="mb-1 block text-sm font-medium text-ink">
              Attach an approved client without a company
            </label>
            <Select id={`${id}-attach`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">{attachable.length ? 'Select a client' : 'No client without a company'}</option>
              {attachable.map((a) => (
                <option key={a.user_id} value={a.user_id}>
                  {a.email}
                  {a.company ? ` (${a.company})` : ''}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" disabled={!chosen || change.isPending}>
            Attach
          </Button>
        </form>
      )}
    </Card>
  );
}

function HistoryCard({ companyId }: { companyId: string }) {
  const changes = useQuery(companyQueries.changes(companyId));
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-ink">Change history</h2>
      {changes.error ? <p className="text-danger">The history could not be loaded.</p> : null}
      <ul className="mt-3 space-y-2 text-sm" aria-label="Change history">
        {(changes.data ?? []).map((change) => {
          const summary = changeSummary(change);
          return (
            <li key={change.id} className="break-words">
              <span className="text-ink-muted">{when(change.changed_at)}</span> — {change.actor_label}{' '}
              {CHANGE_LABEL[change.action] ?? change.action}
              {summary ? <span className="text-ink-muted">: {summary}</span> : null}
            </li>
          );
        })}
        {changes.data?.length === 0 ? <li className="text-ink-muted">No changes yet.</li> : null}
      </ul>
    </Card>
  );
}
