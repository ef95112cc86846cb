import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { companyQueries, createCompany, type CompanyListEntry } from './companies-api';
import { customerTypeLabel, languageLabel, regionLabel, when } from './company-options';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { CompanyDetail } from './company-detail';
import { CompanyForm, emptyCompany } from './company-form';

/** Companies (docs/decisions/111-companies-and-documents.md): the list, and each company at `companies/:id`. */
export function CompaniesPage() {
  return (
    <Routes>
      <Route index element={<CompanyList />} />
      <Route path=":companyId" element={<CompanyDetail />} />
    </Routes>
  );
}

function CompanyList() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const showArchived = params.get('archived') === 'show';
  const list = useQuery(companyQueries.list(search.trim(), showArchived));
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const { toast } = useToast();

  const update = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const create = useMutation({
    mutationFn: createCompany,
    onSuccess: (company) => {
      void queryClient.invalidateQueries({ queryKey: companyQueries.all() });
      toast({ title: `Created ${company.legal_name}.`, variant: 'success' });
      setCreating(false);
    },
  });

  const companies = list.data ?? [];
  return (
    <AdminPage
      section="companies"
      title="Companies"
      description="Client companies, their clients and documents."
      actions={<Button onClick={() => setCreating(true)}>New company</Button>}
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="w-full max-w-md">
          <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-ink">
            Search by name
          </label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => update('q', event.target.value || null)}
          />
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="h-5 w-5 accent-brand-700"
            checked={showArchived}
            onChange={(event) => update('archived', event.target.checked ? 'show' : null)}
          />
          Show archived
        </label>
      </div>
      {list.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading companies…
        </p>
      ) : null}
      {list.error ? (
        <p role="alert" className="text-danger">
          The companies could not be loaded: {list.error.message}
        </p>
      ) : null}
      {list.isSuccess && companies.length === 0 ? (
        <p className="text-ink-muted">{search ? 'No company matches this search.' : 'No companies yet.'}</p>
      ) : null}
      {companies.length > 0 ? (
        <Card className="overflow-x-auto">
          <table className="w-full min-w-[62rem] text-left text-sm">
            <caption className="sr-only">Companies</caption>
            <thead className="bg-sand-50 text-ink-muted">
              <tr>
                <th className="px-3 py-2">Legal name</th>
                <th className="px-3 py-2">Country / region</th>
                <th className="px-3 py-2">Customer type</th>
                <th className="px-3 py-2">Language</th>
                <th className="px-3 py-2">Account manager</th>
                <th className="px-3 py-2 text-right">Clients</th>
                <th className="px-3 py-2 text-right">Documents</th>
                <th className="px-3 py-2">Last client sign-in</th>
              </tr>
            </thead>
            <tbody>
              {companies.map((company) => (
                <CompanyRow key={company.id} company={company} />
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}
      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent closeLabel="Close" className="max-w-2xl">
          <DialogTitle>New company</DialogTitle>
          <DialogDescription>Clients of this company will see its documents.</DialogDescription>
          <div className="mt-4">
            <CompanyForm
              defaultValues={emptyCompany}
              submitLabel="Create company"
              onSubmit={async (values) => {
                await create.mutateAsync(values);
              }}
              onCancel={() => setCreating(false)}
            />
          </div>
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}

function CompanyRow({ company }: { company: CompanyListEntry }) {
  return (
    <tr className="border-t border-sand-200 align-top" data-testid={`company-${company.legal_name}`}>
      <td className="px-3 py-2">
        <Link
          to={`${paths.adminPortal('companies')}/${company.id}`}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {company.legal_name}
        </Link>
        {company.archived_at ? (
          <Badge className="ml-2" variant="neutral">
            Archived
          </Badge>
        ) : null}
      </td>
      <td className="px-3 py-2">
        {company.country} · {regionLabel(company.country, company.region)}
      </td>
      <td className="px-3 py-2">{customerTypeLabel(company.customer_type)}</td>
      <td className="px-3 py-2">{languageLabel(company.preferred_language)}</td>
      <td className="px-3 py-2">{company.account_manager_name ?? '—'}</td>
      <td className="px-3 py-2 text-right">{company.client_count}</td>
      <td className="px-3 py-2 text-right">{company.document_count}</td>
      <td className="px-3 py-2">{when(company.last_client_sign_in_at)}</td>
    </tr>
  );
}
