import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import {
  addAddress,
  assignPriceList,
  priceListQueries,
  setAddressStatus,
  updateAddress,
  type AddressValues,
  type CompanyAddress,
} from './price-lists-api';

/**
 * Ordering on a company's page: which price list it orders from, and its
 * delivery addresses (staff add and edit them; a client's proposal is
 * confirmed or rejected here).
 */
export function CompanyOrderingCard({ companyId }: { companyId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const lists = useQuery(priceListQueries.list());
  const current = useQuery(priceListQueries.companyList(companyId));
  const assign = useMutation({
    mutationFn: (listId: string | null) => assignPriceList(companyId, listId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: priceListQueries.companyList(companyId).queryKey });
      toast({ title: 'Price list assigned.', variant: 'success' });
    },
    onError: (error) =>
      toast({ title: 'The price list was not assigned.', description: error.message, variant: 'error' }),
  });

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-3 text-xl font-semibold text-ink">Ordering</h2>
      <div className="max-w-md">
        <label htmlFor={`${id}-list`} className="mb-1 block text-sm font-medium text-ink">
          Price list
        </label>
        <Select
          id={`${id}-list`}
          value={current.data ?? ''}
          disabled={current.isPending || assign.isPending}
          onChange={(event) => assign.mutate(event.target.value || null)}
        >
          <option value="">No price list: its clients cannot order online</option>
          {(lists.data ?? []).map((list) => (
            <option key={list.id} value={list.id}>
              {list.name} ({list.currency})
            </option>
          ))}
        </Select>
        <p className="mt-1 text-sm text-ink-muted">
          <Link to={paths.adminPortal('price-lists')} className="text-brand-700 underline">
            Edit price lists
          </Link>
        </p>
      </div>
      <AddressesSection companyId={companyId} />
    </Card>
  );
}

const STATUS_TEXT = { confirmed: 'Confirmed', proposed: 'Proposed by a client', rejected: 'Rejected' } as const;

function AddressesSection({ companyId }: { companyId: string }) {
  const addresses = useQuery(priceListQueries.addresses(companyId));
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: priceListQueries.addresses(companyId).queryKey });
  const decide = useMutation({
    mutationFn: ({ address, status }: { address: CompanyAddress; status: 'confirmed' | 'rejected' }) =>
      setAddressStatus(address.id, status),
    onSuccess: async (_data, { status }) => {
      await refresh();
      toast({ title: status === 'confirmed' ? 'Address confirmed.' : 'Address rejected.', variant: 'success' });
    },
    onError: (error) => toast({ title: 'The address was not changed.', description: error.message, variant: 'error' }),
  });
  const list = addresses.data ?? [];
  return (
    <section className="mt-6" aria-label="Delivery addresses">
      <h3 className="text-lg font-semibold text-ink">Delivery addresses</h3>
      {addresses.error ? <p className="text-danger">The addresses could not be loaded.</p> : null}
      <ul className="mt-2 grid gap-3">
        {list.map((address) =>
          editing === address.id ? (
            <li key={address.id}>
              <AddressForm
                initial={address}
                onCancel={() => setEditing(null)}
                onSave={async (values) => {
                  await updateAddress(address.id, values);
                  await refresh();
                  toast({ title: 'Address saved.', variant: 'success' });
                  setEditing(null);
                }}
              />
            </li>
          ) : (
            <li key={address.id} className="rounded-md border border-sand-200 p-3" data-testid="company-address">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-ink">{address.label}</span>
                <Badge
                  variant={
                    address.status === 'confirmed' ? 'success' : address.status === 'rejected' ? 'danger' : 'brand'
                  }
                >
                  {STATUS_TEXT[address.status as keyof typeof STATUS_TEXT] ?? address.status}
                </Badge>
              </div>
              <p className="break-words text-sm text-ink-muted">
                {[
                  address.line1,
                  address.line2,
                  `${address.city} ${address.region} ${address.postal_code}`,
                  address.country,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {address.status === 'proposed' ? (
                  <>
                    <Button
                      size="sm"
                      onClick={() => decide.mutate({ address, status: 'confirmed' })}
                      disabled={decide.isPending}
                    >
                      Confirm<span className="sr-only"> {address.label}</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => decide.mutate({ address, status: 'rejected' })}
                      disabled={decide.isPending}
                    >
                      Reject<span className="sr-only"> {address.label}</span>
                    </Button>
                  </>
                ) : null}
                <Button size="sm" variant="ghost" onClick={() => setEditing(address.id)}>
                  Edit<span className="sr-only"> {address.label}</span>
                </Button>
              </div>
            </li>
          ),
        )}
        {addresses.isSuccess && list.length === 0 ? <li className="text-ink-muted">No addresses yet.</li> : null}
      </ul>
      {editing === 'new' ? (
        <div className="mt-3">
          <AddressForm
            onCancel={() => setEditing(null)}
            onSave={async (values) => {
              await addAddress(companyId, values);
              await refresh();
              toast({ title: 'Address added.', variant: 'success' });
              setEditing(null);
            }}
          />
        </div>
      ) : (
        <Button variant="secondary" className="mt-3" onClick={() => setEditing('new')}>
          Add an address
        </Button>
      )}
    </section>
  );
}

