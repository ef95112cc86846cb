import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label, Select } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { EXPORT_LIMIT, fieldValue, leadQueries, leadsForExport, LEADS_PER_PAGE, type Lead } from './leads-api';
import { datedFileName, downloadCsv } from '@/features/admin-portal/shared/csv';
import {
  isFiltered,
  LEAD_OUTCOMES,
  leadFiltersSearch,
  NO_FILTERS,
  parseLeadFilters,
  type LeadFilters,
} from './lead-filters';
import { FORM_LABEL, LANGUAGE_LABEL, leadName, leadsCsv, OUTCOME_LABEL } from './lead-labels';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { LeadDetailDialog } from './lead-detail-dialog';
import { OutcomeBadge, When } from './lead-parts';

type Choice = { value: string; label: string };

const FILTERS: { key: 'form' | 'language' | 'consent' | 'outcome' | 'spam'; label: string; choices: Choice[] }[] = [
  {
    key: 'form',
    label: 'Form',
    choices: [
      { value: '', label: 'Both forms' },
      { value: 'contact', label: 'Contact' },
      { value: 'b2b', label: 'B2B access' },
    ],
  },
  {
    key: 'language',
    label: 'Language',
    choices: [
      { value: '', label: 'Both languages' },
      { value: 'en', label: 'English' },
      { value: 'fr', label: 'French' },
    ],
  },
  {
    key: 'consent',
    label: 'Marketing consent',
    choices: [
      { value: '', label: 'Given or not' },
      { value: 'given', label: 'Given' },
      { value: 'not-given', label: 'Not given' },
    ],
  },
  {
    key: 'outcome',
    label: 'HubSpot outcome',
    choices: [
      { value: '', label: 'Any outcome' },
      ...LEAD_OUTCOMES.map((value) => ({ value, label: OUTCOME_LABEL[value] ?? value })),
    ],
  },
  {
    key: 'spam',
    label: 'Spam',
    choices: [
      { value: '', label: 'Hide spam' },
      { value: 'include', label: 'Include spam' },
      { value: 'only', label: 'Only spam' },
    ],
  },
];

/** Each filter's current value as its select shows it (the query string's spelling). */
function selectValues(filters: LeadFilters): Record<string, string> {
  const search = leadFiltersSearch(filters);
  return Object.fromEntries(FILTERS.map(({ key }) => [key, search.get(key) ?? '']));
}

/**
 * Leads (docs/decisions/080-leads-stored-before-hubspot.md, 082-lead-retention-on-staff-read.md,
 * 084-leads-page-resend-and-aal2.md): every stored contact and B2B request,
 * newest first, 50 a page, filtered through the URL; the full record in a
 * dialog, "Send to HubSpot again" for those HubSpot never took, and a CSV of
 * the filtered list. Opening or refreshing the list purges expired leads.
 */
