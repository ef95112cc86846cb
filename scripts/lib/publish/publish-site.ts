/**
 * The build's prerender step: reads the flags as the site does, falls back to
 * the defaults with a warning when the database cannot be read (the build
 * still succeeds; docs/decisions/016-published-html-follows-live-flags.md),
 * reads the published news items and posts (which have no default: a hosted
 * backend that does not answer stops the build; a local one boots from the
 * migrations, docs/decisions/165-published-content-on-the-site.md), renders
 * every page that is on, the SPA shell and the route-derived files, and
 * records what was published for the local publisher.
 */
import { join } from 'node:path';
import { criticalCss } from '../critical-css.ts';
import { renderShell } from '../prerender-html.ts';
import { SITE_ROUTES, SHELL_FILE, prerenderTargets, type PrerenderTarget } from '../site-routes.ts';
import { postPages } from './content.ts';
import { readBuildContent, type BuildContent } from './live-content.ts';
import { readLiveFlags, type LiveFlags } from './live-flags.ts';
import {
  renderTargets,
  writeAtomically,
  writePublishedState,
  writeSiteFiles,
  type Kit,
  type SiteFilesEnv,
} from './pages.ts';

export async function publishSite({
  outDir,
  kit,
  env,
  readFlags = () => readLiveFlags({ supabaseUrl: env.VITE_SUPABASE_URL, anonKey: env.VITE_SUPABASE_ANON_KEY }),
  readContent = () => readBuildContent({ supabaseUrl: env.VITE_SUPABASE_URL, anonKey: env.VITE_SUPABASE_ANON_KEY }),
  warn = console.warn,
}: {
  outDir: string;
  kit: Kit;
  env: SiteFilesEnv & { VITE_SUPABASE_ANON_KEY: string };
  readFlags?: () => Promise<LiveFlags>;
  readContent?: () => Promise<BuildContent>;
  warn?: (message: string) => void;
}): Promise<{ live: LiveFlags; content: BuildContent; targets: PrerenderTarget[]; written: string[] }> {
  const [live, content] = await Promise.all([readFlags(), readContent()]);
  if (live.source === 'defaults') warn(`\n${live.warning}\n`);
  if (content.source === 'migrations') {
    warn(
      `\nThe local backend at ${env.VITE_SUPABASE_URL} is not running: the news and posts are those of a fresh ` +
        `local database (the migrations), read in ${(content.ms / 1000).toFixed(1)} s.\n`,
    );
  }
  const targets = prerenderTargets(live.flags, SITE_ROUTES, postPages(content.content));
  const written = await renderTargets({ kit, outDir, targets, flags: live.flags, content: content.content, env });
  await writeAtomically(join(outDir, SHELL_FILE), renderShell(kit.template, criticalCss(kit.appCss, '')));
  await writeSiteFiles(outDir, env, live.flags, content.content);
  await writePublishedState(outDir, {
    flags: live.flags,
    env,
    source: live.source,
    publishedAt: new Date().toISOString(),
    content: content.content,
  });
  return { live, content, targets, written };
}
