/**
 * The accounting export: one CSV row per order line with its order's columns,
 * as `order_export` answers them, through the same CSV writer as the leads
 * (quoting, BOM, formula injection defused: a PO number or a note written
 * `=HYPERLINK(…)` reads as text in the spreadsheet).
 */
import { toCsv } from '@/features/admin-portal/shared/csv';
import type { ExportRow } from './orders-api';

/** Columns in this order first, with these headings; any other column follows under its own name. */
const KNOWN: ReadonlyArray<readonly [string, string]> = [
  ['order_number', 'Order number'],
  ['number', 'Order number'],
  ['status', 'Status'],
  ['company_name', 'Company'],
  ['company_id', 'Company id'],
  ['po_number', 'PO number'],
  ['currency', 'Currency'],
  ['subtotal', 'Order subtotal'],
  ['submitted_at', 'Submitted at (UTC)'],
  ['confirmed_at', 'Confirmed at (UTC)'],
  ['shipped_at', 'Shipped at (UTC)'],
  ['delivered_at', 'Delivered at (UTC)'],
  ['cancelled_at', 'Cancelled at (UTC)'],
  ['requested_date', 'Requested delivery date'],
  ['carrier', 'Carrier'],
  ['tracking_number', 'Tracking number'],
  ['order_id', 'Order id'],
  ['line_position', 'Line'],
  ['position', 'Line'],
  ['sku', 'SKU'],
  ['name_en', 'Product (English)'],
  ['name_fr', 'Product (French)'],
  ['category_slug', 'Category'],
  ['quantity_cases', 'Cases'],
  ['case_price', 'Case price'],
  ['line_total', 'Line total'],
];

export function ordersCsv(rows: readonly ExportRow[]): string {
  const known = new Set(KNOWN.map(([key]) => key));
  const extra: string[] = [];
  for (const row of rows) {
    for (const key of Object.keys(row)) if (!known.has(key) && !extra.includes(key)) extra.push(key);
  }
  const present = KNOWN.filter(([key]) => rows.length === 0 || rows.some((row) => key in row));
  const header = [...present.map(([, label]) => label), ...extra];
  const keys = [...present.map(([key]) => key), ...extra];
  const cell = (value: unknown) =>
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : (value as string | number | boolean);
  return toCsv([header, ...rows.map((row) => keys.map((key) => cell(row[key])))]);
}
