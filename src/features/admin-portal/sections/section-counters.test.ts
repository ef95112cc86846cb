import { describe, expect, it } from 'vitest';
import { flagNames } from '@/lib/flags/defaults';
import { flagList } from '@tests/support/render';
import { sectionCounters } from './section-counters';

describe('sectionCounters', () => {
  it('counts total, active, hidden and enabled navigation items', () => {
    // The defaults: insights, teams, partnerships and solutions off, the rest on.
    const flags = flagList();
    expect(sectionCounters(flags)).toEqual({
      total: flagNames.length,
      active: flagNames.length - 4,
      hidden: 4,
      navItems: 6,
    });
  });
});
