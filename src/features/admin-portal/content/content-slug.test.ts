import { describe, expect, it } from 'vitest';
import { SLUG_MAX, SLUG_PATTERN, slugify } from './content-slug';

describe('slugify', () => {
  it('turns a title into lower-case words joined by hyphens', () => {
    expect(slugify('New Olive Oil Line: 2026 Harvest!')).toBe('new-olive-oil-line-2026-harvest');
  });

  it('drops French accents, ligatures and apostrophes', () => {
    expect(slugify('L’huile d’olive de l’Été — œuvre crétoise')).toBe('lhuile-dolive-de-lete-oeuvre-cretoise');
  });

  it('keeps to the format the database accepts, cut at a word', () => {
    const long = slugify('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(long).toMatch(SLUG_PATTERN);
    expect(slugify('  --  ')).toBe('');
  });
});
