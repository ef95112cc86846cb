/**
 * The home page's contact form. Loaded lazily with react-hook-form and zod,
 * so the first paint of the home page carries neither.
 */
import { useId, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { useI18n } from '@/i18n/i18n';
import { useSubmitContact } from '../api/submit-lead';
import { consentTexts } from '../consent';
import { contactSchema, emptyContact, errorText, type ContactInput } from '../schema';
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

export default function ContactForm() {
  const t = useFormsMessages();
  const { locale } = useI18n();
  const text = t.contact;
  const consent = useMemo(() => consentTexts(t, locale), [t, locale]);
  const mutation = useSubmitContact(locale, consent);
  const { form, submit, pending, inert, failed, limited, approachProps } = useLeadForm({
    schema: contactSchema,
    empty: emptyContact,
    mutation,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const prefix = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const formRef = useFormSeen<HTMLFormElement>('contact');
  // Success moves focus into the dialog; only a failure needs it put back.
  useRestoreFocusAfterSubmit(pending, submitRef, failed);

  const id = (name: keyof ContactInput) => `${prefix}-${name}`;
  const error = (name: keyof ContactInput) => errorText(t.errors, name, errors[name]?.message);

  return (
    <>
      <form
        ref={formRef}
        noValidate
        method="post"
        onSubmit={submit}
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
              {(aria) => (
                <Input {...aria} {...register('email')} type="email" autoComplete="email" spellCheck={false} />
              )}
            </Field>
            <Field
              id={id('phone')}
              label={<FieldLabel text={text.phone} optional={t.optional} />}
              error={error('phone')}
            >
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
            <Field id={id('message')} label={text.message} error={error('message')} className="md:col-span-2">
              {(aria) => <Textarea {...aria} {...register('message')} rows={5} />}
            </Field>
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
        <Button ref={submitRef} type="submit" disabled={inert} className="w-full md:w-auto">
          {pending ? text.submitting : text.submit}
        </Button>
      </form>
      <Dialog
        open={mutation.isSuccess}
        onOpenChange={(open) => {
          if (!open) mutation.reset();
        }}
      >
        <DialogContent
          closeLabel={text.close}
          onCloseAutoFocus={(event) => {
            // Radix would return focus to <body> (there is no trigger); go back to the form.
            event.preventDefault();
            submitRef.current?.focus();
          }}
        >
          <DialogTitle>{text.thankYouTitle}</DialogTitle>
          <DialogDescription>{text.thankYouBody}</DialogDescription>
          <DialogFooter>
            <DialogClose asChild>
              <Button>{text.close}</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
