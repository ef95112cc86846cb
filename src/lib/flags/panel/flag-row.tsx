import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import type { FeatureFlag } from '../flag-queries';
import { describeFlag, flagLabel } from '../registry';

/**
 * One flag: its name, description, Visible/Hidden badge and switch. The
 * switch is named by the flag's key and described by its label and text.
 * While a change is on its way the switch ignores presses but keeps focus.
 */
export function FlagRow({
  flag,
  pending,
  onToggle,
}: {
  flag: FeatureFlag;
  pending: boolean;
  onToggle: (flag: FeatureFlag, enabled: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start gap-3 py-4 sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span id={`${id}-label`} className="font-semibold text-ink">
            {flagLabel(flag.name)}
          </span>
          <Badge variant={flag.enabled ? 'success' : 'neutral'}>{flag.enabled ? 'Visible' : 'Hidden'}</Badge>
        </div>
        <code className="text-xs text-ink-muted">{flag.name}</code>
        <p id={`${id}-description`} className="mt-1 text-sm text-ink-muted">
          {describeFlag(flag)}
        </p>
      </div>
      <Switch
        checked={flag.enabled}
        onCheckedChange={(enabled) => {
          if (!pending) onToggle(flag, enabled);
        }}
        aria-label={flag.name}
        aria-describedby={`${id}-label ${id}-description`}
        aria-busy={pending || undefined}
        className="mt-1 sm:mt-0"
      />
    </li>
  );
}
