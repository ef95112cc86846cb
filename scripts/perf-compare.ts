/**
 * `npm run perf:compare`: the built site measured side by side with a static
 * floor page, so that figures from machines of different speeds compare as
 * ratios (docs/decisions/150-main-thread-work-measured-against-a-floor.md).
 *
 * It builds the site (into .perf/compare/dist), writes the floor page itself
 * (the prerendered home page with every script and modulepreload removed:
 * the same first screen, no JavaScript) into a copy of the build, serves the
 * two beside each other (the floor on its own port, with the same server and
 * headers) next to an in-memory local backend, and then:
 * - runs Lighthouse (mobile, simulated throttling, the system Chromium) on
 *   every target in interleaved rounds (floor, /, /fr, /client/login, the
 *   category page's floor, the category page, the product page's floor, the
 *   product page, then again), PERF_RUNS rounds (default 5). A catalogue or
 *   insights page has a floor of its own, written the same way from its own
 *   HTML at the same path (`hasOwnFloor`,
 *   docs/decisions/194-catalogue-at-scale.md); the others are compared with
 *   the home page's;
 * - loads every page on the phone profile (scripts/lib/phone-profile.ts) in
 *   interleaved rounds, reading the page's own `app-hydrated` mark;
 * and prints a markdown table of medians (min–max) and ratios to the floor:
 * performance score, LCP, TBT, CLS, main-thread work (total and by
 * Lighthouse's categories), long tasks by attribution, Lighthouse's
 * `benchmarkIndex` (how fast the machine was), and the phone-profile
 * interactive time. The JSON of every run goes to .perf/compare/.
 * Timing is noisy, so this is not part of `npm test` and asserts nothing.
 *
 * Options (environment): PERF_SITE_PORT (4193), PERF_FLOOR_PORT (site + 1),
 * PERF_BACKEND_PORT (54341), PERF_RUNS (5), PERF_PAGES
 * ("/,/fr,/client/login,/products/olive-oils," and the seed's first olive
 * oil's page), PERF_SKIP_BUILD=1 to measure the last build again,
 * PERF_LIGHTHOUSE=0 / PERF_PHONE=0 to skip either part, PERF_LABEL to name
 * the JSON file, PERF_OTHER_BUILD="before=DIR" to measure another build (say,
 * the one before a change, built with the same settings) in the same rounds,
 * served on PERF_OTHER_PORT (the floor's port + 1), its rows named "before /".
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startLocalBackend } from '../supabase/local/server.ts';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';
import {
  attribution,
  floorPage,
  hasOwnFloor,
  markdownReport,
  ownFloorName,
  summarize,
  type CompareSample,
  type LongTask,
  type TargetSummary,
} from './lib/perf-compare.ts';
import { applyPhoneProfile } from './lib/phone-profile.ts';
import { run } from './lib/run.ts';
import { siteServerOptions } from './lib/site-server-options.ts';
import { fileFor } from './lib/site-routes.ts';
import { startStaticServer } from './lib/static-server.ts';

const SITE_PORT = Number(process.env.PERF_SITE_PORT || 4193);
const FLOOR_PORT = Number(process.env.PERF_FLOOR_PORT || SITE_PORT + 1);
const BACKEND_PORT = Number(process.env.PERF_BACKEND_PORT || 54341);
const RUNS = Math.max(1, Number(process.env.PERF_RUNS || 5));
/** A category page and one of its products' pages, of the seed (supabase/seed.sql). */
const CATALOGUE_PAGES = [
  '/products/olive-oils',
  '/products/olive-oils/early-harvest-koroneiki-extra-virgin-olive-oil-500-ml',
];
const PAGES = (process.env.PERF_PAGES || ['/', '/fr', '/client/login', ...CATALOGUE_PAGES].join(','))
  .split(',')
  .map((p) => p.trim());
const LIGHTHOUSE = process.env.PERF_LIGHTHOUSE !== '0';
const PHONE = process.env.PERF_PHONE !== '0';
const OUT = resolve('.perf/compare');
const DIST = join(OUT, 'dist');
const FLOOR_DIST = join(OUT, 'floor');
const SITE = `http://localhost:${SITE_PORT}`;
const FLOOR = `http://localhost:${FLOOR_PORT}`;
const FLOOR_TARGET = 'floor';
const HYDRATED_MARK = 'app-hydrated';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Target = { name: string; url: string; hydrates: boolean };

