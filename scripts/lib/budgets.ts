/**
 * The performance budgets of the public pages, as functions over a build folder:
 * - the JS and CSS a page loads before first render (its scripts, stylesheets,
 *   inline styles and modulepreloads, followed through static imports);
 * - code that must never be on a public page's eager path;
 * - images: modern formats, explicit dimensions, srcset when large, nothing
 *   lazy above the fold.
 * scripts/check-budgets.ts prints and enforces them.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAst } from 'vite';
import { servedSize } from './static-server.ts';

export const EAGER_BUDGET_BYTES = 120 * 1024;

/**
 * All the JavaScript the home page loads before any interaction, in each
 * language, as the site's server sends it (Brotli, what `npm start` serves):
 * its up-front scripts, the application started after the first paint, and
 * every chunk those import, statically or with import() at load
 * (docs/decisions/104-interactive-at-once-targets.md).
 */
export const HOME_TOTAL_JS_BUDGET_BYTES = 110 * 1024;

/**
 * Chunks the home page reaches through import() but does not load before an
 * interaction, by the source module they are the entry of: other routes'
 * pages and the signed-in areas (loaded when navigating there), the lead
 * forms (when the visitor approaches the contact form,
 * docs/decisions/101-contact-form-code-loads-on-approach.md) and the policy
 * pages' content. Every other import() reachable from the home page counts,
 * and so does the page's own language's catalog but not the other's
 * (docs/decisions/102-one-catalog-per-page.md).
 */
