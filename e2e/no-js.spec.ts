/**
 * A visitor whose browser runs no JavaScript (or whose scripts fail to load)
 * still gets each prerendered page's content, in its language, with working
 * links between the pages.
 */
import { prerenderTargets } from '../scripts/lib/site-routes.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ javaScriptEnabled: false });

const pages = prerenderTargets().filter((target) => !target.notFound);

for (const target of pages) {
  test(`${target.url} shows its content without JavaScript`, async ({ page }) => {
    const response = await page.goto(target.url);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', target.locale === 'fr' ? 'fr-CA' : 'en-CA');
    await expect(page).toHaveTitle(/\S/);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    expect((await heading.innerText()).trim().length).toBeGreaterThan(0);
    // Real content, not a skeleton waiting for scripts.
    expect(await page.locator('[aria-busy="true"], [role="status"][aria-label]').count()).toBe(0);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ').trim();
    expect(text.length).toBeGreaterThan(80);
  });
}

test('the home page carries its sections and working links without JavaScript', async ({ page }) => {
  await page.goto('/');
  const main = page.locator('main');
  for (const id of ['products', 'services', 'contact']) {
    await expect(main.locator(`#${id}`)).toBeAttached();
  }
  // Navigating by plain links works: the footer's privacy link leads to the prerendered policy.
  await page.locator('footer a[href="/privacy"]').first().click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the French home page is in French without JavaScript', async ({ page }) => {
  await page.goto('/fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.locator('footer a[href="/fr/privacy"]').first()).toBeAttached();
});

for (const [path, heading, lang] of [
  ['/no-such-page', 'Oops! Page not found', 'en-CA'],
  ['/fr/page-inexistante', 'Oups ! Page introuvable', 'fr-CA'],
] as const) {
  test(`an unknown path answers 404 with the ${lang} 404 page, without JavaScript`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404/);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('link', { name: /home|accueil/i }).first()).toBeVisible();
  });
}
