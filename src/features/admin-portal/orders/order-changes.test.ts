import { describe, expect, it } from 'vitest';
import { parseCases, planConfirmation } from './order-changes';

const oil = { product_id: 'p-oil', name: 'Olive oil 5 L', quantity_cases: 10 };
const feta = { product_id: 'p-feta', name: 'Feta 2 kg', quantity_cases: 4 };
const honey = { product_id: 'p-honey', name: 'Thyme honey', quantity_cases: 2 };

describe('planning a confirmation', () => {
  it('sends no lines when nothing changed', () => {
    expect(planConfirmation([oil, feta], [feta, oil])).toEqual({ lines: null, changes: [] });
  });

  it('lists a changed quantity, a removed line and an added product, and sends the wanted lines', () => {
    const plan = planConfirmation([oil, feta], [{ ...oil, quantity_cases: 8 }, { ...feta, quantity_cases: 0 }, honey]);
    expect(plan.changes).toEqual([
      { product_id: 'p-oil', name: 'Olive oil 5 L', from: 10, to: 8 },
      { product_id: 'p-feta', name: 'Feta 2 kg', from: 4, to: 0 },
      { product_id: 'p-honey', name: 'Thyme honey', from: 0, to: 2 },
    ]);
    expect(plan.lines).toEqual([
      { product_id: 'p-oil', quantity_cases: 8 },
      { product_id: 'p-honey', quantity_cases: 2 },
    ]);
  });

  it('counts a line missing from the wanted set as removed', () => {
    expect(planConfirmation([oil, feta], [oil]).changes).toEqual([
      { product_id: 'p-feta', name: 'Feta 2 kg', from: 4, to: 0 },
    ]);
  });
});

describe('reading a quantity', () => {
  it('takes whole cases only', () => {
    expect(parseCases(' 12 ')).toBe(12);
    expect(parseCases('0')).toBe(0);
    expect(parseCases('1.5')).toBeNull();
    expect(parseCases('-1')).toBeNull();
    expect(parseCases('')).toBeNull();
    expect(parseCases('1e3')).toBeNull();
  });
});
