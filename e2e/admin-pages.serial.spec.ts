/**
 * Every admin-portal page, one test per page: it is served with the site's
 * Content-Security-Policy and breaks none of its rules (the public routes are
 * checked in csp.spec.ts), it fits a phone, a tablet and a desktop without
 * sideways scrolling, axe finds nothing, and no loading placeholder is left
 * once the page has its data. Each page is opened at a phone's width and then
 * widened (support/widths.ts). The sidebar collapsed to icons is the same on
 * every page: axe checks it on the dashboard. The admin signs in once through
 * the browser; each test opens with that session. Serial: another worker's
 * admin sign-in would end this one's first-step session.
 */
import { adminSections } from '../src/features/admin-portal/layout/admin-sections.ts';
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { axeViolations } from './support/axe.ts';
import { expectPolicy, recordViolations, violations } from './support/csp.ts';
import { saveSignedInState, signedInStateFile } from './support/sign-in.ts';
import { atEveryWidth, expectNoSidewaysScroll } from './support/widths.ts';
import { expect, test } from './support/fixtures.ts';

const adminState = signedInStateFile('admin-pages');

test.use({ cookieConsent: 'declined', storageState: adminState });

test.beforeAll(async ({ browser }) => {
  await saveSignedInState(browser, 'admin', adminState, E2E_SITE_URL);
});

test.beforeEach(async ({ page }) => {
  await recordViolations(page);
});

for (const { slug: section } of adminSections) {
  test(`the ${section} page breaks no policy, fits every width, with nothing for axe to report`, async ({ page }) => {
    // Three widths and three or four axe runs on one page: about 20 s on a loaded 2-core machine.
    test.slow();
    const open = async () => {
      expectPolicy(await page.goto(`/admin-portal/${section}`));
      await expect(page).toHaveURL(new RegExp(`/admin-portal/${section}$`));
    };
    await atEveryWidth(page, open, async (width) => {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Every loading placeholder has gone, and the live-site status has its answer.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      const where = `${section} at ${width} px`;
      await expectNoSidewaysScroll(page, where);
      expect(await axeViolations(page), where).toEqual([]);
      expect(await violations(page), `${where}: policy violations`).toEqual([]);
    });
    if (section !== 'dashboard') return;
    // On the desktop, with the sidebar collapsed to icons.
    const sidebar = page.locator('#admin-sidebar');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(await axeViolations(page), `${section}, sidebar collapsed`).toEqual([]);
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  });
}
