import { useCallback, type ReactNode } from 'react';
import { useToast } from '@/components/ui/toast';
import { FlagPanel } from '@/lib/flags/panel/flag-panel';
import { outcomeToasts } from '@/lib/flags/panel/outcome-toasts';
import type { FlagWriteOutcome } from '@/lib/flags/panel/use-flag-writes';
import { portalFlagWriter } from './feature-flags-api';

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The flag panel as the portal uses it: writes with the admin's session,
 * optimistic, a toast for each success and failure, failures also logged
 * (docs/decisions/008-flag-changes-audited.md, 033-safe-flag-toggles.md).
 */
export function PortalFlagPanel({ children }: { children: ReactNode }) {
  const { toast } = useToast();
  const onOutcome = useCallback(
    (outcome: FlagWriteOutcome) => {
      if (outcome.kind === 'set' && outcome.failed.length > 0) {
        console.error(
          'Feature flag update failed:',
          outcome.failed.map((f) => `${f.flag.name}: ${reasonOf(f.error)}`).join('; '),
        );
      }
      if (outcome.kind === 'undo' && outcome.error) {
        console.error(`Undo of flag change ${outcome.change.id} failed:`, reasonOf(outcome.error));
      }
      for (const input of outcomeToasts(outcome, reasonOf)) toast(input);
    },
    [toast],
  );
  return (
    <FlagPanel writer={portalFlagWriter} optimistic onOutcome={onOutcome}>
      {children}
    </FlagPanel>
  );
}
