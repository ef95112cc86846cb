import { expect, type Page } from '@playwright/test';
import { VIEWPORTS } from './axe.ts';

/**
 * A page at a phone's, a tablet's and a desktop's width: `open` loads it at
 * the phone's width (the first paint a phone gets), then the same page is
 * widened to the tablet's and the desktop's, as a turned tablet or a resized
 * window widens it, and `check` runs at each width once the new layout has
 * been painted. One load instead of three: the checks (axe, no sideways
 * scrolling) see each layout, and a component that sets its layout once at
 * mount and ignores a resize is caught too.
 */
export async function atEveryWidth(
  page: Page,
  open: () => Promise<unknown>,
  check: (width: number) => Promise<void>,
): Promise<void> {
  await page.setViewportSize(VIEWPORTS.mobile);
  await open();
  await check(VIEWPORTS.mobile.width);
  for (const viewport of [VIEWPORTS.tablet, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    // Media-query listeners run and React commits before the second frame.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    await check(viewport.width);
  }
}

/** Nothing scrolls sideways: the document is no wider than the viewport (WCAG 1.4.10, reflow). */
export async function expectNoSidewaysScroll(page: Page, where = 'page wider than the viewport'): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

/**
 * A screenshot to look at, in `screenshots/<name>.png`, taken only when
 * E2E_SCREENSHOTS=1 (`E2E_SCREENSHOTS=1 npx playwright test <spec>`): a
 * full-page capture costs a busy machine a second, and a test run by CI has
 * nobody to look at it.
 */
export async function lookAt(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: options.fullPage ?? true });
}
