/**
 * The local publisher (`npm start`, the e2e stack): a flag change made in any
 * way (admin portal, simple admin, SQL) re-prerenders the pages it affects
 * within seconds, without a restart (docs/decisions/041-publishing-on-flag-change.md).
 *
 * When the database notifies `site_publishes` (`wake`: a trigger does after
 * each publish it records), and every `intervalMs` besides (the scheduled
 * items, and a change whose notification was missed), it claims the
 * publishes the database trigger recorded in
 * `site_publishes` (with the service-role key of the local backend), reads the
 * flags as the site does (anon key), re-renders only the pages whose HTML
 * depends on a changed flag (./plan.ts), deletes the pages whose route went
 * off, rewrites the sitemap and static-host rules when a route went on or
 * off, and marks the claimed publishes published, or failed with the reason.
 * The flags it last published are what the static server answers 200 or 404 by.
 *
 * News items and posts ride the same rounds (docs/decisions/166-publishing-content-changes.md):
 * each round first publishes the scheduled items whose time has come (what
 * pg_cron does in production), which enqueues their publish; a round that
 * claims publishes reads the published content, plans the pages the change
 * affects (./content.ts: the article in each language, the list, the
 * sitemap, feeds and redirects), renders them and deletes the pages of
 * posts that left the site. The content it last published is what the static
 * server redirects former slugs by.
 */
import { defaultFlags, type FlagMap } from '../../../src/lib/flags/defaults.ts';
import { SITE_ROUTES, prerenderTargets, type PrerenderTarget } from '../site-routes.ts';
import { planContentPublish, postPages, type ContentChange, type ContentPlan, type SiteContent } from './content.ts';
import { readLiveContent } from './live-content.ts';
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
  /** The news items and posts the pages show now (null before the first publish). */
  content(): SiteContent | null;
  /** Runs one round now (and waits for it). */
  sync(): Promise<void>;
  stop(): Promise<void>;
};

/** Pages of both plans, each once; a file both renders and removes is rendered. */
function mergePlans(
  render: readonly PrerenderTarget[],
  remove: readonly string[],
  content: ContentPlan | null,
): { render: PrerenderTarget[]; remove: string[] } {
  const byFile = new Map<string, PrerenderTarget>();
  for (const target of [...render, ...(content?.render ?? [])]) byFile.set(target.file, target);
  const removed = new Set([...remove, ...(content?.remove ?? [])]);
  return { render: [...byFile.values()], remove: [...removed].filter((file) => !byFile.has(file)) };
}

