/**
 * The B2B access request (spec 3.6, 4, 5, 8) shown in request mode on
 * /client/login and /fr/client/login. Loaded lazily with react-hook-form and zod.
 */
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { useSubmitB2BRequest } from '../api/submit-lead';
import { b2bRequestSchema, companySizes, emptyB2BRequest, errorText, industries, type B2BRequestInput } from '../schema';
import { useFormsMessages } from '../use-forms-messages';
import { useLeadForm } from '../use-lead-form';
import { FieldLabel, fieldsetClass, FormMessage, useRestoreFocusAfterSubmit } from './form-parts';

export default function B2BRequestForm() {
  const t = useFormsMessages();
  const text = t.b2b;
  const mutation = useSubmitB2BRequest();
  const { form, submit, pending, inert } = useLeadForm({ schema: b2bRequestSchema, empty: emptyB2BRequest, mutation });
  const {
    register,
    formState: { errors },
  } = form;
  const prefix = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  useRestoreFocusAfterSubmit(pending, submitRef, true);

  const id = (name: keyof B2BRequestInput) => `${prefix}-${name}`;
  const error = (name: keyof B2BRequestInput) => errorText(t.errors, name, errors[name]?.message);

  return (
    <form noValidate onSubmit={submit} aria-label={text.formLabel} className="space-y-5">
      <fieldset disabled={inert} className={fieldsetClass}>
        <div className="grid gap-5 md:grid-cols-2">
          <Field id={id('firstName')} label={text.firstName} error={error('firstName')}>
            {(aria) => <Input {...aria} {...register('firstName')} autoComplete="given-name" />}
          </Field>
          <Field id={id('lastName')} label={text.lastName} error={error('lastName')}>
            {(aria) => <Input {...aria} {...register('lastName')} autoComplete="family-name" />}
          </Field>
          <Field id={id('email')} label={text.email} error={error('email')}>
            {(aria) => <Input {...aria} {...register('email')} type="email" autoComplete="email" spellCheck={false} />}
          </Field>
          <Field id={id('phone')} label={text.phone} error={error('phone')}>
            {(aria) => (
              <Input {...aria} {...register('phone')} type="tel" autoComplete="tel" placeholder={text.phonePlaceholder} />
            )}
          </Field>
          <Field id={id('companyName')} label={text.companyName} error={error('companyName')}>
            {(aria) => <Input {...aria} {...register('companyName')} autoComplete="organization" />}
          </Field>
          <Field id={id('jobTitle')} label={text.jobTitle} error={error('jobTitle')}>
            {(aria) => <Input {...aria} {...register('jobTitle')} autoComplete="organization-title" />}
          </Field>
          <Field id={id('companySize')} label={text.companySize} error={error('companySize')}>
            {(aria) => (
              <Select {...aria} {...register('companySize')}>
                <option value="">{text.select}</option>
                {companySizes.map((size) => (
                  <option key={size} value={size}>
                    {text.companySizes[size]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id('industry')} label={text.industry} error={error('industry')}>
            {(aria) => (
              <Select {...aria} {...register('industry')}>
                <option value="">{text.select}</option>
                {industries.map((industry) => (
                  <option key={industry} value={industry}>
                    {text.industries[industry]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            id={id('website')}
            label={<FieldLabel text={text.website} optional={t.optional} />}
            error={error('website')}
            className="md:col-span-2"
          >
            {(aria) => (
              <Input
                {...aria}
                {...register('website')}
                type="url"
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                placeholder={text.websitePlaceholder}
              />
            )}
          </Field>
          <Field
            id={id('businessNeeds')}
            label={text.businessNeeds}
            hint={text.businessNeedsHint}
            error={error('businessNeeds')}
            className="md:col-span-2"
          >
            {(aria) => <Textarea {...aria} {...register('businessNeeds')} rows={5} />}
          </Field>
        </div>
      </fieldset>
      {mutation.isError ? <FormMessage tone="error">{t.submitError}</FormMessage> : null}
      {mutation.isSuccess ? <FormMessage tone="success">{text.success}</FormMessage> : null}
      <Button ref={submitRef} type="submit" disabled={inert} className="w-full">
        {pending ? text.submitting : text.submit}
      </Button>
    </form>
  );
}
