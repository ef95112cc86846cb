/**
 * Shared Playwright fixtures: every test fails on a console error (unless it
 * declares the ones it expects), `as(role)` signs in through the UI,
 * `adminApi` acts through supabase-js as the seeded admin, and `setFlags`
 * switches flags for one test and restores them afterwards.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { LOCAL_ACCOUNTS, LOCAL_ANON_KEY } from '../supabase/local/keys.ts';
import { E2E_BACKEND_URL } from '../scripts/lib/ports.ts';
import type { Database } from '../src/lib/supabase/database.types.ts';

export type Role = 'admin' | 'client' | 'member';

export function account(role: Role) {
  const found = LOCAL_ACCOUNTS.find((a) => a.email.startsWith(role));
  if (!found) throw new Error(`No seeded account for ${role}`);
  return found;
}

export async function apiAs(role: Role | 'anon'): Promise<SupabaseClient<Database>> {
  const client = createClient<Database>(E2E_BACKEND_URL, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  if (role !== 'anon') {
    const { email, password } = account(role);
    const { error } = await client.auth.signInWithPassword({ email, password });
    if (error) throw error;
  }
  return client;
}

type Fixtures = {
  consoleErrors: { allow: (pattern: RegExp) => void; messages: string[] };
  adminApi: SupabaseClient<Database>;
  setFlags: (flags: Record<string, boolean>) => Promise<void>;
  signInAs: (role: Role, options?: { locale?: 'en' | 'fr' }) => Promise<void>;
  thirdParties: void;
};

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const messages: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') messages.push(msg.text());
      });
      page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
      await use({ allow: (p) => allowed.push(p), messages });
      const unexpected = messages.filter((m) => !allowed.some((p) => p.test(m)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  // Third-party scripts never reach the internet (ARCHITECTURE: tests): the e2e
  // build configures Tawk.to, so every page gets an empty embed unless a spec
  // routes its own stub (page routes win over context routes).
  thirdParties: [
    async ({ context }, use) => {
      await context.route('https://embed.tawk.to/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      await use();
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  adminApi: async ({}, use) => {
    const client = await apiAs('admin');
    await use(client);
    await client.auth.signOut({ scope: 'local' });
  },
  setFlags: async ({ adminApi }, use) => {
    const touched = new Map<string, boolean>();
    await use(async (flags) => {
      for (const [name, enabled] of Object.entries(flags)) {
        const { data, error } = await adminApi.from('feature_flags').select('enabled').eq('name', name).single();
        if (error) throw error;
        if (!touched.has(name)) touched.set(name, data.enabled);
        const update = await adminApi.from('feature_flags').update({ enabled }).eq('name', name);
        if (update.error) throw update.error;
      }
    });
    for (const [name, enabled] of touched) {
      await adminApi.from('feature_flags').update({ enabled }).eq('name', name);
    }
  },
  signInAs: async ({ page }, use) => {
    await use(async (role, options = {}) => {
      const { email, password } = account(role);
      const prefix = options.locale === 'fr' ? '/fr' : '';
      await page.goto(`${prefix}/admin/login`);
      await page.getByLabel(/^(email|courriel|adresse courriel)/i).fill(email);
      await page.getByLabel(/^(password|mot de passe)$/i).fill(password);
      await page.getByRole('button', { name: /^(sign in|se connecter|connexion)$/i }).click();
    });
  },
});

export { expect };

/** axe-core on the current page: WCAG 2.0/2.1/2.2 A and AA rules; returns the violations. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
} as const;
