/**
 * The build's prerender step: reads the flags as the site does, falls back to
 * the defaults with a warning when the database cannot be read (the build
 * still succeeds; docs/decisions/016-published-html-follows-live-flags.md),
 * renders every page that is on, the SPA shell and the route-derived files,
 * and records what was published for the local publisher.
 */
import { join } from 'node:path';
import { criticalCss } from '../critical-css.ts';
import { renderShell } from '../prerender-html.ts';
import { SHELL_FILE, prerenderTargets, type PrerenderTarget } from '../site-routes.ts';
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
  warn = console.warn,
}: {
  outDir: string;
  kit: Kit;
  env: SiteFilesEnv & { VITE_SUPABASE_ANON_KEY: string };
  readFlags?: () => Promise<LiveFlags>;
  warn?: (message: string) => void;
}): Promise<{ live: LiveFlags; targets: PrerenderTarget[]; written: string[] }> {
  const live = await readFlags();
  if (live.source === 'defaults') warn(`\n${live.warning}\n`);
  const targets = prerenderTargets(live.flags);
  const written = await renderTargets({ kit, outDir, targets, flags: live.flags });
  await writeAtomically(join(outDir, SHELL_FILE), renderShell(kit.template, criticalCss(kit.appCss, '')));
  await writeSiteFiles(outDir, env, live.flags);
  await writePublishedState(outDir, {
    flags: live.flags,
    env,
    source: live.source,
    publishedAt: new Date().toISOString(),
  });
  return { live, targets, written };
}
