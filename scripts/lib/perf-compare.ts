/**
 * The pure parts of `npm run perf:compare` (scripts/perf-compare.ts): the
 * static floor page written from the prerendered home page, and the
 * summaries of the Lighthouse runs (medians, ranges, ratios to the floor).
 * String and number work only, so it is unit-tested directly.
 */

/**
 * The floor page: the prerendered document with every script (the inline
 * early-press capture included) and every modulepreload removed. The same
 * first screen, the same inline critical CSS, no JavaScript: what any page
 * of this design costs before an application runs.
 */
export function floorPage(html: string): string {
  return html
    .replace(/[ \t]*<script\b[^>]*>[\s\S]*?<\/script>[ \t]*\n?/gi, '')
    .replace(/[ \t]*<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>[ \t]*\n?/gi, '')
    .replace(/\sdata-page-chunks="[^"]*"/g, '');
}

/**
 * Whether a page is measured against a floor of its own (its own prerendered
 * HTML without JavaScript) rather than the home page's: the catalogue's and
 * the insights pages, whose first screens (a list of cards, an image) are not
 * the home page's (docs/decisions/179-article-page-lcp-against-its-own-floor.md,
 * 194-catalogue-at-scale.md).
 */
export function hasOwnFloor(page: string): boolean {
  return /^(\/fr)?\/(products|insights)\/[^/]/.test(page);
}

/** The name of a page's own floor among the targets. */
export function ownFloorName(page: string): string {
  return `floor ${page}`;
}

export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export type Range = { median: number; min: number; max: number };

export function range(values: readonly number[]): Range {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  return { median: median(finite), min: Math.min(...finite), max: Math.max(...finite) };
}

/** A long task as Lighthouse's `long-tasks` audit lists it. */
export type LongTask = { url: string; startTime: number; duration: number };

/** Who a long task is attributed to, short: a script's file name, "document" for the page itself, or Lighthouse's "Unattributable". */
export function attribution(url: string, pageUrl: string): string {
  if (!url || /unattributable/i.test(url)) return 'Unattributable';
  try {
    const parsed = new URL(url);
    const page = new URL(pageUrl);
    if (parsed.origin === page.origin && parsed.pathname === page.pathname) return 'document';
    return parsed.pathname.split('/').pop() || parsed.pathname;
  } catch {
    return url;
  }
}

/** One Lighthouse run of one target, reduced to what the comparison reports. */
export type CompareSample = {
  benchmarkIndex: number;
  scores: { performance: number; accessibility: number; 'best-practices': number; seo: number };
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  mainThread: number;
  /** Main-thread time by Lighthouse's group label (Script Evaluation, Style & Layout, Other…). */
  mainThreadByCategory: Record<string, number>;
  longTasks: LongTask[];
};

export type TargetSummary = {
  target: string;
  runs: number;
  perf: Range;
  a11y: Range;
  bestPractices: Range;
  seo: Range;
  fcp: Range;
  lcp: Range;
  tbt: Range;
  cls: Range;
  mainThread: Range;
  mainThreadByCategory: Record<string, Range>;
  longTaskCount: Range;
  /** Total long-task time per attribution, median over the runs (a run without any counts 0). */
  longTasksBy: Record<string, Range>;
  benchmarkIndex: Range;
  /** Phone profile: the page's own hydration mark, ms (none for the floor). */
  interactive: Range | null;
};

export function summarize(
  target: string,
  samples: readonly CompareSample[],
  pageUrl: string,
  interactive: readonly number[] | null,
): TargetSummary {
  const r = (pick: (s: CompareSample) => number) => range(samples.map(pick));
  const categories = [...new Set(samples.flatMap((s) => Object.keys(s.mainThreadByCategory)))];
  const attributions = [...new Set(samples.flatMap((s) => s.longTasks.map((task) => attribution(task.url, pageUrl))))];
  return {
    target,
    runs: samples.length,
    perf: r((s) => s.scores.performance),
    a11y: r((s) => s.scores.accessibility),
    bestPractices: r((s) => s.scores['best-practices']),
    seo: r((s) => s.scores.seo),
    fcp: r((s) => s.fcp),
    lcp: r((s) => s.lcp),
    tbt: r((s) => s.tbt),
    cls: r((s) => s.cls),
    mainThread: r((s) => s.mainThread),
    mainThreadByCategory: Object.fromEntries(categories.map((c) => [c, r((s) => s.mainThreadByCategory[c] ?? 0)])),
    longTaskCount: r((s) => s.longTasks.length),
    longTasksBy: Object.fromEntries(
      attributions.map((a) => [
        a,
        r((s) =>
          s.longTasks
            .filter((task) => attribution(task.url, pageUrl) === a)
            .reduce((sum, task) => sum + task.duration, 0),
        ),
      ]),
    ),
    benchmarkIndex: r((s) => s.benchmarkIndex),
    interactive: interactive ? range(interactive) : null,
  };
}

