/**
 * Writing the published site: the prerendered pages and the files derived
 * from the route table (sitemap.xml, robots.txt, _headers, _redirects,
 * vercel.json), for given flags. Shared by the build (every page) and the
 * local publisher (only what a flag change affects,
 * docs/decisions/041-publishing-on-flag-change.md).
 *
 * The build keeps what re-prerendering needs beside the output, outside it
 * (never deployed): the SSR bundle, the HTML template, the app stylesheet and
 * the flags the pages were last published with ("the kit").
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import {
  EMPTY_SITE_CONTENT,
  articleUrls,
  pageContentFor,
  type SiteContent,
} from '../../../src/lib/content/build-page-content.ts';
import { catalogueUrls } from '../../../src/lib/catalogue/build-catalogue-content.ts';
import { catalogueIndexPath } from '../../../src/lib/catalogue/catalogue-content.ts';
import {
  CONTENT_DATA_DIR,
  LIST_PATHS,
  contentDataPath,
  serializePageContent,
  type PageContent,
} from '../../../src/lib/content/site-content.ts';
import type { FlagMap } from '../../../src/lib/flags/defaults.ts';
import { encodePublishedFlags } from '../../../src/lib/flags/published.ts';
import { criticalCss } from '../critical-css.ts';
import { headersFile, redirectsFile, vercelConfig } from '../hosting-config.ts';
import { withEarlyClicks } from '../early-clicks.ts';
import { renderDocument, splitHoisted } from '../prerender-html.ts';
import type { PolicyEnv } from '../security-headers.ts';
import { robotsTxt, sitemapXml } from '../seo-files.ts';
import { SITE_ROUTES, type PrerenderTarget } from '../site-routes.ts';
import { FEED_FILES, contentIsOn, contentRedirects, feedXml, postPaths } from './content.ts';

export type RenderPage = (url: string, flags: FlagMap, pageContent?: PageContent | null) => Promise<string>;

/** The kit of an output directory: inside node_modules (so the SSR bundle resolves react & co. as the app does). */
export function kitDir(outDir: string): string {
  const key = resolve(outDir).replace(/[^A-Za-z0-9]+/g, '_');
  return resolve('node_modules/.cache/prerender-kit', key);
}

export const kitFiles = {
  ssrDir: (outDir: string) => join(kitDir(outDir), 'ssr'),
  template: (outDir: string) => join(kitDir(outDir), 'template.html'),
  appCss: (outDir: string) => join(kitDir(outDir), 'app.css'),
  state: (outDir: string) => join(kitDir(outDir), 'published.json'),
};

/** The public values the files depend on (VITE_* only: nothing secret). */
export type SiteFilesEnv = PolicyEnv & { VITE_SITE_URL: string };

/** What the pages in the output directory were last published with. */
export type PublishedState = {
  flags: FlagMap;
  /** The build's environment, so a re-publish writes the files the build would. */
  env: SiteFilesEnv;
  /** Where the flags came from: the database, or the defaults when it could not be read. */
  source: 'database' | 'defaults';
  publishedAt: string;
  /** The news items and posts the pages show (docs/decisions/166-publishing-content-changes.md). */
  content?: SiteContent;
};

export async function readPublishedState(outDir: string): Promise<PublishedState | null> {
  const file = kitFiles.state(outDir);
  if (!existsSync(file)) return null;
  const state = JSON.parse(await readFile(file, 'utf8')) as PublishedState;
  // A state written before the catalogue was published holds none.
  if (state.content && !state.content.catalogue) state.content = { ...EMPTY_SITE_CONTENT, ...state.content };
  return state;
}

export async function writePublishedState(outDir: string, state: PublishedState): Promise<void> {
  await writeAtomically(kitFiles.state(outDir), `${JSON.stringify(state, null, 1)}\n`);
}

/**
 * supabase-js builds its Realtime client on creation and, on Node 20, refuses
 * without a WebSocket. Prerendering never opens one; it only needs the
 * sign-in pages' modules to load.
 */
function provideWebSocket() {
  const scope = globalThis as { WebSocket?: unknown };
  scope.WebSocket ??= WebSocket;
}

export type Kit = {
  renderPage: RenderPage;
  /** The lazy chunks a page needs before it hydrates, which its boot script requests with the application (src/app/page-loaders.ts). */
  pageChunks?: (url: string) => string[];
  template: string;
  appCss: string;
};

