import { localeTags, type Locale } from './locales';

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let f = dateFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeTags[locale], options);
    dateFormatters.set(key, f);
  }
  return f;
}

/**
 * Formats a calendar date stored as YYYY-MM-DD (e.g. "April 28, 2025" /
 * "28 avril 2025"). Read as UTC so the day never shifts with the time zone.
 */
export function formatDate(isoDate: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`Expected a YYYY-MM-DD date, got "${isoDate}".`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return formatter(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Formats an instant (ISO timestamp) with date and time in the page's language. */
export function formatDateTime(iso: string | Date, locale: Locale): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A size in the page's language: "0.6 kB" / "0,6 ko", "2.4 MB" / "2,4 Mo". */
export function formatSize(bytes: number, locale: Locale): string {
  const tag = localeTags[locale];
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(tag, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
    minimumFractionDigits: value < 10 ? 1 : 0,
  }).format(Math.max(value, 0.1));
}
