/**
 * The simple admin page (docs/decisions/002-simple-admin-password-in-the-database.md)
 * against the real backend: the gate, the panel, a change that persists after
 * a reload (the password does not), the question before hiding something,
 * the reason, the history and its Undo (docs/decisions/033-safe-flag-toggles.md),
 * and axe. Serial: it switches flags (restored by setFlags).
 */
import type { Page } from '@playwright/test';
import { DEFAULT_SIMPLE_ADMIN_PASSWORD } from '../supabase/local/keys.ts';
import { flagNames } from '../src/lib/flags/defaults.ts';
import { apiAs } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

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
  await expect(page.getByRole('switch')).toHaveCount(flagNames.length);
  expect(await axeViolations(page)).toEqual([]);

  await solutions.click();
  await expect(solutions).toBeChecked();
  await expect(page.getByText('solutions is now on', { exact: true })).toBeVisible();

  // Recorded as a simple-admin change (docs/decisions/008-flag-changes-audited.md).
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

  // And the public site shows it, once the change is published (until then
  // the address is still the 404 page the last publish wrote).
  await expect.poll(async () => (await page.request.get('/solutions')).status(), { timeout: 30_000 }).toBe(200);
  await page.goto('/solutions');
  await expect(page).toHaveURL('/solutions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solutions');
});

test('switching off asks first and keeps the reason; the page shows the history and its Undo works', async ({
  page,
  setFlags,
  adminApi,
}) => {
  await setFlags({ our_process: true });
  const { data: before } = await adminApi.from('feature_flags').select('description').eq('name', 'contact').single();
  const original = before?.description ?? null;
  // A description changed in the portal is in the history this page shows too.
  await adminApi.from('feature_flags').update({ description: 'Write to us.' }).eq('name', 'contact');
  try {
    await page.goto('/simple-admin');
    await unlock(page);
    const history = page.getByRole('region', { name: 'Change History' });
    await expect(history.getByRole('listitem').first()).toContainText(`Description: “${original}” → “Write to us.”`);

    const process = page.getByRole('switch', { name: 'our_process' });
    await process.click();
    const question = page.getByRole('alertdialog', { name: 'Hide the Our Process section from the public site?' });
    expect(await axeViolations(page)).toEqual([]);
    await question.getByLabel('Reason (optional)').fill('Rewriting the steps');
    await question.getByRole('button', { name: 'Switch off' }).click();
    await expect(page.getByText('our_process is now off', { exact: true })).toBeVisible();
    await expect(process).not.toBeChecked();
    const latest = history.getByRole('listitem').first();
    await expect(latest).toContainText('On → Off');
    await expect(latest).toContainText('Reason: Rewriting the steps');
    await expect(latest).toContainText('Simple admin page');

    await latest.getByRole('button', { name: 'Undo' }).click();
    await page
      .getByRole('alertdialog', { name: 'Undo this change?' })
      .getByRole('button', { name: 'Undo change' })
      .click();
    await expect(page.getByText('Change undone: our_process is now on', { exact: true })).toBeVisible();
    await expect(process).toBeChecked();

    const { data } = await adminApi
      .from('feature_flag_changes')
      .select('id,flag_name,new_enabled,reason,source,undoes_change_id')
      .eq('flag_name', 'our_process')
      .order('id', { ascending: false })
      .limit(2);
    expect(data?.[1]).toMatchObject({ new_enabled: false, reason: 'Rewriting the steps', source: 'simple-admin' });
    expect(data?.[0]).toMatchObject({ new_enabled: true, source: 'simple-admin', undoes_change_id: data?.[1]?.id });
  } finally {
    await adminApi.from('feature_flags').update({ description: original }).eq('name', 'contact');
  }
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
  const { data: flag, error } = await adminApi
    .from('feature_flags')
    .select('id,enabled')
    .eq('name', 'founder')
    .single();
  // Without the flag the comparisons below would hold whatever anon could do.
  expect(error).toBeNull();
  expect(typeof flag?.enabled).toBe('boolean');
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
  const { data: after, error: afterError } = await adminApi
    .from('feature_flags')
    .select('enabled')
    .eq('name', 'founder')
    .single();
  expect(afterError).toBeNull();
  expect(after?.enabled).toBe(flag?.enabled);
});
