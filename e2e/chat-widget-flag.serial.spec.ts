/** tawk_chat off (decisions 003, 011): the widget is not loaded at all. Serial: it switches a flag. */
import { serveTawkStub } from './support/chat-widget-stub.ts';
import { expect, test } from './support/fixtures.ts';

test('the chat widget is not loaded while tawk_chat is off', async ({ page, setFlags }) => {
  await setFlags({ tawk_chat: false });
  const requested = await serveTawkStub(page);
  await page.goto('/fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Longer than the idle-callback bound (3 s) after which the loader would run.
  await page.waitForTimeout(3_500);
  expect(requested).toEqual([]);
  await expect(page.locator('iframe[title="chat widget"]')).toHaveCount(0);
});
