/**
 * The admin portal (spec 2.8, D1, D8) against the real build and backend:
 * navigation, the sidebar (keyboard collapse, cookie after reload, phone
 * sheet), toggles that change the public site, Enable All, the change
 * history, a failed toggle rolled back, and axe. Serial: it changes flags
 * (restored by setFlags) and reads the shared change history.
 */
import type { Page } from '@playwright/test';
import { axeViolations, expect, test, VIEWPORTS } from './fixtures.ts';

test.beforeEach(async ({ page, signInAs }) => {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
  await signInAs('admin');
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
  const sections: [string, string, string][] = [
    ['Sections & Features', '/admin-portal/sections', 'Sections & Features'],
    ['Feature Flags', '/admin-portal/feature-flags', 'Feature Flags'],
    ['Users', '/admin-portal/users', 'Users'],
    ['Companies', '/admin-portal/companies', 'Companies'],
    ['Content', '/admin-portal/content', 'Content'],
    ['Analytics', '/admin-portal/analytics', 'Analytics'],
    ['Settings', '/admin-portal/settings', 'Settings'],
    ['Notifications', '/admin-portal/notifications', 'Notifications'],
    ['Dashboard', '/admin-portal/dashboard', 'Dashboard'],
  ];
  for (const [link, url, heading] of sections) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    if (!['Dashboard', 'Sections & Features', 'Feature Flags'].includes(link)) {
      await expect(page.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
    }
  }
  await page.getByRole('link', { name: 'Manage Sections' }).click();
  await expect(page).toHaveURL('/admin-portal/sections');
});

test('Ctrl+B collapses the sidebar to icons; the cookie keeps it collapsed after a reload', async ({
  page,
  context,
}) => {
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  expect((await sidebar(page).boundingBox())?.width).toBeCloseTo(256, 0);
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

  // Without a reload, the public site now has a Teams page.
  await navigateInApp(page, '/teams');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Oops! Page not found/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/admin-portal/feature-flags');
  const history = page.getByRole('region', { name: 'Change History' });
  const latest = history.getByRole('listitem').first();
  await expect(latest).toContainText('teams');
  await expect(latest).toContainText('Off → On');
  await expect(latest).toContainText('admin@example.com');

  await page.getByRole('switch', { name: 'teams' }).click();
  await expect(page.getByText('teams is now off', { exact: true })).toBeVisible();
  await expect(history.getByRole('listitem').first()).toContainText('On → Off');
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
  await page.route('**/rest/v1/feature_flags?**', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"code":"XX000","message":"simulated outage"}',
        })
      : route.continue(),
  );
  await products.click();
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

test('axe finds nothing on the portal pages, expanded and collapsed', async ({ page }) => {
  for (const path of [
    '/admin-portal/dashboard',
    '/admin-portal/sections',
    '/admin-portal/feature-flags',
    '/admin-portal/users',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await axeViolations(page), path).toEqual([]);
  }
  await page.keyboard.press('Control+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
  expect(await axeViolations(page), 'collapsed').toEqual([]);
  await page.keyboard.press('Control+b');
});
