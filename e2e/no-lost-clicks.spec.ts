/**
 * No press is lost while a prerendered page loads its application
 * (docs/decisions/100-no-lost-clicks-before-hydration.md), on the phone
 * profile (4× CPU slowdown, 1.6 Mbit/s, 150 ms) where hydration takes
 * longest: a control pressed as soon as the HTML is parsed does what it does
 * later, with that one press. And the contact form's code is not fetched
 * until the visitor comes near the form or touches it
 * (docs/decisions/101-contact-form-code-loads-on-approach.md).
 */
import type { Page, Request } from '@playwright/test';
import { bundleReportPath, readBundleReport } from '../scripts/lib/budgets.ts';
import { applyPhoneProfile } from '../scripts/lib/phone-profile.ts';
import { expect, test } from './support/fixtures.ts';
import { holdRequests } from './support/hold-request.ts';

test.describe.configure({ timeout: 90_000 });
// The cookie banner answered, so nothing covers the controls.
test.use({ cookieConsent: 'declined' });

async function phone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await applyPhoneProfile(cdp);
}

/** Whether the test's one press landed before the page had hydrated. */
const pressedEarly = (page: Page) =>
  page.evaluate(() => JSON.stringify((window as { __presses?: boolean[] }).__presses) === '[true]');

const hydrated = (page: Page) => page.evaluate(() => Boolean((window as { __hydrated?: boolean }).__hydrated));

/**
 * Opens `path` on the phone profile and returns once the HTML is parsed, with
 * the application held back: nothing of it runs until the test calls
 * `release()`, after its press, so the press certainly comes before React is
 * there at all (React replays presses itself once hydration has started, but
 * not before).
 */
async function openEarly(page: Page, path: string): Promise<{ release: () => void }> {
  await phone(page);
  // Whether the press landed before the page had hydrated, or this test proves nothing.
  await page.addInitScript(() => {
    const w = window as { __hydrated?: boolean; __presses?: boolean[] };
    w.__presses = [];
    // Trusted presses only (the replay is the page's own, untrusted click).
    document.addEventListener('click', (event) => event.isTrusted && w.__presses?.push(!w.__hydrated), true);
  });
  // The application chunk is named by vite.config.ts.
  const application = await holdRequests(page, /\/assets\/app-[^/]+\.js$/);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  expect(await hydrated(page), 'the page must not have hydrated yet, or this test proves nothing').toBe(false);
  return application;
}

const loginTexts = {
  en: {
    path: '/client/login',
    requestIt: 'Request it here',
    requestHeading: 'Request B2B access',
    forgot: 'Forgot your password?',
    forgotHeading: 'Reset your password',
  },
  fr: {
    path: '/fr/client/login',
    requestIt: 'Faites-en la demande ici',
    requestHeading: 'Demander un accès B2B',
    forgot: 'Mot de passe oublié\u00a0?',
    forgotHeading: 'Réinitialiser votre mot de passe',
  },
} as const;

for (const t of Object.values(loginTexts)) {
  test(`${t.path}: "${t.requestIt}" pressed before hydration opens the request form with that one press`, async ({
    page,
  }) => {
    const { release } = await openEarly(page, t.path);
    await page.getByRole('button', { name: t.requestIt }).click();
    release();
    await expect(page.getByRole('heading', { level: 1, name: t.requestHeading })).toBeVisible({ timeout: 30_000 });
    expect(await pressedEarly(page)).toBe(true);
  });

  test(`${t.path}: "${t.forgot}" pressed before hydration opens the reset form with that one press`, async ({
    page,
  }) => {
    const { release } = await openEarly(page, t.path);
    await page.getByRole('button', { name: t.forgot }).click();
    release();
    await expect(page.getByRole('heading', { name: t.forgotHeading })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('forgot-password')).toBeVisible();
    expect(await pressedEarly(page)).toBe(true);
  });
}

test.describe('home page on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu button tapped at first paint opens the menu', async ({ page }) => {
    const { release } = await openEarly(page, '/');
    const button = page.locator('header').getByRole('button', { name: 'Menu' });
    // A tap where the button is painted, without waiting for it to settle (its header animates in).
    const box = await button.boundingBox();
    if (!box) throw new Error('The menu button is not painted.');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    release();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 30_000 });
    await expect(page.locator('header').getByRole('link', { name: 'Contact' }).first()).toBeVisible();
    expect(await pressedEarly(page)).toBe(true);
  });
});

/** Whether a request fetches the contact form's code (chunks holding lead-form modules, zod or react-hook-form). */
function formCodeMatcher(): (request: Request) => boolean {
  const report = readBundleReport(bundleReportPath(process.env.E2E_DIST || 'dist'));
  if (!report) throw new Error('No bundle report for the e2e build: build it first.');
  const formChunks = Object.entries(report.chunks)
    .filter(([, modules]) =>
      modules.some((m) => /src\/features\/lead-forms\/|node_modules\/(zod|react-hook-form|@hookform)\//.test(m)),
    )
    .map(([file]) => `/${file}`);
  expect(formChunks.length).toBeGreaterThan(0);
  return (request) => formChunks.some((file) => new URL(request.url()).pathname === file);
}

/** Opens the home page on the phone profile until it has hydrated; returns the form-code URLs requested, as they come. */
async function openHomeWatchingFormCode(page: Page): Promise<string[]> {
  const isFormCode = formCodeMatcher();
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (isFormCode(request)) fetched.push(request.url());
  });
  await phone(page);
  await page.goto('/');
  await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
  return fetched;
}

test('the contact form code is fetched only when the visitor scrolls near the form', async ({ page }) => {
  const fetched = await openHomeWatchingFormCode(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  expect(fetched, 'form code fetched before the visitor came near the form').toEqual([]);
  // The prerendered form is on the page all along.
  const form = page.locator('#contact form');
  await expect(form).toHaveCount(1);

  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect.poll(() => fetched.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled({ timeout: 30_000 });
});

test('typing into the prerendered contact form starts its code, and the typed value survives the takeover', async ({
  page,
}) => {
  const fetched = await openHomeWatchingFormCode(page);
  expect(fetched).toEqual([]);
  // Straight to the field by keyboard focus, without scrolling near first.
  const firstName = page.locator('#contact form').getByLabel(/^First name/);
  await firstName.focus();
  await expect.poll(() => fetched.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await firstName.pressSequentially('Early');
  const submit = page.locator('#contact form').getByRole('button', { name: 'Send message' });
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await expect(firstName).toHaveValue('Early');
  await firstName.pressSequentially(' Bird');
  await expect(firstName).toHaveValue('Early Bird');
});

test('a section link on the home page still scrolls while the contact form has not loaded (a navigation brings its code)', async ({
  page,
}) => {
  await page.goto('/');
  await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/#products$/);
  await expect(page.locator('#products')).toBeInViewport();
});
