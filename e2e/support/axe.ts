import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeOptions {
  /** Only this part of the page (a CSS selector); default the whole document. */
  include?: string;
  /** The rule tags to run; default WCAG 2.0/2.1/2.2 A and AA. */
  tags?: string[];
}

/**
 * axe-core on the current page, in the page itself (`axe.run`): the library
 * is injected into every frame that lacks it, then run from the top frame,
 * which gathers the frames' results. (@axe-core/playwright's default path
 * opens a second, blank page to merge per-frame results, which on this
 * machine tripled the time of every check without changing what it finds on
 * this site's pages, all of one origin.) Returns the violations.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}) {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!present) await frame.evaluate(axeSource).catch(() => undefined);
  }
  // Only violations are read: axe then keeps one node per passed or
  // inapplicable rule instead of every node it checked.
  const runOptions: RunOptions = {
    runOnly: { type: 'tag', values: options.tags ?? WCAG_AA },
    resultTypes: ['violations'],
  };
  const results = await page.evaluate(
    ([include, run]) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe;
      return axe.run(include ? { include: [include] } : document, run);
    },
    [options.include ?? null, runOptions] as const,
  );
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

/** The phone, tablet and desktop sizes the layout is checked at. */
export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
} as const;
