/**
 * `npm run build [-- --outDir DIR] [-- --mode MODE]`: the production build.
 * 1. Vite's client build into DIR (default dist/).
 * 2. An SSR build of src/entry-server.tsx (a temporary bundle, deleted after).
 * 3. Prerendering: each prerendered page of the route table (src/config/routes.ts) rendered with the
 *    default flags into DIR/<route>/index.html, plus the 404 pages, with the
 *    CSS inlined; the SPA shell for the other app routes in DIR/app-shell.html.
 * 4. sitemap.xml, robots.txt, and the hosting configuration (_headers,
 *    _redirects, vercel.json) carrying the security headers.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import WebSocket from 'ws';
import { resolvePublicEnv } from './build-env.ts';
import { bundleReportPath, type BundleReport } from './lib/budgets.ts';
import { headersFile, redirectsFile, vercelConfig } from './lib/hosting-config.ts';
import { criticalCss } from './lib/critical-css.ts';
import { withEarlyClicks } from './lib/early-clicks.ts';
import { inlineStylesheets, linkedStylesheets, renderDocument, renderShell, splitHoisted } from './lib/prerender-html.ts';
import { insecureSources } from './lib/security-headers.ts';
import { robotsTxt, sitemapXml } from './lib/seo-files.ts';
import { SHELL_FILE, prerenderTargets } from './lib/site-routes.ts';

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

type RenderPage = (url: string) => Promise<string>;

/**
 * supabase-js builds its Realtime client on creation and, on Node 20, refuses
 * without a WebSocket. Prerendering never opens one; it only needs the
 * sign-in pages' modules to load.
 */
function provideWebSocket() {
  const scope = globalThis as { WebSocket?: unknown };
  scope.WebSocket ??= WebSocket;
}

async function bundleRenderer(mode: string, ssrDir: string): Promise<RenderPage> {
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
  provideWebSocket();
  const entry = pathToFileURL(join(ssrDir, 'entry-server.js')).href;
  const module = (await import(entry)) as { renderPage: RenderPage };
  return module.renderPage;
}

