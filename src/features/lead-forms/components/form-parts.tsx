import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '@/components/ui/cn';

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
