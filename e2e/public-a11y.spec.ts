/**
 * Every public page, in either language, on a desktop and on a phone, in one
 * visit each: it is the page asked for (its heading, language and title),
 * axe-core finds nothing (WCAG 2.2 AA rule set), the page is served with its
 * Content-Security-Policy and breaks none of it, and nothing scrolls
 * sideways. axe also checks the mobile menu, the insights dropdown, the
 * cookie banner and the 404 pages.
 */
import type { Page } from '@playwright/test';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import {
  ALL_PAGES_ON,
  answeredCookies,
  BOTH_LANGUAGES,
  expectPublicPage,
  hydrated,
  overrideFlags,
} from './public-support.ts';
import { expectPolicy, recordViolations, violations } from './support/csp.ts';

// The hero keyword fades every 2.5 s; mid-fade its text is translucent, which
// axe would measure as low contrast. With reduced motion it changes without
// fading, so the check sees the page as it rests.
test.use({ reducedMotion: 'reduce' });

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Lazy images below the fold and the hero's first fade are part of the page too.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
}

for (const [label, viewport] of [
  ['desktop', VIEWPORTS.desktop],
  ['mobile', VIEWPORTS.mobile],
] as const) {
  test.describe(`${label} (${viewport.width} px)`, () => {
    test.use({ viewport });

    for (const path of BOTH_LANGUAGES) {
      test(`${path}: its heading in its language, no axe or policy violation, no sideways scrolling`, async ({
        page,
      }) => {
        await recordViolations(page);
        await answeredCookies(page);
        await overrideFlags(page, ALL_PAGES_ON);
        expectPolicy(await page.goto(path));
        await settle(page);
        await expectPublicPage(page, path);
        expect(await axeViolations(page)).toEqual([]);
        // Reflow (WCAG 1.4.10): the page fits the width, nothing scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        // Checked last, so idle-time work (analytics, integrations) has run.
        expect(await violations(page), path).toEqual([]);
      });
    }

    for (const path of ['/missing-page', '/fr/page-absente']) {
      test(`the 404 page ${path} has no axe violations`, async ({ page, consoleErrors }) => {
        consoleErrors.allow(/non-existent route|status of 404/);
        await answeredCookies(page);
        await page.goto(path);
        await settle(page);
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test('the cookie banner has no axe violations', async ({ page }) => {
      await page.goto('/fr');
      await expect(page.getByTestId('cookie-banner')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test('the open mobile menu has no axe violations', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await answeredCookies(page);
  await overrideFlags(page, ALL_PAGES_ON);
  await page.goto('/fr/teams');
  await hydrated(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Perspectives' }).click();
  expect(await axeViolations(page)).toEqual([]);
});

test('the open insights dropdown has no axe violations', async ({ page }) => {
  await answeredCookies(page);
  await overrideFlags(page, ALL_PAGES_ON);
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Insights' }).click();
  expect(await axeViolations(page)).toEqual([]);
});

test('the tablet layout (768 px) of the home page has no axe violations', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.tablet);
  await answeredCookies(page);
  await overrideFlags(page, ALL_PAGES_ON);
  await page.goto('/');
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
});
