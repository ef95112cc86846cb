/**
 * The pure parts of `npm run perf:portal` (scripts/perf-portal.ts): the pages
 * it measures and what counts as each one's own content, the script that
 * notes when that content is first shown, and the table of medians, ranges
 * and ratios. String and number work only, so it is unit-tested directly.
 */
import { range, type Range } from './perf-compare.ts';

export type PortalRole = 'client' | 'admin';

export type PortalPage = {
  /** The row's name in the table. */
  name: string;
  path: string;
  /** Who is signed in (null: nobody, a public page). */
  role: PortalRole | null;
  /** A CSS selector for the page's own content: the page counts as shown once it matches. */
  content: string;
};

/** The public home page (for comparison) and the signed-in pages, with their content. */
export const PORTAL_PAGES: readonly PortalPage[] = [
  { name: 'home /', path: '/', role: null, content: 'h1' },
  {
    name: 'client dashboard',
    path: '/client/dashboard',
    role: 'client',
    content: '[data-testid="document"] h3',
  },
  { name: 'documents', path: '/client/documents', role: 'client', content: '[data-testid="document"] h3' },
  { name: 'messages', path: '/client/messages', role: 'client', content: '[data-testid="conversation"]' },
  { name: 'admin dashboard', path: '/admin-portal/dashboard', role: 'admin', content: '[data-testid="stat-value"]' },
];

/** In-app navigations measured from a page already shown: click the link to `to`, wait for its content. */
export type PortalNavigation = { from: string; to: string; content: string; role: PortalRole };

export const PORTAL_NAVIGATIONS: readonly PortalNavigation[] = [
  { from: '/client/dashboard', to: '/client/documents', content: '[data-testid="document"] h3', role: 'client' },
  { from: '/client/documents', to: '/client/dashboard', content: '[data-testid="document"] h3', role: 'client' },
  { from: '/client/dashboard', to: '/client/messages', content: '[data-testid="conversation"]', role: 'client' },
  { from: '/client/messages', to: '/client/dashboard', content: '[data-testid="document"] h3', role: 'client' },
];

/** The performance mark the init script sets at the first frame showing the page's content. */
export const CONTENT_MARK = 'perf-portal-content';

/**
 * A script run before any of the page's own (Playwright's addInitScript):
 * a MutationObserver that, from the first byte of the document, waits for the
 * content selector of the page being loaded and marks the next animation
 * frame (the frame that shows it) as CONTENT_MARK. It also notes whether a
 * password field (the sign-in form: the signed-out page) was ever shown
 * first, in `window.__perfSignedOutFlash`.
 */
export function contentObserverScript(pages: readonly Pick<PortalPage, 'path' | 'content'>[]): string {
  const selectors = Object.fromEntries(pages.map((p) => [p.path, p.content]));
  return `(() => {
  const selector = ${JSON.stringify(selectors)}[location.pathname.replace(/\\/$/, '') || '/'];
  if (!selector) return;
  let done = false;
  const check = () => {
    if (done) return;
    if (document.querySelector('input[type="password"]')) window.__perfSignedOutFlash = true;
    if (!document.querySelector(selector)) return;
    done = true;
    observer.disconnect();
    requestAnimationFrame(() => performance.mark(${JSON.stringify(CONTENT_MARK)}));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
  check();
})();`;
}

/**
 * An in-page function (as source, for page.evaluate): clicks the link to
 * `to` and resolves with the milliseconds from the click to the frame
 * showing content of the new page (an element matching `content` that was
 * not on the page before the click, at the new path).
 */
export const NAVIGATE_SOURCE = `async ({ to, content }) => {
  const link = document.querySelector('a[href="' + to + '"]');
  if (!link) throw new Error('No link to ' + to + ' on ' + location.pathname);
  const before = new Set(document.querySelectorAll(content));
  return await new Promise((resolve) => {
    let done = false;
    const started = performance.now();
    const check = () => {
      if (done || location.pathname !== to) return;
      if (![...document.querySelectorAll(content)].some((el) => !before.has(el))) return;
      done = true;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - started));
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
    link.click();
    check();
  });
}`;

export type PortalRow = { name: string; cold: Range; warm: Range; flashes: number };

export function portalRow(name: string, cold: readonly number[], warm: readonly number[], flashes = 0): PortalRow {
  return { name, cold: range(cold), warm: range(warm), flashes };
}

const seconds = (v: number) => (Number.isFinite(v) ? (v / 1000).toFixed(2) : '—');
const spread = (x: Range) =>
  Number.isFinite(x.median) ? `${seconds(x.median)} s (${seconds(x.min)}–${seconds(x.max)})` : '—';
const ratio = (value: number, base: number | undefined) =>
  base !== undefined && Number.isFinite(value) && Number.isFinite(base) && base > 0
    ? `${(value / base).toFixed(2)}×`
    : '—';

/**
 * The table: for each page its time to content cold and warm (median and
 * range), the ratios to its static floor (`floors[name]`, a row) and to the
 * public home page (`home`, a row), and how many loads showed the signed-out
 * page first.
 */
export function portalReport(
  rows: readonly PortalRow[],
  floors: Readonly<Record<string, string>>,
  home: string,
): string {
  const byName = new Map(rows.map((r) => [r.name, r]));
  const homeRow = byName.get(home);
  const lines = [
    '| page | cold | cold ÷ floor | cold ÷ home | warm | warm ÷ floor | warm ÷ home | signed-out flashes |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const floorNames = new Set(Object.values(floors));
  for (const row of rows) {
    const floor = floors[row.name] ? byName.get(floors[row.name] ?? '') : undefined;
    const isFloor = floorNames.has(row.name);
    lines.push(
      `| ${row.name} | ${spread(row.cold)} | ${isFloor ? '1' : ratio(row.cold.median, floor?.cold.median)} | ${ratio(
        row.cold.median,
        homeRow?.cold.median,
      )} | ${spread(row.warm)} | ${isFloor ? '1' : ratio(row.warm.median, floor?.warm.median)} | ${ratio(
        row.warm.median,
        homeRow?.warm.median,
      )} | ${isFloor ? '—' : row.flashes} |`,
    );
  }
  return lines.join('\n');
}

export type NavigationRow = { name: string; time: Range };

export function navigationReport(rows: readonly NavigationRow[]): string {
  return [
    '| in-app navigation | time to content |',
    '|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Number.isFinite(r.time.median) ? `${Math.round(r.time.median)} ms (${Math.round(r.time.min)}–${Math.round(r.time.max)})` : '—'} |`,
    ),
  ].join('\n');
}
