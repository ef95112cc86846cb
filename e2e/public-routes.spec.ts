/**
 * Every public route renders its page in both languages, with its own title
 * and language, and no console error (the fixture fails on any). The
 * flag-gated pages are seen through a page-local flags answer; the real
 * switch through the backend is public-flags.serial.spec.ts.
 */
import { expect, test } from './support/fixtures.ts';
import { defaultFlags, homeSections } from '../src/lib/flags/defaults.ts';
import { ALL_PAGES_ON, answeredCookies, BOTH_LANGUAGES, overrideFlags } from './public-support.ts';

const EXPECTED_H1: Record<string, RegExp> = {
  '/': /your Mediterranean brand across North America/,
  '/fr': /votre marque méditerranéenne en Amérique du Nord/,
  '/privacy': /^Privacy Policy$/,
  '/fr/privacy': /^Politique de confidentialité$/,
  '/terms': /^Terms of Use$/,
  '/fr/terms': /^Conditions d’utilisation$/,
  '/insights/news': /^News$/,
  '/fr/insights/news': /^Actualités$/,
  '/insights/blog': /^Blog$/,
  '/fr/insights/blog': /^Blogue$/,
  '/insights/blog/bringing-greek-olive-oil-to-canada': /^Bringing a Greek olive oil to Canada/,
  '/fr/insights/blog/bringing-greek-olive-oil-to-canada': /^Faire connaître une huile d’olive grecque au Canada/,
  '/teams': /^Our team$/,
  '/fr/teams': /^Notre équipe$/,
  '/partnerships': /^Partnerships$/,
  '/fr/partnerships': /^Partenariats$/,
  '/solutions': /^Solutions$/,
  '/fr/solutions': /^Solutions$/,
};

for (const path of BOTH_LANGUAGES) {
  test(`${path} renders its main heading in its language`, async ({ page }) => {
    await answeredCookies(page);
    await overrideFlags(page, ALL_PAGES_ON);
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveCount(1);
    // A page without an entry here (a new one) still needs a named main heading.
    await expect(h1).toHaveAccessibleName(EXPECTED_H1[path] ?? /\S/);
    const french = path.startsWith('/fr');
    await expect(page.locator('html')).toHaveAttribute('lang', french ? 'fr-CA' : 'en-CA');
    await expect(page).toHaveTitle(/Olea & Thyme Imports/);
    await expect(page.locator('main#main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
}

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

test('the hero keyword rotates every 2.5 s', async ({ page }) => {
  await answeredCookies(page);
  await page.goto('/fr');
  const keyword = page.getByTestId('hero-keyword');
  await expect(keyword).toHaveText('Importer');
  await expect(keyword).toHaveText('Lancer', { timeout: 4000 });
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
  await answeredCookies(page);
  await overrideFlags(page, ALL_PAGES_ON);
  await page.goto('/insights/blog/no-such-post');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
});
