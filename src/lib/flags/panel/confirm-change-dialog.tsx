import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import type { Confirmation } from './confirmations';

export const REASON_MAX_LENGTH = 500;

/**
 * Asks before a change that hides something or reverses an earlier one:
 * the question in plain words, what it does, and an optional reason that
 * goes into the audit trail. Cancel, Escape or the close button change nothing.
 */
export function ConfirmChangeDialog({
  confirmation,
  initialReason,
  onConfirm,
  onCancel,
}: {
  confirmation: Confirmation | null;
  initialReason: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={confirmation !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      {confirmation ? (
        <DialogContent role="alertdialog" closeLabel="Close">
          {/* Mounted per question, so the reason starts from the panel's each time. */}
          <ConfirmForm
            confirmation={confirmation}
            initialReason={initialReason}
            onConfirm={onConfirm}
            onCancel={onCancel}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ConfirmForm({
  confirmation,
  initialReason,
  onConfirm,
  onCancel,
}: {
  confirmation: Confirmation;
  initialReason: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState(initialReason);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason);
  };
  return (
    <form onSubmit={submit}>
      <DialogTitle className="font-sans text-xl">{confirmation.title}</DialogTitle>
      <DialogDescription>{confirmation.description}</DialogDescription>
      <Field id={`${id}-reason`} label="Reason (optional)" className="mt-5" hint="Kept in the change history.">
        {(aria) => (
          <Input {...aria} value={reason} maxLength={REASON_MAX_LENGTH} onChange={(e) => setReason(e.target.value)} />
        )}
      </Field>
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={confirmation.hides ? 'danger' : 'primary'}>
          {confirmation.confirmLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
