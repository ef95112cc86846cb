import { chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { LOCAL_ADMIN_TOTP_SECRET } from '../../supabase/local/keys.ts';
import { en } from '../../src/i18n/messages/en.ts';
import { fr } from '../../src/i18n/messages/fr.ts';
import { credentials, type Credentials, type Role } from './accounts.ts';
import { test } from './fixtures.ts';
import { atFirstStep } from './sign-in-lock.ts';

export interface SignInOptions {
  /** The sign-in page's language when it navigates (default English). */
  locale?: 'en' | 'fr';
  /**
   * Which sign-in page to open: `/admin/login` (default) or `/client/login`,
   * under /fr for French; `'here'` signs in on the page already open (a
   * guard's redirect carrying `?from=`), in that page's language.
   */
  at?: '/admin/login' | '/client/login' | 'here';
  /** Another password than the account's, to see it refused. */
  password?: string;
}

/**
 * Signs in through the UI as a seeded account (or one a test created): fills the form by its labels
 * (from the message catalogs, so a renamed label fails here first) and
 * submits. It does not wait for the landing page; the caller asserts it.
 */
export async function signInAs(page: Page, who: Role | Credentials, options: SignInOptions = {}): Promise<void> {
  const { email, password, totpSecret: secret } = credentials(who);
  const at = options.at ?? '/admin/login';
  let locale = options.locale ?? 'en';
  if (at === 'here') {
    locale = /^\/fr(\/|$)/.test(new URL(page.url()).pathname) ? 'fr' : 'en';
  } else {
    await page.goto(`${locale === 'fr' ? '/fr' : ''}${at}`);
  }
  const text = (locale === 'fr' ? fr : en).auth.form;
  await page.getByLabel(text.email, { exact: true }).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(options.password ?? password);
  const submit = page.getByRole('button', { name: text.submit, exact: true });
  // Staff have a verified TOTP factor: answer it unless the sign-in is meant to be refused.
  if (!secret || options.password) return submit.click();
  await atFirstStep(email, async () => {
    await submit.click();
    await enterAdminCode(page, secret);
  });
}

/** The second step of the seeded admin's sign-in: the code of its TOTP factor. */
export async function enterAdminCode(page: Page, secret = LOCAL_ADMIN_TOTP_SECRET): Promise<void> {
  const field = page.getByLabel('Authentication code');
  await field.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(field).toBeHidden();
}

/**
 * Signs `role` in through the UI in a context of its own and writes that
 * context's storage (the session supabase-js keeps) to `file`, for
 * `test.use({ storageState: file })`: a list of pages becomes one test per
 * page, each opening signed in, without a sign-in (and a code) per test.
 */
export async function saveSignedInState(browser: Browser, role: Role, file: string, baseURL: string): Promise<void> {
  // An empty state of its own: the file's `test.use({ storageState })` would
  // otherwise apply here too, before the file exists.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await signInAs(page, role);
    await expect(page).toHaveURL(role === 'admin' ? /\/admin-portal\/dashboard$/ : /\/client\/dashboard$/);
    await context.storageState({ path: file });
    // A live session: for this user's eyes only.
    chmodSync(file, 0o600);
  } finally {
    await context.close();
  }
}

/**
 * Where a spec keeps a signed-in browser's storage (`saveSignedInState`,
 * `test.use({ storageState })`): one file per spec and worker process, deleted
 * once the spec's tests are done, since it holds a live session.
 */
export function signedInStateFile(name: string): string {
  const file = join(tmpdir(), `e2e-${name}-${process.pid}.json`);
  test.afterAll(() => rmSync(file, { force: true }));
  return file;
}
