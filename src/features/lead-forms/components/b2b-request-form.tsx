/**
 * The B2B access request shown in request mode on /client/login and
 * /fr/client/login. Loaded lazily with react-hook-form and zod.
 */
import { useId, useMemo, useRef, type FormEvent } from 'react';
import type { AccountStep } from '@/lib/session/account-api';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { useI18n } from '@/i18n/i18n';
import { useSubmitB2BRequest } from '../api/submit-lead';
import { consentTexts } from '../consent';
import {
  b2bRequestSchema,
  companySizes,
  emptyB2BRequest,
  errorText,
  industries,
  type B2BRequestInput,
} from '../schema';
import { useFormsMessages } from '../use-forms-messages';
import { useFormSeen } from '../use-form-seen';
import { useLeadForm } from '../use-lead-form';
import {
  FieldLabel,
  fieldsetClass,
  FormMessage,
  HoneypotField,
  MarketingConsentField,
  ProcessingNotice,
  useRestoreFocusAfterSubmit,
} from './form-parts';

export type B2BRequestFormProps = {
  /**
   * Request mode on the client sign-in page also creates an account: the step
   * shows what the form says about it, and nothing of it reaches HubSpot.
   */
  account?: AccountStep;
};

export default function B2BRequestForm({ account }: B2BRequestFormProps) {
  const t = useFormsMessages();
  const { locale } = useI18n();
  const text = t.b2b;
  const consent = useMemo(() => consentTexts(t, locale), [t, locale]);
  const mutation = useSubmitB2BRequest(locale, consent);
  const { form, submit, send, pending, inert, failed, limited, approachProps } = useLeadForm({
    schema: b2bRequestSchema,
    empty: emptyB2BRequest,
    mutation,
    keepValues: Boolean(account),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const prefix = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const formRef = useFormSeen<HTMLFormElement>('b2b_request');
  useRestoreFocusAfterSubmit(pending, submitRef, true);

  const id = (name: keyof B2BRequestInput) => `${prefix}-${name}`;
  // With an account step, the lead and the account are sent side by side; a
  // part that already succeeded is not sent again, and nothing is cleared.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!account) return submit(event);
    event.preventDefault();
    // Both checked at once, so every invalid field is marked in one press.
    const stepOk = account.check();
    void form.handleSubmit(async (values) => {
      if (!stepOk) return;
      const [accountOk, leadOk] = await Promise.all([
        account.created || account.create(values),
        mutation.isSuccess || send(values),
      ]);
      if (accountOk && leadOk) form.reset(emptyB2BRequest);
    })(event);
  };

  const error = (name: keyof B2BRequestInput) => errorText(t.errors, name, errors[name]?.message);

  return (
    <form
      ref={formRef}
      noValidate
      method="post"
      onSubmit={onSubmit}
      {...approachProps}
      aria-label={text.formLabel}
      className="relative space-y-5"
    >
      <fieldset disabled={pending} className={fieldsetClass}>
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
              <Input
                {...aria}
                {...register('phone')}
                type="tel"
                autoComplete="tel"
                placeholder={text.phonePlaceholder}
              />
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
          {account ? <div className="md:col-span-2">{account.fields}</div> : null}
        </div>
        <div className="mt-5 space-y-3">
          <MarketingConsentField
            id={id('marketingConsent')}
            registration={register('marketingConsent')}
            texts={consent}
          />
          <ProcessingNotice texts={consent} messages={t} locale={locale} />
        </div>
        <HoneypotField id={id('referralCode')} registration={register('referralCode')} label={t.honeypotLabel} />
      </fieldset>
      {failed ? <FormMessage tone="error">{limited ? t.submitLimited : t.submitError}</FormMessage> : null}
      {mutation.isSuccess ? <FormMessage tone="success">{text.success}</FormMessage> : null}
      {account?.message(mutation.isError)}
      <Button ref={submitRef} type="submit" disabled={inert} className="w-full">
        {pending ? text.submitting : text.submit}
      </Button>
    </form>
  );
}
