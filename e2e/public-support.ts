/**
 * Helpers for the public-site specs (issue 3): the public routes in both
 * languages, and a way to see the flag-gated pages without touching the
 * shared backend (the flags answer is rewritten in this page only).
 */
import type { Page } from '@playwright/test';

/** A post that exists in both languages (a translation keeps its slug). */
export const TRANSLATED_SLUG = 'bringing-greek-olive-oil-to-canada';

/** Routes that exist with the default flags. */
export const DEFAULT_ROUTES = ['/', '/privacy', '/terms'] as const;

/** Routes that exist only while their flag is on (spec 2.2). */
export const GATED_ROUTES = [
  { path: '/insights/news', flag: 'insights' },
  { path: '/insights/blog', flag: 'insights' },
  { path: `/insights/blog/${TRANSLATED_SLUG}`, flag: 'insights' },
  { path: '/teams', flag: 'teams' },
  { path: '/partnerships', flag: 'partnerships' },
  { path: '/solutions', flag: 'solutions' },
] as const;

export const PUBLIC_ROUTES = [...DEFAULT_ROUTES, ...GATED_ROUTES.map((r) => r.path)];

export function french(path: string): string {
  return path === '/' ? '/fr' : `/fr${path}`;
}

/** Every public route in both languages. */
export const BOTH_LANGUAGES = PUBLIC_ROUTES.flatMap((path) => [path, french(path)]);

/** Answers this page's flag reads with every flag as in `overrides` (others as the server says). */
export async function overrideFlags(page: Page, overrides: Record<string, boolean>): Promise<void> {
  await page.route(/\/rest\/v1\/feature_flags\?/, async (route) => {
    const response = await route.fetch();
    const flags = (await response.json()) as { name: string; enabled: boolean }[];
    await route.fulfill({
      response,
      json: flags.map((flag) => (flag.name in overrides ? { ...flag, enabled: overrides[flag.name] } : flag)),
    });
  });
}

export const ALL_PAGES_ON = { insights: true, teams: true, partnerships: true, solutions: true };

/** The visitor has already answered the cookie banner, so it stays out of the way. */
export async function answeredCookies(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
}

/**
 * Waits until React has taken over the page (the navigation bar publishes its
 * height from an effect; a click on prerendered HTML before that does nothing)
 * and the flags have arrived (the navigation changes with them).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--header-height') !== '');
  await page.waitForLoadState('networkidle');
}