/** Another build measured in the same rounds (e.g. the one before a change): "name=dir". */
const [OTHER_NAME = '', OTHER_DIST = ''] = (process.env.PERF_OTHER_BUILD ?? '').split('=');
const OTHER_PORT = Number(process.env.PERF_OTHER_PORT || FLOOR_PORT + 1);
const OTHER = `http://localhost:${OTHER_PORT}`;

/** Each page with a floor of its own → that floor's target name (the others are compared with FLOOR_TARGET). */
const ownFloors: Record<string, string> = Object.fromEntries(
  PAGES.filter(hasOwnFloor).flatMap((page) => [
    [page, ownFloorName(page)],
    ...(OTHER_DIST ? [[`${OTHER_NAME} ${page}`, ownFloorName(page)]] : []),
  ]),
);

const targets: Target[] = [
  { name: FLOOR_TARGET, url: `${FLOOR}/`, hydrates: false },
  ...PAGES.flatMap((page) => [
    ...(hasOwnFloor(page) ? [{ name: ownFloorName(page), url: `${FLOOR}${page}`, hydrates: false }] : []),
    ...(OTHER_DIST ? [{ name: `${OTHER_NAME} ${page}`, url: `${OTHER}${page}`, hydrates: true }] : []),
    { name: page, url: `${SITE}${page}`, hydrates: true },
  ]),
];

type Details = { items?: Record<string, unknown>[] };

async function lighthouseRun(url: string, port: number): Promise<CompareSample> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) =>
    ((lhr.audits[id]?.details as Details | undefined)?.items ?? []) as Record<string, unknown>[];
  const byCategory: Record<string, number> = {};
  for (const item of items('mainthread-work-breakdown')) {
    const label = String(item.groupLabel ?? item.group ?? 'Other');
    byCategory[label] = (byCategory[label] ?? 0) + Number(item.duration ?? 0);
  }
  const longTasks: LongTask[] = items('long-tasks').map((item) => ({
    url: String(item.url ?? ''),
    startTime: Number(item.startTime ?? 0),
    duration: Number(item.duration ?? 0),
  }));
  return {
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as CompareSample['scores'],
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    mainThread: audit('mainthread-work-breakdown'),
    mainThreadByCategory: byCategory,
    longTasks,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated, not counted. */
async function lighthouseWithRetry(url: string, port: number, attempts = 3): Promise<CompareSample> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseRun(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`  ${url}: ${error instanceof Error ? error.message.split('\n')[0] : error} — measuring again`);
    }
  }
}

