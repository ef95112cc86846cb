import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

const normalise = (s: string) => s.replace(/\s/g, ' ');

describe('formatDate', () => {
  it('formats a stored date in Canadian English', () => {
    expect(normalise(formatDate('2025-04-28', 'en'))).toBe('April 28, 2025');
  });

  it('formats a stored date in Canadian French', () => {
    expect(normalise(formatDate('2025-04-28', 'fr'))).toBe('28 avril 2025');
  });

  it('never shifts the day with the time zone', () => {
    expect(normalise(formatDate('2025-01-01', 'en'))).toBe('January 1, 2025');
  });

  it('rejects anything but YYYY-MM-DD', () => {
    expect(() => formatDate('28/04/2025', 'en')).toThrow(/YYYY-MM-DD/);
  });
});
