/**
 * How the catalogue writes a product's facts in either language: the pack
 * ("500 mL", "0,5 L"), the filters' choices. Shared by the public pages and
 * the staff preview so both say the same thing.
 */
import { localeTags, type Locale } from '@/i18n/locales';

const numbers = new Map<Locale, Intl.NumberFormat>();

/** One retail unit: "500 mL", "1 kg", "0,75 L" in French. */
export function formatUnit(size: number, unit: string, locale: Locale): string {
  let format = numbers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeTags[locale], { maximumFractionDigits: 3 });
    numbers.set(locale, format);
  }
  return `${format.format(size)}\u00a0${unit}`;
}
