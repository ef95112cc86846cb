import type { BrowserContext, Page } from '@playwright/test';

export type CookieConsent = 'accepted' | 'declined';

/**
 * The visitor answered the cookie banner before this test: every page of
 * `target` starts with that answer stored, unless the page has stored another
 * one since (a test may change its mind, then reload).
 */
export async function answerCookieBanner(target: Page | BrowserContext, answer: CookieConsent): Promise<void> {
  await target.addInitScript((value) => {
    if (window.localStorage.getItem('cookie-consent') === null) window.localStorage.setItem('cookie-consent', value);
  }, answer);
}
