/**
 * The simple admin page (spec 2.7, D2) against the real backend: the gate,
 * the panel, a change that persists after a reload (the password does not),
 * and axe. Serial: it switches a flag (restored by setFlags).
 */
import type { Page } from '@playwright/test';
import { DEFAULT_SIMPLE_ADMIN_PASSWORD } from '../supabase/local/keys.ts';
import { apiAs, axeViolations, expect, test } from './fixtures.ts';

const password = process.env.SIMPLE_ADMIN_PASSWORD || DEFAULT_SIMPLE_ADMIN_PASSWORD;

async function unlock(page: Page, value = password) {
  await page.getByLabel('Password', { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

test('a wrong password is refused with "Incorrect password."', async ({ page }) => {
  await page.goto('/simple-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Simple Admin' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await unlock(page, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect password.');
  await expect(page.getByRole('switch')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('the right password opens the panel; a change persists after reload, the password does not', async ({
  page,
  setFlags,
  adminApi,
}) => {
  await setFlags({ solutions: false });
  await page.goto('/simple-admin');
  await unlock(page);
  const solutions = page.getByRole('switch', { name: 'solutions' });
  await expect(solutions).not.toBeChecked();
  await expect(page.getByRole('switch')).toHaveCount(18);
  expect(await axeViolations(page)).toEqual([]);

  await solutions.click();
  await expect(solutions).toBeChecked();
  await expect(page.getByText('solutions is now on', { exact: true })).toBeVisible();

  // Recorded as a simple-admin change (D8).
  const { data } = await adminApi
    .from('feature_flag_changes')
    .select('flag_name,new_enabled,source,changed_by_email')
    .order('id', { ascending: false })
    .limit(1)
    .single();
  expect(data).toEqual({
    flag_name: 'solutions',
    new_enabled: true,
    source: 'simple-admin',
    changed_by_email: 'simple-admin',
  });

  // The password lives only in the page's memory.
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
  );
  expect(stored).not.toContain(password);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
  await unlock(page);
  await expect(page.getByRole('switch', { name: 'solutions' })).toBeChecked();

  // And the public site shows it.
  await page.goto('/solutions');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Oops/);
});

test('logout returns to the locked gate', async ({ page }) => {
  await page.goto('/simple-admin');
  await unlock(page);
  await expect(page.getByRole('switch').first()).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByRole('switch')).toHaveCount(0);
});

test('anonymous visitors cannot change flags without the page (RLS), and the RPC refuses a wrong password', async ({
  adminApi,
}) => {
  const anon = await apiAs('anon');
  const { data: flag } = await adminApi.from('feature_flags').select('id,enabled').eq('name', 'founder').single();
  const update = await anon
    .from('feature_flags')
    .update({ enabled: !flag?.enabled })
    .eq('id', flag?.id ?? '')
    .select();
  expect(update.data ?? []).toEqual([]);
  const refused = await anon.rpc('simple_admin_set_flag', {
    password: 'wrong-password',
    flag_id: flag?.id ?? '',
    enabled: !flag?.enabled,
  });
  expect(refused.data).toBe(false);
  const { data: after } = await adminApi.from('feature_flags').select('enabled').eq('name', 'founder').single();
  expect(after?.enabled).toBe(flag?.enabled);
});
