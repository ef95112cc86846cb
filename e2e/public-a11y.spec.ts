/**
 * Every public page, in either language, at a phone's width and then widened
 * to a tablet's and a desktop's (support/widths.ts), in one visit each: it is
 * the page asked for (its heading, language and title), axe-core finds nothing (WCAG 2.2 AA rule set), the page is served with its
 * Content-Security-Policy and breaks none of it, nothing scrolls sideways,
 * and a French page has no English text left (support/french-text.ts). axe
 * also checks the mobile menu, the insights dropdown, the cookie banner (and
 * its French) and the 404 pages.
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
import { englishOn } from './support/french-text.ts';
import { atEveryWidth, expectNoSidewaysScroll } from './support/widths.ts';

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

for (const path of BOTH_LANGUAGES) {
  test(`${path}: its heading in its language, no axe or policy violation, no sideways scrolling, at every width`, async ({
    page,
  }) => {
    await recordViolations(page);
    await answeredCookies(page);
    await overrideFlags(page, ALL_PAGES_ON);
    const open = async () => {
      expectPolicy(await page.goto(path));
      await settle(page);
      await expectPublicPage(page, path);
      if (/^\/fr(\/|$)/.test(path)) expect(await englishOn(page), `English on ${path}`).toEqual([]);
    };
    await atEveryWidth(page, open, async (width) => {
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]);
      // Reflow (WCAG 1.4.10): the page fits the width, nothing scrolls sideways.
      await expectNoSidewaysScroll(page, `${path} at ${width} px`);
    });
    // Checked last, so idle-time work (analytics, integrations) has run.
    expect(await violations(page), path).toEqual([]);
  });
}

for (const path of ['/missing-page', '/fr/page-absente']) {
  test(`the 404 page ${path} has no axe violations, at every width`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/non-existent route|status of 404/);
    await answeredCookies(page);
    await atEveryWidth(
      page,
      async () => {
        await page.goto(path);
        await settle(page);
      },
      async (width) => expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]),
    );
  });
}

test('the cookie banner has no axe violations, at every width, and no English in French', async ({ page }) => {
  await atEveryWidth(
    page,
    async () => {
      await page.goto('/fr');
      await expect(page.getByTestId('cookie-banner')).toBeVisible();
      expect(await englishOn(page)).toEqual([]);
    },
    async (width) => expect(await axeViolations(page), `at ${width} px`).toEqual([]),
  );
});

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
