/**
 * `npm run bench:catalogue`: the public catalogue at scale, not a test
 * (docs/decisions/194-catalogue-at-scale.md).
 *
 * 1. Starts the local backend in memory (migrations and seed) and inserts, as
 *    the superuser (not through row-level security), BENCH_PRODUCTS (2,000)
 *    published products over the six categories, each with its English and
 *    French texts and one picture.
 * 2. Builds the site against it (`npm run build -- --outDir
 *    .perf/bench-catalogue/dist`, the backend's port in LOCAL_SUPABASE_PORT),
 *    timing the whole build.
 * 3. Times the prerender's parts again, in this process, with the kit the
 *    build left: reading the content through the Data API with the anon key,
 *    rendering the pages that are not the catalogue's, rendering the
 *    catalogue's, and writing the site files and the content data.
 * 4. Serves the build and, in Chromium on the phone profile
 *    (scripts/lib/phone-profile.ts), opens the largest category page and
 *    changes its origin filter: the time from the change until the status
 *    line (`role=status`) says the new count, and until the next frame after
 *    it, measured with performance.now() in the page (median of BENCH_RUNS,
 *    5), narrowing (any → one country) and widening (one country → any).
 *
 * Prints a table. Options (environment): BENCH_PRODUCTS (2000), BENCH_RUNS
 * (5), BENCH_BACKEND_PORT (54361), BENCH_SITE_PORT (4197), BENCH_SKIP_BUILD=1
 * to measure the last build again (the backend is seeded the same way).
 */
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../supabase/local/keys.ts';
import { launchLocalBackend } from '../supabase/local/server.ts';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';
import { applyPhoneProfile } from './lib/phone-profile.ts';
import { postPages } from './lib/publish/content.ts';
import { readLiveContent } from './lib/publish/live-content.ts';
import { readLiveFlags } from './lib/publish/live-flags.ts';
import { loadKit, renderTargets, writeSiteFiles } from './lib/publish/pages.ts';
import { runCaptured } from './lib/run.ts';
import { serverPolicyEnv, siteServerOptions } from './lib/site-server-options.ts';
import { SITE_ROUTES, prerenderTargets } from './lib/site-routes.ts';
import { startStaticServer } from './lib/static-server.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const BACKEND_PORT = Number(process.env.BENCH_BACKEND_PORT || 54361);
const SITE_PORT = Number(process.env.BENCH_SITE_PORT || 4197);
const OUT = resolve('.perf/bench-catalogue');
const DIST = join(OUT, 'dist');
const SCRATCH = join(OUT, 'scratch');
const SITE = `http://localhost:${SITE_PORT}`;

// ---- Realistic products ------------------------------------------------------

/** A small deterministic generator, so every run inserts the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick, chance: (p: number) => next() < p };
}

type Origin = { country: string; en: string; fr: string };
type Size = { size: number; unit: 'mL' | 'L' | 'g' | 'kg'; perCase: number };
type Kind = {
  category: string;
  prefix: string;
  /** Share of the products. */
  weight: number;
  varieties: { en: string; fr: string }[];
  noun: { en: string; fr: string };
  sizes: Size[];
  origins: Origin[];
  brands: string[];
  storage: ('ambient' | 'chilled' | 'frozen')[];
  shelfLife: [number, number];
  certifications: string[];
  allergens: string[][];
  notOrderable?: string;
};

const GR: Origin[] = [
  { country: 'GR', en: 'Crete', fr: 'Crète' },
  { country: 'GR', en: 'Messinia', fr: 'Messénie' },
  { country: 'GR', en: 'Lesvos', fr: 'Lesbos' },
  { country: 'GR', en: 'Laconia', fr: 'Laconie' },
  { country: 'GR', en: 'Macedonia', fr: 'Macédoine' },
];
const IT: Origin[] = [
  { country: 'IT', en: 'Apulia', fr: 'Pouilles' },
  { country: 'IT', en: 'Tuscany', fr: 'Toscane' },
  { country: 'IT', en: 'Sicily', fr: 'Sicile' },
];
const ES: Origin[] = [
  { country: 'ES', en: 'Andalusia', fr: 'Andalousie' },
  { country: 'ES', en: 'Catalonia', fr: 'Catalogne' },
];
const OTHER: Origin[] = [
  { country: 'PT', en: 'Alentejo', fr: 'Alentejo' },
  { country: 'CY', en: 'Troodos', fr: 'Troodos' },
  { country: 'FR', en: 'Provence', fr: 'Provence' },
  { country: 'TR', en: 'Aegean coast', fr: 'Côte égéenne' },
];
const BRANDS = [
  'Ktima Daskalakis',
  'Elaionas Stavrou',
  'Melissokomia Kritis',
  'Agrokipio',
  'Terra di Puglia',
  'Hacienda Los Olivos',
  'Monte Sereno',
  'Aegean Harvest',
  'Kalliergeia',
  'Olea Estates',
  'Vouno Farms',
  'Casa Alentejana',
];

