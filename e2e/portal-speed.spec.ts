/**
 * Signed-in pages start their data with the page
 * (docs/decisions/206-signed-in-pages-start-their-data-with-the-page.md) and
 * nothing of an account outlives its session
 * (207-nothing-of-an-account-outlives-its-session.md), ordered by events,
 * never by timers:
 * - the dashboard's documents are asked for while the application's code is
 *   held on its way (it is let through only once they are);
 * - after Sign out nothing of the client's documents, token or id is left in
 *   localStorage, sessionStorage, IndexedDB or Cache Storage, and a reload
 *   shows the sign-in page, not the documents;
 * - the next account signing in on the same tab never has the first one's
 *   document titles in the page, watched by a MutationObserver from the
 *   page's first byte.
 */
import type { Page } from '@playwright/test';
import { E2E_BACKEND_URL } from '../scripts/lib/ports.ts';
import { authStorageKey } from '../src/lib/supabase/stored-session.ts';
import { apiAs } from './support/accounts.ts';
import { holdRequests } from './support/hold-request.ts';
import { signInAs } from './support/sign-in.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ cookieConsent: 'declined' });

const SEEDED_TITLES = ['Organic certificate 2026', 'Extra virgin olive oil spec sheet', 'Price list 2026'];

/** The seeded client's session, as supabase-js keeps it, put in the page's storage before it loads. */
async function storeClientSession(page: Page): Promise<{ userId: string; accessToken: string }> {
  const client = await apiAs('client');
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  const key = authStorageKey(E2E_BACKEND_URL);
  const value = JSON.stringify(data.session);
  await page.addInitScript(
    ([k, v]) => {
      if (!sessionStorage.getItem('e2e-stored')) {
        localStorage.setItem(k, v);
        sessionStorage.setItem('e2e-stored', '1');
      }
    },
    [key, value] as const,
  );
  return { userId: data.session.user.id, accessToken: data.session.access_token };
}

test("the dashboard's documents are asked for before the application's code has arrived", async ({ page }) => {
  await storeClientSession(page);
  const app = await holdRequests(page, /\/assets\/app-[\w-]+\.js$/);
  const documents = page.waitForRequest((request) => /\/rest\/v1\/documents\?/.test(request.url()));
  const role = page.waitForRequest((request) => /\/rest\/v1\/user_roles\?/.test(request.url()));
  await page.goto('/client/dashboard', { waitUntil: 'commit' });
  await app.requested;
  // The application's chunk is held: these can only come from the early start.
  await documents;
  await role;
  app.release();
  await expect(
    page.getByTestId('document').getByRole('heading', { level: 3, name: SEEDED_TITLES[0], exact: true }),
  ).toBeVisible();
});

test('after Sign out nothing of the client is left in storage, and a reload shows the sign-in page', async ({
  page,
}) => {
  await page.goto('/client/dashboard');
  await signInAs(page, 'client', { at: 'here' });
  await expect(page.getByTestId('document').first()).toBeVisible();
  const userId = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { user?: { id?: string } }).user?.id ?? '',
    authStorageKey(E2E_BACKEND_URL),
  );
  expect(userId).not.toBe('');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/(admin|client)\/login/);
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();

  const stored = await page.evaluate(async () => {
    const dump = (storage: Storage) =>
      Object.keys(storage)
        .map((key) => `${key}=${storage.getItem(key)}`)
        .join('\n');
    const databases = (await indexedDB.databases()).map((db) => db.name ?? '');
    const caches = await globalThis.caches.keys();
    return { local: dump(localStorage), session: dump(sessionStorage), databases, caches };
  });
  for (const text of [...SEEDED_TITLES, userId, 'access_token', 'client@example.com']) {
    expect(stored.local).not.toContain(text);
    expect(stored.session).not.toContain(text);
  }
  expect(stored.databases).toEqual([]);
  expect(stored.caches).toEqual([]);

  await page.goto('/client/dashboard');
  await expect(page).toHaveURL(/\/(admin|client)\/login/);
  for (const title of SEEDED_TITLES) await expect(page.getByText(title, { exact: true })).toHaveCount(0);
});

test("the next account signing in on the same tab never sees the first one's documents, even for a frame", async ({
  page,
}) => {
  await page.goto('/client/dashboard');
  await signInAs(page, 'client', { at: 'here' });
  await expect(page.getByTestId('document').first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/(admin|client)\/login/);

  // From here on, in this same document (no reload), any node carrying a title is recorded.
  await page.evaluate((titles) => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => {
      const text = document.body.textContent ?? '';
      for (const title of titles) if (text.includes(title)) seen.push(title);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, SEEDED_TITLES);
  await signInAs(page, 'member', { at: 'here' });
  await expect(page).not.toHaveURL(/\/(admin|client)\/login/);
  // The next account opens the client pages too: the guard answers, with nothing of the first account.
  await page.evaluate(() => {
    history.pushState(null, '', '/client/dashboard');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, '', '/client/documents');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual([]);
});
