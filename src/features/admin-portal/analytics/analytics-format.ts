/**
 * Figures as staff read them (en-CA) and the "change against the previous
 * 30 days" line of the dashboard's cards.
 */

const integer = new Intl.NumberFormat('en-CA');
const percent = new Intl.NumberFormat('en-CA', { style: 'percent', maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat('en-CA', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const signedInteger = new Intl.NumberFormat('en-CA', { signDisplay: 'exceptZero' });
const signedOneDecimal = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const dateTime = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatInteger = (n: number): string => integer.format(n);
export const formatPercent = (ratio: number): string => percent.format(ratio);
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
/** A UTC day (YYYY-MM-DD) as en-CA shows it. */
export const formatDay = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));

export const NO_EARLIER_DATA = 'No earlier data';

export type Change = { text: string; tone: 'up' | 'down' | 'flat' | 'none' };

const tone = (delta: number): Change['tone'] => (delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat');

/** A count against its value 30 days ago: "+3 (+2.5%) vs 30 days ago". */
export function countChange(value: number, previous: number | null, unit = ''): Change {
  if (previous === null) return { text: NO_EARLIER_DATA, tone: 'none' };
  const delta = value - previous;
  const ratio = previous > 0 ? ` (${signedPercent.format(delta / previous)})` : '';
  return { text: `${signedInteger.format(delta)}${unit}${ratio} vs 30 days ago`, tone: tone(delta) };
}

/** A 30-day total against the 30 days before: "+15% vs previous 30 days". */
export function periodChange(value: number, previous: number | null): Change {
  if (previous === null || previous === 0) return { text: NO_EARLIER_DATA, tone: 'none' };
  const delta = value / previous - 1;
  return { text: `${signedPercent.format(delta)} vs previous 30 days`, tone: tone(delta) };
}

/** Leads not spam per visitor, or null without visitors. */
export function conversion(leads: number, visitors: number | null): number | null {
  return visitors ? leads / visitors : null;
}

/** A rate against the previous period's, in percentage points. */
export function rateChange(value: number | null, previous: number | null): Change {
  if (value === null || previous === null) return { text: NO_EARLIER_DATA, tone: 'none' };
  const points = (value - previous) * 100;
  return { text: `${signedOneDecimal.format(points)} pts vs previous 30 days`, tone: tone(points) };
}
