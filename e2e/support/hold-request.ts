/**
 * Holds the responses to requests matching `pattern` until the test lets them
 * go, so a test orders events ("this press happened before the application
 * arrived", "this file was asked for while the application was on its way")
 * instead of racing a timer. `requested` resolves with the first matching
 * request; `release()` lets every held and later request through.
 */
import type { Page, Request } from '@playwright/test';

export type HeldRequests = {
  /** Resolves when the first matching request is made (and is being held). */
  requested: Promise<Request>;
  /** Lets every held request (and any later one) through. */
  release: () => void;
};

export async function holdRequests(page: Page, pattern: RegExp): Promise<HeldRequests> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: (request: Request) => void;
  const requested = new Promise<Request>((resolve) => (seen = resolve));
  await page.route(pattern, async (route) => {
    seen(route.request());
    await released;
    await route.continue();
  });
  return { requested, release };
}
