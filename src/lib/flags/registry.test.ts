import { describe, expect, it } from 'vitest';
import { flagList } from '@tests/support/render';
import { defaultFlags, flagNames, type FlagMap } from './defaults';
import {
  describeFlag,
  FALLBACK_DESCRIPTION,
  flagGroups,
  flagLabel,
  flagMeta,
  flagRegistry,
  flagsInGroup,
  flagsToEnable,
  ungroupedFlags,
} from './registry';

describe('the flag registry', () => {
  it('knows every flag once, with its default', () => {
    expect(flagRegistry.map((meta) => meta.name).sort()).toEqual([...flagNames].sort());
    for (const meta of flagRegistry) expect(meta.default).toBe(defaultFlags[meta.name]);
  });

  it('puts every flag in one of the three groups', () => {
    const groups = new Set(flagGroups.map((g) => g.id));
    expect(groups.size).toBe(3);
    for (const meta of flagRegistry) expect(groups.has(meta.group)).toBe(true);
  });

  it('says what each flag does when off, and names what visitors stop seeing in plain words', () => {
    for (const meta of flagRegistry) {
      expect(meta.effectWhenOff, meta.name).toMatch(/^[A-Z].*\.$/);
      expect(meta.hides ?? 'the thing', meta.name).toMatch(/^the [A-Za-z]/);
    }
    expect(flagMeta('products')?.hides).toBe('the Products section and the catalogue pages');
    expect(flagMeta('seasonal_banner')).toBeUndefined();
  });
});

/** Every flag on. */
const allOn: Partial<FlagMap> = Object.fromEntries(flagNames.map((name) => [name, true]));

describe('flag groups', () => {
  it("list a group's flags in the registry's order, whatever order the server sends them in", () => {
    const fromServer = flagList().reverse();
    for (const { id } of flagGroups) {
      const expected = flagRegistry.filter((meta) => meta.group === id).map((meta) => meta.name);
      expect(expected.length, id).toBeGreaterThan(0);
      expect(flagsInGroup(fromServer, id).map((f) => f.name)).toEqual(expected);
    }
    const navigation = flagsInGroup(fromServer, 'navigation').map((f) => f.name);
    expect(navigation.indexOf('insights')).toBeLessThan(navigation.indexOf('founder'));
  });

  it('leave out the flags the server does not list', () => {
    const fromServer = flagList().filter((flag) => flag.name !== 'teams');
    expect(flagsInGroup(fromServer, 'navigation').map((f) => f.name)).not.toContain('teams');
  });

  it('show a flag unknown to the groups separately rather than losing it', () => {
    const flags = [...flagList(), { id: 'x', name: 'seasonal_banner', enabled: false, description: null }];
    expect(ungroupedFlags(flags).map((f) => f.name)).toEqual(['seasonal_banner']);
  });
});

describe('Enable All', () => {
  it('switches on only the flags of the group that are off', () => {
    const flags = flagList({ ...allOn, insights: false, partnerships: false, hero_section: false });
    expect(flagsToEnable(flags, 'navigation').map((f) => f.name)).toEqual(['insights', 'partnerships']);
    expect(flagsToEnable(flags, 'homepage').map((f) => f.name)).toEqual(['hero_section']);
    expect(flagsToEnable(flags, 'features')).toEqual([]);
  });

  it('never includes a flag that is on (it only switches on)', () => {
    for (const { id } of flagGroups) expect(flagsToEnable(flagList(allOn), id)).toEqual([]);
  });
});

describe('describeFlag', () => {
  it("uses the flag's own description first", () => {
    expect(describeFlag({ name: 'teams', description: 'Our people page.' })).toBe('Our people page.');
  });

  it("falls back to the registry's description when the flag has none (or only spaces)", () => {
    expect(describeFlag({ name: 'teams', description: null })).toBe('Teams page and its navigation link.');
    expect(describeFlag({ name: 'teams', description: '   ' })).toBe('Teams page and its navigation link.');
  });

  it("ends with 'Controls visibility of this feature'", () => {
    expect(describeFlag({ name: 'seasonal_banner', description: null })).toBe(FALLBACK_DESCRIPTION);
    expect(FALLBACK_DESCRIPTION).toBe('Controls visibility of this feature');
  });
});

describe('flagLabel', () => {
  it('names flags for people', () => {
    expect(flagLabel('brand_story')).toBe('Brand Story');
    expect(flagLabel('tawk_chat')).toBe('Tawk.to Chat');
    expect(flagLabel('seasonal_banner')).toBe('Seasonal Banner');
  });
});
