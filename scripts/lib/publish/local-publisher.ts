/**
 * The local publisher (`npm start`, the e2e stack): a flag change made in any
 * way (admin portal, simple admin, SQL) re-prerenders the pages it affects
 * within seconds, without a restart (docs/decisions/041-publishing-on-flag-change.md).
 *
 * Every `intervalMs` it claims the publishes the database trigger recorded in
 * `site_publishes` (with the service-role key of the local backend), reads the
 * flags as the site does (anon key), re-renders only the pages whose HTML
 * depends on a changed flag (./plan.ts), deletes the pages whose route went
 * off, rewrites the sitemap and static-host rules when a route went on or
 * off, and marks the claimed publishes published, or failed with the reason.
 * The flags it last published are what the static server answers 200 or 404 by.
 */
import { defaultFlags, type FlagMap } from '../../../src/lib/flags/defaults.ts';
import { prerenderTargets } from '../site-routes.ts';
import { readLiveFlags } from './live-flags.ts';
import {
  loadKit,
  readPublishedState,
  removePages,
  renderTargets,
  writePublishedState,
  writeSiteFiles,
  type Kit,
  type SiteFilesEnv,
} from './pages.ts';
import { planPublish } from './plan.ts';
import { publishLog } from './publish-log.ts';

export type LocalPublisher = {
  /** The flags the pages are published with now. */
  flags(): FlagMap;
  /** Runs one round now (and waits for it). */
  sync(): Promise<void>;
  stop(): Promise<void>;
};

export async function startLocalPublisher({
  outDir,
  supabaseUrl,
  anonKey,
  serviceKey,
  env,
  intervalMs = 1_000,
  quiet = false,
  kit: givenKit,
}: {
  outDir: string;
  supabaseUrl: string;
  anonKey: string;
  serviceKey: string;
  /** Used when the build left no state (it always does; kept for a build older than the publisher). */
  env: SiteFilesEnv;
  intervalMs?: number;
  quiet?: boolean;
  /** The renderer and template (default: the kit the build left for outDir). */
  kit?: Kit;
}): Promise<LocalPublisher> {
  const kit: Kit = givenKit ?? (await loadKit(outDir));
  const state = await readPublishedState(outDir);
  const filesEnv = state?.env ?? env;
  let published: FlagMap | null = state?.flags ?? null;
  let failedFor: string | null = null;
  // Polled every second: the local backend leaves these requests out of its request log.
  const unlogged: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'X-Local-Unlogged': '1' } });
  const log = publishLog({ supabaseUrl, serviceKey, fetchImpl: unlogged });
  const say = (message: string) => {
    if (!quiet) console.info(`[publish] ${message}`);
  };

  async function round(): Promise<void> {
    let claimed: number[] = [];
    try {
      claimed = await log.claimOpen();
    } catch (error) {
      say(`could not read the pending publishes: ${error instanceof Error ? error.message : String(error)}`);
    }
    const live = await readLiveFlags({ supabaseUrl, anonKey, timeoutMs: 3_000, fetchImpl: unlogged });
    if (live.source === 'defaults') {
      // Keep what is published: the defaults are not what staff chose.
      await log.finish(claimed, 'failed', 'the flags could not be read').catch(() => undefined);
      return;
    }
    const previous = published;
    const plan = previous ? planPublish(previous, live.flags) : null;
    const key = JSON.stringify(live.flags);
    if (previous && plan?.changed.length === 0) {
      await log.finish(claimed, 'published').catch(() => undefined);
      return;
    }
    if (failedFor === key && claimed.length === 0) return;
    const started = Date.now();
    try {
      const render = plan ? plan.render : prerenderTargets(live.flags);
      await renderTargets({ kit, outDir, targets: render, flags: live.flags });
      if (plan) await removePages(outDir, plan.remove);
      const files = !plan || plan.siteFiles ? await writeSiteFiles(outDir, filesEnv, live.flags) : [];
      await writePublishedState(outDir, {
        flags: live.flags,
        env: filesEnv,
        source: 'database',
        publishedAt: new Date().toISOString(),
      });
      published = live.flags;
      failedFor = null;
      const what = plan
        ? plan.changed.map((name) => `${name} ${live.flags[name] ? 'on' : 'off'}`).join(', ')
        : 'first publish';
      say(
        `${what}: re-prerendered ${render.length} page(s)${plan && plan.remove.length > 0 ? `, removed ${plan.remove.join(', ')}` : ''}` +
          `${files.length > 0 ? `, rewrote ${files.join(', ')}` : ''} in ${Date.now() - started} ms`,
      );
      await log.finish(claimed, 'published').catch(() => undefined);
    } catch (error) {
      failedFor = key;
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[publish] failed: ${message}`);
      await log.finish(claimed, 'failed', message).catch(() => undefined);
    }
  }

  // One round at a time: a slow round delays the next instead of overlapping it.
  let running: Promise<void> = Promise.resolve();
  const sync = () => {
    running = running.then(round, round);
    return running;
  };
  await sync();
  // The first render of each page loads its modules and warms the JIT (seconds on a busy machine):
  // done now, in the background, so the first flag change is published as fast as the next ones.
  running = running.then(async () => {
    const flags = published ?? defaultFlags;
    for (const target of prerenderTargets(flags)) await kit.renderPage(target.url, flags).catch(() => undefined);
  });
  let stopped = false;
  const timer = setInterval(() => {
    if (!stopped) void sync();
  }, intervalMs);
  timer.unref();
  return {
    flags: () => ({ ...(published ?? defaultFlags) }),
    sync,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
