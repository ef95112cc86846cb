/**
 * The home page's sections and hero, and the 404 pages. Each public route's
 * heading, title and language are checked page by page in
 * public-a11y.spec.ts, with axe and the Content-Security-Policy in the same
 * visit; the real flag switch through the backend is
 * public-flags.serial.spec.ts.
 */
import { expect, test } from './support/fixtures.ts';
import { defaultFlags, homeSections } from '../src/lib/flags/defaults.ts';
import { ALL_PAGES_ON, answeredCookies, overrideFlags } from './public-support.ts';

test('the home page shows every default section, in order, with the contact form in its slot', async ({ page }) => {
  await answeredCookies(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // Sections are named as their heading's id names them ("products-heading").
  const names = await page
    .locator('main section[aria-labelledby$="-heading"]')
    .evaluateAll((sections) => sections.map((s) => (s.getAttribute('aria-labelledby') ?? '').replace(/-heading$/, '')));
  expect(names).toEqual(homeSections.filter(({ flag }) => defaultFlags[flag]).map(({ section }) => section));
  await expect(page.locator('[data-slot="contact-form"]').getByRole('textbox').first()).toBeVisible();
});

test('the hero keyword rotates', async ({ page }) => {
  await answeredCookies(page);
  const response = await page.goto('/fr');
  // The first keyword is in the page as it arrives; the next follows (its timing is unit-tested).
  expect(await response?.text()).toMatch(/data-testid="hero-keyword"[^>]*>Importer</);
  await expect(page.getByTestId('hero-keyword')).toHaveText('Lancer');
});

for (const [path, heading, home] of [
  ['/no-such-page', 'Oops! Page not found', '/'],
  ['/fr/pas-de-page-ici', 'Oups ! Page introuvable', '/fr'],
  ['/insights/news', 'Oops! Page not found', '/'],
] as const) {
  test(`${path} is the 404 page, logging the path`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/404 Error: User attempted to access non-existent route/);
    // The host answers 404 for unknown paths; the app's request for its flags does not count.
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    await answeredCookies(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(
      page.getByRole('main').getByRole('link', { name: /return to home|retour à l’accueil/i }),
    ).toHaveAttribute('href', home);
    await expect.poll(() => consoleErrors.messages.some((m) => m.includes(path))).toBe(true);
  });
}

test('an unknown blog slug is the 404 page', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/non-existent route: \/insights\/blog\/no-such-post/);
  // The page asks for the published content of that slug, which does not exist.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
  await answeredCookies(page);
  await overrideFlags(page, ALL_PAGES_ON);
  await page.goto('/insights/blog/no-such-post');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
});
