/**
 * `npm run screenshots`: full-page Chromium screenshots of the screens people
 * use (public, client and admin), at 375 and 1280 px, in English and French where the screen exists in
 * both, taken from a running `npm start` (SITE_URL, default
 * http://localhost:4173). Files go to `screenshots/` (not committed): look at
 * them before calling a screen done.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';
import { totpCode } from '../supabase/local/auth/totp.ts';
import { LOCAL_ACCOUNTS, LOCAL_ADMIN_TOTP_SECRET, DEFAULT_SIMPLE_ADMIN_PASSWORD } from '../supabase/local/keys.ts';

const site = process.env.SITE_URL || 'http://localhost:4173';
const outDir = 'screenshots';
const widths = [375, 1280];

type Shot = { name: string; path: string; both?: boolean; before?: (page: Page) => Promise<void> };

const publicShots: Shot[] = [
  { name: 'client-login', path: '/client/login', both: true },
  {
    name: 'client-login-request',
    path: '/client/login',
    both: true,
    before: async (page) => {
      await page.getByRole('button', { name: /Request it here|Faites-en la demande ici/ }).click();
      await page.locator('form').last().getByRole('button').last().click();
    },
  },
  {
    name: 'forgot-password',
    path: '/client/login',
    both: true,
    before: (page) => page.getByRole('button', { name: /Forgot your password|Mot de passe oublié/ }).click(),
  },
  {
    name: 'forgot-password-empty',
    path: '/client/login',
    both: true,
    before: async (page) => {
      await page.getByRole('button', { name: /Forgot your password|Mot de passe oublié/ }).click();
      await page
        .getByTestId('forgot-password')
        .getByRole('button', { name: /Send the link|Envoyer/ })
        .click();
    },
  },
  { name: 'confirm', path: '/client/confirm?token_hash=expired-example&type=signup', both: true },
  {
    name: 'confirm-pressed',
    path: '/client/confirm?token_hash=expired-example&type=signup',
    both: true,
    before: async (page) => {
      await page.locator('main').getByRole('button').first().click();
      await page.waitForTimeout(800);
    },
  },
  {
    name: 'confirm-resend-empty',
    path: '/client/confirm?token_hash=expired-example&type=signup',
    both: true,
    before: async (page) => {
      await page.locator('main').getByRole('button').first().click();
      await page.locator('main form').getByRole('button').click();
    },
  },
  { name: 'reset-password', path: '/reset-password?token_hash=expired-example&type=recovery', both: true },
  {
    name: 'contact-form',
    path: '/#contact',
    both: true,
    before: async (page) => {
      await page.locator('#contact form').scrollIntoViewIfNeeded();
      await page.locator('#contact form').getByRole('button').last().click();
    },
  },
];

async function signIn(page: Page, email: string, password: string, code?: string) {
  await page.goto(`${site}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (code !== undefined) {
    await page.getByLabel('Authentication code').fill(totpCode(LOCAL_ADMIN_TOTP_SECRET));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await page.waitForLoadState('networkidle');
}

async function shoot(page: Page, name: string, width: number) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const file = `${outDir}/${name}-${width}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

ensureChromium();
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ args: CHROMIUM_ARGS, executablePath: ensureChromium() });
const only = process.argv.slice(2);
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    // The cookie banner is answered so it does not cover the screens.
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
    const page = await context.newPage();
    for (const shot of publicShots) {
      if (only.length > 0 && !only.includes(shot.name)) continue;
      for (const prefix of shot.both ? ['', '/fr'] : ['']) {
        await page.goto(`${site}${prefix}${shot.path}`);
        await page.waitForLoadState('networkidle');
        try {
          await shot.before?.(page);
        } catch (error) {
          console.warn(`${shot.name}${prefix}: ${(error as Error).message.split('\n')[0]}`);
        }
        await shoot(page, `${shot.name}${prefix ? '-fr' : ''}`, width);
      }
    }
    const admin = LOCAL_ACCOUNTS.find((a) => a.email.startsWith('admin'))!;
    const member = LOCAL_ACCOUNTS.find((a) => a.email.startsWith('member'))!;
    const client = LOCAL_ACCOUNTS.find((a) => a.email.startsWith('client'))!;
    if (only.length === 0 || only.includes('client')) {
      await signIn(page, client.email, client.password);
      for (const prefix of ['', '/fr']) {
        for (const screen of ['dashboard', 'documents', 'messages']) {
          await page.goto(`${site}${prefix}/client/${screen}`);
          await page.waitForLoadState('networkidle');
          await shoot(page, `client-${screen}${prefix ? '-fr' : ''}`, width);
        }
      }
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
    if (only.length === 0 || only.includes('account')) {
      await signIn(page, member.email, member.password);
      for (const prefix of ['', '/fr']) {
        await page.goto(`${site}${prefix}/client/account`);
        await shoot(page, `account-status${prefix ? '-fr' : ''}`, width);
      }
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
    if (only.length === 0 || only.includes('admin')) {
      await signIn(page, admin.email, admin.password, 'totp');
      for (const section of [
        'dashboard',
        'sections',
        'analytics',
        'feature-flags',
        'users',
        'settings',
        'leads',
        'companies',
        'documents',
        'messages',
        'notifications',
        'content',
        'content/new?kind=blog',
      ]) {
        await page.goto(`${site}/admin-portal/${section}`);
        await page.waitForLoadState('networkidle');
        await shoot(page, `admin-${section.replace(/[/?=]/g, '-')}`, width);
      }
    }
    if (only.length === 0 || only.includes('simple-admin')) {
      await page.goto(`${site}/simple-admin`);
      await page
        .getByLabel('Password', { exact: true })
        .fill(process.env.SIMPLE_ADMIN_PASSWORD || DEFAULT_SIMPLE_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByRole('switch').first().waitFor();
      await shoot(page, 'simple-admin', width);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
