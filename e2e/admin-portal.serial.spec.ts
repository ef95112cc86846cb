/**
 * The admin portal (docs/decisions/001-sign-in.md, 008-flag-changes-audited.md)
 * against the real build and backend:
 * navigation, the sidebar (keyboard collapse, cookie after reload, phone
 * sheet), toggles that change the public site, the question before hiding
 * something and its reason, Enable All, the change history with Undo (of an
 * undo too, and of a description change), a failed toggle rolled back, and
 * axe (docs/decisions/033-safe-flag-toggles.md). Serial: it changes flags
 * (restored by setFlags) and reads the shared change history.
 */
import type { Page } from '@playwright/test';
import { adminSections } from '../src/features/admin-portal/layout/admin-sections.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { signInAs } from './support/sign-in.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ cookieConsent: 'declined' });

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL('/admin-portal/dashboard');
});

const sidebar = (page: Page) => page.locator('#admin-sidebar');

/** A client-side navigation in the same tab (what a link would do), keeping the app's caches. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('navigates every section from the sidebar, marking the current one', async ({ page }) => {
  await page.goto('/admin-portal');
  await expect(page).toHaveURL('/admin-portal/dashboard');
  const nav = page.getByRole('navigation', { name: 'Admin Portal' });
  // Every row of the table, starting after the dashboard (where the page opens) and ending on it.
  const [dashboard, ...others] = adminSections;
  expect(dashboard?.slug).toBe('dashboard');
  for (const { slug, label } of [...others, dashboard!]) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(`/admin-portal/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    // Every section has its own page today (the unit tests cover a row without one).
    await expect(page.getByRole('heading', { name: 'Coming Soon' })).toHaveCount(0);
  }
  const quick = adminSections.find((row) => row.quickAction);
  await page.getByRole('link', { name: quick?.quickAction }).click();
  await expect(page).toHaveURL(`/admin-portal/${quick?.slug}`);
});

test('Ctrl+B collapses the sidebar to icons; the cookie keeps it collapsed after a reload', async ({
  page,
  context,
}) => {
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  expect((await sidebar(page).boundingBox())?.width).toBeCloseTo(256, 0);
  // Its column (background and border) runs the page's full height, however long the page.
  await expect(page.getByTestId('stat-value').first()).toBeVisible();
  const heights = await page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    column: document.getElementById('admin-sidebar')?.getBoundingClientRect().height ?? 0,
    viewport: window.innerHeight,
  }));
  expect(heights.page).toBeGreaterThan(heights.viewport);
  expect(heights.column).toBe(heights.page);
  await page.keyboard.press('Control+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
  await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBeCloseTo(48, 0);
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  // Kept for 7 days.
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120);

  await page.reload();
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
  // Collapsed, the links still work and keep their names.
  await sidebar(page).getByRole('link', { name: 'Feature Flags' }).click();
  await expect(page).toHaveURL('/admin-portal/feature-flags');
  await page.keyboard.press('Meta+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
});

test('on a phone the sidebar is an 18rem sheet', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await expect(sidebar(page)).toBeHidden();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  const sheet = page.getByRole('dialog', { name: 'Admin Portal' });
  await expect(sheet).toBeVisible();
  expect((await sheet.boundingBox())?.width).toBeCloseTo(288, 0);
  expect(await axeViolations(page)).toEqual([]);
  await sheet.getByRole('link', { name: 'Sections & Features' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Sections & Features' })).toBeVisible();
});

test('a toggle changes the public site in the same tab, and the change history says who', async ({
  page,
  setFlags,
}) => {
  await setFlags({ teams: false });
  await page.goto('/admin-portal/sections');
  const teams = page.getByRole('switch', { name: 'teams' });
  await expect(teams).not.toBeChecked();
  await teams.click();
  await expect(teams).toBeChecked();
  await expect(page.getByText('teams is now on', { exact: true })).toBeVisible();

  // Without a reload, the public site now has a Teams page: the lazily loaded
  // page itself renders (not the portal's heading left over from before).
  await navigateInApp(page, '/teams');
  await expect(page).toHaveURL('/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Our team' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  await page.goto('/admin-portal/feature-flags');
  const history = page.getByRole('region', { name: 'Change History' });
  const latest = history.getByRole('listitem').first();
  await expect(latest).toContainText('teams');
  await expect(latest).toContainText('Off → On');
  await expect(latest).toContainText('admin@example.com');

  // Switching it off asks first, naming the page in plain words.
  await page.getByRole('switch', { name: 'teams' }).click();
  const question = page.getByRole('alertdialog', { name: 'Hide the Teams page from the public site?' });
  await question.getByLabel('Reason (optional)').fill('Photos not ready');
  await question.getByRole('button', { name: 'Switch off' }).click();
  await expect(page.getByText('teams is now off', { exact: true })).toBeVisible();
  await expect(history.getByRole('listitem').first()).toContainText('On → Off');
  await expect(history.getByRole('listitem').first()).toContainText('Reason: Photos not ready');
});

test('switching off asks first; Undo restores it with a reason, and an undo can be undone', async ({
  page,
  setFlags,
  adminApi,
}) => {
  await setFlags({ founder: true });
  await page.goto('/admin-portal/feature-flags');
  const founder = page.getByRole('switch', { name: 'founder' });
  await founder.click();
  const question = page.getByRole('alertdialog', { name: 'Hide the Founder section from the public site?' });
  await expect(question).toContainText('The founder section leaves the home page.');
  expect(await axeViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(founder).toBeChecked();

  await founder.click();
  await question.getByLabel('Reason (optional)').fill('Portrait being replaced');
  await question.getByRole('button', { name: 'Switch off' }).click();
  await expect(page.getByText('founder is now off', { exact: true })).toBeVisible();
  await expect(founder).not.toBeChecked();
  const latest = page.getByRole('region', { name: 'Change History' }).getByRole('listitem').first();
  await expect(latest).toContainText('On → Off');
  await expect(latest).toContainText('Reason: Portrait being replaced');

  await latest.getByRole('button', { name: 'Undo' }).click();
  const undo = page.getByRole('alertdialog', { name: 'Undo this change?' });
  await expect(undo).toContainText('Founder goes back to On.');
  await undo.getByLabel('Reason (optional)').fill('Keep the old one for now');
  await undo.getByRole('button', { name: 'Undo change' }).click();
  await expect(page.getByText('Change undone: founder is now on', { exact: true })).toBeVisible();
  await expect(founder).toBeChecked();
  await expect(latest).toContainText('Off → On');
  await expect(latest).toContainText('Reason: Keep the old one for now');

  const { data } = await adminApi
    .from('feature_flag_changes')
    .select('id,new_enabled,reason,undoes_change_id,changed_by_email')
    .eq('flag_name', 'founder')
    .order('id', { ascending: false })
    .limit(2);
  expect(data?.[0]).toEqual({
    id: expect.any(Number),
    new_enabled: true,
    reason: 'Keep the old one for now',
    undoes_change_id: data?.[1]?.id,
    changed_by_email: 'admin@example.com',
  });

  // Undo of the undo: off again, after the same question.
  await latest.getByRole('button', { name: 'Undo' }).click();
  await expect(undo).toContainText('this hides the Founder section from the public site');
  await undo.getByRole('button', { name: 'Undo change' }).click();
  await expect(page.getByText('Change undone: founder is now off', { exact: true })).toBeVisible();
  await expect(founder).not.toBeChecked();
});

test('a change of description is in the history, and Undo restores it', async ({ page, adminApi }) => {
  const { data: before } = await adminApi.from('feature_flags').select('description').eq('name', 'services').single();
  const original = before?.description ?? null;
  await adminApi.from('feature_flags').update({ description: 'What we do for your brand.' }).eq('name', 'services');
  try {
    await page.goto('/admin-portal/feature-flags');
    const latest = page.getByRole('region', { name: 'Change History' }).getByRole('listitem').first();
    await expect(latest).toContainText(`Description: “${original}” → “What we do for your brand.”`);
    await expect(latest).toContainText('admin@example.com');
    await latest.getByRole('button', { name: 'Undo' }).click();
    await page
      .getByRole('alertdialog', { name: 'Undo this change?' })
      .getByRole('button', { name: 'Undo change' })
      .click();
    await expect(page.getByText('Change undone: the description of services is back', { exact: true })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'services' })).toHaveAccessibleDescription(
      new RegExp(original ?? ''),
    );
  } finally {
    await adminApi.from('feature_flags').update({ description: original }).eq('name', 'services');
  }
});

test('Enable All switches on only the flags of its group that are off', async ({ page, setFlags, adminApi }) => {
  await setFlags({ insights: false, teams: false, partnerships: true, solutions: false, hero_section: false });
  const before = await adminApi.from('feature_flag_changes').select('id').order('id', { ascending: false }).limit(1);
  const lastId = before.data?.[0]?.id ?? 0;
  await page.goto('/admin-portal/sections');
  await page.getByRole('button', { name: 'Enable All Navigation' }).click();
  await expect(page.getByText('3 flags turned on', { exact: true })).toBeVisible();
  for (const name of ['insights', 'teams', 'partnerships', 'solutions']) {
    await expect(page.getByRole('switch', { name })).toBeChecked();
  }
  await expect(page.getByRole('button', { name: 'Enable All Navigation' })).toBeDisabled();
  // Another group is untouched.
  await expect(page.getByRole('switch', { name: 'hero_section' })).not.toBeChecked();

  const { data, error } = await adminApi
    .from('feature_flags')
    .select('name,enabled')
    .in('name', ['insights', 'teams', 'solutions', 'hero_section']);
  expect(error).toBeNull();
  expect(Object.fromEntries((data ?? []).map((f) => [f.name, f.enabled]))).toEqual({
    insights: true,
    teams: true,
    solutions: true,
    hero_section: false,
  });
  // Exactly the three that were off changed, each switched on, by this admin.
  const changes = await adminApi
    .from('feature_flag_changes')
    .select('flag_name,old_enabled,new_enabled,changed_by_email')
    .gt('id', lastId)
    .order('flag_name');
  expect(changes.data).toEqual(
    ['insights', 'solutions', 'teams'].map((flag_name) => ({
      flag_name,
      old_enabled: false,
      new_enabled: true,
      changed_by_email: 'admin@example.com',
    })),
  );
});

test('a toggle the server refuses is rolled back and reported', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Feature flag update failed|Failed to load resource/);
  await page.goto('/admin-portal/sections');
  const products = page.getByRole('switch', { name: 'products' });
  await expect(products).toBeChecked();
  await page.route('**/rest/v1/rpc/set_feature_flag', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"code":"XX000","message":"simulated outage"}',
        })
      : route.continue(),
  );
  await products.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Switch off' }).click();
  await expect(page.getByText('Could not turn off products', { exact: true })).toBeVisible();
  await expect(page.getByText('simulated outage', { exact: true })).toBeVisible();
  await expect(products).toBeChecked();
  expect(consoleErrors.messages.some((m) => /Feature flag update failed/.test(m))).toBe(true);
});

test('Logout signs out and returns to /admin/login', async ({ page }) => {
  await sidebar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/admin/login');
  await page.goto('/admin-portal/dashboard');
  await expect(page).toHaveURL('/admin/login?from=%2Fadmin-portal%2Fdashboard');
});
