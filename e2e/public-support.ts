/**
 * Helpers for the public-site specs: the public routes of the route table
 * (src/config/routes.ts) in both languages, and a way to see the flag-gated
 * pages without touching the shared backend (the flags answer is rewritten in
 * this page only).
 */
import { expect, type Page } from '@playwright/test';
import { ROUTES, localized, matchRoute } from '../src/config/routes.ts';
import type { FlagName } from '../src/lib/flags/defaults.ts';

/** A post that exists in both languages (a translation keeps its slug). */
export const TRANSLATED_SLUG = 'bringing-greek-olive-oil-to-canada';

/** A seeded product whose category and product slugs differ between the languages, with a public spec sheet. */
export const SAMPLE_PRODUCT = {
  en: { category: 'olive-oils', product: 'kalamata-pdo-extra-virgin-olive-oil-5-l' },
  fr: { category: 'huiles-d-olive', product: 'huile-d-olive-extra-vierge-kalamata-aop-5-l' },
} as const;

/** A real value for each `:param` of the table's patterns, in each language (slugs may differ). */
const SAMPLE_PARAMS: Record<'en' | 'fr', Record<string, string>> = {
  en: { slug: TRANSLATED_SLUG, ...SAMPLE_PRODUCT.en },
  fr: { slug: TRANSLATED_SLUG, ...SAMPLE_PRODUCT.fr },
};

function concrete(pattern: string, locale: 'en' | 'fr' = 'en'): string {
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[locale][name] ?? name);
  return locale === 'fr' ? localized(path, 'fr') : path;
}

/** The site's public pages (inside its header and footer), whoever opens them. */
const publicPages = ROUTES.filter((route) => route.access === 'public' && route.layout === 'site');

/** Routes that exist only while their flag is on: the English path, the French one, the flag. */
export const GATED_ROUTES = publicPages.flatMap((route) =>
  route.flag ? [{ path: concrete(route.path), fr: concrete(route.path, 'fr'), flag: route.flag }] : [],
);

/** Every public route in both languages (each in its own language's slugs). */
export const BOTH_LANGUAGES = publicPages.flatMap((route) => [concrete(route.path), concrete(route.path, 'fr')]);

/**
 * The server answers a flag-gated page by the flags it is published with (the
 * database's; docs/decisions/016-published-html-follows-live-flags.md): 404
 * while the flag is off there. A page whose flag this page turns on gets what
 * the site serves once that flag is published on: the SPA shell, with 200.
 */
export async function servePagesAsOn(page: Page, overrides: Partial<Record<string, boolean>>): Promise<void> {
  await page.route(
    (url) => {
      const flag = matchRoute(url.pathname)?.route.flag;
      return flag !== undefined && overrides[flag] === true;
    },
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      // Continued (not fulfilled), so the document still comes from the local server: Chromium lets
      // only such a page call the loopback backend.
      await route.continue({ url: new URL('/app-shell.html', route.request().url()).href });
    },
  );
}

/**
 * Answers this page's flag reads with every flag as in `overrides` (others as
 * the server says), and serves the pages those flags turn on (servePagesAsOn).
 */
export async function overrideFlags(page: Page, overrides: Partial<Record<string, boolean>>): Promise<void> {
  await servePagesAsOn(page, overrides);
  await page.route(/\/rest\/v1\/feature_flags\?/, async (route) => {
    const response = await route.fetch();
    const flags = (await response.json()) as { name: string; enabled: boolean }[];
    await route.fulfill({
      response,
      json: flags.map((flag) => (flag.name in overrides ? { ...flag, enabled: overrides[flag.name] } : flag)),
    });
  });
}

/** Every public page's flag on. */
export const ALL_PAGES_ON: Partial<Record<FlagName, boolean>> = Object.fromEntries(
  GATED_ROUTES.map((route) => [route.flag, true]),
);

/** The visitor has already answered the cookie banner, so it stays out of the way. */
export async function answeredCookies(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
}

/**
 * Waits until React has taken over the page (the page's own `app-hydrated`
 * mark, src/lib/hydration/early-clicks.tsx; a click on prerendered HTML
 * before that does nothing) and the flags have arrived (the navigation
 * changes with them).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('app-hydrated').length > 0);
  await page.waitForLoadState('networkidle');
}

/** The main heading each public page shows, in its language. */
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
  '/products': /^Our products$/,
  '/fr/products': /^Nos produits$/,
  '/products/olive-oils': /^Olive oils$/i,
  '/fr/products/huiles-d-olive': /^Huiles d’olive$/i,
  '/products/olive-oils/kalamata-pdo-extra-virgin-olive-oil-5-l': /^Kalamata PDO Extra Virgin Olive Oil/,
  '/fr/products/huiles-d-olive/huile-d-olive-extra-vierge-kalamata-aop-5-l': /^Huile d’olive extra vierge Kalamata AOP/,
};

/**
 * The page is the one asked for, in its language: one main heading with its
 * text (a page without an entry above, a new one, still needs a named
 * heading), its `lang`, the site's title, the main landmark and the footer.
 */
export async function expectPublicPage(page: Page, path: string): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveAccessibleName(EXPECTED_H1[path] ?? /\S/);
  await expect(page.locator('html')).toHaveAttribute('lang', path.startsWith('/fr') ? 'fr-CA' : 'en-CA');
  await expect(page).toHaveTitle(/Olea & Thyme Imports/);
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}