export function LeadsPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = parseLeadFilters(params);
  const list = useQuery(leadQueries.list(filters));
  const retention = useQuery(leadQueries.retention());
  const [selected, setSelected] = useState<Lead | null>(null);
  // The View button that opened the dialog gets the focus back when it closes.
  const opener = useRef<HTMLButtonElement | null>(null);

  const exportCsv = useMutation({
    mutationFn: async () => {
      const { leads, truncated } = await leadsForExport(filters);
      downloadCsv(leadsCsv(leads), datedFileName('leads'));
      return { count: leads.length, truncated };
    },
  });

  const setFilters = (next: LeadFilters) => {
    setParams(leadFiltersSearch(next));
    exportCsv.reset();
  };
  // Filters asked for but not rendered yet: a second filter changed before
  // React has rendered the first change builds on it instead of undoing it.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === params.toString()) pending.current = null;
  }, [params]);
  const setFilter = (key: string, value: string) => {
    const latest = pending.current ? parseLeadFilters(pending.current) : filters;
    const search = leadFiltersSearch({ ...latest, page: 1 });
    if (value) search.set(key, value);
    else search.delete(key);
    const next = parseLeadFilters(search);
    pending.current = leadFiltersSearch(next);
    setFilters(next);
  };

  const page = list.data;
  const leads = page?.leads ?? [];
  const total = page?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEADS_PER_PAGE));
  const first = (filters.page - 1) * LEADS_PER_PAGE + 1;
  const values = selectValues(filters);
  const pageHref = (n: number) => {
    const search = leadFiltersSearch({ ...filters, page: n }).toString();
    return `${paths.adminPortal('leads')}${search ? `?${search}` : ''}`;
  };

  return (
    <AdminPage
      section="leads"
      title="Leads"
      description="Contact and B2B access requests, stored before they are sent to HubSpot. Newest first."
      actions={
        <Button variant="secondary" disabled={exportCsv.isPending || list.isPending} onClick={() => exportCsv.mutate()}>
          {exportCsv.isPending ? 'Preparing CSV…' : 'Export CSV'}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-ink-muted" data-testid="lead-retention">
        {retention.data
          ? `Leads are deleted ${retention.data.retention} after they arrive, spam after ${retention.data.spamRetention}; expired leads are deleted each time this list is opened or refreshed.`
          : retention.error
            ? 'The retention periods could not be loaded; expired leads are still deleted each time this list is opened or refreshed.'
            : 'Expired leads are deleted each time this list is opened or refreshed.'}
        {page && page.purged > 0
          ? ` ${page.purged} expired ${page.purged === 1 ? 'lead was' : 'leads were'} just deleted.`
          : ''}
      </p>

      <div aria-live="polite">
        {exportCsv.isSuccess ? (
          <p role="status" className="mb-4 text-brand-700">
            Exported {exportCsv.data.count} {exportCsv.data.count === 1 ? 'lead' : 'leads'} to {datedFileName('leads')}.
            {exportCsv.data.truncated
              ? ` The export holds the newest ${EXPORT_LIMIT.toLocaleString('en-CA')} matching leads; narrow the filters for older ones.`
              : ''}
          </p>
        ) : null}
      </div>
      {exportCsv.error ? (
        <p role="alert" className="mb-4 text-danger">
          The CSV could not be exported: {exportCsv.error.message}
        </p>
      ) : null}

      <form
        role="search"
        aria-label="Filter leads"
        className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => event.preventDefault()}
      >
        {FILTERS.map((filter) => (
          <div key={filter.key}>
            <Label htmlFor={`${id}-${filter.key}`}>{filter.label}</Label>
            <Select
              id={`${id}-${filter.key}`}
              value={values[filter.key]}
              onChange={(event) => setFilter(filter.key, event.target.value)}
            >
              {filter.choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </div>
        ))}
      </form>
      {isFiltered(filters) ? (
        <Button variant="ghost" size="sm" className="mb-4" onClick={() => setFilters(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}

      {list.error ? (
        <div role="alert" className="mb-4 rounded-md border border-danger/30 bg-danger-bg p-3 text-danger">
          <p>The leads could not be loaded: {list.error.message}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}

      <p role="status" className="mb-2 text-sm text-ink-muted">
        {list.isPending
          ? 'Loading leads…'
          : page
            ? total === 0
              ? ''
              : `Showing ${Math.min(first, total)}–${Math.min(first + leads.length - 1, total)} of ${total} ${total === 1 ? 'lead' : 'leads'}, ${LEADS_PER_PAGE} a page${list.isFetching ? ' (updating…)' : ''}.`
            : ''}
      </p>

      {page && leads.length === 0 ? (
        <Card className="p-6 text-center">
          <p className="font-semibold text-ink">
            {isFiltered(filters)
              ? 'No leads match these filters.'
              : filters.page > 1
                ? 'This page is past the last lead.'
                : 'No leads yet.'}
          </p>
          <p className="mt-1 text-sm text-ink-muted">
            {filters.spam === 'hide' && filters.outcome === 'not_sent'
              ? 'Leads not sent are spam: choose “Include spam” or “Only spam” to see them.'
              : 'Leads appear here as soon as a visitor sends the contact or B2B access form.'}
          </p>
        </Card>
      ) : null}

      {leads.length > 0 ? (
        <Card className="overflow-hidden">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Leads, newest first</caption>
            <thead className="bg-sand-50 text-ink-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Lead
                </th>
                <th scope="col" className="hidden w-44 px-3 py-2 sm:table-cell">
                  Received
                </th>
                <th scope="col" className="hidden w-28 px-3 py-2 md:table-cell">
                  Form
                </th>
                <th scope="col" className="hidden w-24 px-3 py-2 lg:table-cell">
                  Language
                </th>
                <th scope="col" className="hidden w-28 px-3 py-2 lg:table-cell">
                  Consent
                </th>
                <th scope="col" className="w-28 px-3 py-2 sm:w-36">
                  HubSpot
                </th>
                <th scope="col" className="w-20 px-3 py-2">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr key={lead.id} className="border-t border-sand-200 align-top" data-testid="lead-row">
                  <td className="break-words px-3 py-2">
                    <span className="block font-semibold text-ink">{leadName(lead)}</span>
                    <span className="block text-ink-muted">{fieldValue(lead, 'email')}</span>
                    <span className="block text-xs text-ink-muted sm:hidden">
                      <When iso={lead.created_at} />
                    </span>
                    <span className="block text-xs text-ink-muted md:hidden">
                      {FORM_LABEL[lead.form] ?? lead.form} · {lead.language.toUpperCase()}
                    </span>
                  </td>
                  <td className="hidden px-3 py-2 sm:table-cell">
                    <When iso={lead.created_at} />
                  </td>
                  <td className="hidden px-3 py-2 md:table-cell">{FORM_LABEL[lead.form] ?? lead.form}</td>
                  <td className="hidden px-3 py-2 lg:table-cell">{LANGUAGE_LABEL[lead.language] ?? lead.language}</td>
                  <td className="hidden px-3 py-2 lg:table-cell">{lead.marketing_consent ? 'Given' : 'Not given'}</td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-1">
                      <OutcomeBadge lead={lead} />
                      {lead.form_mismatch ? <Badge variant="danger">Form mismatch</Badge> : null}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={(event) => {
                        opener.current = event.currentTarget;
                        setSelected(lead);
                      }}
                    >
                      View<span className="sr-only"> the lead from {leadName(lead)}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}

      {page && pages > 1 ? (
        <nav aria-label="Pages of leads" className="mt-4 flex flex-wrap items-center justify-between gap-2">
          {filters.page > 1 ? (
            <Link className="font-semibold text-brand-700 underline" to={pageHref(Math.min(filters.page - 1, pages))}>
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-ink-muted">
            Page {filters.page} of {pages}
          </span>
          {filters.page < pages ? (
            <Link className="font-semibold text-brand-700 underline" to={pageHref(filters.page + 1)}>
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

      <LeadDetailDialog
        lead={selected}
        onOpenChange={(open) => {
          if (!open) setSelected(null);
        }}
        onUpdated={setSelected}
        returnFocus={() => opener.current?.focus()}
      />
    </AdminPage>
  );
}
