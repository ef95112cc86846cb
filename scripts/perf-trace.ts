/**
 * `npm run perf:trace`: what one change saves, measured from Chromium's trace
 * of the page's main thread (docs/decisions/150-main-thread-work-measured-against-a-floor.md).
 * Given several builds (e.g. before and after a change), it serves each in
 * turn and loads one page on the phone profile (scripts/lib/phone-profile.ts)
 * in interleaved rounds, tracing from navigation to 3 s after the page's
 * `app-hydrated` mark, and prints the medians per build:
 * - hydrated: the mark's time;
 * - task / long task / style / layout / script: main-thread time (ms) in all
 *   tasks, in tasks over 50 ms, in style recalculation, layout and script;
 * - after hydration: task time from the mark to 3 s later;
 * - restyled elements: elements whose style was recalculated, summed (a count,
 *   not a time: it does not depend on the machine);
 * - full restyles (after app): style recalculations of (nearly) the whole
 *   document, and those after the application chunk arrived.
 *
 * Options (environment): PERF_BUILDS ("name=dir,name=dir", required: build
 * directories of `npm run build -- --outDir DIR`), PERF_PAGE ("/"), PERF_RUNS
 * (7), PERF_SITE_PORT (4193), PERF_BACKEND_PORT (54341).
 */
import { chromium } from '@playwright/test';
import { startLocalBackend } from '../supabase/local/server.ts';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';
import { median } from './lib/perf-compare.ts';
import { applyPhoneProfile } from './lib/phone-profile.ts';
import { siteServerOptions } from './lib/site-server-options.ts';
import { startStaticServer } from './lib/static-server.ts';

const BUILDS = (process.env.PERF_BUILDS ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => {
    const [name = '', dir = ''] = entry.split('=');
    return { name, dir };
  });
const PAGE = process.env.PERF_PAGE || '/';
const RUNS = Math.max(1, Number(process.env.PERF_RUNS || 7));
const SITE_PORT = Number(process.env.PERF_SITE_PORT || 4193);
const BACKEND_PORT = Number(process.env.PERF_BACKEND_PORT || 54341);
const HYDRATED_MARK = 'app-hydrated';
const AFTER_MARK_US = 3_000_000;

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { elementCount?: number; data?: { url?: string; requestId?: string } };
};

const METRICS = [
  'hydrated',
  'task',
  'long task',
  'style',
  'layout',
  'script',
  'after hydration',
  'restyled elements',
  'full restyles',
  'full restyles after app',
] as const;
type Sample = Record<(typeof METRICS)[number], number>;

function analyse(events: TraceEvent[]): Sample {
  const mark = events.find((e) => e.name === HYDRATED_MARK);
  if (!mark) throw new Error(`no "${HYDRATED_MARK}" mark in the trace`);
  const start = Math.min(...events.filter((e) => e.pid === mark.pid && e.name === 'navigationStart').map((e) => e.ts));
  const end = mark.ts + AFTER_MARK_US;
  const main = events.filter(
    (e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === 'X' && e.ts >= start && e.ts <= end,
  );
  const ms = (list: TraceEvent[]) => Math.round(list.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000);
  const named = (...names: string[]) => main.filter((e) => names.includes(e.name));
  const tasks = named('RunTask');
  const recalcs = named('UpdateLayoutTree');
  const most = Math.max(0, ...recalcs.map((e) => e.args?.elementCount ?? 0));
  const full = recalcs.filter((e) => most > 0 && (e.args?.elementCount ?? 0) >= 0.8 * most);
  const sent = events.find((e) => e.name === 'ResourceSendRequest' && /\/assets\/app-/.test(e.args?.data?.url ?? ''));
  const arrived = events.find(
    (e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === sent?.args?.data?.requestId,
  );
  return {
    hydrated: Math.round((mark.ts - start) / 1000),
    task: ms(tasks),
    'long task': ms(tasks.filter((e) => (e.dur ?? 0) > 50_000)),
    style: ms(recalcs),
    layout: ms(named('Layout')),
    script: ms(named('v8.evaluateModule', 'FunctionCall', 'EvaluateScript')),
    'after hydration': ms(tasks.filter((e) => e.ts >= mark.ts)),
    'restyled elements': recalcs.reduce((sum, e) => sum + (e.args?.elementCount ?? 0), 0),
    'full restyles': full.length,
    'full restyles after app': arrived ? full.filter((e) => e.ts > arrived.ts).length : Number.NaN,
  };
}

async function main() {
  if (BUILDS.length === 0 || BUILDS.some((b) => !b.name || !b.dir)) {
    console.error('PERF_BUILDS="before=.perf/before,after=.perf/after": the builds to compare, by name.');
    process.exit(2);
  }
  const chromePath = ensureChromium();
  const backend = await startLocalBackend({ port: BACKEND_PORT, dataDir: null, quiet: true });
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  const samples = new Map<string, Sample[]>(BUILDS.map((b) => [b.name, []]));
  try {
    for (let round = 1; round <= RUNS; round += 1) {
      for (const build of BUILDS) {
        const site = await startStaticServer({
          root: build.dir,
          port: SITE_PORT,
          quiet: true,
          ...siteServerOptions(backend.url),
        });
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
        });
        try {
          const page = await context.newPage();
          await applyPhoneProfile(await context.newCDPSession(page));
          await browser.startTracing(page, {
            categories: [
              'devtools.timeline',
              'disabled-by-default-devtools.timeline',
              'blink.user_timing',
              'v8.execute',
            ],
          });
          await page.goto(`http://localhost:${SITE_PORT}${PAGE}`, { waitUntil: 'load', timeout: 60_000 });
          const deadline = Date.now() + 60_000;
          while (!(await page.evaluate((name) => performance.getEntriesByName(name).length > 0, HYDRATED_MARK))) {
            if (Date.now() > deadline) throw new Error(`${build.name}: no "${HYDRATED_MARK}" mark`);
            await new Promise((done) => setTimeout(done, 50));
          }
          // The trace runs on past the mark: what the page does once hydrated counts too.
          await page.waitForTimeout(AFTER_MARK_US / 1000 + 500);
          const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
          const sample = analyse(trace.traceEvents);
          samples.get(build.name)?.push(sample);
          console.info(`  round ${round} ${build.name}: ${METRICS.map((m) => `${m} ${sample[m]}`).join(', ')}`);
        } finally {
          await context.close();
          site.close();
        }
      }
    }
  } finally {
    await browser.close();
    await backend.stop();
  }
  const lines = [
    `| build (${PAGE}, phone profile, ${RUNS} interleaved loads, medians) | ${METRICS.join(' | ')} |`,
    `|---|${METRICS.map(() => '---').join('|')}|`,
    ...BUILDS.map(
      (b) =>
        `| ${b.name} | ${METRICS.map((m) => Math.round(median((samples.get(b.name) ?? []).map((s) => s[m])))).join(' | ')} |`,
    ),
  ];
  console.info(`\n${lines.join('\n')}`);
  process.exit(0);
}

await main();
