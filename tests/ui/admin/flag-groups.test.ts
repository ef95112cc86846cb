import { describe, expect, it } from 'vitest';
import {
  describeFlag,
  FALLBACK_DESCRIPTION,
  flagGroups,
  flagLabel,
  flagsToEnable,
  sectionCounters,
  ungroupedFlags,
} from '@/features/admin-portal/flag-groups';
import { flagNames } from '@/lib/flags/flag-names';
import { flagList } from '../../utils/render';

describe('flag groups (spec 2.8)', () => {
  it('put every known flag in exactly one group', () => {
    const grouped = flagGroups.flatMap((g) => g.names);
    expect([...grouped].sort()).toEqual([...flagNames].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('show a flag unknown to the groups separately rather than losing it', () => {
    const flags = [...flagList(), { id: 'x', name: 'seasonal_banner', enabled: false, description: null }];
    expect(ungroupedFlags(flags).map((f) => f.name)).toEqual(['seasonal_banner']);
  });
});

describe('Enable All', () => {
  it('switches on only the flags of the group that are off', () => {
    const flags = flagList({ insights: false, teams: true, partnerships: false, hero_section: false });
    expect(flagsToEnable(flags, 'navigation').map((f) => f.name)).toEqual(['insights', 'partnerships', 'solutions']);
    expect(flagsToEnable(flags, 'homepage').map((f) => f.name)).toEqual(['hero_section']);
    expect(flagsToEnable(flags, 'features')).toEqual([]);
  });

  it('never includes a flag that is on (it only switches on)', () => {
    const flags = flagList({ insights: true, teams: true, partnerships: true, solutions: true });
    expect(flagsToEnable(flags, 'navigation')).toEqual([]);
  });
});

describe('describeFlag', () => {
  it("uses the flag's own description first", () => {
    expect(describeFlag({ name: 'teams', description: 'Our people page.' })).toBe('Our people page.');
  });

  it('falls back to the built-in description when the flag has none (or only spaces)', () => {
    expect(describeFlag({ name: 'teams', description: null })).toBe('Teams page and its navigation link.');
    expect(describeFlag({ name: 'teams', description: '   ' })).toBe('Teams page and its navigation link.');
  });

  it("ends with 'Controls visibility of this feature'", () => {
    expect(describeFlag({ name: 'seasonal_banner', description: null })).toBe(FALLBACK_DESCRIPTION);
    expect(FALLBACK_DESCRIPTION).toBe('Controls visibility of this feature');
  });
});

describe('flagLabel and counters', () => {
  it('names flags for people', () => {
    expect(flagLabel('brand_story')).toBe('Brand Story');
    expect(flagLabel('seasonal_banner')).toBe('Seasonal Banner');
  });

  it('counts total, active, hidden and enabled navigation items', () => {
    const flags = flagList(); // spec 9 defaults: 4 off, 14 on; 6 of 10 navigation flags on
    expect(sectionCounters(flags)).toEqual({ total: 18, active: 14, hidden: 4, navItems: 6 });
  });
});
