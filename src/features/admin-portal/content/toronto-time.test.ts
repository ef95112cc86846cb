import { describe, expect, it } from 'vitest';
import { formatToronto, torontoOffsetMinutes, torontoToUtc, utcToToronto } from './toronto-time';

describe('Toronto time ↔ UTC', () => {
  it('reads winter times as EST (UTC−5) and summer times as EDT (UTC−4)', () => {
    expect(torontoToUtc('2026-12-01T09:00')?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(torontoToUtc('2026-07-01T09:00')?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(utcToToronto('2026-12-01T14:00:00Z')).toBe('2026-12-01T09:00');
    expect(utcToToronto('2026-07-01T13:00:00Z')).toBe('2026-07-01T09:00');
  });

  it('crosses the spring change (8 March 2026): the same wall-clock hour is one UTC hour apart', () => {
    expect(torontoToUtc('2026-03-08T01:30')?.toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(torontoToUtc('2026-03-08T03:30')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 02:30 never happens that night: it is read as 03:30 EDT.
    expect(torontoToUtc('2026-03-08T02:30')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(utcToToronto('2026-03-08T06:59:00Z')).toBe('2026-03-08T01:59');
    expect(utcToToronto('2026-03-08T07:00:00Z')).toBe('2026-03-08T03:00');
  });

  it('crosses the autumn change (1 November 2026): the repeated hour is its first (EDT) occurrence', () => {
    expect(torontoToUtc('2026-11-01T00:30')?.toISOString()).toBe('2026-11-01T04:30:00.000Z');
    expect(torontoToUtc('2026-11-01T01:30')?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(torontoToUtc('2026-11-01T02:30')?.toISOString()).toBe('2026-11-01T07:30:00.000Z');
    expect(utcToToronto('2026-11-01T06:30:00Z')).toBe('2026-11-01T01:30');
    expect(torontoOffsetMinutes(new Date('2026-11-01T05:59:00Z'))).toBe(-240);
    expect(torontoOffsetMinutes(new Date('2026-11-01T06:00:00Z'))).toBe(-300);
  });

  it('round-trips every quarter hour of a year', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 15 * 60_000 * 23) {
      const local = utcToToronto(new Date(t));
      const back = torontoToUtc(local)!.getTime();
      // Only the repeated autumn hour may map to its earlier occurrence.
      expect([t, t - 3_600_000]).toContain(back);
    }
  });

  it('refuses what is not a date and time', () => {
    expect(torontoToUtc('')).toBeNull();
    expect(torontoToUtc('2026-02-30T10:00')).toBeNull();
    expect(torontoToUtc('2026-12-01 10:00')).toBeNull();
  });

  it('names the zone in force when showing a time', () => {
    expect(formatToronto('2026-12-01T14:00:00Z')).toMatch(/EST$/);
    expect(formatToronto('2026-07-01T13:00:00Z')).toMatch(/EDT$/);
  });
});
