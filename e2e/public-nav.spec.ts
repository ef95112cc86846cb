/**
 * Navigation as a visitor uses it: the mobile menu at 375 px,
 * the insights dropdown by keyboard, the language switch round trip, anchor
 * scrolling, the bar turning solid, and the cookie banner.
 */
import { VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ALL_PAGES_ON, answeredCookies, hydrated, overrideFlags } from './public-support.ts';

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test('opens, offers every link with a collapsible insights submenu, and returns focus when closed', async ({
    page,
  }) => {
    await answeredCookies(page);
    await overrideFlags(page, ALL_PAGES_ON);
    await page.goto('/');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    // The desktop link row is not shown on a phone.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu).toBeVisible();
    for (const name of [
      'Home',
      'Our Story',
      'Products',
      'Solutions',
      'Teams',
      'Partnerships',
      'Services',
      'Contact',
      'Client Portal',
      'Français',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const insights = menu.getByRole('button', { name: 'Insights' });
    await expect(menu.getByRole('link', { name: 'News' })).toBeHidden();
    await insights.click();
    await expect(insights).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'News' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Blog' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(menu).toBeHidden();
  });

  test('is operable by keyboard alone and follows a link', async ({ page }) => {
    await answeredCookies(page);
    await overrideFlags(page, ALL_PAGES_ON);
    await page.goto('/fr');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Accueil' }),
    ).toBeFocused();
    // Through Accueil, Notre histoire, Produits, Solutions to Perspectives.
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    const insights = page.getByRole('button', { name: 'Perspectives' });
    await expect(insights).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Actualités' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/fr\/insights\/news$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Actualités');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes with its toggle and leaves the page usable', async ({ page }) => {
    await answeredCookies(page);
    await page.goto('/');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Explore our products' })).toBeVisible();
  });
});

test('the insights dropdown opens by keyboard and closes on Escape, returning focus', async ({ page }) => {
  await answeredCookies(page);
  await overrideFlags(page, ALL_PAGES_ON);
  await page.goto('/privacy');
  await hydrated(page);
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Insights' });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'News' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: 'Blog' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  await button.click();
  await nav.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/insights\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
});

test('the language switch goes to the same page in French and back, keeping query and hash', async ({ page }) => {
  await answeredCookies(page);
  await overrideFlags(page, ALL_PAGES_ON);
  await page.goto('/insights/news?category=partnership#main');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News');
  await page.getByRole('banner').getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr\/insights\/news\?category=partnership#main$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Actualités');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page.getByRole('link', { name: 'Partenariats', exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('news-card')).toHaveCount(1);

  await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/insights\/news\?category=partnership#main$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
});

test('the language switch in the footer works from the home page with a section anchor', async ({ page }) => {
  await answeredCookies(page);
  await page.goto('/#contact');
  await hydrated(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
});

test('section links scroll smoothly to their section, from home and from other pages', async ({ page }) => {
  await answeredCookies(page);
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
  // The section's heading lands below the sticky bar, not under it.
  await expect
    .poll(async () => {
      const bar = await page.getByRole('banner').boundingBox();
      const heading = await page.locator('#contact-heading').boundingBox();
      return bar && heading ? heading.y - (bar.y + bar.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  // The bar is solid once the page has scrolled.
  await expect(page.getByRole('banner')).toHaveAttribute('data-solid', 'true');

  await page.goto('/terms');

  await hydrated(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/#products$/);
  await expect(page.locator('#products')).toBeInViewport();
});

test('moving to another page starts at its top', async ({ page }) => {
  await answeredCookies(page);
  await page.goto('/');
  await hydrated(page);
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('banner')).toHaveAttribute('data-solid', 'false');
});

test.describe('cookie banner', () => {
  test('appears after a second, stores the answer and never returns', async ({ page }) => {
    const response = await page.goto('/');
    const banner = page.getByRole('region', { name: 'We value your privacy' });
    // Not at once: not in the page as it arrives, but a second after the page has loaded (timed in its unit test).
    expect(await response?.text()).not.toContain('cookie-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute('href', '/privacy');
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('declined');

    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(1500);
    await expect(banner).toBeHidden();
    await page.goto('/fr');
    await hydrated(page);
    await page.waitForTimeout(1500);
    await expect(page.getByRole('region', { name: 'Votre vie privée compte pour nous' })).toBeHidden();
  });

  test('in French, Accepter stores "accepted"', async ({ page }) => {
    await page.goto('/fr/terms');
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Votre vie privée compte pour nous' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Lire notre politique de confidentialité' })).toHaveAttribute(
      'href',
      '/fr/privacy',
    );
    await banner.getByRole('button', { name: 'Accepter' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');
  });

  test('is not shown while cookie_consent is off', async ({ page }) => {
    await overrideFlags(page, { cookie_consent: false });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });
});