const KINDS: Kind[] = [
  {
    category: 'olive-oils',
    prefix: 'OO',
    weight: 0.3,
    varieties: ['Koroneiki', 'Manaki', 'Kolovi', 'Athinolia', 'Arbequina', 'Picual', 'Coratina', 'Frantoio'].map(
      (v) => ({ en: v, fr: v }),
    ),
    noun: { en: 'Extra Virgin Olive Oil', fr: 'Huile d’olive extra vierge' },
    sizes: [
      { size: 250, unit: 'mL', perCase: 24 },
      { size: 500, unit: 'mL', perCase: 12 },
      { size: 750, unit: 'mL', perCase: 12 },
      { size: 1, unit: 'L', perCase: 12 },
      { size: 3, unit: 'L', perCase: 4 },
      { size: 5, unit: 'L', perCase: 4 },
    ],
    origins: [...GR, ...GR, ...IT, ...ES, OTHER[0] as Origin],
    brands: BRANDS,
    storage: ['ambient'],
    shelfLife: [365, 720],
    certifications: ['organic', 'pdo', 'pgi', 'kosher', 'non_gmo'],
    allergens: [[]],
  },
  {
    category: 'honeys',
    prefix: 'HO',
    weight: 0.15,
    varieties: [
      { en: 'Thyme', fr: 'de thym' },
      { en: 'Pine', fr: 'de pin' },
      { en: 'Fir', fr: 'de sapin' },
      { en: 'Chestnut', fr: 'de châtaignier' },
      { en: 'Orange Blossom', fr: 'de fleur d’oranger' },
      { en: 'Heather', fr: 'de bruyère' },
    ],
    noun: { en: 'Honey', fr: 'Miel' },
    sizes: [
      { size: 250, unit: 'g', perCase: 12 },
      { size: 450, unit: 'g', perCase: 12 },
      { size: 1, unit: 'kg', perCase: 6 },
    ],
    origins: [...GR, IT[2] as Origin, ES[0] as Origin, OTHER[1] as Origin],
    brands: BRANDS,
    storage: ['ambient'],
    shelfLife: [540, 1095],
    certifications: ['organic', 'pdo', 'kosher'],
    allergens: [[]],
    notOrderable: 'seasonal',
  },
  {
    category: 'olives-tapenades',
    prefix: 'OT',
    weight: 0.15,
    varieties: [
      { en: 'Kalamata', fr: 'de Kalamata' },
      { en: 'Halkidiki', fr: 'de Halkidiki' },
      { en: 'Amfissa', fr: 'd’Amfissa' },
      { en: 'Throumba', fr: 'Throumba' },
      { en: 'Taggiasca', fr: 'Taggiasca' },
      { en: 'Gordal', fr: 'Gordal' },
    ],
    noun: { en: 'Olives', fr: 'Olives' },
    sizes: [
      { size: 350, unit: 'g', perCase: 12 },
      { size: 1, unit: 'kg', perCase: 6 },
      { size: 2, unit: 'kg', perCase: 4 },
      { size: 5, unit: 'kg', perCase: 2 },
    ],
    origins: [...GR, IT[0] as Origin, ES[0] as Origin],
    brands: BRANDS,
    storage: ['ambient', 'ambient', 'chilled'],
    shelfLife: [180, 720],
    certifications: ['organic', 'pdo', 'non_gmo'],
    allergens: [[], [], ['sulphites'], ['mustard', 'sulphites']],
  },
  {
    category: 'spices-teas',
    prefix: 'ST',
    weight: 0.15,
    varieties: [
      { en: 'Mountain Tea', fr: 'thé des montagnes' },
      { en: 'Oregano', fr: 'origan' },
      { en: 'Sage', fr: 'sauge' },
      { en: 'Thyme', fr: 'thym' },
      { en: 'Chamomile', fr: 'camomille' },
      { en: 'Dittany', fr: 'dictame' },
      { en: 'Saffron', fr: 'safran' },
    ],
    noun: { en: 'Selection', fr: 'Sélection' },
    sizes: [
      { size: 20, unit: 'g', perCase: 24 },
      { size: 50, unit: 'g', perCase: 24 },
      { size: 100, unit: 'g', perCase: 12 },
      { size: 500, unit: 'g', perCase: 6 },
    ],
    origins: [...GR, OTHER[3] as Origin, ES[0] as Origin],
    brands: BRANDS,
    storage: ['ambient'],
    shelfLife: [365, 1095],
    certifications: ['organic', 'pdo', 'kosher', 'halal'],
    allergens: [[]],
  },
  {
    category: 'wines-vinegars',
    prefix: 'WV',
    weight: 0.1,
    varieties: [
      { en: 'Assyrtiko', fr: 'Assyrtiko' },
      { en: 'Xinomavro', fr: 'Xinomavro' },
      { en: 'Agiorgitiko', fr: 'Agiorgitiko' },
      { en: 'Moschofilero', fr: 'Moschofilero' },
      { en: 'Balsamic Vinegar', fr: 'Vinaigre balsamique' },
      { en: 'Sherry Vinegar', fr: 'Vinaigre de Xérès' },
    ],
    noun: { en: 'Reserve', fr: 'Réserve' },
    sizes: [
      { size: 250, unit: 'mL', perCase: 12 },
      { size: 500, unit: 'mL', perCase: 12 },
      { size: 750, unit: 'mL', perCase: 6 },
    ],
    origins: [...GR, IT[1] as Origin, ES[0] as Origin, OTHER[2] as Origin],
    brands: BRANDS,
    storage: ['ambient'],
    shelfLife: [730, 3650],
    certifications: ['organic', 'pdo', 'pgi'],
    allergens: [['sulphites']],
    notOrderable: 'liquor_board',
  },
  {
    category: 'cheeses',
    prefix: 'CH',
    weight: 0.15,
    varieties: [
      { en: 'Feta', fr: 'Feta' },
      { en: 'Graviera', fr: 'Graviera' },
      { en: 'Kefalotyri', fr: 'Kefalotyri' },
      { en: 'Manchego', fr: 'Manchego' },
      { en: 'Pecorino', fr: 'Pecorino' },
      { en: 'Halloumi', fr: 'Halloumi' },
      { en: 'Feta Pies', fr: 'Feuilletés à la feta' },
    ],
    noun: { en: 'Cheese', fr: 'Fromage' },
    sizes: [
      { size: 200, unit: 'g', perCase: 12 },
      { size: 400, unit: 'g', perCase: 12 },
      { size: 1, unit: 'kg', perCase: 6 },
      { size: 2, unit: 'kg', perCase: 4 },
    ],
    origins: [...GR, IT[2] as Origin, ES[0] as Origin, OTHER[1] as Origin],
    brands: BRANDS,
    storage: ['chilled', 'chilled', 'chilled', 'frozen'],
    shelfLife: [90, 365],
    certifications: ['organic', 'pdo', 'halal', 'kosher'],
    allergens: [['milk'], ['milk'], ['eggs', 'gluten', 'milk', 'wheat']],
  },
];

