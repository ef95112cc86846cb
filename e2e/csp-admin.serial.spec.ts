/**
 * The admin portal's pages break no Content-Security-Policy rule (the public
 * routes are checked in csp.spec.ts), one test per page. Serial: it signs the
 * admin in through the browser, and another worker's admin sign-in would end
 * this one's first-step session. The admin signs in once; each page's test
 * opens with that session.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminSections } from '../src/features/admin-portal/admin-sections.ts';
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { recordViolations, violations, visit } from './support/csp.ts';
import { saveSignedInState } from './support/sign-in.ts';
import { expect, test } from './support/fixtures.ts';

const adminState = join(tmpdir(), `e2e-csp-admin-${process.pid}.json`);

test.beforeAll(async ({ browser }) => {
  await saveSignedInState(browser, 'admin', adminState, E2E_SITE_URL);
});

test.use({ storageState: adminState });

test.beforeEach(async ({ page }) => {
  await recordViolations(page);
});

for (const { slug: section } of adminSections) {
  test(`the admin portal's ${section} page breaks no policy`, async ({ page }) => {
    await visit(page, `/admin-portal/${section}`);
    await expect(page).toHaveURL(new RegExp(`/admin-portal/${section}$`));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await violations(page), section).toEqual([]);
  });
}
