/**
 * The admin portal's pages break no Content-Security-Policy rule (the public
 * routes are checked in csp.spec.ts). Serial: it signs the admin in through
 * the browser, and another worker's admin sign-in would end this one's
 * first-step session.
 */
import { adminSections } from '../src/features/admin-portal/admin-sections.ts';
import { recordViolations, violations, visit } from './support/csp.ts';
import { signInAs } from './support/sign-in.ts';
import { expect, test } from './support/fixtures.ts';

test.beforeEach(async ({ page }) => {
  await recordViolations(page);
});

test('the admin portal breaks no policy on any of its pages', async ({ page }) => {
  // One sign-in and every section, each waited on until the network is idle.
  test.setTimeout(30_000 + adminSections.length * 8_000);
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin-portal\/dashboard$/);
  for (const { slug } of adminSections) {
    await visit(page, `/admin-portal/${slug}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await violations(page), slug).toEqual([]);
  }
});
