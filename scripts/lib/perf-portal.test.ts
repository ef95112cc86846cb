import { describe, expect, it } from 'vitest';
import { contentObserverScript, navigationReport, portalReport, portalRow, PORTAL_PAGES } from './perf-portal.ts';

describe('perf-portal', () => {
  it('writes an observer naming each page’s content selector', () => {
    const script = contentObserverScript(PORTAL_PAGES);
    expect(script).toContain('"/client/dashboard":"[data-testid=\\"document\\"] h3"');
    expect(script).toContain('perf-portal-content');
  });

  it('prints medians, ranges and ratios to the floor and the home page', () => {
    const rows = [
      portalRow('home /', [400, 500, 600], [300, 300, 300]),
      portalRow('client dashboard', [1800, 2000, 2600], [900, 1000, 1100], 1),
      portalRow('floor /client/dashboard', [800, 1000, 1200], [500, 500, 500]),
    ];
    const table = portalReport(rows, { 'client dashboard': 'floor /client/dashboard' }, 'home /');
    expect(table).toContain(
      '| client dashboard | 2.00 s (1.80–2.60) | 2.00× | 4.00× | 1.00 s (0.90–1.10) | 2.00× | 3.33× | 1 |',
    );
    expect(table).toContain('| floor /client/dashboard | 1.00 s (0.80–1.20) | 1 |');
    expect(navigationReport([{ name: 'a → b', time: { median: 250, min: 200, max: 300 } }])).toContain(
      '| a → b | 250 ms (200–300) |',
    );
  });
});
