/**
 * Schedules are typed and shown in Toronto time (America/Toronto, the
 * company's clock) and stored in UTC (docs/decisions/172-scheduling-in-toronto-time.md).
 * Intl knows the zone's rules, so daylight saving needs no table here.
 */
export const TORONTO = 'America/Toronto';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TORONTO,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Toronto's wall clock at an instant, as the UTC milliseconds of the same wall-clock reading. */
function wallClockMs(instant: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/** Toronto's offset from UTC at an instant, in minutes (-300 in winter, -240 in summer). */
export function torontoOffsetMinutes(instant: Date): number {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  return (wallClockMs(ms) - ms) / 60_000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A Toronto wall-clock time `YYYY-MM-DDTHH:mm` (an `<input type="datetime-local">`
 * value) as an instant, or null when it is not such a value. A time that
 * occurs twice (the autumn hour repeated) is its first occurrence (EDT); a time
 * that never occurs (the spring hour skipped) is read with the offset before
 * the change, so it lands one hour later on the clock (02:30 → 03:30 EDT).
 */
export function torontoToUtc(local: string): Date | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The offsets in force around that wall-clock time (a day apart covers any change).
  const before = torontoOffsetMinutes(new Date(wall - 12 * 3_600_000));
  const after = torontoOffsetMinutes(new Date(wall + 12 * 3_600_000));
  const candidates = [before, after].map((offset) => wall - offset * 60_000);
  // Earliest candidate whose Toronto wall clock reads the typed time.
  const exact = candidates.filter((t) => wallClockMs(t) === wall).sort((a, b) => a - b)[0];
  return new Date(exact ?? wall - before * 60_000);
}

/** An instant as Toronto wall-clock time `YYYY-MM-DDTHH:mm` (for a datetime-local input). */
export function utcToToronto(instant: Date | string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(wallClockMs(Math.floor(ms / 60_000) * 60_000)).toISOString().slice(0, 16);
}

const shown = new Intl.DateTimeFormat('en-CA', {
  timeZone: TORONTO,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** An instant for staff to read: "Nov 27, 2026, 9:00 a.m. EST". */
export function formatToronto(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const zone = torontoOffsetMinutes(date) === -240 ? 'EDT' : 'EST';
  return `${shown.format(date)} ${zone}`;
}