export async function startLocalPublisher({
  outDir,
  supabaseUrl,
  anonKey,
  serviceKey,
  env,
  wake,
  intervalMs = wake ? 5_000 : 1_000,
  quiet = false,
  kit: givenKit,
}: {
  outDir: string;
  supabaseUrl: string;
  anonKey: string;
  serviceKey: string;
  /** Used when the build left no state (it always does; kept for a build older than the publisher). */
  env: SiteFilesEnv;
  /**
   * Subscribes a round to the database's notifications of a new publish (the
   * local backend's `listen('site_publishes', …)`), answering how to stop;
   * without it the publisher asks every second.
   */
  wake?: (round: () => void) => Promise<() => Promise<void>>;
  /** How often a round runs without a notification: default 5 s with `wake`, 1 s without. */
  intervalMs?: number;
  quiet?: boolean;
  /** The renderer and template (default: the kit the build left for outDir). */
  kit?: Kit;
}): Promise<LocalPublisher> {
  const kit: Kit = givenKit ?? (await loadKit(outDir));
  const state = await readPublishedState(outDir);
  const filesEnv = state?.env ?? env;
  let published: FlagMap | null = state?.flags ?? null;
  let publishedContent: SiteContent | null = state?.content ?? null;
  let failedFor: string | null = null;
  // Polled every second: the local backend leaves these requests out of its request log.
  const unlogged: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('X-Local-Unlogged', '1');
    return fetch(input, { ...init, headers });
  };
  // Set when a change was claimed but the content could not be read: the next rounds read it again.
  let contentStale = false;
  const log = publishLog({ supabaseUrl, serviceKey, fetchImpl: unlogged });
  const say = (message: string) => {
    if (!quiet) console.info(`[publish] ${message}`);
  };

  /** Scheduled items whose time has come become published (and enqueue their publish). */
  async function publishDue(): Promise<void> {
    const response = await unlogged(`${supabaseUrl.replace(/\/$/, '')}/rest/v1/rpc/publish_due_content_as_service`, {
      method: 'POST',
      headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`publish_due_content_as_service: HTTP ${response.status}`);
    const count = Number(await response.json());
    if (count > 0) say(`${count} scheduled item(s) published`);
  }

  async function round(): Promise<void> {
    await publishDue().catch((error: unknown) => {
      say(`could not publish the scheduled items: ${error instanceof Error ? error.message : String(error)}`);
    });
    let claimed: number[] = [];
    let changes: ContentChange[] = [];
    try {
      const open = await log.claimOpenWithContent!();
      claimed = open.ids;
      changes = open.content as ContentChange[];
    } catch (error) {
      say(`could not read the pending publishes: ${error instanceof Error ? error.message : String(error)}`);
    }
    const live = await readLiveFlags({ supabaseUrl, anonKey, timeoutMs: 3_000, fetchImpl: unlogged });
    if (live.source === 'defaults') {
      // Keep what is published: the defaults are not what staff chose.
      await log.finish(claimed, 'failed', 'the flags could not be read').catch(() => undefined);
      return;
    }
    // The content is read when a publish is claimed (a change was made) or was never read.
    let content = publishedContent;
    if (claimed.length > 0 || content === null || failedFor !== null || contentStale) {
      try {
        content = await readLiveContent({ supabaseUrl, anonKey, timeoutMs: 5_000, fetchImpl: unlogged });
        contentStale = false;
      } catch (error) {
        contentStale = true;
        const message = `the news and posts could not be read: ${error instanceof Error ? error.message : String(error)}`;
        say(message);
        await log.finish(claimed, 'failed', message).catch(() => undefined);
        return;
      }
    }
    const previous = published;
    const plan = previous
      ? planPublish(previous, live.flags, SITE_ROUTES, postPages(publishedContent ?? content))
      : null;
    const contentPlan =
      previous && publishedContent ? planContentPublish(publishedContent, content, live.flags, changes) : null;
    const key = JSON.stringify([live.flags, content]);
    const nothing = plan?.changed.length === 0 && contentPlan?.items.length === 0 && !contentPlan.siteFiles;
    if (previous && publishedContent && nothing) {
      await log.finish(claimed, 'published').catch(() => undefined);
      return;
    }
    if (failedFor === key && claimed.length === 0) return;
    const started = Date.now();
    try {
      const all = !plan || !contentPlan;
      const { render, remove } = all
        ? { render: prerenderTargets(live.flags, SITE_ROUTES, postPages(content)), remove: [] }
        : mergePlans(plan.render, plan.remove, contentPlan);
      await renderTargets({ kit, outDir, targets: render, flags: live.flags, content, env: filesEnv });
      const removed = await removePages(outDir, remove);
      const files =
        all || plan.siteFiles || contentPlan.siteFiles
          ? await writeSiteFiles(outDir, filesEnv, live.flags, content)
          : [];
      await writePublishedState(outDir, {
        flags: live.flags,
        env: filesEnv,
        source: 'database',
        publishedAt: new Date().toISOString(),
        content,
      });
      published = live.flags;
      publishedContent = content;
      failedFor = null;
      const what = all
        ? 'first publish'
        : [
            ...plan.changed.map((name) => `${name} ${live.flags[name] ? 'on' : 'off'}`),
            ...(contentPlan.items.length > 0 ? [`${contentPlan.items.length} content item(s)`] : []),
          ].join(', ');
      say(
        `${what}: re-prerendered ${render.length} page(s)${removed.length > 0 ? `, removed ${removed.join(', ')}` : ''}` +
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

  // One round at a time: a slow round delays the next instead of overlapping it. A round asked
  // for while another waits to start is that one (it starts later, so it sees the change too).
  let running: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  const sync = () => {
    if (waiting) return waiting;
    const start = () => {
      waiting = null;
      return round();
    };
    waiting = running.then(start, start);
    running = waiting;
    return waiting;
  };
  await sync();
  // The first render of each page loads its modules and warms the JIT (seconds on a busy machine):
  // done now, in the background, so the first flag change is published as fast as the next ones.
  running = running.then(async () => {
    const flags = published ?? defaultFlags;
    for (const target of prerenderTargets(flags)) await kit.renderPage(target.url, flags).catch(() => undefined);
  });
  let stopped = false;
  const onChange = () => {
    if (!stopped) void sync();
  };
  const unlisten = wake ? await wake(onChange) : null;
  const timer = setInterval(onChange, intervalMs);
  timer.unref();
  return {
    flags: () => ({ ...(published ?? defaultFlags) }),
    content: () => publishedContent,
    sync,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      await running;
    },
  };
}
