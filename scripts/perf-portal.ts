/**
 * `npm run perf:portal`: the signed-in pages (client dashboard, documents,
 * messages, the admin dashboard) measured on the phone profile
 * (scripts/lib/phone-profile.ts: CDP 4× CPU, 150 ms, 1.6 Mbit/s, a 412 px
 * phone) side by side with the public home page and with a static floor of
 * each page's own content, the sibling of `npm run perf:compare`.
 *
 * It builds the site (into .perf/portal/dist), serves it next to an
 * in-memory local backend, signs the seeded client and the seeded admin (with
 * its TOTP code) in through the API and gives each browser context that
 * session in localStorage, as supabase-js keeps it. A first unthrottled load
 * of every page writes its floor: the page's DOM once its content is shown,
 * every script and modulepreload removed (the same content, no JavaScript),
 * served from a copy of the build on its own port. Then, in interleaved
 * rounds (PERF_RUNS, default 5), each page and each floor is loaded in a
 * fresh context (cold: nothing cached) and loaded again in the same context
 * (warm: the HTTP cache primed), timing from navigation start to the first
 * frame showing the page's own content (scripts/lib/perf-portal.ts); each
 * round also times the in-app navigations between client pages (from the
 * click to the new page's content) and runs Lighthouse's benchmarkIndex
 * (how fast the machine was). It prints medians (min–max) and the ratios to
 * the floors and to the home page, and keeps the JSON and markdown in
 * .perf/portal/. Timing is noisy, so this is not part of `npm test`.
 *
 * Options (environment): PERF_SITE_PORT (4193), PERF_FLOOR_PORT (site + 1),
 * PERF_BACKEND_PORT (54341), PERF_RUNS (5), PERF_SKIP_BUILD=1 to measure
 * the last build again, PERF_DIST to measure another build (built for the
 * same backend port), PERF_LABEL to name the report.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { authStorageKey } from '../src/lib/supabase/stored-session.ts';
import { totpCode } from '../supabase/local/auth/totp.ts';
import {
  LOCAL_ACCOUNTS,
  LOCAL_ADMIN_FACTOR_ID,
  LOCAL_ADMIN_TOTP_SECRET,
  LOCAL_ANON_KEY,
} from '../supabase/local/keys.ts';
import { startLocalBackend } from '../supabase/local/server.ts';
import { TURNSTILE_DUMMY_TOKEN } from '../stand-ins/captcha/turnstile.ts';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';
import { floorPage, range } from './lib/perf-compare.ts';
import {
  CONTENT_MARK,
  contentObserverScript,
  NAVIGATE_SOURCE,
  navigationReport,
  PORTAL_NAVIGATIONS,
  PORTAL_PAGES,
  portalReport,
  portalRow,
  type PortalPage,
  type PortalRole,
} from './lib/perf-portal.ts';
import { applyPhoneProfile } from './lib/phone-profile.ts';
import { run } from './lib/run.ts';
import { siteServerOptions } from './lib/site-server-options.ts';
import { startStaticServer } from './lib/static-server.ts';

const SITE_PORT = Number(process.env.PERF_SITE_PORT || 4193);
const FLOOR_PORT = Number(process.env.PERF_FLOOR_PORT || SITE_PORT + 1);
const BACKEND_PORT = Number(process.env.PERF_BACKEND_PORT || 54341);
const RUNS = Math.max(1, Number(process.env.PERF_RUNS || 5));
const OUT = resolve('.perf/portal');
const DIST = process.env.PERF_DIST ? resolve(process.env.PERF_DIST) : join(OUT, 'dist');
const FLOOR_DIST = join(OUT, 'floor');
const SITE = `http://localhost:${SITE_PORT}`;
const FLOOR = `http://localhost:${FLOOR_PORT}`;
const floorName = (page: PortalPage) => `floor ${page.path}`;

/** The session supabase-js would keep for `role`, signed in through the API (the admin with its second factor). */
async function sessionFor(role: PortalRole, backendUrl: string): Promise<string> {
  const found = LOCAL_ACCOUNTS.find((a) => a.email.startsWith(role));
  if (!found) throw new Error(`No seeded ${role}`);
  const client = createClient(backendUrl, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await client.auth.signInWithPassword({
    email: found.email,
    password: found.password,
    options: { captchaToken: TURNSTILE_DUMMY_TOKEN },
  });
  if (error) throw error;
  if (role === 'admin') {
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: LOCAL_ADMIN_FACTOR_ID,
      code: totpCode(LOCAL_ADMIN_TOTP_SECRET),
    });
    if (verified.error) throw verified.error;
  }
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error(`No session for ${role}`);
  return JSON.stringify(data.session);
}