type AddressForm = {
  label: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
};

export function addressProblems(form: AddressForm): Partial<Record<keyof AddressForm, string>> {
  const problems: Partial<Record<keyof AddressForm, string>> = {};
  if (!form.label.trim()) problems.label = 'Name the address (for example “Main store”).';
  if (!form.line1.trim()) problems.line1 = 'Enter the street address.';
  if (!form.city.trim()) problems.city = 'Enter the city.';
  if (!form.region.trim()) problems.region = 'Enter the province or state.';
  const postal = form.postal_code.trim().toUpperCase();
  if (form.country === 'CA' && !/^[A-Z]\d[A-Z] ?\d[A-Z]\d$/.test(postal))
    problems.postal_code = 'Enter a Canadian postal code, like H2X 1Y4.';
  if (form.country === 'US' && !/^\d{5}(-\d{4})?$/.test(postal)) problems.postal_code = 'Enter a ZIP code, like 10001.';
  if (form.country !== 'CA' && form.country !== 'US') problems.country = 'Choose Canada or the United States.';
  return problems;
}

function AddressForm({
  initial,
  onSave,
  onCancel,
}: {
  initial?: CompanyAddress;
  onSave: (values: AddressValues) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<AddressForm>({
    label: initial?.label ?? '',
    line1: initial?.line1 ?? '',
    line2: initial?.line2 ?? '',
    city: initial?.city ?? '',
    region: initial?.region ?? '',
    postal_code: initial?.postal_code ?? '',
    country: initial?.country ?? 'CA',
  });
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const problems = addressProblems(form);
  const set = (key: keyof AddressForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const field = (key: keyof AddressForm, label: string, extra: { className?: string; maxLength?: number } = {}) => (
    <Field id={`${id}-${key}`} label={label} error={shown ? problems[key] : undefined} className={extra.className}>
      {(aria) => <Input {...aria} maxLength={extra.maxLength ?? 120} value={form[key]} onChange={set(key)} />}
    </Field>
  );
  return (
    <form
      noValidate
      aria-label={initial ? `Edit ${initial.label}` : 'New address'}
      className="grid gap-3 rounded-md border border-sand-200 p-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        setShown(true);
        if (Object.keys(problems).length > 0) return;
        setPending(true);
        setFailure(null);
        onSave({
          label: form.label.trim(),
          line1: form.line1.trim(),
          line2: form.line2.trim() || null,
          city: form.city.trim(),
          region: form.region.trim(),
          postal_code: form.postal_code.trim().toUpperCase(),
          country: form.country,
        })
          .catch((error: unknown) => setFailure(error instanceof Error ? error.message : 'The address was not saved.'))
          .finally(() => setPending(false));
      }}
    >
      {field('label', 'Label', { className: 'sm:col-span-2' })}
      {field('line1', 'Street address')}
      {field('line2', 'Unit, suite (optional)')}
      {field('city', 'City')}
      {field('region', 'Province or state', { maxLength: 60 })}
      {field('postal_code', 'Postal or ZIP code', { maxLength: 12 })}
      <Field id={`${id}-country`} label="Country" error={shown ? problems.country : undefined}>
        {(aria) => (
          <Select {...aria} value={form.country} onChange={set('country')}>
            <option value="CA">Canada</option>
            <option value="US">United States</option>
          </Select>
        )}
      </Field>
      {failure ? (
        <p role="alert" className="text-danger sm:col-span-2">
          The address was not saved: {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={pending}>
          Save address
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
