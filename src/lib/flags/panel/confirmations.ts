import type { FeatureFlag } from '../flag-queries';
import { describeFlag, flagLabel, flagMeta } from '../registry';
import type { FlagChange } from './flag-change-queries';

/** What a confirmation dialog asks, in plain words. */
export type Confirmation = {
  title: string;
  description: string;
  confirmLabel: string;
  /** It hides something from visitors: the confirm button says so by its colour. */
  hides: boolean;
};

function onOff(enabled: boolean): string {
  return enabled ? 'On' : 'Off';
}

/**
 * Switching a flag off asks first when visitors would lose something they
 * see, naming it ("Hide the Products section from the public site?"). A flag
 * the registry does not know asks too, since nobody can say what it hides.
 * Switching on never asks.
 */
export function offConfirmation(flag: Pick<FeatureFlag, 'name' | 'description'>): Confirmation | null {
  const meta = flagMeta(flag.name);
  if (!meta) {
    return {
      title: `Switch off ${flagLabel(flag.name)}?`,
      description: describeFlag(flag),
      confirmLabel: 'Switch off',
      hides: true,
    };
  }
  if (!meta.hides) return null;
  return {
    title: `Hide ${meta.hides} from the public site?`,
    description: meta.effectWhenOff,
    confirmLabel: 'Switch off',
    hides: true,
  };
}

/** Undo always asks: it names the value the flag goes back to, and what visitors lose when that is Off. */
export function undoConfirmation(change: FlagChange): Confirmation {
  const label = flagLabel(change.flag_name);
  const meta = flagMeta(change.flag_name);
  let description: string;
  if (change.field === 'description') {
    description = change.old_description
      ? `The description of ${label} goes back to “${change.old_description}”.`
      : `The description of ${label} is removed, as it was before.`;
  } else if (change.old_enabled) {
    description = `${label} goes back to On.`;
  } else if (meta?.hides) {
    description = `${label} goes back to Off: this hides ${meta.hides} from the public site. ${meta.effectWhenOff}`;
  } else {
    description = `${label} goes back to ${onOff(false)}. ${meta?.effectWhenOff ?? ''}`.trim();
  }
  const hides = change.field === 'enabled' && !change.old_enabled;
  return { title: 'Undo this change?', description, confirmLabel: 'Undo change', hides };
}
