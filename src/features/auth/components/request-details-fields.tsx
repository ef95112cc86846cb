import type { Dispatch, SetStateAction } from 'react';
import { Field, Input, Select } from '@/components/ui/field';
import { companySizes, industries } from '@/config/b2b-choices';
import { useI18n } from '@/i18n/i18n';
import { forms as enForms } from '@/i18n/messages/en/forms';
import { forms as frForms } from '@/i18n/messages/fr/forms';
import type { RequestDetails } from '@/lib/session/account-api';

export const EMPTY_DETAILS: RequestDetails = {
  firstName: '',
  lastName: '',
  company: '',
  jobTitle: '',
  phone: '',
  companySize: '',
  industry: '',
};
const REQUIRED: Array<keyof RequestDetails> = ['firstName', 'lastName', 'company'];
/** The database's caps (access_requests), so nothing typed here is refused there. */
const MAX_LENGTH: Record<keyof RequestDetails, number> = {
  firstName: 100,
  lastName: 100,
  company: 200,
  jobTitle: 200,
  phone: 50,
  companySize: 50,
  industry: 100,
};

/** Whether the details the database requires are there. */
export function detailsComplete(details: RequestDetails): boolean {
  return REQUIRED.every((key) => details[key].trim() !== '');
}

/**
 * The details of an access request (names, company, role, phone, size,
 * industry), as the confirmation page and the account page ask for them; a
 * required field left empty says so once `checked`.
 */
export function RequestDetailsFields({
  details,
  onChange,
  checked,
}: {
  details: RequestDetails;
  onChange: Dispatch<SetStateAction<RequestDetails>>;
  checked: boolean;
}) {
  const { t, locale } = useI18n();
  const text = t.auth.confirm;
  const choices = (locale === 'fr' ? frForms : enForms).b2b;
  const missing = (key: keyof RequestDetails) => REQUIRED.includes(key) && details[key].trim() === '';

  const field = (key: keyof RequestDetails, label: string, autoComplete: string) => (
    <Field id={`request-${key}`} label={label} error={checked && missing(key) ? text.required : undefined}>
      {(aria) => (
        <Input
          {...aria}
          value={details[key]}
          maxLength={MAX_LENGTH[key]}
          autoComplete={autoComplete}
          type={key === 'phone' ? 'tel' : 'text'}
          onChange={(event) => onChange((current) => ({ ...current, [key]: event.target.value }))}
        />
      )}
    </Field>
  );

  const select = (
    key: 'companySize' | 'industry',
    label: string,
    options: readonly string[],
    names: Record<string, string>,
  ) => (
    <Field id={`request-${key}`} label={label}>
      {(aria) => (
        <Select
          {...aria}
          value={details[key]}
          onChange={(event) => onChange((current) => ({ ...current, [key]: event.target.value }))}
        >
          <option value="">{choices.select}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {names[option]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  return (
    <fieldset className="space-y-5">
      <legend className="mb-2 font-serif text-xl font-semibold text-ink">{text.details}</legend>
      <div className="grid gap-5 md:grid-cols-2">
        {field('firstName', text.firstName, 'given-name')}
        {field('lastName', text.lastName, 'family-name')}
        {field('company', text.company, 'organization')}
        {field('jobTitle', text.jobTitle, 'organization-title')}
        {field('phone', text.phone, 'tel')}
        {select('companySize', choices.companySize, companySizes, choices.companySizes)}
        {select('industry', choices.industry, industries, choices.industries)}
      </div>
    </fieldset>
  );
}
