import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

const control =
  'block w-full rounded-md border border-ink-muted/40 bg-white px-3 py-2 text-base text-ink placeholder:text-ink-muted/80 focus-visible:border-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-sand-50 aria-[invalid=true]:border-danger';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor
  return <label className={cn('mb-1 block text-sm font-semibold text-ink', className)} {...props} />;
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(control, 'min-h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(control, 'min-h-32', className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(control, 'min-h-11', className)} {...props} />;
}

/** A field's error, announced to screen readers; give it the id the control's aria-describedby names. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-danger">
      {children}
    </p>
  );
}

/** Label, control and error wired together: `control` gets id, aria-invalid and aria-describedby. */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={hintId} className="mb-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
