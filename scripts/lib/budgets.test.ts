import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_PAGE_CHUNKS,
  HOME_TOTAL_JS_BUDGET_BYTES,
  NOT_LOADED_BY_THE_HOME_PAGE,
  catalogueBudgetPages,
  cataloguePages,
  forbiddenInPageChunk,
  cssBackgroundImages,
  eagerFiles,
  forbiddenModules,
  homePageScripts,
  pageScripts,
  NOT_LOADED_BY_THE_SIGN_IN_PAGES,
  SIGN_IN_PAGES,
  imageFindings,
  leftOutButBuilt,
  moduleLocale,
  staticImports,
  type BundleReport,
} from './budgets.ts';

let dist = '';

function put(file: string, content: string) {
  const path = join(dist, file);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

const HOME = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared.js">
<style>body{margin:0}</style>
<meta property="og:image" content="https://site.example/images/og-image.png"/>
</head><body><div id="root"><main>
<section><img src="/images/hero.webp" srcset="/images/hero-640.webp 640w, /images/hero.webp 1280w" width="1280" height="720" alt=""></section>
<section><img src="/images/product.webp" width="320" height="240" loading="lazy" alt=""></section>
</main></div></body></html>`;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'budgets-'));
  put('index.html', HOME);
  // Minified chunks as Rolldown writes them: a preload helper before the imports, dynamic imports that are not eager.
  put(
    'assets/index.js',
    'const __vite__mapDeps=(i)=>i;import{a as e}from"./shared.js";import"./side-effect.js";const s="import(\\"./x.js\\")";e(()=>import("./lazy.js"));',
  );
  put('assets/shared.js', 'export{b as a}from"./deep.js";');
  put('assets/deep.js', 'const b=1;export{b};');
  put('assets/side-effect.js', 'console.info(1);');
  put('assets/lazy.js', 'import"./forms.js";export default 1;');
  put('assets/forms.js', 'export{};');
  put('images/hero.webp', 'x');
  put('images/hero-640.webp', 'x');
  put('images/product.webp', 'x');
  put('images/og-image.png', 'x');
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the eager graph', () => {
  it('reads static imports and re-exports, never dynamic imports or strings', () => {
    expect(
      staticImports(
        'const a=1;import{x}from"./a.js";export*from"./b.js";export{y}from"./c.js";import("./d.js");const s=\'import "./e.js"\';',
      ),
    ).toEqual(['./a.js', './b.js', './c.js']);
  });

  it('follows scripts, modulepreloads and their static imports; counts inline styles; skips lazy chunks', () => {
    const { files, missing } = eagerFiles(dist, HOME);
    expect(files.map((f) => f.file).sort()).toEqual(
      ['<style> #1', 'assets/deep.js', 'assets/index.js', 'assets/shared.js', 'assets/side-effect.js'].sort(),
    );
    expect(missing).toEqual([]);
    for (const file of files) expect(file.gzip).toBeGreaterThan(0);
  });

  it('counts the application the entry starts after the first paint (its JS, not its full stylesheet)', () => {
    put('assets/app.js', 'import"./app-dep.js";');
    put('assets/app-dep.js', 'export{};');
    put('assets/app.css', 'body{}');
    const { files } = eagerFiles(dist, HOME, ['assets/app.js', 'assets/app.css']);
    const kinds = Object.fromEntries(files.map((f) => [f.file, f.kind]));
    expect(kinds['assets/app.js']).toBe('app (after paint)');
    expect(kinds['assets/app-dep.js']).toBe('import');
    expect(kinds['assets/app.css']).toBeUndefined();
  });

  it('reports a file the page loads that the build lacks', () => {
    expect(eagerFiles(dist, '<script type="module" src="/assets/gone.js"></script>').missing).toEqual([
      'assets/gone.js',
    ]);
  });

  it('finds portal, form and supabase-js code on the eager path from the bundle report', () => {
    const { files } = eagerFiles(dist, HOME);
    const report = {
      chunks: {
        'assets/index.js': ['src/main.tsx', 'src/features/site/components/home-page.tsx'],
        'assets/deep.js': [
          'node_modules/@supabase/auth-js/dist/module/GoTrueClient.js',
          'node_modules/zod/v4/core/core.js',
        ],
        'assets/lazy.js': ['src/features/admin-portal/layout/admin-portal-routes.tsx'],
      },
    };
    expect(forbiddenModules(files, report).map((hit) => hit.label)).toEqual([
      'supabase-js (auth-js, postgrest-js, realtime-js…)',
      'zod',
    ]);
  });
});

describe('the image rules', () => {
  it('accepts modern, sized, srcset-ed images and a PNG social card', () => {
    expect(imageFindings(dist)).toEqual([]);
  });

  it('flags missing sizes, old formats, large images without srcset, lazy heroes and missing files', () => {
    put(
      'bad/index.html',
      `<html><body><main><section>
      <img src="/images/hero.jpg" width="1200" height="600" loading="lazy" alt="">
      <img src="/images/missing.webp" alt="">
      </section></main></body></html>`,
    );
    put('images/hero.jpg', 'x');
    try {
      const problems = imageFindings(dist).map((f) => `${f.image}: ${f.problem}`);
      expect(problems).toEqual(
        expect.arrayContaining([
          '/images/hero.jpg: not AVIF or WebP',
          '/images/hero.jpg: shown 1200px wide without a srcset',
          '/images/hero.jpg: lazy-loaded above the fold (delays the LCP)',
          '/images/missing.webp: no explicit width and height (layout shift)',
          '/images/missing.webp: missing from the build',
          'images/hero.jpg: raster image that is not AVIF or WebP',
        ]),
      );
    } finally {
      rmSync(join(dist, 'bad'), { recursive: true });
      rmSync(join(dist, 'images/hero.jpg'));
    }
  });

  it('spots raster CSS backgrounds, which the preload scanner cannot see', () => {
    expect(cssBackgroundImages('.a{background-image:url(/images/hero.webp)}.b{background:url("x.svg")}')).toEqual([
      '/images/hero.webp',
    ]);
  });
});

describe('the home page total before interaction', () => {
  // index.js (up front) imports lazy.js (a lead form), en.js and fr.js (the
  // catalogs) and widget.js (an integration started at load) with import().
  const report: BundleReport = {
    chunks: {
      'assets/index.js': ['src/main.tsx'],
      'assets/lazy.js': ['src/features/lead-forms/components/contact-form.tsx'],
      'assets/en.js': ['src/i18n/messages/en.ts'],
      'assets/fr.js': ['src/i18n/messages/fr.ts'],
      'assets/widget.js': ['src/integrations/chat-widget/chat-widget.ts'],
      'assets/widget-dep.js': ['node_modules/some-lib/index.js'],
      // Several lazy entries grouped into one chunk (no single facade), as vite.config.ts groups the sign-in screens.
      'assets/sign-in.js': ['src/app/session-layout.tsx', 'src/features/auth/components/sign-in-page.tsx'],
    },
    afterPaint: [],
    dynamicImports: {
      'assets/index.js': ['assets/lazy.js', 'assets/en.js', 'assets/fr.js', 'assets/widget.js', 'assets/sign-in.js'],
    },
    facades: {
      'assets/lazy.js': 'src/features/lead-forms/components/contact-form.tsx',
      'assets/en.js': 'src/i18n/messages/en.ts',
      'assets/fr.js': 'src/i18n/messages/fr.ts',
      'assets/widget.js': 'src/integrations/chat-widget/chat-widget.ts',
    },
  };

  beforeAll(() => {
    put('assets/en.js', 'export const en={hello:"Hello"};');
    put('assets/fr.js', 'export const fr={hello:"Bonjour"};');
    put('assets/widget.js', 'import"./widget-dep.js";export default 1;');
    put('assets/widget-dep.js', 'export{};');
  });

  it("counts what import() brings at load, with its static imports, and the page's own catalog only", () => {
    const en = homePageScripts(dist, HOME, report, 'en');
    expect(en.files.map((f) => f.file).sort()).toEqual(
      [
        'assets/deep.js',
        'assets/en.js',
        'assets/index.js',
        'assets/shared.js',
        'assets/side-effect.js',
        'assets/widget-dep.js',
        'assets/widget.js',
      ].sort(),
    );
    expect(en.files.find((f) => f.file === 'assets/widget-dep.js')?.via).toBe('import() at load');
    expect(en.skipped).toEqual(
      expect.arrayContaining([
        { file: 'assets/lazy.js', reason: 'lead forms (on approach)' },
        { file: 'assets/fr.js', reason: 'fr only' },
        { file: 'assets/sign-in.js', reason: "another route's page" },
      ]),
    );
    const fr = homePageScripts(dist, HOME, report, 'fr');
    expect(fr.files.map((f) => f.file)).toContain('assets/fr.js');
    expect(fr.files.map((f) => f.file)).not.toContain('assets/en.js');
  });

  it('fails the budget when the total passes it', () => {
    put(
      'assets/widget-dep.js',
      `export const big=${JSON.stringify(Array.from({ length: 40_000 }, (_, i) => (i * 7919).toString(36)).join(''))};`,
    );
    for (const locale of ['en', 'fr'] as const) {
      const { files } = homePageScripts(dist, HOME, report, locale);
      // Counted as the server sends it (Brotli), which is smaller than gzip but not nothing.
      for (const file of files) expect(file.served).toBeLessThanOrEqual(file.gzip + 32);
      expect(files.reduce((sum, f) => sum + f.served, 0)).toBeGreaterThan(HOME_TOTAL_JS_BUDGET_BYTES);
    }
    put('assets/widget-dep.js', 'export{};');
  });

  it('tells which modules belong to one language', () => {
    expect(moduleLocale('src/i18n/messages/fr.ts')).toBe('fr');
    expect(moduleLocale('src/i18n/messages/en/site.ts')).toBe('en');
    expect(moduleLocale('src/content/policies/fr.ts')).toBe('fr');
    expect(moduleLocale('src/features/site/components/home-page.tsx')).toBeNull();
  });
});

describe('the sign-in pages total before interaction', () => {
  // index.js (up front) imports the grouped sign-in chunk with import() (the
  // boot script starts it from data-page-chunks), which imports supabase-js
  // and the form's checks with import() on the visitor's first touch.
  const report: BundleReport = {
    chunks: {
      'assets/index.js': ['src/main.tsx'],
      'assets/sign-in.js': [
        'src/app/session-layout.tsx',
        'src/features/auth/components/sign-in-page.tsx',
        'src/features/auth/components/client-login-page.tsx',
      ],
      'assets/client.js': ['node_modules/@supabase/supabase-js/dist/index.mjs', 'src/lib/supabase/client.ts'],
      'assets/checks.js': ['src/features/auth/sign-in-schema.ts'],
      'assets/dashboard.js': ['src/features/client-portal/components/client-dashboard-page.tsx'],
    },
    afterPaint: [],
    dynamicImports: {
      'assets/index.js': ['assets/sign-in.js', 'assets/dashboard.js'],
      'assets/sign-in.js': ['assets/client.js', 'assets/checks.js'],
    },
    facades: {
      'assets/client.js': 'src/lib/supabase/client.ts',
      'assets/checks.js': 'src/features/auth/sign-in-schema.ts',
      'assets/dashboard.js': 'src/features/client-portal/components/client-dashboard-page.tsx',
    },
  };

  beforeAll(() => {
    put('assets/sign-in.js', 'export default 1;');
    put('assets/client.js', 'export const supabase={};');
    put('assets/checks.js', 'export{};');
    put('assets/dashboard.js', 'export{};');
  });

  it('lists the four sign-in pages, each with its own page chunk', () => {
    expect(SIGN_IN_PAGES.map((p) => `${p.document} ${p.locale}`).sort()).toEqual(
      [
        'admin/login/index.html en',
        'client/login/index.html en',
        'fr/admin/login/index.html fr',
        'fr/client/login/index.html fr',
      ].sort(),
    );
  });

  it("counts the page's own chunks, not supabase-js, the form's checks or other pages", () => {
    const page = SIGN_IN_PAGES.find((p) => p.document === 'client/login/index.html');
    const { files, skipped } = pageScripts(dist, HOME, report, 'en', {
      notLoaded: NOT_LOADED_BY_THE_SIGN_IN_PAGES,
      own: page?.own ?? [],
    });
    expect(files.map((f) => f.file)).toContain('assets/sign-in.js');
    expect(files.map((f) => f.file)).not.toContain('assets/client.js');
    expect(skipped).toEqual(
      expect.arrayContaining([
        { file: 'assets/client.js', reason: 'auth client (on first touch)' },
        { file: 'assets/checks.js', reason: 'sign-in checks (on first touch)' },
        { file: 'assets/dashboard.js', reason: "another route's page" },
      ]),
    );
  });

  it('counts supabase-js when the sign-in page would load it at once', () => {
    const page = SIGN_IN_PAGES.find((p) => p.document === 'admin/login/index.html');
    const { files } = pageScripts(dist, HOME, report, 'en', {
      notLoaded: NOT_LOADED_BY_THE_SIGN_IN_PAGES.filter((rule) => !rule.pattern.test('src/lib/supabase/client.ts')),
      own: page?.own ?? [],
    });
    expect(files.map((f) => f.file)).toContain('assets/client.js');
  });
});

describe('the catalogue pages', () => {
  // index.js (up front) imports each catalogue page's chunk with import(); the product page's
  // chunk would be wrong to bring the Markdown renderer or the catalogue's build code.
  const report: BundleReport = {
    chunks: {
      'assets/index.js': ['src/main.tsx'],
      'assets/category-page.js': [CATALOGUE_PAGE_CHUNKS.category, 'src/features/catalogue/catalogue-filters.ts'],
      'assets/product-page.js': [CATALOGUE_PAGE_CHUNKS.product],
      'assets/render.js': ['src/lib/catalogue/build-catalogue-content.ts', 'node_modules/markdown-it/index.mjs'],
    },
    afterPaint: [],
    dynamicImports: { 'assets/index.js': ['assets/category-page.js', 'assets/product-page.js'] },
    facades: {
      'assets/category-page.js': CATALOGUE_PAGE_CHUNKS.category,
      'assets/product-page.js': CATALOGUE_PAGE_CHUNKS.product,
    },
  };

  beforeAll(() => {
    put('products/index.html', HOME);
    put('products/honeys/index.html', HOME);
    put('products/olive-oils/index.html', `${HOME}<!-- more product cards -->`);
    put('products/olive-oils/early-harvest-500-ml/index.html', HOME);
    put('products/olive-oils/kalamata-5-l/index.html', HOME);
    put('fr/products/huiles-d-olive/index.html', HOME);
    put('fr/products/huiles-d-olive/koroneiki-500-ml/index.html', HOME);
    put('assets/category-page.js', 'export default 1;');
    put('assets/product-page.js', 'import"./render.js";export default 1;');
    put('assets/render.js', 'export{};');
  });

  it('finds the index, the category and the product pages of both languages, each with its own chunk', () => {
    const pages = cataloguePages(dist);
    expect(pages.map((p) => `${p.document} ${p.locale} ${p.kind}`)).toEqual([
      'products/index.html en catalogue',
      'products/honeys/index.html en category',
      'products/olive-oils/index.html en category',
      'products/olive-oils/early-harvest-500-ml/index.html en product',
      'products/olive-oils/kalamata-5-l/index.html en product',
      'fr/products/huiles-d-olive/index.html fr category',
      'fr/products/huiles-d-olive/koroneiki-500-ml/index.html fr product',
    ]);
    const product = pages.find((p) => p.kind === 'product');
    expect(product?.own.some((pattern) => pattern.test(CATALOGUE_PAGE_CHUNKS.product))).toBe(true);
    expect(product?.own.some((pattern) => pattern.test(CATALOGUE_PAGE_CHUNKS.category))).toBe(false);
  });

  it('holds the index, the largest category page and the first product page of each language to the budget', () => {
    expect(catalogueBudgetPages(dist, cataloguePages(dist)).map((p) => p.document)).toEqual([
      'products/index.html',
      'products/olive-oils/index.html',
      'products/olive-oils/early-harvest-500-ml/index.html',
      'fr/products/huiles-d-olive/index.html',
      'fr/products/huiles-d-olive/koroneiki-500-ml/index.html',
    ]);
  });

  it("counts a category page's own chunk before interaction, not the product page's", () => {
    const page = cataloguePages(dist).find((p) => p.kind === 'category');
    const { files, skipped } = pageScripts(dist, HOME, report, 'en', {
      notLoaded: NOT_LOADED_BY_THE_HOME_PAGE,
      own: page?.own ?? [],
    });
    expect(files.map((f) => f.file)).toEqual([
      'assets/index.js',
      'assets/shared.js',
      'assets/side-effect.js',
      'assets/deep.js',
      'assets/category-page.js',
    ]);
    expect(skipped).toContainEqual({ file: 'assets/product-page.js', reason: "another route's page" });
  });

  it("leaves any route's page for the visit, wherever its feature keeps it", () => {
    const rule = NOT_LOADED_BY_THE_HOME_PAGE.find((r) => r.label === "another route's page");
    expect(rule?.pattern.test('src/features/client-portal/catalogue/client-catalogue-page.tsx')).toBe(true);
    expect(rule?.pattern.test(CATALOGUE_PAGE_CHUNKS.product)).toBe(true);
    expect(rule?.pattern.test('src/features/catalogue/components/product-card-grid.tsx')).toBe(false);
    expect(rule?.pattern.test('src/app/page-loaders.ts')).toBe(false);
  });

  it("finds the Markdown renderer and the catalogue's build code in a page's own chunk", () => {
    const hits = forbiddenInPageChunk(dist, report, /src\/features\/catalogue\/components\/product-page\.tsx$/);
    expect(hits.map((hit) => hit.label)).toEqual([
      'catalogue build code (Data API reads, Markdown)',
      'markdown-it / sanitize-html',
    ]);
    expect(forbiddenInPageChunk(dist, report, /src\/features\/catalogue\/components\/category-page\.tsx$/)).toEqual([]);
  });
});

describe('what the build leaves out', () => {
  it('names every chunk that holds Realtime, and nothing else', () => {
    const report: BundleReport = {
      chunks: {
        'assets/client-a.js': [
          'node_modules/@supabase/auth-js/dist/module/GoTrueClient.js',
          'src/lib/supabase/realtime-left-out.ts',
        ],
        'assets/other-b.js': ['node_modules/@supabase/realtime-js/dist/module/RealtimeClient.js'],
      },
    };
    expect(leftOutButBuilt(report)).toEqual([
      {
        file: 'assets/other-b.js',
        label: 'Realtime (@supabase/realtime-js)',
        module: 'node_modules/@supabase/realtime-js/dist/module/RealtimeClient.js',
      },
    ]);
    expect(leftOutButBuilt({ chunks: { 'assets/client-a.js': report.chunks['assets/client-a.js']! } })).toEqual([]);
  });
});
