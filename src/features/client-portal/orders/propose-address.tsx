import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { orderQueries, proposeAddress, type NewAddress } from './orders-api';
import { useOrderMessages } from './use-order-messages';

const EMPTY: NewAddress = { label: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: 'CA' };
const REQUIRED = ['label', 'line1', 'city', 'region', 'postalCode'] as const;

/** A new delivery address proposed for the company: staff confirm it before an order can use it. */
export function ProposeAddress() {
  const text = useOrderMessages().checkout;
  const queryClient = useQueryClient();
  const baseId = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<NewAddress>(EMPTY);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [sent, setSent] = useState(false);
  const propose = useMutation({
    mutationFn: () => proposeAddress(values),
    onSuccess: async () => {
      setValues(EMPTY);
      setSent(true);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: orderQueries.addresses().queryKey });
    },
  });
  const set = (name: keyof NewAddress, value: string) => {
    setValues((before) => ({ ...before, [name]: value }));
    setMissing((before) => {
      const next = new Set(before);
      next.delete(name);
      return next;
    });
  };
  // A form may not sit inside the checkout's form: this one is a group whose button sends it.
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const empty = new Set<string>(REQUIRED.filter((name) => !values[name]?.trim()));
    setMissing(empty);
    if (empty.size > 0) {
      document.getElementById(`${baseId}-${[...empty][0]}`)?.focus();
      return;
    }
    propose.mutate();
  };
  const field = (name: keyof Omit<NewAddress, 'country'>, autoComplete: string) => (
    <Field
      id={`${baseId}-${name}`}
      label={text.fields[name]}
      error={missing.has(name) ? text.addressRequired : undefined}
    >
      {(aria) => (
        <Input
          {...aria}
          autoComplete={autoComplete}
          value={values[name] ?? ''}
          onChange={(event) => set(name, event.target.value)}
          // Enter in a field sends the address, not the order around it.
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit(event);
          }}
        />
      )}
    </Field>
  );
  return (
    <div className="-mt-2">
      {sent ? (
        <p role="status" className="mb-2 text-sm font-medium text-success">
          {text.proposed_ok}
        </p>
      ) : null}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={`${baseId}-panel`}
        onClick={() => setOpen((was) => !was)}
      >
        {text.proposeToggle}
      </Button>
      <div id={`${baseId}-panel`} hidden={!open}>
        {open ? (
          <fieldset className="mt-3 grid gap-4 rounded-md border border-sand-200 p-4 sm:grid-cols-2">
            <legend className="px-1 font-semibold text-ink">{text.proposeTitle}</legend>
            <p className="text-sm text-ink-muted sm:col-span-2">{text.proposeIntro}</p>
            <div className="sm:col-span-2">{field('label', 'off')}</div>
            <div className="sm:col-span-2">{field('line1', 'address-line1')}</div>
            <div className="sm:col-span-2">{field('line2', 'address-line2')}</div>
            {field('city', 'address-level2')}
            {field('region', 'address-level1')}
            {field('postalCode', 'postal-code')}
            <Field id={`${baseId}-country`} label={text.fields.country}>
              {(aria) => (
                <Select
                  {...aria}
                  value={values.country}
                  onChange={(event) => set('country', event.target.value === 'US' ? 'US' : 'CA')}
                >
                  <option value="CA">{text.countries.CA}</option>
                  <option value="US">{text.countries.US}</option>
                </Select>
              )}
            </Field>
            <div className="sm:col-span-2">
              <Button type="button" variant="secondary" onClick={submit} disabled={propose.isPending}>
                {propose.isPending ? text.proposing : text.propose}
              </Button>
              {propose.isError ? (
                <p role="alert" className="mt-2 text-sm font-medium text-danger">
                  {text.proposeFailed}
                </p>
              ) : null}
            </div>
          </fieldset>
        ) : null}
      </div>
    </div>
  );
}