type Row = {
  id: string;
  sku: string;
  category_id: string;
  brand: string;
  origin_country: string;
  origin_region_en: string;
  origin_region_fr: string;
  unit_size: number;
  unit: string;
  units_per_case: number;
  min_order_cases: number;
  lead_time_business_days: number;
  storage: string;
  shelf_life_days: number;
  allergens: string[];
  certifications: string[];
  orderable_online: boolean;
  not_orderable_reason: string | null;
};
type Text = {
  product_id: string;
  lang: 'en' | 'fr';
  name: string;
  slug: string;
  short_description: string;
  description_md: string;
};
type Image = {
  product_id: string;
  storage_path: string;
  width: number;
  height: number;
  alt_en: string;
  alt_fr: string;
};

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${(0xbe0000000 + n).toString(16).padStart(12, '0')}`;
}

function sizeLabel({ size, unit }: Size, lang: 'en' | 'fr'): string {
  return `${lang === 'fr' ? String(size).replace('.', ',') : size} ${unit}`;
}

function benchCatalogue(count: number): { products: Row[]; texts: Text[]; images: Image[] } {
  const r = random(194);
  const products: Row[] = [];
  const texts: Text[] = [];
  const images: Image[] = [];
  const total = KINDS.reduce((sum, kind) => sum + kind.weight, 0);
  let n = 0;
  for (const kind of KINDS) {
    const share = kind === KINDS[KINDS.length - 1] ? count - n : Math.round((count * kind.weight) / total);
    for (let i = 0; i < share; i += 1, n += 1) {
      const id = uuid(n + 1);
      const variety = r.pick(kind.varieties);
      const size = r.pick(kind.sizes);
      const origin = r.pick(kind.origins);
      const brand = r.pick(kind.brands);
      const certifications = kind.certifications.filter(() => r.chance(0.25)).sort();
      const reason =
        kind.notOrderable === 'liquor_board' && !/vinegar/i.test(variety.en)
          ? 'liquor_board'
          : kind.notOrderable && r.chance(0.1)
            ? kind.notOrderable
            : r.chance(0.05)
              ? 'quote_only'
              : null;
      const sku = `${kind.prefix}-B${String(n + 1).padStart(4, '0')}`;
      products.push({
        id,
        sku,
        category_id: kind.category,
        brand,
        origin_country: origin.country,
        origin_region_en: origin.en,
        origin_region_fr: origin.fr,
        unit_size: size.size,
        unit: size.unit,
        units_per_case: size.perCase,
        min_order_cases: 1 + Math.floor(r.next() * 10),
        lead_time_business_days: 2 + Math.floor(r.next() * 20),
        storage: r.pick(kind.storage),
        shelf_life_days: kind.shelfLife[0] + Math.floor(r.next() * (kind.shelfLife[1] - kind.shelfLife[0])),
        allergens: [...r.pick(kind.allergens)].sort(),
        certifications,
        orderable_online: reason === null,
        not_orderable_reason: reason,
      });
      const names = {
        en: `${brand} ${variety.en} ${kind.noun.en}, ${sizeLabel(size, 'en')}`,
        fr: `${kind.noun.fr} ${variety.fr} ${brand}, ${sizeLabel(size, 'fr')}`,
      };
      for (const lang of ['en', 'fr'] as const) {
        const region = lang === 'en' ? origin.en : origin.fr;
        texts.push({
          product_id: id,
          lang,
          name: names[lang],
          slug: `${slugify(names[lang])}-${sku.toLowerCase()}`,
          short_description:
            lang === 'en'
              ? `${variety.en} from ${region}, packed by ${brand} in cases of ${size.perCase}: a staple for restaurants, delis and caterers.`
              : `${variety.fr} de ${region}, conditionné par ${brand} en caisses de ${size.perCase} : un incontournable des restaurants, épiceries fines et traiteurs.`,
          description_md:
            lang === 'en'
              ? `Sourced from independent producers in **${region}**, this ${variety.en.toLowerCase()} is made in small lots and checked at every step from the farm to the warehouse.\n\n- Pack: ${sizeLabel(size, 'en')}, ${size.perCase} per case\n- Keeps ${kind.shelfLife[0]} days or more unopened\n\nAsk your account manager about *allocations* for the coming season.`
              : `Issu de producteurs indépendants de **${region}**, ce produit (${variety.fr}) est élaboré en petits lots et contrôlé à chaque étape, de la ferme à l’entrepôt.\n\n- Format : ${sizeLabel(size, 'fr')}, ${size.perCase} par caisse\n- Se conserve ${kind.shelfLife[0]} jours ou plus avant ouverture\n\nDemandez à votre gestionnaire de compte les *allocations* de la prochaine saison.`,
        });
      }
      images.push({
        product_id: id,
        storage_path: `${id}/front.webp`,
        width: 800,
        height: 800,
        alt_en: names.en,
        alt_fr: names.fr,
      });
    }
  }
  return { products, texts, images };
}

// ---- Measuring ----------------------------------------------------------------

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

function htmlFiles(dir: string, root = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path, root);
    return name.endsWith('.html') ? [path.slice(root.length + 1)] : [];
  });
}

/** Polls for the page's own hydration mark (as scripts/perf-compare.ts does). */
async function waitForMark(page: Page, mark: string, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = await page.evaluate((name) => performance.getEntriesByName(name)[0]?.startTime ?? null, mark);
    if (at !== null) return at;
    if (Date.now() > deadline) throw new Error(`${page.url()}: no "${mark}" mark within ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

