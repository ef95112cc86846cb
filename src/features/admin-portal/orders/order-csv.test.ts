import { describe, expect, it } from 'vitest';
import { parseCsv } from '@/features/admin-portal/shared/csv';
import { ordersCsv } from './order-csv';

describe('the orders CSV', () => {
  it('writes one row per line under readable headings, known columns first and others after', () => {
    const csv = ordersCsv([
      {
        number: 'OM-000123',
        status: 'confirmed',
        po_number: 'PO-7',
        sku: 'OIL-5L',
        quantity_cases: 8,
        line_total: 412.5,
        address_city: 'Montréal',
      },
      {
        number: 'OM-000123',
        status: 'confirmed',
        po_number: 'PO-7',
        sku: 'FETA',
        quantity_cases: 2,
        line_total: 60,
        address_city: 'Montréal',
      },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = parseCsv(csv);
    expect(parsed.ok && parsed.records).toEqual([
      ['Order number', 'Status', 'PO number', 'SKU', 'Cases', 'Line total', 'address_city'],
      ['OM-000123', 'confirmed', 'PO-7', 'OIL-5L', '8', '412.5', 'Montréal'],
      ['OM-000123', 'confirmed', 'PO-7', 'FETA', '2', '60', 'Montréal'],
    ]);
  });

  it('defuses a formula in a PO number as the leads export does', () => {
    const csv = ordersCsv([{ number: 'OM-1', po_number: '=HYPERLINK("http://evil.example")' }]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('has a heading row even with no orders', () => {
    const parsed = parseCsv(ordersCsv([]));
    expect(parsed.ok && parsed.records[0]?.[0]).toBe('Order number');
  });
});
