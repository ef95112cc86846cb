import type { FeatureFlag } from '@/lib/flags/flag-queries';
import { flagsInGroup } from '@/lib/flags/registry';

export type SectionCounters = { total: number; active: number; hidden: number; navItems: number };

/** The four counters of the Sections & Features page. */
export function sectionCounters(flags: readonly FeatureFlag[]): SectionCounters {
  const active = flags.filter((flag) => flag.enabled).length;
  return {
    total: flags.length,
    active,
    hidden: flags.length - active,
    navItems: flagsInGroup(flags, 'navigation').filter((flag) => flag.enabled).length,
  };
}
