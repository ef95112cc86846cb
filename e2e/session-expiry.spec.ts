/**
 * Staying signed in past the access token's lifetime. scripts/run-e2e.ts runs
 * it beside the other specs, on a stack of its own whose backend's tokens
 * expire after 15 s (LOCAL_JWT_EXPIRY=15): supabase-js must refresh, not sign
 * out.
 */
import { signInAs } from './support/sign-in.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ cookieConsent: 'declined' });

test('an admin stays signed in after the access token expires, and data still loads @expiry', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'admin');
  await expect(page).toHaveURL('/admin-portal/dashboard');
  const firstToken = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return key
      ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string; expires_in?: number })
      : null;
  });
  // Guard against a backend that ignored LOCAL_JWT_EXPIRY: this test would prove nothing.
  expect(firstToken?.expires_in).toBeLessThanOrEqual(15);

  await page.waitForTimeout(17_000);
  await page.goto('/admin-portal/feature-flags');
  await expect(page).toHaveURL('/admin-portal/feature-flags');
  await expect(page.getByRole('switch', { name: 'insights' })).toBeVisible();
  // The change history is admin-only (RLS): it loads only with a valid, refreshed token.
  const history = page.getByRole('region', { name: 'Change History' });
  await expect(history.getByRole('alert')).toHaveCount(0);
  await expect(history.getByText(/No changes recorded yet|→/).first()).toBeVisible();

  await page.waitForTimeout(17_000);
  await page.reload();
  await expect(page).toHaveURL('/admin-portal/feature-flags');
  await expect(page.getByRole('switch', { name: 'insights' })).toBeVisible();
  await expect(history.getByRole('alert')).toHaveCount(0);
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : null;
  });
  expect(token).toBeTruthy();
  expect(token).not.toBe(firstToken?.access_token);
});
