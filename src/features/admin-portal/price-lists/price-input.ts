/**
 * Money typed by staff: a positive amount with at most two decimals, a comma
 * accepted as the decimal mark (French-Canadian keyboards), spaces ignored.
 */
export function parseAmount(text: string, { allowZero = false } = {}): number | null {
  const cleaned = text.replace(/[\s\u00a0$]/g, '').replace(',', '.');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value > 0 || (allowZero && value === 0) ? value : null;
}

export type PriceListForm = { name: string; currency: string; valid_from: string; valid_until: string };

/** What is wrong with a price list's header, field by field (empty when nothing). */
export function priceListProblems(form: PriceListForm): Partial<Record<keyof PriceListForm, string>> {
  const problems: Partial<Record<keyof PriceListForm, string>> = {};
  if (!form.name.trim()) problems.name = 'Give the list a name.';
  else if (form.name.trim().length > 120) problems.name = 'Keep the name under 120 characters.';
  if (form.currency !== 'CAD' && form.currency !== 'USD') problems.currency = 'Choose CAD or USD.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.valid_from)) problems.valid_from = 'Enter the first day the prices hold.';
  if (form.valid_until && !/^\d{4}-\d{2}-\d{2}$/.test(form.valid_until))
    problems.valid_until = 'Enter a day, or leave it empty.';
  else if (form.valid_until && form.valid_from && form.valid_until < form.valid_from) {
    problems.valid_until = 'The last day comes on or after the first.';
  }
  return problems;
}
