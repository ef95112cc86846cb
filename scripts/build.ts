/**
 * `npm run build [-- --outDir DIR] [-- --mode MODE]`: the production build.
 * 1. Vite's client build into DIR (default dist/).
 * 2. An SSR build of src/entry-server.tsx (a temporary bundle, deleted after).
 * 3. Prerendering: each prerendered page of the route table (src/config/routes.ts) whose flag is on,
 *    rendered with the flags as they are in the database (the defaults, with a
 *    warning, when it cannot be read) into DIR/<route>/index.html, plus the
 *    404 pages, with the CSS inlined; the SPA shell for the other app routes in
 *    DIR/app-shell.html. The SSR bundle, template and stylesheet stay in
 *    node_modules/.cache/prerender-kit for the local publisher
 *    (docs/decisions/041-publishing-on-flag-change.md).
 * 4. sitemap.xml, robots.txt, the RSS feeds, and the hosting configuration
 *    (_headers, _redirects, vercel.json) carrying the security headers and the
 *    former slugs' redirects, for those flags and the published news and posts
 *    (read while Vite bundles; docs/decisions/165-published-content-on-the-site.md).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'vite';
import { resolvePublicEnv } from './build-env.ts';
import { bundleReportPath, type BundleReport } from './lib/budgets.ts';
import { inlineStylesheets, linkedStylesheets } from './lib/prerender-html.ts';
import { kitDir, kitFiles, loadKit, writeAtomically } from './lib/publish/pages.ts';
import { readBuildContent } from './lib/publish/live-content.ts';
import { publishSite } from './lib/publish/publish-site.ts';
import { publishLogFromEnv } from './lib/publish/publish-log.ts';
import { warnOfInsecureOrigins } from './lib/security-headers.ts';
import { SHELL_FILE } from './lib/site-routes.ts';

function parseArgs(argv: string[]): { outDir: string; mode: string } {
  const options = { outDir: 'dist', mode: 'production' };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = () => {
      const next = inline ?? argv[++i];
      if (!next) throw new Error(`${flag} needs a value.`);
      return next;
    };
    if (flag === '--outDir' || flag === '--out-dir') options.outDir = value();
    else if (flag === '--mode' || flag === '-m') options.mode = value();
    else throw new Error(`Unknown argument "${arg}" (this build takes --outDir and --mode).`);
  }
  return options;
}

async function bundleRenderer(mode: string, ssrDir: string): Promise<void> {
  await build({
    mode,
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
    },
  });
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function main() {
  const { outDir: outArg, mode } = parseArgs(process.argv.slice(2));
  const outDir = resolve(outArg);
  const env = resolvePublicEnv(mode);
  const started = Date.now();
  // The published news and posts, read while Vite bundles (a local backend
  // that is not running costs a few seconds of booting one from the
  // migrations; docs/decisions/165-published-content-on-the-site.md). A build
  // that marks publishes reads them after its claim, as it does the flags.
  const readContent = () =>
    readBuildContent({ supabaseUrl: env.VITE_SUPABASE_URL, anonKey: env.VITE_SUPABASE_ANON_KEY });
  const early = process.env.SITE_PUBLISH_TOKEN ? null : readContent();
  early?.catch(() => undefined);

  const result = await build({ mode, build: { outDir, emptyOutDir: true } });
  const client = chunksOf(result);
  const stylesheets = stylesheetFiles(result);
  await writeBundleReport(outDir, client, stylesheets);

  // Kept after the build (outside the output, never deployed) so the local
  // publisher can re-prerender pages when a flag changes (scripts/lib/publish/).
  await rm(kitDir(outDir), { recursive: true, force: true });
  await bundleRenderer(mode, kitFiles.ssrDir(outDir));

  let template = await readFile(join(outDir, 'index.html'), 'utf8');
  // The stylesheet belongs to the application, which starts after the first
  // paint and loads it (cached across pages). Each page inlines the part of
  // it that its own markup uses. A stylesheet linked from index.html would
  // block rendering: inline it whole instead.
  const linked = new Map<string, string>();
  for (const href of linkedStylesheets(template)) {
    const file = join(outDir, href.replace(/^\//, ''));
    if (href.startsWith('/') && existsSync(file)) linked.set(href, await readFile(file, 'utf8'));
  }
  if (linked.size > 0) {
    console.warn(
      `⚠ index.html links ${[...linked.keys()].join(', ')}: inlined whole; import stylesheets from src/main.tsx instead.`,
    );
    template = inlineStylesheets(template, linked);
  }
  const appCss = await readAppCss(outDir, stylesheets);
  template = withPreconnect(template, env.VITE_SUPABASE_URL);
  await writeAtomically(kitFiles.template(outDir), template);
  await writeAtomically(kitFiles.appCss(outDir), appCss);

  // A build given the publish token marks the publishes it serves
  // (docs/decisions/041-publishing-on-flag-change.md), claimed before the
  // flags are read so that every change it claims is in them.
  const publishes = publishLogFromEnv(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY);
  let claimed: number[] = [];
  if (publishes) {
    try {
      claimed = await publishes.claimOpen();
    } catch (error) {
      console.warn(
        `⚠ Could not mark the pending publishes (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  }
  const finish = async (status: 'published' | 'failed', error?: string) => {
    if (!publishes || claimed.length === 0) return;
    await publishes.finish(claimed, status, error).catch((failure: unknown) => {
      console.warn(
        `⚠ Could not mark the publishes ${status} (${failure instanceof Error ? failure.message : String(failure)}).`,
      );
    });
  };

  try {
    if (existsSync('public/robots.txt') || existsSync('public/sitemap.xml')) {
      console.warn(
        '⚠ public/robots.txt or public/sitemap.xml is replaced by the generated one: edit scripts/lib/seo-files.ts instead.',
      );
    }
    // The flags as they are in the database, read as the site reads them
    // (docs/decisions/016-published-html-follows-live-flags.md); the defaults,
    // with a warning, when it cannot be read.
    const { live, targets, written } = await publishSite({
      outDir,
      kit: await loadKit(outDir),
      env,
      readContent: () => early ?? readContent(),
    });
    if (live.source === 'database') console.info(`Prerendered with the flags of ${env.VITE_SUPABASE_URL}.`);
    console.info(
      `\nPrerendered ${targets.length} pages (stylesheet ${kib(Buffer.byteLength(appCss))}):\n  ${written.join('\n  ')}`,
    );
    console.info(
      `Wrote ${SHELL_FILE}, sitemap.xml, the feeds, robots.txt, _headers, _redirects, vercel.json in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    warnOfInsecureOrigins(env);
    await finish(
      live.source === 'database' ? 'published' : 'failed',
      live.source === 'database' ? undefined : 'the flags could not be read: published with the defaults',
    );
  } catch (error) {
    await finish('failed', error instanceof Error ? error.message : String(error));
    throw error;
  }
}

type Chunk = {
  fileName: string;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
};

/** The application chunk (src/main.tsx) and everything it statically imports, in load order. */
function appClosure(chunks: Chunk[]): Chunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const isMain = (id: string) => id.split(sep).join('/').endsWith('/src/main.tsx');
  const app = chunks.find((chunk) => chunk.moduleIds.some(isMain));
  if (!app) throw new Error('No chunk for src/main.tsx in the client build.');
  const closure: Chunk[] = [];
  const queue = [app.fileName];
  while (queue.length > 0) {
    const chunk = byName.get(queue.shift() ?? '');
    if (!chunk || closure.includes(chunk)) continue;
    closure.push(chunk);
    queue.push(...chunk.imports);
  }
  return closure;
}

