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

/** An admin page has its data: its heading shows, no "Loading…" is left and the network is idle. */
export async function expectAdminPageSettled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/**
 * Every link, button and field of the page's main content can be reached:
 * none lies outside the viewport's width (those in a labelled scroll region
 * scroll into view within it).
 */
export async function expectControlsWithinWidth(page: Page, where: string): Promise<void> {
  const outside = await page.evaluate(
    () =>
      [...document.querySelectorAll('main a, main button, main input, main select, main textarea')].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && !el.closest('[role="region"]') && (box.left < 0 || box.right > window.innerWidth + 1);
      }).length,
  );
  expect(outside, `${where}: controls outside the width`).toBe(0);
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
