/**
 * The chat widget (decision 011), against a build configured with
 * Tawk.to ids (scripts/lib/e2e-stacks.ts sets VITE_TAWK_PROPERTY_ID
 * and VITE_TAWK_WIDGET_ID); the embed itself is a stub served by page.route.
 * Serial: it signs the admin in through the browser, and a code verified by
 * another worker's admin sign-in ends this one's first-step session (GoTrue
 * keeps only the verified session of an account with a second factor).
 */
import type { Page } from '@playwright/test';
import { serveTawkStub, stubState } from './support/chat-widget-stub.ts';
import { signInAs } from './support/sign-in.ts';
import { expect, test } from './support/fixtures.ts';

const launcher = 'iframe[title="chat widget"]';

/** A client-side navigation, as a link inside the app would do. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test.describe('chat widget', () => {
  test('loads on public pages, hides with its launcher on the admin portal, and comes back on leaving', async ({
    page,
  }) => {
    const requested = await serveTawkStub(page);
    await page.goto('/');
    await expect(page.locator(launcher)).toBeVisible({ timeout: 10_000 });
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatch(/^https:\/\/embed\.tawk\.to\/[^/]+\/[^/]+$/);

    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin-portal\/dashboard$/, { timeout: 15_000 });
    await expect(page.locator(launcher)).toBeHidden();
    await expect.poll(async () => (await stubState(page))?.hideCalls ?? 0).toBeGreaterThan(0);

    // Tawk.to shows itself again (as it does after reconnecting): hidden again (every second, unit-tested).
    await page.locator('.widget-visible').evaluate((el: HTMLElement) => {
      el.style.display = 'block';
    });
    await expect(page.locator(launcher)).toBeHidden();

    // Still hidden on another admin page.
    await navigateInApp(page, '/admin-portal/sections');
    await expect(page.locator(launcher)).toBeHidden();
    await page.waitForTimeout(1_200);
    await expect(page.locator(launcher)).toBeHidden();

    await navigateInApp(page, '/');
    await expect(page.locator(launcher)).toBeVisible();
    expect((await stubState(page))?.showCalls).toBeGreaterThan(0);
    // Left alone on the public site, it stays visible.
    await page.waitForTimeout(1_200);
    await expect(page.locator(launcher)).toBeVisible();
  });

  test('is never loaded when the admin portal is opened directly', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin-portal\/dashboard$/, { timeout: 15_000 });
    const requested = await serveTawkStub(page);
    await page.goto('/admin-portal/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(3_500);
    expect(requested).toEqual([]);
    await expect(page.locator(launcher)).toHaveCount(0);
  });
});
