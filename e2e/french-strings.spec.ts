/**
 * No English on a French page that public-a11y.spec.ts does not visit (it
 * checks every French public page, in the same visit as axe): the sign-in
 * pages (with the cookie banner of a first visit), the 404 page and the open
 * menus. A control shows the check finds English on an English page.
 */
import { VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { englishOn, englishStrings } from './support/french-text.ts';
import { ALL_PAGES_ON, hydrated, overrideFlags } from './public-support.ts';

const frenchRoutes = ['/fr/client/login', '/fr/admin/login'];

test('the catalogs give this test enough English to look for', () => {
  expect(englishStrings.length).toBeGreaterThan(200);
  expect(englishStrings).toContain('Our Story');
  expect(englishStrings).toContain('Oops! Page not found');
  expect(englishStrings).toContain('min read');
});

for (const path of frenchRoutes) {
  test(`${path} has no English text`, async ({ page }) => {
    await overrideFlags(page, ALL_PAGES_ON);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The cookie banner is part of the first visit.
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
  });
}

test('the French 404 page, the open mobile menu and the insights menu have no English text', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/non-existent route|status of 404/);
  await overrideFlags(page, ALL_PAGES_ON);
  await page.goto('/fr/nulle-part');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oups ! Page introuvable');
  await hydrated(page);
  expect(await englishOn(page)).toEqual([]);

  await page.getByRole('navigation', { name: 'Principale' }).getByRole('button', { name: 'Perspectives' }).click();
  expect(await englishOn(page)).toEqual([]);

  await page.setViewportSize(VIEWPORTS.mobile);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Principale' }).getByRole('button', { name: 'Perspectives' }).click();
  expect(await englishOn(page)).toEqual([]);
});

test('the check does find English: an English page fails it', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const found = await englishOn(page);
  expect(found).toContain('Privacy Policy');
  expect(found.length).toBeGreaterThan(10);
});