const round = (v: number) => (Number.isFinite(v) ? String(Math.round(v)) : '—');
const spread = (x: Range, unit = '') =>
  Number.isFinite(x.median)
    ? x.min === x.max
      ? `${round(x.median)}${unit}`
      : `${round(x.median)}${unit} (${round(x.min)}–${round(x.max)})`
    : '—';
const ratio = (value: number, floor: number) =>
  Number.isFinite(value) && Number.isFinite(floor) && floor > 0 ? `${(value / floor).toFixed(2)}×` : '—';

/**
 * The comparison as markdown: one table of medians (min–max) and ratios to
 * the floor, one of main-thread work by category, one of long tasks. A target
 * named in `ownFloors` is compared with its own floor (another target), every
 * other one with `floorTarget`; when any target has its own floor, a last
 * table lists each page with its floor and its three ratios.
 */
export function markdownReport(
  summaries: readonly TargetSummary[],
  floorTarget: string,
  ownFloors: Readonly<Record<string, string>> = {},
): string {
  const floors = new Set([floorTarget, ...Object.values(ownFloors)]);
  const floorOf = (target: string) => summaries.find((s) => s.target === (ownFloors[target] ?? floorTarget));
  const lines: string[] = [];
  lines.push(
    '| target | perf | LCP ms | LCP ÷ floor | TBT ms | TBT − floor | CLS | main-thread ms | main-thread ÷ floor | long tasks | interactive (phone) ms | benchmarkIndex |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const s of summaries) {
    const isFloor = floors.has(s.target);
    const floor = floorOf(s.target);
    const f = (pick: (s: TargetSummary) => Range) => (floor ? pick(floor).median : Number.NaN);
    const tbtDelta = s.tbt.median - f((x) => x.tbt);
    lines.push(
      `| ${s.target} | ${spread(s.perf)} | ${spread(s.lcp)} | ${
        isFloor
          ? '1'
          : ratio(
              s.lcp.median,
              f((x) => x.lcp),
            )
      } | ${spread(s.tbt)} | ${isFloor ? '0' : Number.isFinite(tbtDelta) ? `${tbtDelta < 0 ? '−' : '+'}${round(Math.abs(tbtDelta))}` : '—'} | ${s.cls.median.toFixed(3)} | ${spread(s.mainThread)} | ${
        isFloor
          ? '1'
          : ratio(
              s.mainThread.median,
              f((x) => x.mainThread),
            )
      } | ${spread(s.longTaskCount)} | ${s.interactive ? spread(s.interactive) : '—'} | ${spread(s.benchmarkIndex)} |`,
    );
  }
  const categories = [...new Set(summaries.flatMap((s) => Object.keys(s.mainThreadByCategory)))].sort(
    (a, b) =>
      Math.max(...summaries.map((s) => s.mainThreadByCategory[b]?.median ?? 0)) -
      Math.max(...summaries.map((s) => s.mainThreadByCategory[a]?.median ?? 0)),
  );
  lines.push(
    '',
    `| main-thread work, ms (median) | ${summaries.map((s) => s.target).join(' | ')} |`,
    `|---|${summaries.map(() => '---').join('|')}|`,
  );
  for (const c of categories) {
    lines.push(`| ${c} | ${summaries.map((s) => round(s.mainThreadByCategory[c]?.median ?? 0)).join(' | ')} |`);
  }
  lines.push(
    '',
    `| long tasks by attribution, total ms (median) | ${summaries.map((s) => s.target).join(' | ')} |`,
    `|---|${summaries.map(() => '---').join('|')}|`,
  );
  const attributions = [...new Set(summaries.flatMap((s) => Object.keys(s.longTasksBy)))].sort();
  for (const a of attributions) {
    lines.push(`| ${a} | ${summaries.map((s) => round(s.longTasksBy[a]?.median ?? 0)).join(' | ')} |`);
  }
  if (Object.keys(ownFloors).length > 0) {
    lines.push(
      '',
      '| page | its floor | main-thread ÷ floor | TBT − floor, ms | LCP ÷ floor |',
      '|---|---|---|---|---|',
    );
    for (const s of summaries.filter((x) => !floors.has(x.target))) {
      const floor = floorOf(s.target);
      if (!floor) continue;
      const tbtDelta = s.tbt.median - floor.tbt.median;
      lines.push(
        `| ${s.target} | ${floor.target} | ${ratio(s.mainThread.median, floor.mainThread.median)} | ${
          Number.isFinite(tbtDelta) ? `${tbtDelta < 0 ? '−' : '+'}${round(Math.abs(tbtDelta))}` : '—'
        } | ${ratio(s.lcp.median, floor.lcp.median)} |`,
      );
    }
  }
  lines.push(
    '',
    `a11y / best practices / SEO (min over runs): ${summaries
      .map((s) => `${s.target} ${round(s.a11y.min)}/${round(s.bestPractices.min)}/${round(s.seo.min)}`)
      .join(', ')}`,
  );
  return lines.join('\n');
}