/**
 * The application's full stylesheet: the CSS of src/app/stylesheet.ts, a
 * chunk with nothing but CSS that src/main.tsx requests as it starts.
 */
function stylesheetFiles(result: Awaited<ReturnType<typeof build>>): string[] {
  const outputs = Array.isArray(result) ? result : 'output' in result ? [result] : [];
  const files = outputs.flatMap((output) =>
    output.output
      .filter(
        (item) =>
          item.type === 'asset' &&
          item.fileName.endsWith('.css') &&
          item.originalFileNames.includes('src/app/stylesheet.ts'),
      )
      .map((item) => item.fileName),
  );
  if (files.length === 0) throw new Error('No stylesheet for src/app/stylesheet.ts in the client build.');
  return files;
}

/** The stylesheet(s) the application loads when it starts. */
async function readAppCss(outDir: string, files: string[]): Promise<string> {
  const sheets = await Promise.all(files.map((file) => readFile(join(outDir, file), 'utf8')));
  return sheets.join('\n');
}

function chunksOf(result: Awaited<ReturnType<typeof build>>): Chunk[] {
  const outputs = Array.isArray(result) ? result : 'output' in result ? [result] : [];
  return outputs.flatMap((output) =>
    output.output.filter((item): item is Extract<typeof item, { type: 'chunk' }> => item.type === 'chunk'),
  );
}

/**
 * Which source modules ended up in which chunk, for scripts/check-budgets.ts
 * (which may not find, e.g., supabase-js on a public page's eager path). Kept
 * outside the build so it is never deployed.
 */
async function writeBundleReport(outDir: string, chunks: Chunk[], stylesheets: string[]) {
  const report: BundleReport = { chunks: {}, afterPaint: [], dynamicImports: {}, facades: {} };
  const source = (id: string) => relative(process.cwd(), id.replace(/^\0/, '')).split(sep).join('/');
  const emitted = new Set(chunks.map((chunk) => chunk.fileName));
  for (const chunk of chunks) {
    report.chunks[chunk.fileName] = chunk.moduleIds.map(source);
    // The module graph beyond static imports, for the total page budget (scripts/lib/budgets.ts).
    // (A module with nothing but CSS, like src/app/stylesheet.ts, leaves no chunk behind its import().)
    const dynamicImports = chunk.dynamicImports.filter((file) => emitted.has(file));
    if (dynamicImports.length > 0) (report.dynamicImports ??= {})[chunk.fileName] = dynamicImports;
    if (chunk.facadeModuleId) (report.facades ??= {})[chunk.fileName] = source(chunk.facadeModuleId);
  }
  // What src/boot.ts imports right after the first paint, on every page.
  report.afterPaint = [...appClosure(chunks).map((chunk) => chunk.fileName), ...stylesheets];
  const path = bundleReportPath(outDir);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(report, null, 1)}\n`);
}

/** The flags request is the first thing every page makes: open its connection while the HTML parses. */
function withPreconnect(template: string, supabaseUrl: string): string {
  let origin: string;
  try {
    origin = new URL(supabaseUrl).origin;
  } catch {
    return template;
  }
  return template.replace(
    /(<meta name="viewport"[^>]*>\n?)/i,
    (tag) => `${tag}    <link rel="preconnect" href="${origin}" crossorigin />\n`,
  );
}

try {
  await main();
  // The SSR bundle may leave timers behind (e.g. an auth client); the build is done.
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
