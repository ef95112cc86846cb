import { expect, it } from 'vitest';
import {
  attribution,
  floorPage,
  hasOwnFloor,
  markdownReport,
  ownFloorName,
  range,
  summarize,
  type CompareSample,
} from './perf-compare.ts';

const page = `<!doctype html>
<html lang="en-CA">
  <head>
    <meta name="viewport" content="width=device-width" />
    <script>(function(){window.__earlyClicks=[]})()</script>
    <style>body{margin:0}</style>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-x.js">
  </head>
  <body><div id="root" data-prerendered="en" data-flags="hero" data-page-chunks="contactForm"><h1>Hello</h1></div></body>
</html>`;

it('the floor page keeps the first screen and its inline CSS, and runs no JavaScript', () => {
  const floor = floorPage(page);
  expect(floor).not.toMatch(/<script/i);
  expect(floor).not.toMatch(/modulepreload/i);
  expect(floor).not.toContain('data-page-chunks');
  expect(floor).toContain('<style>body{margin:0}</style>');
  expect(floor).toContain('<h1>Hello</h1>');
  expect(floor).toContain('<meta name="viewport" content="width=device-width" />');
});

it('medians and ranges ignore runs that measured nothing', () => {
  expect(range([3, 1, 2, Number.NaN])).toEqual({ median: 2, min: 1, max: 3 });
  expect(range([4, 1, 2, 3]).median).toBe(2.5);
  expect(Number.isNaN(range([]).median)).toBe(true);
});

it('names a long task by its script, the document itself, or as unattributable', () => {
  const url = 'http://localhost:4302/fr';
  expect(attribution('http://localhost:4302/assets/app-x.js', url)).toBe('app-x.js');
  expect(attribution(url, url)).toBe('document');
  expect(attribution('Unattributable', url)).toBe('Unattributable');
});

function sample(mainThread: number, tbt: number, lcp: number): CompareSample {
  return {
    benchmarkIndex: 1500,
    scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
    fcp: lcp,
    lcp,
    tbt,
    cls: 0,
    mainThread,
    mainThreadByCategory: { Other: mainThread / 2, 'Script Evaluation': mainThread / 2 },
    longTasks: [{ url: 'Unattributable', startTime: 600, duration: 60 }],
  };
}

it('reports each target against the floor: ratios for main-thread work and LCP, the difference for TBT', () => {
  const floor = summarize('floor', [sample(500, 10, 700), sample(520, 12, 720)], 'http://x/', null);
  const home = summarize('/', [sample(1500, 60, 1050), sample(1540, 64, 1080)], 'http://x/', [1800, 1900]);
  expect(home.interactive).toEqual({ median: 1850, min: 1800, max: 1900 });
  const table = markdownReport([floor, home], 'floor');
  const row = table.split('\n').find((line) => line.startsWith('| / |')) ?? '';
  expect(row).toContain('2.98×'); // main-thread medians 1520 / 510
  expect(row).toContain('+51'); // TBT medians 62 − 11
  expect(row).toContain('1.50×'); // LCP medians 1065 / 710
  expect(table).toContain('| Unattributable | 60 | 60 |');
});

it('measures catalogue and insights pages against a floor of their own, the others against the home page’s', () => {
  expect(hasOwnFloor('/products/olive-oils')).toBe(true);
  expect(hasOwnFloor('/fr/products/huiles-d-olive/huile-d-olive-extra-vierge-koroneiki-recolte-precoce-500-ml')).toBe(
    true,
  );
  expect(hasOwnFloor('/insights/blog/bringing-greek-olive-oil-to-canada')).toBe(true);
  expect(hasOwnFloor('/')).toBe(false);
  expect(hasOwnFloor('/fr')).toBe(false);
  expect(hasOwnFloor('/client/login')).toBe(false);
  expect(hasOwnFloor('/products')).toBe(false);
  expect(ownFloorName('/products/olive-oils')).toBe('floor /products/olive-oils');
});

it('reports a page with its own floor against that floor, and lists every page with its floor and ratios', () => {
  const floor = summarize('floor', [sample(500, 10, 700)], 'http://x/', null);
  const home = summarize('/', [sample(1000, 30, 1400)], 'http://x/', [1800]);
  const categoryFloor = summarize('floor /products/olive-oils', [sample(800, 20, 900)], 'http://x/', null);
  const category = summarize('/products/olive-oils', [sample(2000, 120, 1170)], 'http://x/', [2100]);
  const table = markdownReport([floor, home, categoryFloor, category], 'floor', {
    '/products/olive-oils': 'floor /products/olive-oils',
  });
  const lines = table.split('\n');
  const row = lines.find((line) => line.startsWith('| /products/olive-oils |')) ?? '';
  expect(row).toContain('2.50×'); // main-thread 2000 / 800, not / 500
  expect(row).toContain('+100'); // TBT 120 − 20
  expect(row).toContain('1.30×'); // LCP 1170 / 900
  // The page's own floor is a floor: ratio 1.
  const floorRow = lines.find((line) => line.startsWith('| floor /products/olive-oils |')) ?? '';
  expect(floorRow.split('|')[4]?.trim()).toBe('1');
  expect(lines).toContain('| / | floor | 2.00× | +20 | 2.00× |');
  expect(lines).toContain('| /products/olive-oils | floor /products/olive-oils | 2.50× | +100 | 1.30× |');
  expect(lines.some((line) => line.startsWith('| floor /products/olive-oils | floor'))).toBe(false);
});

it('adds no per-floor table when every page shares the home page’s floor', () => {
  const floor = summarize('floor', [sample(500, 10, 700)], 'http://x/', null);
  const home = summarize('/', [sample(1000, 30, 1400)], 'http://x/', [1800]);
  expect(markdownReport([floor, home], 'floor')).not.toContain('| page | its floor |');
});