async function write(outDir: string, file: string, content: string) {
  const path = join(outDir, file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function main() {
  const { outDir: outArg, mode } = parseArgs(process.argv.slice(2));
  const outDir = resolve(outArg);
  const env = resolvePublicEnv(mode);
  const started = Date.now();

  const client = chunksOf(await build({ mode, build: { outDir, emptyOutDir: true } }));
  await writeBundleReport(outDir, client);

  // Inside node_modules so the bundle resolves react & co. like the app does,
  // and per process so parallel builds never share it.
  const ssrDir = resolve('node_modules/.cache/prerender', String(process.pid));
  try {
    const renderPage = await bundleRenderer(mode, ssrDir);

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
      console.warn(`⚠ index.html links ${[...linked.keys()].join(', ')}: inlined whole; import stylesheets from src/main.tsx instead.`);
      template = inlineStylesheets(template, linked);
    }
    const appCss = await readAppCss(outDir, client);
    template = withPreconnect(template, env.VITE_SUPABASE_URL);
    // The shell has no prerendered markup to capture presses on.
    const shellTemplate = template;
    template = withEarlyClicks(template);

    const targets = prerenderTargets();
    const notFoundBodies = new Set<string>();
    const written: string[] = [];
    // 404 pages first, so a page that renders the 404 page instead of itself is caught.
    for (const target of [...targets].sort((a, b) => Number(b.notFound) - Number(a.notFound))) {
      const markup = await renderPage(target.url);
      const { body } = splitHoisted(markup);
      if (target.notFound) notFoundBodies.add(body);
      else if (notFoundBodies.has(body)) throw new Error(`${target.url} rendered the 404 page: is it still a route?`);
      const css = criticalCss(appCss, body);
      await write(outDir, target.file, renderDocument({ template, markup, locale: target.locale, css }));
      written.push(`${target.url.padEnd(22)} → ${target.file.padEnd(28)} critical CSS ${kib(Buffer.byteLength(css))}`);
    }
    await write(outDir, SHELL_FILE, renderShell(shellTemplate, criticalCss(appCss, '')));

    await write(outDir, 'sitemap.xml', sitemapXml(env.VITE_SITE_URL));
    if (existsSync('public/robots.txt') || existsSync('public/sitemap.xml')) {
      console.warn('⚠ public/robots.txt or public/sitemap.xml is replaced by the generated one: edit scripts/lib/seo-files.ts instead.');
    }
    await write(outDir, 'robots.txt', robotsTxt(env.VITE_SITE_URL));
    await write(outDir, '_headers', headersFile(env));
    await write(outDir, '_redirects', redirectsFile());
    await write(outDir, 'vercel.json', `${JSON.stringify(vercelConfig(env), null, 2)}\n`);

    console.info(`\nPrerendered ${targets.length} pages (stylesheet ${kib(Buffer.byteLength(appCss))}):\n  ${written.join('\n  ')}`);
    console.info(`Wrote ${SHELL_FILE}, sitemap.xml, robots.txt, _headers, _redirects, vercel.json in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    if (env.VITE_SITE_URL.startsWith('https:')) {
      const insecure = insecureSources(env);
      if (insecure.length > 0) {
        console.warn(
          `\n⚠ This build is for ${env.VITE_SITE_URL} but its Content-Security-Policy allows plain-HTTP origins (${insecure.join(', ')}): set VITE_SUPABASE_URL, VITE_HUBSPOT_FORMS_API and VITE_HUBSPOT_SCRIPT_URL to their HTTPS values.`,
        );
      }
    }
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

type Chunk = {
  fileName: string;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
};

/** The application chunk (src/main.tsx) and everything it statically imports, in load order. */
function appClosure(chunks: Chunk[]): Chunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const app = chunks.find((chunk) => chunk.facadeModuleId?.split(sep).join('/').endsWith('/src/main.tsx'));
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

/** The stylesheet(s) the application loads when it starts. */
async function readAppCss(outDir: string, chunks: Chunk[]): Promise<string> {
  const files = [...new Set(appClosure(chunks).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))];
  const sheets = await Promise.all(files.map((file) => readFile(join(outDir, file), 'utf8')));
  return sheets.join('\n');
}

function chunksOf(result: Awaited<ReturnType<typeof build>>): Chunk[] {
  const outputs = Array.isArray(result) ? result : 'output' in result ? [result] : [];
  return outputs.flatMap((output) => output.output.filter((item): item is Extract<typeof item, { type: 'chunk' }> => item.type === 'chunk'));
}

/**
 * Which source modules ended up in which chunk, for scripts/check-budgets.ts
 * (which may not find, e.g., supabase-js on a public page's eager path). Kept
 * outside the build so it is never deployed.
 */
async function writeBundleReport(outDir: string, chunks: Chunk[]) {
  const report: BundleReport = { chunks: {}, afterPaint: [], dynamicImports: {}, facades: {} };
  const source = (id: string) => relative(process.cwd(), id.replace(/^\0/, '')).split(sep).join('/');
  for (const chunk of chunks) {
    report.chunks[chunk.fileName] = chunk.moduleIds.map(source);
    // The module graph beyond static imports, for the total page budget (scripts/lib/budgets.ts).
    if (chunk.dynamicImports.length > 0) (report.dynamicImports ??= {})[chunk.fileName] = chunk.dynamicImports;
    if (chunk.facadeModuleId) (report.facades ??= {})[chunk.fileName] = source(chunk.facadeModuleId);
  }
  // What src/boot.ts imports right after the first paint, on every page.
  const app = appClosure(chunks);
  report.afterPaint = [...app.map((chunk) => chunk.fileName), ...new Set(app.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))];
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
  return template.replace(/(<meta name="viewport"[^>]*>\n?)/i, (tag) => `${tag}    <link rel="preconnect" href="${origin}" crossorigin />\n`);
}

try {
  await main();
  // The SSR bundle may leave timers behind (e.g. an auth client); the build is done.
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