/** Loads the kit the last build of `outDir` left (throws when there is none: run the build). */
export async function loadKit(outDir: string): Promise<Kit> {
  const entry = join(kitFiles.ssrDir(outDir), 'entry-server.js');
  if (!existsSync(entry) || !existsSync(kitFiles.template(outDir))) {
    throw new Error(`No prerender kit for ${outDir} in ${kitDir(outDir)}: run "npm run build" first.`);
  }
  provideWebSocket();
  // No cache-busting query: the bundle's chunks import the entry back by its plain URL, and two
  // instances of it would hold two copies of every React context.
  const module = (await import(pathToFileURL(entry).href)) as Pick<Kit, 'renderPage' | 'pageChunks'>;
  const [template, appCss] = await Promise.all([
    readFile(kitFiles.template(outDir), 'utf8'),
    readFile(kitFiles.appCss(outDir), 'utf8'),
  ]);
  return { renderPage: module.renderPage, pageChunks: module.pageChunks, template, appCss };
}

/**
 * The content a page carries for hydration, less an article's body: the body
 * is in the markup already, and src/main.tsx reads it back from there (half
 * the bytes of an article page).
 */
function withoutBody(content: PageContent): PageContent {
  return content.page === 'article' ? { ...content, article: { ...content.article, bodyHtml: '' } } : content;
}

/** Writes through a temporary file and a rename: a server reading the file never sees half of it. */
export async function writeAtomically(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

/** Writes `content` unless the file already holds it; true when written. */
async function writeIfChanged(path: string, content: string): Promise<boolean> {
  if (existsSync(path) && (await readFile(path, 'utf8')) === content) return false;
  await writeAtomically(path, content);
  return true;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * Renders the targets with the flags into `outDir`. The 404 pages are
 * rendered first, so a page that renders the 404 page instead of itself is
 * caught (when the batch holds them), and written last. Returns one line per
 * page written.
 */
export async function renderTargets({
  kit,
  outDir,
  targets,
  flags,
  content = EMPTY_SITE_CONTENT,
  env,
}: {
  kit: Kit;
  outDir: string;
  targets: readonly PrerenderTarget[];
  flags: FlagMap;
  /** The published news items and posts the list and article pages show. */
  content?: SiteContent;
  /** Where bucket images are served and which links are the site's own. */
  env?: Pick<SiteFilesEnv, 'VITE_SUPABASE_URL' | 'VITE_SITE_URL'>;
}): Promise<string[]> {
  const origins = { storageOrigin: env?.VITE_SUPABASE_URL ?? '', siteOrigin: env?.VITE_SITE_URL ?? '' };
  const notFoundBodies = new Set<string>();
  const documents: { target: PrerenderTarget; html: string; css: string }[] = [];
  const encoded = encodePublishedFlags(flags);
  // Every page is rendered before any is written, so the site switches from
  // one set of flags to the next within a few milliseconds, never page by page
  // over a whole render.
  for (const target of [...targets].sort((a, b) => Number(b.notFound) - Number(a.notFound))) {
    const pageContent = target.notFound ? null : pageContentFor(target.url, content, origins);
    const markup = await kit.renderPage(target.url, flags, pageContent);
    const { body } = splitHoisted(markup);
    if (target.notFound) notFoundBodies.add(body);
    else if (notFoundBodies.has(body)) throw new Error(`${target.url} rendered the 404 page: is it still a route?`);
    const css = criticalCss(kit.appCss, body);
    const chunks = kit.pageChunks?.(target.url) ?? [];
    documents.push({
      target,
      css,
      html: renderDocument({
        template: withEarlyClicks(kit.template),
        markup,
        locale: target.locale,
        css,
        flags: encoded,
        chunks,
        pageContent: pageContent ? serializePageContent(withoutBody(pageContent)) : undefined,
      }),
    });
  }
  // The 404 pages are written last. A server answers a path without a file of
  // its own with the 404 page, and the browser hydrates that page with the
  // flags written in it: a 404 page carrying the new flags while a newly
  // switched-on page is not written yet would be rendered by the browser as
  // that page, over the 404 markup (a hydration mismatch).
  const ordered = [...documents.filter((d) => !d.target.notFound), ...documents.filter((d) => d.target.notFound)];
  const written: string[] = [];
  for (const { target, html, css } of ordered) {
    await writeAtomically(join(outDir, target.file), html);
    written.push(`${target.url.padEnd(22)} → ${target.file.padEnd(28)} critical CSS ${kib(Buffer.byteLength(css))}`);
  }
  return written;
}

/**
 * Deletes page files whose route is off: the servers and hosts then answer
 * the path with the 404 page. Returns the files that were there to delete
 * (a plan lists every page of an off route, most often already gone).
 */
export async function removePages(outDir: string, files: readonly string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const file of files) {
    const path = join(outDir, file);
    if (!existsSync(path)) continue;
    await rm(path, { force: true });
    removed.push(file);
  }
  return removed;
}

/**
 * sitemap.xml, robots.txt, the RSS feeds and the static-host files for these
 * flags and this content; returns the names of the files that changed.
 */
export async function writeSiteFiles(
  outDir: string,
  env: SiteFilesEnv,
  flags: FlagMap,
  content: SiteContent = EMPTY_SITE_CONTENT,
): Promise<string[]> {
  const on = contentIsOn(flags);
  const redirects = contentRedirects(content, flags);
  const files: [string, string][] = [
    ['sitemap.xml', sitemapXml(env.VITE_SITE_URL, flags, SITE_ROUTES, postPaths(content, flags))],
    ['robots.txt', robotsTxt(env.VITE_SITE_URL)],
    ['_headers', headersFile(env)],
    ['_redirects', redirectsFile(SITE_ROUTES, flags, redirects)],
    ['vercel.json', `${JSON.stringify(vercelConfig(env, SITE_ROUTES, flags, redirects), null, 2)}\n`],
  ];
  const changed: string[] = [];
  for (const [name, text] of files) if (await writeIfChanged(join(outDir, name), text)) changed.push(name);
  changed.push(...(await writeContentData(outDir, env, content)));
  for (const locale of ['en', 'fr'] as const) {
    const file = FEED_FILES[locale];
    if (on) {
      if (await writeIfChanged(join(outDir, file), feedXml(content, locale, env.VITE_SITE_URL))) changed.push(file);
    } else if (existsSync(join(outDir, file))) {
      await rm(join(outDir, file), { force: true });
      changed.push(file);
    }
  }
  return changed;
}

/** Every file under `dir`, relative to `root`, with forward slashes. */
async function filesUnder(root: string, dir: string): Promise<string[]> {
  if (!existsSync(join(root, dir))) return [];
  const found: string[] = [];
  for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await filesUnder(root, path)));
    else found.push(path);
  }
  return found;
}