export const NOT_LOADED_BY_THE_HOME_PAGE: { label: string; pattern: RegExp }[] = [
  // A route's page, wherever its feature keeps it (components/, or a folder of its own such as
  // client-portal/catalogue/): route pages load when the visitor goes there (src/app/page-loaders.ts).
  { label: "another route's page", pattern: /(^|\/)src\/features\/(?:[^/]+\/)+[^/]+-page\.tsx$/ },
  { label: 'admin portal', pattern: /(^|\/)src\/features\/admin-portal\// },
  { label: 'signed-in areas', pattern: /(^|\/)src\/app\/session-layout\.tsx$/ },
  // Loaded by the boot script on a portal path with a stored session only, and by signed-in pages
  // (docs/decisions/206-signed-in-pages-start-their-data-with-the-page.md).
  { label: "signed-in page's early start", pattern: /(^|\/)src\/app\/early-start\.ts$/ },
  { label: 'lead forms (on approach)', pattern: /(^|\/)src\/features\/lead-forms\// },
  { label: 'policy pages content', pattern: /(^|\/)src\/content\/policies\// },
];

/** Whether a module belongs to one language only, and which. */
export function moduleLocale(module: string): 'en' | 'fr' | null {
  const match = /(?:^|\/)(en|fr)(?:\.tsx?$|\/)/.exec(module);
  return match ? (match[1] as 'en' | 'fr') : null;
}

/** `served`: the bytes the site's server sends (Brotli, as `npm start` serves it); `gzip` for hosts without Brotli. */
export type PageScript = {
  file: string;
  via: 'up front' | 'import() at load';
  raw: number;
  gzip: number;
  served: number;
};

/**
 * The sign-in pages, prerendered and hydrated: the same total budget as the
 * home page, per language (docs/decisions/140-sign-in-pages-load-the-auth-client-on-first-touch.md).
 * Besides the home page's exclusions, they load their own page and the
 * session layout at once (the boot script starts them from the page's
 * `data-page-chunks`), and supabase-js only on the visitor's first touch of a
 * form, or at once when this browser holds a session (then the page redirects).
 */
export const SIGN_IN_PAGES: { document: string; locale: 'en' | 'fr'; own: RegExp[] }[] = [
  ...(['en', 'fr'] as const).flatMap((locale) => {
    const prefix = locale === 'fr' ? 'fr/' : '';
    const layout = /(^|\/)src\/app\/session-layout\.tsx$/;
    return [
      {
        document: `${prefix}client/login/index.html`,
        locale,
        own: [layout, /(^|\/)src\/features\/auth\/components\/client-login-page\.tsx$/],
      },
      {
        document: `${prefix}admin/login/index.html`,
        locale,
        own: [layout, /(^|\/)src\/features\/auth\/components\/sign-in-page\.tsx$/],
      },
    ];
  }),
];

/**
 * The signed-in pages: the JavaScript each needs before its content shows
 * (the SPA shell's scripts, the application, the session layout, the early
 * start, supabase-js and the page's own chunks), as served
 * (docs/decisions/206-signed-in-pages-start-their-data-with-the-page.md).
 * A new portal page adds a row; its budget is PORTAL_JS_BUDGET_BYTES.
 */
export const PORTAL_JS_BUDGET_BYTES = 200 * 1024;

const SIGNED_IN_CORE = [
  /(^|\/)src\/app\/session-layout\.tsx$/,
  /(^|\/)src\/app\/early-start\.ts$/,
  /(^|\/)src\/lib\/supabase\/client\.ts$/,
];

export const PORTAL_BUDGET_PAGES: { name: string; document: string; locale: 'en' | 'fr'; own: RegExp[] }[] = [
  ...(
    [
      ['client dashboard', 'client-portal/components/client-dashboard-page'],
      ['documents', 'client-portal/components/client-documents-page'],
      ['messages', 'client-portal/components/client-messages-page'],
      ['catalogue (signed in)', 'client-portal/catalogue/client-catalogue-page'],
      ['orders', 'client-portal/orders/orders-page'],
    ] as const
  ).flatMap(([name, module]) =>
    (['en', 'fr'] as const).map((locale) => ({
      name: `${locale === 'fr' ? '/fr ' : ''}${name}`,
      document: 'app-shell.html',
      locale,
      own: [...SIGNED_IN_CORE, new RegExp(`(^|/)src/features/${module}\\.tsx$`)],
    })),
  ),
  {
    name: 'admin dashboard',
    document: 'app-shell.html',
    locale: 'en',
    own: [
      ...SIGNED_IN_CORE,
      /(^|\/)src\/features\/admin-portal\/(layout\/admin-portal-routes|dashboard\/dashboard-page)\.tsx$/,
    ],
  },
];

/** The public catalogue's three pages and the source module of each one's own chunk. */
export const CATALOGUE_PAGE_CHUNKS = {
  catalogue: 'src/features/catalogue/components/catalogue-page.tsx',
  category: 'src/features/catalogue/components/category-page.tsx',
  product: 'src/features/catalogue/components/product-page.tsx',
} as const;

export type CataloguePage = {
  document: string;
  locale: 'en' | 'fr';
  kind: keyof typeof CATALOGUE_PAGE_CHUNKS;
  own: RegExp[];
};

function chunkPattern(module: string): RegExp {
  return new RegExp(`(^|/)${module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * The catalogue's prerendered pages in a build, in each language: the index,
 * every category page and every product page (`products/{category}/index.html`,
 * `products/{category}/{product}/index.html`, and their `fr/` twins), sorted,
 * each with its own chunk. They exist while the catalogue's flag is on; which
 * categories and products there are is the database's.
 */
export function cataloguePages(dist: string): CataloguePage[] {
  const pages: CataloguePage[] = [];
  for (const locale of ['en', 'fr'] as const) {
    const base = locale === 'fr' ? 'fr/products' : 'products';
    const add = (document: string, kind: CataloguePage['kind']) => {
      if (existsSync(join(dist, document)))
        pages.push({ document, locale, kind, own: [chunkPattern(CATALOGUE_PAGE_CHUNKS[kind])] });
    };
    add(`${base}/index.html`, 'catalogue');
    if (!existsSync(join(dist, base))) continue;
    const categories = readdirSync(join(dist, base), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const category of categories) {
      add(`${base}/${category}/index.html`, 'category');
      const products = readdirSync(join(dist, base, category), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
      for (const product of products) add(`${base}/${category}/${product}/index.html`, 'product');
    }
  }
  return pages;
}

/**
 * The catalogue pages whose JavaScript before interaction is held to the
 * home page's budget: per language, the index, the category page with the
 * most bytes (the most product cards) and the first product page. Every
 * category page loads the same chunks, as every product page does; the
 * largest category page carries the most content for hydration.
 */
export function catalogueBudgetPages(dist: string, pages: readonly CataloguePage[]): CataloguePage[] {
  const size = (page: CataloguePage) => statSync(join(dist, page.document)).size;
  return (['en', 'fr'] as const).flatMap((locale) => {
    const of = (kind: CataloguePage['kind']) => pages.filter((page) => page.locale === locale && page.kind === kind);
    const largest = [...of('category')].sort((a, b) => size(b) - size(a))[0];
    return [of('catalogue')[0], largest, of('product')[0]].filter((page): page is CataloguePage => Boolean(page));
  });
}

/** What the sign-in pages leave for the visitor's first touch of a form, besides NOT_LOADED_BY_THE_HOME_PAGE. */
export const NOT_LOADED_BY_THE_SIGN_IN_PAGES: { label: string; pattern: RegExp }[] = [
  ...NOT_LOADED_BY_THE_HOME_PAGE,
  { label: 'auth client (on first touch)', pattern: /(^|\/)src\/lib\/supabase\/client\.ts$/ },
  { label: 'sign-in checks (on first touch)', pattern: /(^|\/)src\/features\/auth\/sign-in-schema\.ts$/ },
  { label: 'CAPTCHA widget (on approach)', pattern: /(^|\/)src\/integrations\/captcha\/captcha\.ts$/ },
  { label: 'account calls (on send)', pattern: /(^|\/)src\/lib\/session\/account-api\.ts$/ },
  { label: 'staff code step (in the staff area)', pattern: /(^|\/)src\/lib\/session\/mfa-challenge\.tsx$/ },
  { label: 'provider calls (on press or return)', pattern: /(^|\/)src\/lib\/session\/oauth-api\.ts$/ },
];

/**
 * Every JavaScript file the home page in `locale` loads before any interaction:
 * the JS of `eagerFiles` plus, transitively, the chunks they import() at load
 * (all but NOT_LOADED_BY_THE_HOME_PAGE and the other language's chunks), with
 * their static imports. `skipped` lists the import() targets left out, and why.
 */
export function homePageScripts(
  dist: string,
  html: string,
  report: BundleReport,
  locale: 'en' | 'fr',
): { files: PageScript[]; skipped: { file: string; reason: string }[]; missing: string[] } {
  return pageScripts(dist, html, report, locale, { notLoaded: NOT_LOADED_BY_THE_HOME_PAGE });
}

/**
 * Every JavaScript file a prerendered page in `locale` loads before any
 * interaction, as homePageScripts does for the home page: the chunks whose
 * entries match `own` always count (the page's own chunks), the others unless
 * they match a `notLoaded` rule or belong to the other language.
 */
export function pageScripts(
  dist: string,
  html: string,
  report: BundleReport,
  locale: 'en' | 'fr',
  { notLoaded, own = [] }: { notLoaded: readonly { label: string; pattern: RegExp }[]; own?: readonly RegExp[] },
): { files: PageScript[]; skipped: { file: string; reason: string }[]; missing: string[] } {
  const eager = eagerFiles(dist, html, report.afterPaint);
  const files = new Map<string, PageScript>();
  for (const f of eager.files) {
    if (f.file.endsWith('.js') || f.file.endsWith('.mjs')) {
      const served = builtServedSize(join(dist, f.file));
      files.set(f.file, { file: f.file, via: 'up front', raw: f.raw, gzip: f.gzip, served });
    }
  }
  const skipped = new Map<string, string>();
  const missing = [...eager.missing];
  const queue = [...files.keys()];
  while (queue.length > 0) {
    const from = queue.shift() ?? '';
    for (const target of report.dynamicImports?.[from] ?? []) {
      if (files.has(target) || skipped.has(target)) continue;
      const facade = report.facades?.[target] ?? '';
      // A chunk that groups several lazy entries (the sign-in screens, vite.config.ts) has no
      // single entry module: it is judged by the entries it holds.
      const entries = facade ? [facade] : (report.chunks[target] ?? []);
      const ours = entries.some((module) => own.some((pattern) => pattern.test(module)));
      const rule = ours ? undefined : notLoaded.find((r) => entries.some((module) => r.pattern.test(module)));
      const language = moduleLocale(facade);
      if (rule || (language && language !== locale)) {
        skipped.set(target, rule ? rule.label : `${language} only`);
        continue;
      }
      // The chunk and its static imports load together.
      const stack = [target];
      while (stack.length > 0) {
        const file = stack.pop() ?? '';
        if (files.has(file)) continue;
        const path = join(dist, file);
        if (!existsSync(path)) {
          missing.push(file);
          continue;
        }
        files.set(file, {
          file,
          via: 'import() at load',
          raw: builtFile(path).content.length,
          gzip: builtGzipSize(path),
          served: builtServedSize(path),
        });
        queue.push(file);
        for (const specifier of builtImports(path)) {
          if (!specifier.startsWith('.') && !specifier.startsWith('/')) continue;
          stack.push(specifier.startsWith('/') ? specifier.slice(1) : posix.join(posix.dirname(file), specifier));
        }
      }
    }
  }
  return { files: [...files.values()], skipped: [...skipped].map(([file, reason]) => ({ file, reason })), missing };
}

/** Source modules that only signed-in, staff or form screens need (module ids relative to the repo). */
export const FORBIDDEN_ON_PUBLIC_PAGES: { label: string; pattern: RegExp }[] = [
  { label: 'admin portal', pattern: /(^|\/)src\/features\/admin-portal\// },
  { label: 'simple admin', pattern: /(^|\/)src\/features\/simple-admin\// },
  {
    label: 'staff flag declarations, registry and panel',
    pattern: /(^|\/)src\/lib\/flags\/((registry|declarations)\.ts$|panel\/)/,
  },
  { label: 'client portal', pattern: /(^|\/)src\/features\/client-portal\// },
  { label: 'lead forms', pattern: /(^|\/)src\/features\/lead-forms\// },
  { label: 'sign-in screens', pattern: /(^|\/)src\/features\/auth\// },
  { label: 'session/auth code', pattern: /(^|\/)src\/lib\/session\// },
  { label: 'supabase-js client', pattern: /(^|\/)src\/lib\/supabase\/client\.ts$/ },
  { label: 'supabase-js (auth-js, postgrest-js, realtime-js…)', pattern: /node_modules\/@supabase\// },
  { label: 'zod', pattern: /node_modules\/zod\// },
  { label: 'react-hook-form', pattern: /node_modules\/(react-hook-form|@hookform)\// },
  // Article bodies arrive prerendered (docs/decisions/165-published-content-on-the-site.md):
  // the Markdown renderer and its sanitiser belong to the build and the staff editor only.
  { label: 'Markdown renderer', pattern: /(^|\/)src\/lib\/(markdown\/|content\/build-page-content\.ts$)/ },
  // The catalogue's pages arrive prerendered too: reading the published rows and rendering their
  // descriptions is the build's (docs/decisions/194-catalogue-at-scale.md).
  {
    label: 'catalogue build code (Data API reads, Markdown)',
    pattern: /(^|\/)src\/lib\/catalogue\/(build-catalogue-content|published)\.ts$/,
  },
  {
    label: 'markdown-it / sanitize-html',
    pattern: /node_modules\/(markdown-it|sanitize-html|htmlparser2|linkify-it|mdurl|uc\.micro|entities|punycode)\//,
  },
];

export type BundleReport = {
  chunks: Record<string, string[]>;
  /** Files every page loads right after its first paint (src/boot.ts importing the application). */
  afterPaint?: string[];
  /** Chunk → the chunks it imports with import(). */
  dynamicImports?: Record<string, string[]>;
  /** Chunk → the source module it is the entry of (a dynamic import's target), when it has one. */
  facades?: Record<string, string>;
};

export type EagerFile = {
  file: string;
  kind: 'script' | 'modulepreload' | 'stylesheet' | 'inline style' | 'import' | 'app (after paint)';
  raw: number;
  gzip: number;
};

function attr(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4] ?? '') : null;
}

function tags(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((m) => m[0]);
}

/**
 * What the checks read of one built file (its sizes, its static imports),
 * worked out once per path: every page's check walks the same shared chunks,
 * and Brotli at its best and a full parse per chunk per page took most of
 * the script's time. A file rewritten since (a test's fixture) is read again.
 */
const builtFiles = new Map<
  string,
  { version: string; content: Buffer; gzip?: number; served?: number; imports?: string[] }
>();

function builtFile(path: string) {
  const { mtimeMs, size } = statSync(path);
  const version = `${mtimeMs}:${size}`;
  let file = builtFiles.get(path);
  if (file?.version !== version) {
    file = { version, content: readFileSync(path) };
    builtFiles.set(path, file);
  }
  return file;
}

function builtGzipSize(path: string): number {
  const file = builtFile(path);
  file.gzip ??= gzipSize(file.content);
  return file.gzip;
}

function builtServedSize(path: string): number {
  const file = builtFile(path);
  file.served ??= servedSize(path, file.content);
  return file.served;
}

function builtImports(path: string): string[] {
  const file = builtFile(path);
  file.imports ??= staticImports(file.content.toString('utf8'));
  return file.imports;
}

export function gzipSize(content: string | Buffer): number {
  return gzipSync(content, { level: 9 }).length;
}

/** Static imports and re-exports of an ES module (dynamic import() is not eager). */
export function staticImports(code: string): string[] {
  const program = parseAst(code) as unknown as { body: { type: string; source?: { value?: unknown } | null }[] };
  return program.body
    .filter((node) => ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(node.type))
    .map((node) => node.source?.value)
    .filter((value): value is string => typeof value === 'string');
}

function localFile(href: string): string | null {
  if (/^(?:[a-z]+:)?\/\//i.test(href) || href.startsWith('data:')) return null;
  return href.replace(/^\//, '').split(/[?#]/)[0] ?? null;
}

/**
 * The files a document makes the browser load up front, with their sizes: its
 * scripts, stylesheets, inline styles and modulepreloads, the application the
 * entry starts right after the first paint (`afterPaint`), and all of their
 * static imports.
 */
export function eagerFiles(
  dist: string,
  html: string,
  afterPaint: readonly string[] = [],
): { files: EagerFile[]; missing: string[] } {
  const files = new Map<string, EagerFile>();
  const missing: string[] = [];
  const queue: { file: string; kind: EagerFile['kind'] }[] = [];
  for (const tag of tags(html, 'script')) {
    const src = attr(tag, 'src');
    const file = src ? localFile(src) : null;
    if (file) queue.push({ file, kind: 'script' });
  }
  for (const tag of tags(html, 'link')) {
    const rel = attr(tag, 'rel')?.toLowerCase();
    const file = localFile(attr(tag, 'href') ?? '');
    if (!file) continue;
    if (rel === 'modulepreload') queue.push({ file, kind: 'modulepreload' });
    if (rel === 'stylesheet') queue.push({ file, kind: 'stylesheet' });
  }
  // The application's JavaScript counts: the page needs it to work. Its full
  // stylesheet does not: it arrives after the first paint and blocks nothing
  // (the page's critical part is inline and counted).
  for (const file of afterPaint.filter((f) => !f.endsWith('.css'))) queue.push({ file, kind: 'app (after paint)' });
  [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].forEach((match, index) => {
    const css = match[1] ?? '';
    files.set(`<style> #${index + 1}`, {
      file: `<style> #${index + 1}`,
      kind: 'inline style',
      raw: Buffer.byteLength(css),
      gzip: gzipSize(css),
    });
  });
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next || files.has(next.file)) continue;
    const path = join(dist, next.file);
    if (!existsSync(path)) {
      missing.push(next.file);
      continue;
    }
    files.set(next.file, {
      file: next.file,
      kind: next.kind,
      raw: builtFile(path).content.length,
      gzip: builtGzipSize(path),
    });
    if (next.file.endsWith('.js') || next.file.endsWith('.mjs')) {
      for (const specifier of builtImports(path)) {
        if (!specifier.startsWith('.') && !specifier.startsWith('/')) continue;
        const target = specifier.startsWith('/') ? specifier.slice(1) : posix.join(posix.dirname(next.file), specifier);
        queue.push({ file: target, kind: 'import' });
      }
    }
  }
  return { files: [...files.values()], missing };
}