type FilterTiming = { status: number; frame: number; shown: string };

/** Sets the origin filter to `value` in the page and times the status line's change, in the page. */
function changeOrigin(page: Page, value: string): Promise<FilterTiming> {
  return page.evaluate(
    (next) =>
      new Promise<FilterTiming>((done, fail) => {
        const select = document.querySelectorAll<HTMLSelectElement>('main form select')[1];
        const status = document.querySelector('main [role="status"]');
        if (!select || !status) {
          fail(new Error('no origin filter or status line'));
          return;
        }
        const before = status.textContent;
        const timeout = setTimeout(() => fail(new Error(`status line unchanged after choosing "${next}"`)), 60_000);
        let start = 0;
        const observer = new MutationObserver(() => {
          if (status.textContent === before) return;
          const changed = performance.now() - start;
          observer.disconnect();
          // The next frame after the change: the list as painted.
          requestAnimationFrame(() =>
            setTimeout(() => {
              clearTimeout(timeout);
              done({ status: changed, frame: performance.now() - start, shown: status.textContent ?? '' });
            }, 0),
          );
        });
        observer.observe(status, { childList: true, characterData: true, subtree: true });
        start = performance.now();
        select.value = next;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    value,
  );
}

async function main() {
  const chromePath = ensureChromium();
  const results: [string, string][] = [];
  console.info('Starting the local backend in memory (migrations and seed)…');
  const backend = await launchLocalBackend({
    port: BACKEND_PORT,
    dataDir: null,
    quiet: true,
    outbox: { webhook: false, intervalMs: null },
    leadDelivery: { intervalMs: null },
  });
  try {
    const { products, texts, images } = benchCatalogue(PRODUCTS);
    console.info(`Inserting ${products.length.toLocaleString('en-CA')} published products (both languages)…`);
    let start = process.hrtime.bigint();
    await backend.db.transaction(async (tx) => {
      await tx.query(
        `insert into public.products (id, sku, category_id, brand, origin_country, origin_region_en, origin_region_fr,
           unit_size, unit, units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days,
           allergens, certifications, orderable_online, not_orderable_reason)
         select id, sku, category_id, brand, origin_country, origin_region_en, origin_region_fr, unit_size, unit,
                units_per_case, min_order_cases, lead_time_business_days, storage, shelf_life_days,
                allergens, certifications, orderable_online, not_orderable_reason
         from jsonb_to_recordset($1::jsonb) as r(id uuid, sku text, category_id text, brand text, origin_country text,
           origin_region_en text, origin_region_fr text, unit_size numeric, unit text, units_per_case integer,
           min_order_cases integer, lead_time_business_days integer, storage text, shelf_life_days integer,
           allergens text[], certifications text[], orderable_online boolean, not_orderable_reason text)`,
        [JSON.stringify(products)],
      );
      await tx.query(
        `insert into public.product_translations (product_id, lang, name, slug, short_description, description_md)
         select product_id, lang, name, slug, short_description, description_md
         from jsonb_to_recordset($1::jsonb) as r(product_id uuid, lang text, name text, slug text,
           short_description text, description_md text)`,
        [JSON.stringify(texts)],
      );
      await tx.query(
        `insert into public.product_images (product_id, storage_path, width, height, alt_en, alt_fr)
         select product_id, storage_path, width, height, alt_en, alt_fr
         from jsonb_to_recordset($1::jsonb) as r(product_id uuid, storage_path text, width integer, height integer,
           alt_en text, alt_fr text)`,
        [JSON.stringify(images)],
      );
      await tx.query(`update public.products set status = 'published' where id = any($1::uuid[])`, [
        products.map((product) => product.id),
      ]);
    });
    await backend.db.exec('analyze');
    const [{ count } = { count: 0 }] = await backend.db.query<{ count: number }>(
      `select count(*)::int as count from public.products where status = 'published'`,
    );
    results.push(['products inserted (published, incl. the seed’s)', `${products.length} (${count})`]);
    results.push(['insert time', `${ms(start).toFixed(0)} ms`]);

    // ---- The build against this backend.
    if (process.env.BENCH_SKIP_BUILD !== '1') {
      console.info(`Building into ${DIST} against ${backend.url}…`);
      start = process.hrtime.bigint();
      const { code, output } = await runCaptured('npm', ['run', 'build', '--silent', '--', '--outDir', DIST], {
        LOCAL_SUPABASE_PORT: String(BACKEND_PORT),
        VITE_SUPABASE_URL: '',
        VITE_SITE_URL: SITE,
        SITE_PUBLISH_TOKEN: '',
      });
      const buildMs = ms(start);
      if (code !== 0) {
        console.error(output.slice(-6000));
        throw new Error(`The build failed (exit ${code}).`);
      }
      writeFileSync(join(OUT, 'build.log'), output);
      const pages = /Prerendered (\d+) pages/.exec(output)?.[1] ?? '?';
      const wrote = /in ([\d.]+) s\./.exec(output)?.[1];
      if (/is not running/.test(output)) throw new Error('The build did not read the bench backend.');
      results.push(['build, whole (npm run build, wall clock)', seconds(buildMs)]);
      // With thousands of pages listed, the build's last lines may be lost to its exit (a pipe).
      results.push(['build, as it reports (bundle + prerender)', wrote ? `${wrote} s` : '(its summary line was cut)']);
      results.push(['pages prerendered by the build', pages]);
    }

    // ---- The prerender's parts, again, with the kit the build left.
    console.info('Timing the prerender’s parts…');
    const env = { VITE_SUPABASE_URL: backend.url, VITE_SITE_URL: SITE };
    start = process.hrtime.bigint();
    const content = await readLiveContent({ supabaseUrl: backend.url, anonKey: LOCAL_ANON_KEY, timeoutMs: 120_000 });
    const readMs = ms(start);
    const live = await readLiveFlags({ supabaseUrl: backend.url, anonKey: LOCAL_ANON_KEY });
    start = process.hrtime.bigint();
    const targets = prerenderTargets(live.flags, SITE_ROUTES, postPages(content));
    const planMs = ms(start);
    const isCatalogue = (url: string) => /^(\/fr)?\/products(\/|$)/.test(url);
    const catalogueTargets = targets.filter((t) => !t.notFound && isCatalogue(t.url));
    const otherTargets = targets.filter((t) => t.notFound || !isCatalogue(t.url));
    const kit = await loadKit(DIST);
    rmSync(SCRATCH, { recursive: true, force: true });
    start = process.hrtime.bigint();
    await renderTargets({ kit, outDir: SCRATCH, targets: otherTargets, flags: live.flags, content, env });
    const otherMs = ms(start);
    start = process.hrtime.bigint();
    await renderTargets({ kit, outDir: SCRATCH, targets: catalogueTargets, flags: live.flags, content, env });
    const catalogueMs = ms(start);
    start = process.hrtime.bigint();
    await writeSiteFiles(SCRATCH, { ...serverPolicyEnv(backend.url), VITE_SITE_URL: SITE }, live.flags, content);
    const filesMs = ms(start);
    rmSync(SCRATCH, { recursive: true, force: true });
    const prerenderMs = readMs + planMs + otherMs + catalogueMs + filesMs;
    results.push(['read content (Data API, anon key)', `${readMs.toFixed(0)} ms`]);
    results.push(['plan the targets', `${planMs.toFixed(0)} ms`]);
    results.push([`render ${otherTargets.length} other pages`, seconds(otherMs)]);
    results.push([
      `render ${catalogueTargets.length} catalogue pages`,
      `${seconds(catalogueMs)} (${(catalogueMs / catalogueTargets.length).toFixed(1)} ms a page)`,
    ]);
    results.push(['sitemap, feeds, hosting files, content data', seconds(filesMs)]);
    results.push([
      'prerender, whole (the parts above)',
      `${seconds(prerenderMs)} (catalogue ${Math.round(((catalogueMs + filesMs) / prerenderMs) * 100)}% with the files)`,
    ]);

    // ---- Pages and the largest category page.
    const files = htmlFiles(DIST);
    results.push(['HTML pages in the build', String(files.length)]);
    const categoryFiles = files.filter((file) => /^(fr\/)?products\/[^/]+\/index\.html$/.test(file));
    const largest = categoryFiles
      .map((file) => ({ file, html: readFileSync(join(DIST, file)) }))
      .sort((a, b) => b.html.length - a.html.length)[0];
    if (!largest) throw new Error('No category page in the build.');
    const url = `/${largest.file.replace(/index\.html$/, '')}`.replace(/\/$/, '');
    const cards = (largest.html.toString('utf8').match(/<li\b/g) ?? []).length;
    results.push(['largest category page', url]);
    results.push(['  its HTML, raw', kib(largest.html.length)]);
    results.push(['  its HTML, gzip', kib(gzipSync(largest.html, { level: 9 }).length)]);
    results.push(['  its <li> elements', String(cards)]);
    const slug = decodeURIComponent(url.split('/').pop() ?? '');
    const shownCategory = content.catalogue.categories.find((c) => c.slugs.en === slug || c.slugs.fr === slug);
    const ids = content.catalogue.products.filter((p) => p.categoryId === shownCategory?.id);
    results.push([
      '  its "still published?" request URL',
      `${ids.length} ids, ~${kib(`/rest/v1/products?select=id&id=in.(${ids.map((p) => p.id).join(',')})`.length)}`,
    ]);

    // ---- The filter in Chromium on the phone profile.
    console.info(`Serving the build; changing the filter of ${url} on the phone profile…`);
    const site = await startStaticServer({
      root: DIST,
      port: SITE_PORT,
      quiet: true,
      ...siteServerOptions(backend.url),
    });
    const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      const page = await context.newPage();
      await applyPhoneProfile(await context.newCDPSession(page));
      await page.goto(`${SITE}${url}`, { waitUntil: 'load', timeout: 180_000 });
      const hydrated = await waitForMark(page, 'app-hydrated');
      // Let the idle-time "still published?" check answer first.
      await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
      results.push(['  hydrated at (phone profile)', `${hydrated.toFixed(0)} ms`]);
      const origins = await page.evaluate(() =>
        [...(document.querySelectorAll<HTMLSelectElement>('main form select')[1]?.options ?? [])]
          .map((option) => option.value)
          .filter(Boolean),
      );
      if (origins.length === 0) throw new Error('The origin filter offers nothing.');
      const narrow: FilterTiming[] = [];
      const widen: FilterTiming[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        narrow.push(await changeOrigin(page, origins[run % origins.length] ?? ''));
        await page.waitForTimeout(300);
        widen.push(await changeOrigin(page, ''));
        await page.waitForTimeout(300);
      }
      const row = (label: string, list: FilterTiming[]) =>
        results.push([
          `  filter ${label}, median of ${RUNS}`,
          `${median(list.map((t) => t.status)).toFixed(0)} ms to the status line, ${median(list.map((t) => t.frame)).toFixed(0)} ms to the next frame (${list
            .map((t) => t.frame.toFixed(0))
            .join(', ')})`,
        ]);
      row('any → one origin', narrow);
      row('one origin → any', widen);
      results.push(['  e.g.', `"${narrow[0]?.shown}" / "${widen[0]?.shown}"`]);
      await context.close();
    } finally {
      await browser.close();
      site.close();
    }
  } finally {
    await backend.stop();
  }

  const width = Math.max(...results.map(([label]) => label.length));
  console.info(
    `\nCatalogue at scale (${PRODUCTS.toLocaleString('en-CA')} products; this machine: ${(await import('node:os')).cpus().length} cores)\n`,
  );
  console.info(`| ${'measure'.padEnd(width)} | value |\n|${'-'.repeat(width + 2)}|---|`);
  for (const [label, value] of results) console.info(`| ${label.padEnd(width)} | ${value} |`);
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
