import { expect, it } from 'vitest';
import { attribution, floorPage, markdownReport, range, summarize, type CompareSample } from './perf-compare.ts';

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
