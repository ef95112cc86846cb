/**
 * A backend started for a site on another port than the default 4173 sends
 * auth links to that site when `redirect_to` is missing or refused, as hosted
 * GoTrue falls back to its SITE_URL
 * (docs/decisions/187-local-secrets-site-address-and-function-files.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, latestMail, mailedTokenHash, startTestBackend, uniqueEmail, type TestBackend } from './helpers.ts';

/** What `PORT=4321 npm start` passes (scripts/start.ts). */
const SITE = 'http://localhost:4321';
let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: SITE, outbox: { webhook: false, intervalMs: null } });
});

afterAll(async () => {
  await backend?.stop();
});

describe('a password reset', () => {
  it.each([
    ['without redirect_to', 'member', undefined],
    ['with a redirect_to off the allow-list', 'client', 'https://evil.example/reset'],
    ['with a malformed redirect_to', 'admin', 'not a url'],
  ] as const)('%s links to the site’s own address', async (_, who, redirectTo) => {
    const { email } = account(who);
    const { error } = await backend.client().auth.resetPasswordForEmail(email, redirectTo ? { redirectTo } : {});
    expect(error).toBeNull();
    const { html, text } = latestMail(backend, email);
    expect(html).toContain(`href="${SITE}?token_hash=`);
    expect(`${html}${text}`).not.toMatch(/localhost:4173|evil\.example/);
  });
});

describe('a sign-up confirmation', () => {
  it('asked for elsewhere links to the site, and GoTrue’s own link lands there too', async () => {
    const email = uniqueEmail('site-address');
    const { error } = await backend.client().auth.signUp({
      email,
      password: 'Request#Pass1',
      options: { emailRedirectTo: 'https://evil.example/confirm' },
    });
    expect(error).toBeNull();
    expect(latestMail(backend, email).html).toContain(`href="${SITE}?token_hash=`);

    const tokenHash = mailedTokenHash(backend, email, 'signup');
    const link = `${backend.url}/auth/v1/verify?token=${tokenHash}&type=signup&redirect_to=${encodeURIComponent('https://evil.example/x')}`;
    const landed = await fetch(link, { redirect: 'manual' });
    expect(landed.status).toBe(303);
    expect(landed.headers.get('location')).toMatch(new RegExp(`^${SITE}/?#access_token=`));
  });

  it('a redirect_to on the site is kept', async () => {
    const email = uniqueEmail('site-address-kept');
    const { error } = await backend.client().auth.signUp({
      email,
      password: 'Request#Pass1',
      options: { emailRedirectTo: `${SITE}/fr/client/confirm` },
    });
    expect(error).toBeNull();
    expect(latestMail(backend, email).html).toContain(`href="${SITE}/fr/client/confirm?token_hash=`);
  });
});
