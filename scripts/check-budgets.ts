/**
 * `npx tsx scripts/check-budgets.ts [DIST]` (run by `npm test` after the
 * build): fails when the home page's eager JS + CSS exceeds 120 KiB gzip,
 * when all the JavaScript the home page loads before any interaction
 * (import() at load included) exceeds 110 KiB as the site is served (Brotli)
 * in either language or
 * holds the other language's strings (the same budget for the sign-in pages,
 * which leave supabase-js for the visitor's first touch of a form, and the
 * catalogue's index, largest category page and first product page),
 * when code of the portals, forms or supabase-js is on a public page's eager
 * path (the catalogue's pages included) or the Markdown renderer, its
 * sanitiser or supabase-js in the news, blog, article or catalogue pages'
 * own chunks, or when an image breaks the image rules. DIST defaults to
 * $E2E_DIST or dist.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  EAGER_BUDGET_BYTES,
  HOME_TOTAL_JS_BUDGET_BYTES,
  bundleReportPath,
  catalogueBudgetPages,
  cataloguePages,
  CATALOGUE_PAGE_CHUNKS,
  NOT_LOADED_BY_THE_HOME_PAGE,
  NOT_LOADED_BY_THE_SIGN_IN_PAGES,
  PORTAL_BUDGET_PAGES,
  PORTAL_JS_BUDGET_BYTES,
  SIGN_IN_PAGES,
  pageScripts,
  moduleLocale,
  cssBackgroundImages,
  eagerFiles,
  forbiddenInPageChunk,
  leftOutButBuilt,
  forbiddenModules,
  imageFindings,
  readBundleReport,
  type EagerFile,
} from './lib/budgets.ts';
import { SHELL_FILE, prerenderTargets } from './lib/site-routes.ts';

const dist = process.argv[2] ?? process.env.E2E_DIST ?? 'dist';
const CATALOGUE_MESSAGES = /^src\/i18n\/messages\/(en|fr)\/catalogue\.ts$/;
const problems: string[] = [];

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join('  '),
    )
    .join('\n');
}

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist}/index.html is missing: run "npm run build" first.`);
  process.exit(1);
}
const report = readBundleReport(bundleReportPath(dist));
if (!report) {
  console.error(`No bundle report for ${dist}: build it with "npm run build" (scripts/build.ts writes the report).`);
  process.exit(1);
}
const staleChunk = Object.keys(report.chunks).find((file) => !existsSync(join(dist, file)));
if (staleChunk) {
  console.error(`The bundle report does not match ${dist} (${staleChunk} is missing): rebuild.`);
  process.exit(1);
}

// The home page (prerendered), the SPA shell, every other prerendered public page, the
// news, blog and article pages the build published (they exist while the insights pages are on),
// and the catalogue's pages (while its flag is on).
const catalogue = cataloguePages(dist);
const documents = [
  ...new Set([
    'index.html',
    SHELL_FILE,
    ...prerenderTargets().map((t) => t.file),
    ...insightsPages(dist),
    ...catalogue.map((page) => page.document),
  ]),
].filter((file) => existsSync(join(dist, file)));

function insightsPages(root: string): string[] {
  const found: string[] = [];
  for (const base of ['insights', 'fr/insights']) {
    const walk = (dir: string) => {
      if (!existsSync(join(root, dir))) return;
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (entry.name === 'index.html') found.push(path);
      }
    };
    walk(base);
  }
  return found.sort();
}

console.info(`Budgets for ${dist}\n`);
for (const document of documents) {
  const html = readFileSync(join(dist, document), 'utf8');
  const { files, missing } = eagerFiles(dist, html, report.afterPaint);
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const isHome = document === 'index.html';
  if (isHome) {
    const rows = [
      ['eager file (home page)', 'kind', 'raw', 'gzip'],
      ...files.map((f: EagerFile) => [f.file, f.kind, kib(f.raw), kib(f.gzip)]),
    ];
    rows.push(['total', '', kib(files.reduce((sum, f) => sum + f.raw, 0)), kib(total)]);
    console.info(`${table(rows)}\n`);
  }
  const within = total <= EAGER_BUDGET_BYTES;
  console.info(
    `${within ? '✔' : '✖'} ${document.padEnd(28)} eager JS + CSS ${kib(total).padStart(10)} gzip (budget ${kib(EAGER_BUDGET_BYTES)})`,
  );
  if (!within)
    problems.push(`${document}: ${kib(total)} of eager JS + CSS (gzip) is over the ${kib(EAGER_BUDGET_BYTES)} budget.`);
  for (const file of missing) problems.push(`${document} loads ${file}, which is not in the build.`);
  for (const hit of forbiddenModules(files, report)) {
    problems.push(`${document} eagerly loads ${hit.label} code: ${hit.module} (in ${hit.file}).`);
  }
  for (const file of files.filter((f) => f.kind === 'inline style' || f.file.endsWith('.css'))) {
    const css =
      file.kind === 'inline style'
        ? (html.match(/<style\b[^>]*>([\s\S]*?)<\/style>/gi) ?? []).join('')
        : readFileSync(join(dist, file.file), 'utf8');
    for (const url of cssBackgroundImages(css)) {
      console.warn(
        `  ⚠ ${document}: CSS background image ${url} is not discoverable from the HTML; an LCP image must be an <img>.`,
      );
    }
  }
}

// All the JavaScript of the home page, the sign-in pages and the catalogue's pages before any
// interaction, per language. A catalogue page loads its own chunk at once (its boot script starts
// it from data-page-chunks) and every other page's chunk only when the visitor goes there.
console.info('');
const budgetCatalogue = catalogueBudgetPages(dist, catalogue);
const detailedCategory = budgetCatalogue.find((page) => page.kind === 'category' && page.locale === 'en');
for (const { document, locale, own, notLoaded, detailed } of [
  { document: 'index.html', locale: 'en', own: [], notLoaded: NOT_LOADED_BY_THE_HOME_PAGE, detailed: true },
  { document: 'fr/index.html', locale: 'fr', own: [], notLoaded: NOT_LOADED_BY_THE_HOME_PAGE, detailed: false },
  ...SIGN_IN_PAGES.map((page) => ({
    ...page,
    notLoaded: NOT_LOADED_BY_THE_SIGN_IN_PAGES,
    detailed: page.document === 'client/login/index.html',
  })),
  ...budgetCatalogue.map((page) => ({
    ...page,
    notLoaded: NOT_LOADED_BY_THE_HOME_PAGE,
    detailed: page === detailedCategory,
  })),
] as const) {
  if (!existsSync(join(dist, document))) continue;
  const html = readFileSync(join(dist, document), 'utf8');
  const { files, skipped, missing } = pageScripts(dist, html, report, locale, { notLoaded, own });
  const total = files.reduce((sum, f) => sum + f.served, 0);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  if (detailed) {
    const rows = [
      [`${document} JavaScript before interaction (${locale})`, 'via', 'raw', 'gzip', 'served (br)'],
      ...files.map((f) => [f.file, f.via, kib(f.raw), kib(f.gzip), kib(f.served)]),
    ];
    rows.push(['total', '', kib(files.reduce((sum, f) => sum + f.raw, 0)), kib(gzip), kib(total)]);
    console.info(
      `${table(rows)}\n  not loaded before interaction: ${skipped.map((s) => `${s.file} (${s.reason})`).join(', ')}\n`,
    );
  }
  const within = total <= HOME_TOTAL_JS_BUDGET_BYTES;
  console.info(
    `${within ? '✔' : '✖'} ${document.padEnd(28)} all JS before interaction ${kib(total).padStart(10)} as served, Brotli (budget ${kib(HOME_TOTAL_JS_BUDGET_BYTES)}); ${kib(gzip)} gzip`,
  );
  if (!within)
    problems.push(
      `${document}: ${kib(total)} of JavaScript before interaction (as served) is over the ${kib(HOME_TOTAL_JS_BUDGET_BYTES)} budget.`,
    );
  for (const file of missing) problems.push(`${document} loads ${file}, which is not in the build.`);
  for (const { file } of files) {
    for (const module of report.chunks[file] ?? []) {
      const language = moduleLocale(module);
      if (!language || language === locale || !module.startsWith('src/')) continue;
      // The catalogue's pages ship both languages' catalogue strings with their own chunks
      // (src/features/catalogue/use-catalogue-messages.ts): reported, counted in the bytes, not failed
      // (docs/decisions/194-catalogue-at-scale.md).
      if (CATALOGUE_MESSAGES.test(module)) {
        console.warn(`  ⚠ ${document} (${locale}) loads ${language} catalogue strings: ${module} (in ${file}).`);
        continue;
      }
      problems.push(`${document} (${locale}) loads ${language} strings: ${module} (in ${file}).`);
    }
  }
}

// The signed-in pages: all the JavaScript each needs before its content, from the SPA shell.
console.info('');
for (const { name, document, locale, own } of PORTAL_BUDGET_PAGES) {
  if (!existsSync(join(dist, document))) continue;
  const html = readFileSync(join(dist, document), 'utf8');
  const { files, missing } = pageScripts(dist, html, report, locale, { notLoaded: NOT_LOADED_BY_THE_HOME_PAGE, own });
  const total = files.reduce((sum, f) => sum + f.served, 0);
  const within = total <= PORTAL_JS_BUDGET_BYTES;
  console.info(
    `${within ? '✔' : '✖'} ${name.padEnd(28)} JS before its content ${kib(total).padStart(10)} as served, Brotli (budget ${kib(PORTAL_JS_BUDGET_BYTES)})`,
  );
  if (!within)
    problems.push(
      `${name}: ${kib(total)} of JavaScript before its content is over the ${kib(PORTAL_JS_BUDGET_BYTES)} budget.`,
    );
  for (const file of missing) problems.push(`${name} loads ${file}, which is not in the build.`);
}

const images = imageFindings(dist);
console.info(
  `\n${images.length === 0 ? '✔' : '✖'} images: ${images.length === 0 ? 'modern formats, explicit sizes, srcset where large, nothing lazy above the fold' : `${images.length} problem(s)`}`,
);
// The news, blog, article and catalogue pages' own chunks carry no Markdown renderer, sanitiser or
// client (docs/decisions/165-published-content-on-the-site.md, 194-catalogue-at-scale.md), whether
// or not the build has their pages.
for (const module of [
  ...['news-page', 'blog-page', 'article-page'].map((page) => `src/features/insights/components/${page}.tsx`),
  ...Object.values(CATALOGUE_PAGE_CHUNKS),
]) {
  const page = module.replace(/^.*\//, '').replace(/\.tsx$/, '');
  const hits = forbiddenInPageChunk(dist, report, new RegExp(`${module.replace(/\./g, '\\.')}$`));
  console.info(`${hits.length === 0 ? '✔' : '✖'} ${page} chunk: no Markdown renderer, sanitiser or supabase-js`);
  for (const hit of hits) problems.push(`The ${page} chunk loads ${hit.label} code: ${hit.module} (in ${hit.file}).`);
}

const leftOut = leftOutButBuilt(report);
console.info(`${leftOut.length === 0 ? '✔' : '✖'} no chunk holds what the build leaves out (Realtime)`);
for (const hit of leftOut) problems.push(`${hit.file} holds ${hit.label}: ${hit.module}.`);

for (const finding of images) problems.push(`${finding.page}: ${finding.image}: ${finding.problem}.`);

if (problems.length > 0) {
  console.error(`\n✖ ${problems.length} budget problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.info('\n✔ all budgets met');
