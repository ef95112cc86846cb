import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/components/ui/cn';
import { routePath } from '@/config/paths';
import type { Locale } from '@/i18n/locales';
import type { FormsMessages } from '@/i18n/messages/en/forms';
import type { ConsentTexts } from '../consent';

/** A field label with the "(optional)" note, so required needs no asterisk legend. */
export function FieldLabel({ text, optional }: { text: string; optional?: string }) {
  return (
    <>
      {text}
      {optional ? <span className="font-normal text-ink-muted"> {optional}</span> : null}
    </>
  );
}

/** The form-level outcome: red for a failed submission, green for the B2B success. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border-l-4 px-4 py-3 text-base font-medium',
        tone === 'error' ? 'border-danger bg-danger-bg text-danger' : 'border-success bg-success-bg text-success',
      )}
    >
      {children}
    </div>
  );
}

/**
 * Disabling the fieldset while sending drops focus to <body>; once the answer
 * is in, put it back on the submit button so keyboard users are not lost.
 */
export function useRestoreFocusAfterSubmit(pending: boolean, target: RefObject<HTMLElement | null>, enabled: boolean) {
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending && enabled) {
      const active = document.activeElement;
      if (!active || active === document.body) target.current?.focus();
    }
    wasPending.current = pending;
  }, [pending, enabled, target]);
}

export const fieldsetClass = 'm-0 min-w-0 border-0 p-0';

/**
 * The optional marketing-consent checkbox, unticked until the visitor ticks
 * it, with who is asking and how to withdraw right under its label.
 */
export function MarketingConsentField({
  id,
  registration,
  texts,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  texts: ConsentTexts;
}) {
  const detailsId = `${id}-details`;
  return (
    <div className="flex items-start gap-3">
      <input
        {...registration}
        id={id}
        type="checkbox"
        aria-describedby={detailsId}
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-ink-muted/60 text-brand-700 accent-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed"
      />
      <div>
        <label htmlFor={id} className="text-base font-semibold text-ink">
          {texts.marketingLabel}
        </label>
        <p id={detailsId} className="mt-1 text-sm text-ink-muted">
          {texts.marketingDetails}
        </p>
      </div>
    </div>
  );
}

/** What happens to the submission, and where the privacy policy is (in a new tab, so nothing typed is lost). */
export function ProcessingNotice({
  texts,
  messages,
  locale,
}: {
  texts: ConsentTexts;
  messages: FormsMessages;
  locale: Locale;
}) {
  return (
    <p className="text-sm text-ink-muted">
      {texts.processing}{' '}
      <a
        href={routePath('privacy', locale)}
        target="_blank"
        rel="noopener"
        className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        {messages.consent.privacyLink}
        <span className="sr-only"> {messages.consent.newTab}</span>
      </a>
    </p>
  );
}

/**
 * A field people never see or reach (off screen, hidden from assistive
 * technology, out of the tab order), which form-filling bots fill in
 * (docs/decisions/081-lead-spam-without-captcha.md).
 */
export function HoneypotField({
  id,
  registration,
  label,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  label: string;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input {...registration} id={id} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
