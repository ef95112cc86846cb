import type { ToastInput } from '@/components/ui/toast';
import type { FlagWriteOutcome } from './use-flag-writes';

function onOff(enabled: boolean): string {
  return enabled ? 'on' : 'off';
}

/**
 * The toasts that acknowledge a write (docs/decisions/008-flag-changes-audited.md):
 * one for what failed, with each reason in the screen's words, and one for
 * what succeeded. Screens choose whether to show them.
 */
export function outcomeToasts(outcome: FlagWriteOutcome, reasonOf: (error: unknown) => string): ToastInput[] {
  if (outcome.kind === 'undo') {
    const { change, error } = outcome;
    if (error) {
      return [
        { variant: 'error', title: `Could not undo the change to ${change.flag_name}`, description: reasonOf(error) },
      ];
    }
    return [
      {
        variant: 'success',
        title:
          change.field === 'description'
            ? `Change undone: the description of ${change.flag_name} is back`
            : `Change undone: ${change.flag_name} is now ${onOff(change.old_enabled)}`,
      },
    ];
  }
  const { enabled, flags, succeeded, failed } = outcome;
  const toasts: ToastInput[] = [];
  if (failed.length > 0) {
    const action = `turn ${onOff(enabled)}`;
    toasts.push({
      variant: 'error',
      title:
        failed.length === 1 && flags.length === 1
          ? `Could not ${action} ${failed[0]?.flag.name}`
          : `Could not ${action} ${failed.length} of ${flags.length} flags`,
      description: failed
        .map((f) => (flags.length === 1 ? reasonOf(f.error) : `${f.flag.name}: ${reasonOf(f.error)}`))
        .join(' '),
    });
  }
  if (succeeded.length > 0) {
    toasts.push({
      variant: 'success',
      title:
        succeeded.length === 1
          ? `${succeeded[0]?.name} is now ${onOff(enabled)}`
          : `${succeeded.length} flags turned ${onOff(enabled)}`,
    });
  }
  return toasts;
}
