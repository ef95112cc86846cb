/**
 * The Analytics page's date range, kept in the URL: `?days=7|30|90` (default
 * 30) or `?from=YYYY-MM-DD&to=YYYY-MM-DD`. Days are UTC days, as the rollup's.
 */
export const PRESETS = [7, 30, 90] as const;
export const MAX_DAYS = 731;

export type Range = { from: string; to: string; preset: (typeof PRESETS)[number] | null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return utcDay(date);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function validDay(value: string | null): value is string {
  return value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** The range the URL asks for, or the last 30 days when it asks for none (or nonsense). */
export function rangeFromParams(params: URLSearchParams, now: Date = new Date()): Range {
  const today = utcDay(now);
  const from = params.get('from');
  const to = params.get('to');
  if (validDay(from) && validDay(to) && from <= to && daysBetween(from, to) <= MAX_DAYS) {
    return { from, to, preset: null };
  }
  const asked = Number(params.get('days'));
  const preset = PRESETS.find((n) => n === asked) ?? 30;
  return { from: addDays(today, -(preset - 1)), to: today, preset };
}
