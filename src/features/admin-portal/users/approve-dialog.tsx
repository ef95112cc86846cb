import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { type AccountEntry, accountQueries, approveRequest } from './accounts-api';
import {
  attachClient,
  companyQueries,
  createCompany,
  requestDetails,
} from '@/features/admin-portal/companies/companies-api';
import { customerTypes, regionLabel } from '@/features/admin-portal/companies/company-options';
import { CompanyForm, emptyCompany } from '@/features/admin-portal/companies/company-form';

type Step = 'approve' | 'company' | 'done';
type Choice = 'create' | 'attach' | 'later';

/**
 * Approving an access request (docs/decisions/070-accounts-run-themselves.md),
 * then, in the same dialog, placing the new client in a company: create one
 * from the request, attach to a matching one, or decide later.
 */
export function ApproveDialog({
  account,
  open,
  onOpenChange,
  onApproved,
}: {
  account: AccountEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApproved: (message: string) => void;
}) {
  const [step, setStep] = useState<Step>('approve');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const who = account.email;

  const approve = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await approveRequest(account.user_id);
      setStep('company');
      onApproved(`Approved ${who}.`);
      void queryClient.invalidateQueries({ queryKey: accountQueries.all() });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The approval failed.');
    } finally {
      setBusy(false);
    }
  };

  const finish = (text: string) => {
    setOutcome(text);
    setStep('done');
    void queryClient.invalidateQueries({ queryKey: companyQueries.all() });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setStep('approve');
      }}
    >
      <DialogContent closeLabel="Close" className="max-w-2xl">
        <DialogTitle>Approve {who}</DialogTitle>
        <DialogDescription>
          {account.first_name} {account.last_name}
          {account.company ? `, ${account.company}` : ''}
        </DialogDescription>
        {step === 'approve' ? (
          <div className="mt-4">
            <p>They will be able to sign in to the client portal.</p>
            {failure ? (
              <p role="alert" className="mt-2 text-danger">
                {failure}
              </p>
            ) : null}
            <div className="mt-4 flex justify-end gap-3">
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button disabled={busy} onClick={() => void approve()}>
                Approve access
              </Button>
            </div>
          </div>
        ) : null}
        {step === 'company' ? <CompanyStep account={account} onDone={finish} /> : null}
        {step === 'done' ? (
          <div className="mt-4">
            <p role="status" className="text-brand-700">
              {outcome}
            </p>
            <div className="mt-4 flex justify-end">
              <Button onClick={() => onOpenChange(false)}>Close</Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CompanyStep({ account, onDone }: { account: AccountEntry; onDone: (text: string) => void }) {
  const id = useId();
  const name = account.company.trim();
  const [choice, setChoice] = useState<Choice>(name ? 'create' : 'later');
  const details = useQuery({
    queryKey: ['admin', 'access-request', account.user_id],
    queryFn: () => requestDetails(account.user_id),
  });
  const candidates = useQuery({ ...companyQueries.candidates(name), enabled: name !== '' });
  const [picked, setPicked] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const who = account.email;

  const industry = details.data?.industry ?? '';
  const prefill = {
    ...emptyCompany,
    legal_name: name,
    customer_type: customerTypes.some((t) => t.value === industry) ? industry : '',
    preferred_language: details.data?.locale === 'fr' ? ('fr' as const) : ('en' as const),
  };

  const attach = async () => {
    const company = candidates.data?.find((c) => c.id === picked);
    if (!company) return;
    setBusy(true);
    setFailure(null);
    try {
      await attachClient(company.id, account.user_id);
      onDone(`${who} is now a client of ${company.legal_name}.`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The client could not be attached.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4">
      <p role="status" className="font-semibold text-brand-700">
        Approved {who}.
      </p>
      <fieldset className="mt-4">
        <legend className="font-semibold text-ink">Their company</legend>
        <div className="mt-2 grid gap-2">
          {name ? (
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-choice`}
                className="h-5 w-5 accent-brand-700"
                checked={choice === 'create'}
                onChange={() => setChoice('create')}
              />
              Create company «{name}»
            </label>
          ) : null}
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${id}-choice`}
              className="h-5 w-5 accent-brand-700"
              checked={choice === 'attach'}
              onChange={() => setChoice('attach')}
            />
            Attach to existing company
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${id}-choice`}
              className="h-5 w-5 accent-brand-700"
              checked={choice === 'later'}
              onChange={() => setChoice('later')}
            />
            Decide later
          </label>
        </div>
      </fieldset>
      <div className="mt-4 border-t border-sand-200 pt-4">
        {choice === 'create' ? (
          details.isPending ? (
            <p role="status" className="text-ink-muted">
              Loading the request…
            </p>
          ) : (
            <CompanyForm
              defaultValues={prefill}
              submitLabel="Create company and attach"
              onSubmit={async (values) => {
                const company = await createCompany(values);
                await attachClient(company.id, account.user_id);
                onDone(`Created ${company.legal_name}; ${who} is its client.`);
              }}
            />
          )
        ) : null}
        {choice === 'attach' ? (
          <div>
            {!name ? <p className="text-ink-muted">The request names no company to match.</p> : null}
            {candidates.isFetching ? (
              <p role="status" className="text-ink-muted">
                Looking for matching companies…
              </p>
            ) : null}
            {candidates.error ? (
              <p role="alert" className="text-danger">
                The companies could not be searched: {candidates.error.message}
              </p>
            ) : null}
            {candidates.data && candidates.data.length === 0 ? (
              <p className="text-ink-muted">No company matches «{name}». Create it instead.</p>
            ) : null}
            <ul className="grid gap-2" aria-label="Matching companies">
              {(candidates.data ?? []).map((c) => (
                <li key={c.id}>
                  <label className="flex min-h-11 items-center gap-2">
                    <input
                      type="radio"
                      name={`${id}-company`}
                      className="h-5 w-5 accent-brand-700"
                      disabled={c.archived_at !== null}
                      checked={picked === c.id}
                      onChange={() => setPicked(c.id)}
                    />
                    <span>
                      {c.legal_name}{' '}
                      <span className="text-ink-muted">
                        ({regionLabel(c.country, c.region)}, {c.country}){c.exact ? ' · same name' : ''}
                        {c.archived_at ? ' · archived' : ''}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {failure ? (
              <p role="alert" className="mt-2 text-danger">
                {failure}
              </p>
            ) : null}
            <div className="mt-4 flex justify-end">
              <Button disabled={!picked || busy} onClick={() => void attach()}>
                Attach to company
              </Button>
            </div>
          </div>
        ) : null}
        {choice === 'later' ? (
          <div className="flex justify-end">
            <Button
              variant="secondary"
              onClick={() => onDone(`${who} has no company yet; attach them from Companies.`)}
            >
              Decide later
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