async function newContext(browser: Browser, session: string | null, backendUrl: string): Promise<BrowserContext> {
  const localStorage = session ? [{ name: authStorageKey(backendUrl), value: session }] : [];
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    storageState: { cookies: [], origins: [SITE, FLOOR].map((origin) => ({ origin, localStorage })) },
  });
  await context.addInitScript(contentObserverScript(PORTAL_PAGES));
  return context;
}

/** Waits for the page's content mark with plain evaluations (no script of Playwright's own injected meanwhile). */
async function contentTime(page: Page, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = await page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null, CONTENT_MARK);
    if (at !== null) return at;
    if (Date.now() > deadline) throw new Error(`${page.url()}: its content was not shown within ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

type Load = { at: number; flash: boolean };

async function load(page: Page, url: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  const at = await contentTime(page);
  const flash = await page.evaluate(() => Boolean((window as { __perfSignedOutFlash?: boolean }).__perfSignedOutFlash));
  return { at, flash };
}

/** One cold load (a fresh context) and one warm load (the same context again) on the phone profile. */
async function coldAndWarm(browser: Browser, url: string, session: string | null, backendUrl: string) {
  const context = await newContext(browser, session, backendUrl);
  try {
    const page = await context.newPage();
    await applyPhoneProfile(await context.newCDPSession(page));
    const cold = await load(page, url);
    // Whatever the page fetches after its content (lazy chunks, other queries) lands in the cache too.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await page.goto('about:blank');
    const warm = await load(page, url);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

async function benchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  } finally {
    await page.close();
  }
}

async function main() {
  const chromePath = ensureChromium();
  mkdirSync(OUT, { recursive: true });
  if (!process.env.PERF_DIST && process.env.PERF_SKIP_BUILD !== '1') {
    const code = await run('npm', ['run', 'build', '--silent', '--', '--outDir', DIST], {
      LOCAL_SUPABASE_PORT: String(BACKEND_PORT),
      VITE_SUPABASE_URL: '',
      VITE_SITE_URL: SITE,
    });
    if (code !== 0) process.exit(code);
  }
  rmSync(FLOOR_DIST, { recursive: true, force: true });
  cpSync(DIST, FLOOR_DIST, { recursive: true });

  const backend = await startLocalBackend({ port: BACKEND_PORT, dataDir: null, quiet: true });
  const options = siteServerOptions(backend.url);
  const site = await startStaticServer({ root: DIST, port: SITE_PORT, quiet: true, ...options });
  const sessions: Record<PortalRole, string> = {
    client: await sessionFor('client', backend.url),
    admin: await sessionFor('admin', backend.url),
  };
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  const cold = new Map<string, number[]>();
  const warm = new Map<string, number[]>();
  const flashes = new Map<string, number>();
  const navigations = new Map<string, number[]>();
  const indexes: number[] = [];
  const push = (map: Map<string, number[]>, key: string, value: number) =>
    map.set(key, [...(map.get(key) ?? []), value]);
  let floor: Awaited<ReturnType<typeof startStaticServer>> | null = null;
  try {
    // The floors: each page's DOM once its content shows, without JavaScript (the home page's: its prerendered HTML).
    for (const page of PORTAL_PAGES) {
      const file = join(FLOOR_DIST, page.path === '/' ? 'index.html' : join(page.path, 'index.html'));
      if (page.path === '/') {
        writeFileSync(file, floorPage(readFileSync(join(DIST, 'index.html'), 'utf8')));
        continue;
      }
      const context = await newContext(browser, page.role ? sessions[page.role] : null, backend.url);
      try {
        const tab = await context.newPage();
        await tab.goto(`${SITE}${page.path}`);
        await contentTime(tab);
        await tab.waitForLoadState('networkidle').catch(() => undefined);
        const html = `<!doctype html>\n${await tab.evaluate(() => document.documentElement.outerHTML)}`;
        mkdirSync(join(FLOOR_DIST, page.path), { recursive: true });
        writeFileSync(file, floorPage(html));
      } finally {
        await context.close();
      }
    }
    floor = await startStaticServer({ root: FLOOR_DIST, port: FLOOR_PORT, quiet: true, ...options });

    for (let round = 1; round <= RUNS; round += 1) {
      indexes.push(await benchmarkIndex(browser));
      for (const page of PORTAL_PAGES) {
        const session = page.role ? sessions[page.role] : null;
        for (const [name, url] of [
          [floorName(page), `${FLOOR}${page.path}`],
          [page.name, `${SITE}${page.path}`],
        ] as const) {
          const result = await coldAndWarm(browser, url, session, backend.url);
          push(cold, name, result.cold.at);
          push(warm, name, result.warm.at);
          flashes.set(name, (flashes.get(name) ?? 0) + Number(result.cold.flash) + Number(result.warm.flash));
          console.info(
            `  round ${round} ${name}: cold ${Math.round(result.cold.at)} ms, warm ${Math.round(result.warm.at)} ms${result.cold.flash || result.warm.flash ? ' (signed-out page shown first)' : ''}`,
          );
        }
      }
      // In-app navigations: the first page loaded (warm), then each link in turn.
      const context = await newContext(browser, sessions.client, backend.url);
      try {
        const tab = await context.newPage();
        await applyPhoneProfile(await context.newCDPSession(tab));
        const first = PORTAL_NAVIGATIONS[0];
        if (first) {
          await load(tab, `${SITE}${first.from}`);
          await tab.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
        }
        for (const nav of PORTAL_NAVIGATIONS) {
          if (new URL(tab.url()).pathname !== nav.from) {
            await tab.goto(`${SITE}${nav.from}`);
            await contentTime(tab);
          }
          const time = await tab.evaluate(
            `(${NAVIGATE_SOURCE})(${JSON.stringify({ to: nav.to, content: nav.content })})`,
          );
          push(navigations, `${nav.from} → ${nav.to}`, Number(time));
          console.info(`  round ${round} ${nav.from} → ${nav.to}: ${Math.round(Number(time))} ms`);
          // Let what the new page starts after its content settle before the next click.
          await tab.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    site.close();
    floor?.close();
    await backend.stop();
  }

  const names = PORTAL_PAGES.flatMap((page) => [page.name, floorName(page)]);
  const rows = names.map((name) => portalRow(name, cold.get(name) ?? [], warm.get(name) ?? [], flashes.get(name) ?? 0));
  const floors = Object.fromEntries(PORTAL_PAGES.map((page) => [page.name, floorName(page)]));
  const index = range(indexes);
  const text = [
    `Phone profile (CDP 4× CPU, 150 ms, 1.6 Mbit/s down, 412 px), ${RUNS} runs per page interleaved: navigation start to the first frame showing the page's own content; cold = fresh context, warm = the same context again. Medians (min–max).`,
    '',
    portalReport(rows, floors, PORTAL_PAGES[0]?.name ?? ''),
    '',
    navigationReport([...navigations].map(([name, times]) => ({ name, time: range(times) }))),
    '',
    `benchmarkIndex: ${Math.round(index.median)} (${Math.round(index.min)}–${Math.round(index.max)})`,
  ].join('\n');
  console.info(`\n${text}\n`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(OUT, `${process.env.PERF_LABEL ? `${process.env.PERF_LABEL}-` : ''}${stamp}`);
  writeFileSync(
    `${file}.json`,
    JSON.stringify(
      {
        runs: RUNS,
        cold: Object.fromEntries(cold),
        warm: Object.fromEntries(warm),
        navigations: Object.fromEntries(navigations),
        benchmarkIndex: indexes,
        markdown: text,
      },
      null,
      1,
    ),
  );
  writeFileSync(`${file}.md`, `${text}\n`);
  console.info(`Report: ${file}.md`);
  process.exit(0);
}

await main();
