import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { Field, Input } from '@/components/ui/field';
import { flagQueries, type FeatureFlag } from '../flag-queries';
import { ConfirmChangeDialog, REASON_MAX_LENGTH } from './confirm-change-dialog';
import { offConfirmation, undoConfirmation } from './confirmations';
import type { FlagChange } from './flag-change-queries';
import { FlagRow } from './flag-row';
import { useFlagWrites, type FlagWriteOutcome, type FlagWriter } from './use-flag-writes';

type Pending = { kind: 'off'; flag: FeatureFlag } | { kind: 'undo'; change: FlagChange };

type FlagPanelApi = {
  /** Switching on happens at once; switching off something visitors see asks first. */
  toggle: (flag: FeatureFlag, enabled: boolean) => void;
  /** Switches on every flag given (never off), at once. */
  enableAll: (flags: readonly FeatureFlag[]) => void;
  /** Asks, then restores the value the change replaced. */
  undo: (change: FlagChange) => void;
  isPending: (flagId: string) => boolean;
  isUndoing: (changeId: number) => boolean;
  /** The reason staff typed for their next change ("" for none). */
  reason: string;
  setReason: (reason: string) => void;
};

const FlagPanelContext = createContext<FlagPanelApi | null>(null);

function reasonOrNull(reason: string): string | null {
  return reason.trim() || null;
}

/**
 * The staff flag panel, shared by the admin portal and the simple admin page
 * (docs/decisions/032-one-flag-registry-list-and-panel.md): everything inside
 * switches flags and undoes changes through the screen's `writer`, with the
 * pending state and rollback of ./use-flag-writes.ts, the confirmations and
 * the optional reason of docs/decisions/033-safe-flag-toggles.md. The screen
 * lays it out and decides, in `onOutcome`, what to tell staff.
 */
export function FlagPanel({
  writer,
  optimistic,
  onOutcome,
  children,
}: {
  writer: FlagWriter;
  optimistic: boolean;
  onOutcome: (outcome: FlagWriteOutcome) => void;
  children: ReactNode;
}) {
  const writes = useFlagWrites({ writer, optimistic, onOutcome });
  const { setEnabled, undoChange } = writes;
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);

  // A reason goes with the next change only.
  const takeReason = useCallback((typed: string) => {
    setReason('');
    return reasonOrNull(typed);
  }, []);

  const toggle = useCallback(
    (flag: FeatureFlag, enabled: boolean) => {
      if (!enabled && offConfirmation(flag)) setPending({ kind: 'off', flag });
      else setEnabled([flag], enabled, takeReason(reason));
    },
    [reason, setEnabled, takeReason],
  );
  const enableAll = useCallback(
    (flags: readonly FeatureFlag[]) => setEnabled(flags, true, takeReason(reason)),
    [reason, setEnabled, takeReason],
  );
  const undo = useCallback((change: FlagChange) => setPending({ kind: 'undo', change }), []);

  const confirm = (typed: string) => {
    if (!pending) return;
    setPending(null);
    if (pending.kind === 'off') setEnabled([pending.flag], false, takeReason(typed));
    else undoChange(pending.change, takeReason(typed));
  };

  const api = useMemo(
    () => ({ toggle, enableAll, undo, isPending: writes.isPending, isUndoing: writes.isUndoing, reason, setReason }),
    [toggle, enableAll, undo, writes.isPending, writes.isUndoing, reason],
  );
  const confirmation = !pending
    ? null
    : pending.kind === 'off'
      ? offConfirmation(pending.flag)
      : undoConfirmation(pending.change);

  return (
    <FlagPanelContext value={api}>
      {children}
      <ConfirmChangeDialog
        confirmation={confirmation}
        initialReason={reason}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </FlagPanelContext>
  );
}

export function useFlagPanel(): FlagPanelApi {
  const api = useContext(FlagPanelContext);
  if (!api) throw new Error('useFlagPanel needs a <FlagPanel> around it.');
  return api;
}

/** Flags as rows with their switches. */
export function FlagList({ flags }: { flags: readonly FeatureFlag[] }) {
  const { toggle, isPending } = useFlagPanel();
  return (
    <ul className="divide-y divide-sand-200">
      {flags.map((flag) => (
        <FlagRow key={flag.id} flag={flag} pending={isPending(flag.id)} onToggle={toggle} />
      ))}
    </ul>
  );
}

/** The reason for the next change made without a question (switching on, Enable All); a question offers it again. */
export function ReasonField({ className }: { className?: string }) {
  const id = useId();
  const { reason, setReason } = useFlagPanel();
  return (
    <Field
      id={`${id}-reason`}
      label="Reason for your next change (optional)"
      hint="Kept in the change history with that change."
      className={className}
    >
      {(aria) => (
        <Input {...aria} value={reason} maxLength={REASON_MAX_LENGTH} onChange={(e) => setReason(e.target.value)} />
      )}
    </Field>
  );
}

/**
 * The shared flag list as staff screens read it: always refetched when a
 * screen opens, and a failure shown at once (the screen offers Refresh)
 * rather than retried behind a spinner.
 */
export function useStaffFlagList() {
  return useQuery({ ...flagQueries.list(), staleTime: 0, retry: false });
}