/**
 * The content of each list, article and catalogue page as JSON under content-data/, for
 * the pages the browser renders itself (docs/decisions/165-published-content-on-the-site.md):
 * written whatever the flags (it is what the Data API gives anyone), the files
 * of posts no longer published deleted. Returns the files written or deleted.
 */
export async function writeContentData(
  outDir: string,
  env: Pick<SiteFilesEnv, 'VITE_SUPABASE_URL' | 'VITE_SITE_URL'>,
  content: SiteContent,
): Promise<string[]> {
  const origins = { storageOrigin: env.VITE_SUPABASE_URL, siteOrigin: env.VITE_SITE_URL };
  const pages = [
    ...(['en', 'fr'] as const).flatMap((locale) =>
      Object.values(LIST_PATHS).map((path) => (locale === 'fr' ? `/fr${path}` : path)),
    ),
    ...articleUrls(content).map((page) => page.url),
    ...(['en', 'fr'] as const).flatMap((locale) => [catalogueIndexPath(locale), locale === 'fr' ? '/fr' : '/']),
    ...catalogueUrls(content.catalogue).map((page) => page.url),
  ];
  const wanted = new Map<string, string>();
  for (const path of pages) {
    const data = pageContentFor(path, content, origins);
    if (data) wanted.set(contentDataPath(path).slice(1), `${JSON.stringify(data)}\n`);
  }
  const changed: string[] = [];
  for (const file of await filesUnder(outDir, CONTENT_DATA_DIR)) {
    if (wanted.has(file)) continue;
    await rm(join(outDir, file), { force: true });
    changed.push(file);
  }
  for (const [file, text] of wanted) if (await writeIfChanged(join(outDir, file), text)) changed.push(file);
  return changed;
}
