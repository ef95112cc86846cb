import { describe, expect, it } from 'vitest';
import { defaultFlags, type FlagMap } from './defaults';
import { decodePublishedFlags, encodePublishedFlags } from './published';

describe('published flags in the HTML', () => {
  it('round-trips any flag map', () => {
    const flags: FlagMap = { ...defaultFlags, founder: false, teams: true, french_language: false };
    const encoded = encodePublishedFlags(flags);
    expect(encoded).toContain('teams');
    expect(encoded.split(',')).not.toContain('founder');
    expect(decodePublishedFlags(encoded)).toEqual(flags);
  });

  it('reads a flag that is not listed as off, and ignores unknown names', () => {
    const flags = decodePublishedFlags('teams,no_such_flag');
    expect(flags?.teams).toBe(true);
    expect(flags?.founder).toBe(false);
    expect(flags && 'no_such_flag' in flags).toBe(false);
  });

  it('every flag off is an empty attribute, not a missing one', () => {
    const off = Object.fromEntries(Object.keys(defaultFlags).map((name) => [name, false])) as FlagMap;
    expect(encodePublishedFlags(off)).toBe('');
    expect(decodePublishedFlags('')).toEqual(off);
    expect(decodePublishedFlags(null)).toBeNull();
    expect(decodePublishedFlags(undefined)).toBeNull();
  });
});
