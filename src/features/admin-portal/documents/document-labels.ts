/** How the staff screens name a document's category and file language, and show its dates. */
export const categories = [
  { value: 'certificate', label: 'Certificate' },
  { value: 'spec_sheet', label: 'Spec sheet' },
  { value: 'price_list', label: 'Price list' },
  { value: 'contract', label: 'Contract' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'other', label: 'Other' },
] as const;
export const categoryLabel = (value: string) => categories.find((c) => c.value === value)?.label ?? value;
export const fileLanguages = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
  { value: 'both', label: 'English and French' },
] as const;
export const fileLanguageLabel = (value: string) => fileLanguages.find((l) => l.value === value)?.label ?? value;

export const dateOnly = (iso: string) =>
  new Date(`${iso}T12:00:00`).toLocaleDateString('en-CA', { dateStyle: 'medium' });
export const when = (iso: string) => new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

/** Days from today to a `YYYY-MM-DD` date (negative when past). */
export function daysUntil(isoDate: string, today = new Date()): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - start) / 86_400_000);
}
