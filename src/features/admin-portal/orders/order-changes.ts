/**
 * What staff changed in an order before confirming it: the quantities they
 * edited, lines removed (quantity 0) and products added. The database gets
 * the whole wanted set of lines, or nothing when no quantity changed, and
 * computes prices and totals itself; the list of changes here is what the
 * dialog shows before confirming.
 */
export type LineQuantity = { product_id: string; quantity_cases: number };

export type EditedLine = { product_id: string; name: string; from: number; to: number };

export type ConfirmPlan = {
  /** The wanted lines for confirm_order, or null to keep the order's lines as they are. */
  lines: LineQuantity[] | null;
  changes: EditedLine[];
};

/** The quantity typed into a field as whole cases, or null when it is not a whole number of cases (0 removes). */
export function parseCases(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  return Number(trimmed);
}

export function planConfirmation(
  original: ReadonlyArray<{ product_id: string; name: string; quantity_cases: number }>,
  wanted: ReadonlyArray<{ product_id: string; name: string; quantity_cases: number }>,
): ConfirmPlan {
  const before = new Map(original.map((line) => [line.product_id, line]));
  const after = new Map(wanted.map((line) => [line.product_id, line]));
  const changes: EditedLine[] = [];
  for (const line of original) {
    const to = after.get(line.product_id)?.quantity_cases ?? 0;
    if (to !== line.quantity_cases)
      changes.push({ product_id: line.product_id, name: line.name, from: line.quantity_cases, to });
  }
  for (const line of wanted) {
    if (!before.has(line.product_id) && line.quantity_cases > 0) {
      changes.push({ product_id: line.product_id, name: line.name, from: 0, to: line.quantity_cases });
    }
  }
  if (changes.length === 0) return { lines: null, changes };
  return {
    lines: wanted
      .filter((line) => line.quantity_cases > 0)
      .map(({ product_id, quantity_cases }) => ({ product_id, quantity_cases })),
    changes,
  };
}
