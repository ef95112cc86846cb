import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { z } from '@/lib/validation/zod';
import { companyQueries, type CompanyValues } from './companies-api';
import { countries, customerTypes, languages, regionsByCountry, type Country } from './company-options';

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const companySchema = z
  .object({
    legal_name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Enter the company’s legal name.'),
        z.maxLength(200, 'The legal name can be at most 200 characters.'),
      ),
    country: z.enum(['CA', 'US'], { error: 'Choose Canada or the United States.' }),
    region: required('Choose a province or state.'),
    customer_type: z.enum(customerTypes.map((t) => t.value) as [string, ...string[]], {
      error: 'Choose a customer type.',
    }),
    preferred_language: z.enum(['en', 'fr'], { error: 'Choose a language.' }),
    account_manager_id: z.string(),
  })
  .check(
    z.refine((v) => regionsByCountry[v.country].some((r) => r.value === v.region), {
      message: 'Choose a province or state of the chosen country.',
      path: ['region'],
    }),
  );

export type CompanyFormValues = {
  legal_name: string;
  country: Country | '';
  region: string;
  customer_type: string;
  preferred_language: 'en' | 'fr';
  account_manager_id: string;
};

export const emptyCompany: CompanyFormValues = {
  legal_name: '',
  country: 'CA',
  region: '',
  customer_type: '',
  preferred_language: 'en',
  account_manager_id: '',
};

/** Legal name, country and its province or state, customer type, language and account manager. */
export function CompanyForm({
  defaultValues,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  defaultValues: CompanyFormValues;
  submitLabel: string;
  onSubmit: (values: CompanyValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const staff = useQuery(companyQueries.staff());
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CompanyFormValues>({
    // The schema checks the raw form values; the submit handler converts them.
    resolver: zodResolver(companySchema) as unknown as Resolver<CompanyFormValues>,
    defaultValues,
  });
  const country = useWatch({ control, name: 'country' });
  const regions = country ? regionsByCountry[country] : [];

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit({
        legal_name: values.legal_name.trim(),
        country: values.country as Country,
        region: values.region,
        customer_type: values.customer_type,
        preferred_language: values.preferred_language,
        account_manager_id: values.account_manager_id || null,
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The company could not be saved.');
    }
  });

  const countryField = register('country');
  // The account manager's option must exist before the form sets its value.
  if (staff.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        Loading…
      </p>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <Field id={`${id}-name`} label="Legal name" error={errors.legal_name?.message}>
        {(aria) => <Input {...aria} autoComplete="off" maxLength={200} {...register('legal_name')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-country`} label="Country" error={errors.country?.message}>
          {(aria) => (
            <Select
              {...aria}
              {...countryField}
              onChange={(event) => {
                void countryField.onChange(event);
                setValue('region', '');
              }}
            >
              {countries.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={`${id}-region`}
          label={country === 'US' ? 'State' : 'Province or territory'}
          error={errors.region?.message}
        >
          {(aria) => (
            <Select {...aria} {...register('region')}>
              <option value="">Select</option>
              {regions.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${id}-type`} label="Customer type" error={errors.customer_type?.message}>
          {(aria) => (
            <Select {...aria} {...register('customer_type')}>
              <option value="">Select</option>
              {customerTypes.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${id}-language`} label="Preferred language" error={errors.preferred_language?.message}>
          {(aria) => (
            <Select {...aria} {...register('preferred_language')}>
              {languages.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field
        id={`${id}-manager`}
        label="Account manager"
        hint={
          staff.error
            ? 'The staff list could not be loaded.'
            : 'Staff appear here once they save their contact details in Settings.'
        }
      >
        {(aria) => (
          <Select {...aria} {...register('account_manager_id')}>
            <option value="">None</option>
            {(staff.data ?? []).map((s) => (
              <option key={s.user_id} value={s.user_id}>
                {s.display_name} ({s.email})
              </option>
            ))}
          </Select>
        )}
      </Field>
      {failure ? (
        <p role="alert" className="text-danger">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