export function forbiddenModules(
  files: readonly Pick<EagerFile, 'file'>[],
  report: BundleReport,
  rules: readonly { label: string; pattern: RegExp }[] = FORBIDDEN_ON_PUBLIC_PAGES,
): { file: string; label: string; module: string }[] {
  const found: { file: string; label: string; module: string }[] = [];
  for (const { file } of files) {
    for (const module of report.chunks[file] ?? []) {
      const rule = rules.find((r) => r.pattern.test(module));
      if (rule) found.push({ file, label: rule.label, module });
    }
  }
  return found;
}

// ---- Images -----------------------------------------------------------------

const RASTER = /\.(png|jpe?g|gif|webp|avif|bmp|tiff?)$/i;
const MODERN = /\.(webp|avif)$/i;
/** At or above this rendered width an image is shown at several sizes across phones and desktops. */
export const SRCSET_MIN_WIDTH = 480;

export type ImageFinding = { page: string; image: string; problem: string };

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

function walk(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path, root) : [relative(root, path).split('\\').join('/')];
  });
}

export function htmlFiles(dist: string): string[] {
  return walk(dist).filter((file) => file.endsWith('.html'));
}

/**
 * The images of a page's first screen: everything up to the end of the first
 * <section> of <main> (the hero), or of the page when it has no section.
 */