/** Polls for the page's own mark without injecting a script of its own into the load (see scripts/perf.ts). */
async function waitForMark(page: Page, mark: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate((name) => performance.getEntriesByName(name).length > 0, mark))) {
    if (Date.now() > deadline) throw new Error(`${page.url()}: no "${mark}" mark within ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** One load on the phone profile in a fresh context: the hydration mark's time, ms. */
async function phoneRun(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  try {
    const page = await context.newPage();
    await applyPhoneProfile(await context.newCDPSession(page));
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await waitForMark(page, HYDRATED_MARK);
    return await page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN, HYDRATED_MARK);
  } finally {
    await context.close();
  }
}

function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

async function main() {
  const chromePath = ensureChromium();
  mkdirSync(OUT, { recursive: true });
  if (process.env.PERF_SKIP_BUILD !== '1') {
    const code = await run('npm', ['run', 'build', '--silent', '--', '--outDir', DIST], {
      LOCAL_SUPABASE_PORT: String(BACKEND_PORT),
      VITE_SUPABASE_URL: '',
      VITE_SITE_URL: SITE,
    });
    if (code !== 0) process.exit(code);
  }
  // The floor: a copy of the build (same images, same headers) whose home page has no JavaScript.
  rmSync(FLOOR_DIST, { recursive: true, force: true });
  cpSync(DIST, FLOOR_DIST, { recursive: true });
  writeFileSync(join(FLOOR_DIST, 'index.html'), floorPage(readFileSync(join(DIST, 'index.html'), 'utf8')));
  // The pages measured against their own floor: the same page, at the same path, without JavaScript.
  for (const page of PAGES.filter(hasOwnFloor)) {
    const file = fileFor(page);
    let html: string;
    try {
      html = readFileSync(join(DIST, file), 'utf8');
    } catch {
      throw new Error(`${page} is not in the build (${file}): is it published, and its flag on?`);
    }
    mkdirSync(dirname(join(FLOOR_DIST, file)), { recursive: true });
    writeFileSync(join(FLOOR_DIST, file), floorPage(html));
  }

  const backend = await startLocalBackend({ port: BACKEND_PORT, dataDir: null, quiet: true });
  const options = siteServerOptions(backend.url);
  const site = await startStaticServer({ root: DIST, port: SITE_PORT, quiet: true, ...options });
  const floor = await startStaticServer({ root: FLOOR_DIST, port: FLOOR_PORT, quiet: true, ...options });
  const other = OTHER_DIST
    ? await startStaticServer({ root: resolve(OTHER_DIST), port: OTHER_PORT, quiet: true, ...options })
    : null;

  const lighthouseSamples = new Map<string, CompareSample[]>(targets.map((t) => [t.name, []]));
  const phoneSamples = new Map<string, number[]>(targets.filter((t) => t.hydrates).map((t) => [t.name, []]));
  try {
    if (LIGHTHOUSE) {
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: [...CHROMIUM_ARGS, '--headless=new', '--no-sandbox'],
      });
      try {
        for (let round = 1; round <= RUNS; round += 1) {
          for (const target of targets) {
            const sample = await lighthouseWithRetry(target.url, chrome.port);
            lighthouseSamples.get(target.name)?.push(sample);
            console.info(
              `  round ${round} ${target.name}: perf ${sample.scores.performance}  LCP ${ms(sample.lcp)}  TBT ${ms(sample.tbt)}  CLS ${sample.cls.toFixed(3)}  main thread ${ms(sample.mainThread)}  long tasks ${sample.longTasks.length}  benchmarkIndex ${Math.round(sample.benchmarkIndex)}`,
            );
          }
        }
      } finally {
        chrome.kill();
      }
    }
    if (PHONE) {
      const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
      try {
        for (let round = 1; round <= RUNS; round += 1) {
          for (const target of targets.filter((t) => t.hydrates)) {
            const hydrated = await phoneRun(browser, target.url);
            phoneSamples.get(target.name)?.push(hydrated);
            console.info(`  round ${round} ${target.name} phone: hydrated at ${ms(hydrated)}`);
          }
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    site.close();
    floor.close();
    other?.close();
    await backend.stop();
  }

  const summaries: TargetSummary[] = targets.map((t) =>
    summarize(t.name, lighthouseSamples.get(t.name) ?? [], t.url, phoneSamples.get(t.name) ?? null),
  );
  const report = markdownReport(summaries, FLOOR_TARGET, ownFloors);
  // The long tasks of each target's median-TBT run, with when they started and what caused them.
  const timelines = targets.map((t) => {
    const samples = [...(lighthouseSamples.get(t.name) ?? [])].sort((a, b) => a.tbt - b.tbt);
    const mid = samples[Math.floor((samples.length - 1) / 2)];
    const tasks = (mid?.longTasks ?? [])
      .map((task) => `${Math.round(task.startTime)}+${Math.round(task.duration)} ${attribution(task.url, t.url)}`)
      .join(', ');
    return `- ${t.name} (median-TBT run): ${tasks || 'no long tasks'}`;
  });
  const heading = `Lighthouse ${RUNS}× per target interleaved (mobile, simulated throttling); phone profile ${RUNS}× (CDP 4× CPU, 1.6 Mbit/s, 150 ms). Medians (min–max).`;
  const text = `${heading}\n\n${report}\n\nLong tasks, start+duration ms:\n${timelines.join('\n')}\n`;
  console.info(`\n${text}`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(OUT, `${process.env.PERF_LABEL ? `${process.env.PERF_LABEL}-` : ''}${stamp}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        runs: RUNS,
        summaries,
        samples: Object.fromEntries(lighthouseSamples),
        phone: Object.fromEntries(phoneSamples),
        markdown: text,
      },
      null,
      1,
    ),
  );
  writeFileSync(file.replace(/\.json$/, '.md'), text);
  console.info(`JSON: ${file}`);
  process.exit(0);
}

await main();