function aboveTheFold(html: string): Set<string> {
  const main = html.slice(Math.max(0, html.search(/<main\b/i)));
  const end = /<\/section>/i.exec(main);
  return new Set(tags(end ? main.slice(0, end.index) : main, 'img'));
}

export function imageFindings(dist: string): ImageFinding[] {
  const findings: ImageFinding[] = [];
  // Social-card and icon images are read by crawlers and OSes that want PNG/JPEG.
  const exempt = new Set<string>();
  for (const page of htmlFiles(dist)) {
    const html = readFileSync(join(dist, page), 'utf8');
    for (const tag of [...tags(html, 'meta'), ...tags(html, 'link')]) {
      const kind = (attr(tag, 'property') ?? attr(tag, 'name') ?? attr(tag, 'rel') ?? '').toLowerCase();
      const url = attr(tag, 'content') ?? attr(tag, 'href') ?? '';
      if (/^(og:image|twitter:image|icon|apple-touch-icon|shortcut icon)/.test(kind) && url) {
        exempt.add(new URL(url, 'http://site.invalid').pathname.replace(/^\//, ''));
      }
    }
    const fold = aboveTheFold(html);
    for (const tag of tags(html, 'img')) {
      const src = attr(tag, 'src') ?? '';
      const srcset = attr(tag, 'srcset');
      const label = src || srcset || tag;
      const width = Number(attr(tag, 'width'));
      if (!(width > 0) || !(Number(attr(tag, 'height')) > 0)) {
        findings.push({ page, image: label, problem: 'no explicit width and height (layout shift)' });
      }
      for (const url of [src, ...(srcset ? srcsetUrls(srcset) : [])]) {
        const file = localFile(url);
        if (!url || url.startsWith('data:')) continue;
        if (RASTER.test(url) && !MODERN.test(url)) findings.push({ page, image: url, problem: 'not AVIF or WebP' });
        if (file && !existsSync(join(dist, file)))
          findings.push({ page, image: url, problem: 'missing from the build' });
      }
      if (RASTER.test(src) && width >= SRCSET_MIN_WIDTH && !(srcset && srcsetUrls(srcset).length >= 2)) {
        findings.push({ page, image: label, problem: `shown ${width}px wide without a srcset` });
      }
      if (fold.has(tag) && attr(tag, 'loading')?.toLowerCase() === 'lazy') {
        findings.push({ page, image: label, problem: 'lazy-loaded above the fold (delays the LCP)' });
      }
    }
    for (const tag of tags(html, 'source')) {
      for (const url of srcsetUrls(attr(tag, 'srcset') ?? '')) {
        if (RASTER.test(url) && !MODERN.test(url)) findings.push({ page, image: url, problem: 'not AVIF or WebP' });
      }
    }
  }
  for (const file of walk(dist).filter((f) => RASTER.test(f) && !MODERN.test(f) && !exempt.has(f))) {
    findings.push({ page: '(build)', image: file, problem: 'raster image that is not AVIF or WebP' });
  }
  return findings;
}

/** CSS background images are invisible to the preload scanner: an LCP image must be an <img>. */
export function cssBackgroundImages(css: string): string[] {
  return [...css.matchAll(/background(?:-image)?\s*:[^;}]*url\(\s*['"]?([^'")]+)['"]?\s*\)/gi)]
    .map((m) => m[1] ?? '')
    .filter((url) => RASTER.test(url));
}

export function readBundleReport(path: string): BundleReport | null {
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8')) as BundleReport;
}

/** Modules no chunk of the browser build may hold: a library left out on purpose (vite.config.ts). */
export const LEFT_OUT_OF_THE_BUILD: { label: string; pattern: RegExp }[] = [
  // docs/decisions/219-realtime-left-out-of-the-browser-build.md
  { label: 'Realtime (@supabase/realtime-js)', pattern: /node_modules\/@supabase\/realtime-js\// },
];

/** Every chunk of the build holding a module of LEFT_OUT_OF_THE_BUILD, with that module. */
export function leftOutButBuilt(report: BundleReport): { file: string; label: string; module: string }[] {
  return forbiddenModules(
    Object.keys(report.chunks).map((file) => ({ file })),
    report,
    LEFT_OUT_OF_THE_BUILD,
  );
}

/** Where scripts/build.ts leaves the chunk → source modules map of a build (outside the build, so it is never deployed). */
export function bundleReportPath(outDir: string): string {
  const key = resolve(outDir).replace(/[^A-Za-z0-9]+/g, '_');
  return resolve('node_modules/.cache/bundle-report', `${key}.json`);
}

/**
 * The forbidden modules (FORBIDDEN_ON_PUBLIC_PAGES) a public page's own lazy
 * chunk brings with it, whatever the flags of the build: the chunk whose
 * entry matches `entry` and every chunk it statically imports. The news, blog
 * and article pages exist only while their flag is on, so the documents may
 * not be in a build; their chunks always are.
 */
export function forbiddenInPageChunk(
  dist: string,
  report: BundleReport,
  entry: RegExp,
): { file: string; label: string; module: string }[] {
  const start = Object.entries(report.facades ?? {}).find(([, module]) => entry.test(module))?.[0];
  if (!start) return [];
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop() ?? '';
    if (seen.has(file) || !existsSync(join(dist, file))) continue;
    seen.add(file);
    for (const specifier of builtImports(join(dist, file))) {
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) continue;
      stack.push(specifier.startsWith('/') ? specifier.slice(1) : posix.join(posix.dirname(file), specifier));
    }
  }
  return forbiddenModules(
    [...seen].map((file) => ({ file })),
    report,
  );
}
