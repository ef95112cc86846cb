/**
 * The CAPTCHA Auth asks for before it creates an account, mails a link or
 * checks a password (docs/decisions/185-captcha-before-auth-mails.md), as
 * hosted GoTrue answers it: through supabase-js, without a token the request
 * is refused with 400 `captcha_failed` and nothing is mailed; with
 * Turnstile's test token it goes through; when the provider refuses the token
 * (the local stand-in told to), it is refused again. A script that floods
 * sign-ups without solving the CAPTCHA no longer spends the project's hourly
 * e-mail allowance, so a real visitor still gets their mail.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_KEYS } from '../../stand-ins/captcha/turnstile.ts';
import { authConfigFrom, loadAuthConfig, parseToml, CONFIG_FILE } from '../../supabase/local/config.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { readFileSync } from 'node:fs';
import { account, startTestBackend, uniqueEmail, type TestBackend } from './helpers.ts';

const CLIENT_HEADER = 'x-test-client-address';
let backend: TestBackend;
let nextAddress = 0;

/** An anon client speaking from an address of its own (per-address limits stay apart). */
function visitor() {
  nextAddress += 1;
  return backend.client({ headers: { [CLIENT_HEADER]: `203.0.113.${nextAddress}` } });
}

async function setMode(mode: string): Promise<void> {
  const response = await backend.fetch('/captcha/__mode', {
    method: 'PUT',
    apikey: LOCAL_SERVICE_ROLE_KEY,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  // Reset requests for unknown addresses are printed for the developer; keep the output clean.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  // config.toml's CAPTCHA and rate limits, not the relaxed test defaults.
  backend = await startTestBackend({
    relaxedAuthLimits: false,
    testClientAddressHeader: CLIENT_HEADER,
    auth: { captcha: loadAuthConfig().captcha },
  });
});

afterEach(async () => {
  await setMode('ok');
});

afterAll(async () => {
  await backend?.stop();
  vi.mocked(console.log).mockRestore();
});

describe('config.toml', () => {
  it('turns the CAPTCHA on with Turnstile, the secret from the environment', () => {
    const text = readFileSync(CONFIG_FILE, 'utf8');
    const unset = authConfigFrom(parseToml(text), undefined, {}).captcha;
    expect(unset).toEqual({ enabled: true, provider: 'turnstile', secret: TURNSTILE_TEST_KEYS.secretAlwaysPasses });
    const set = authConfigFrom(parseToml(text), undefined, { SUPABASE_AUTH_CAPTCHA_SECRET: '0x4AAA-real-secret' });
    expect(set.captcha.secret).toBe('0x4AAA-real-secret');
  });
});

describe('without a CAPTCHA token', () => {
  it('refuses sign-up with captcha_failed and mails nothing', async () => {
    const email = uniqueEmail('no-captcha');
    const { error } = await visitor().auth.signUp({ email, password: 'Fresh#Password1' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('captcha_failed');
    expect(error?.message).toBe('captcha protection: request disallowed (no captcha_token found)');
    expect(backend.inbox.list(email)).toHaveLength(0);
  });

  it('refuses password reset, resend and password sign-in', async () => {
    const reset = await visitor().auth.resetPasswordForEmail(account('client').email);
    expect([reset.error?.status, reset.error?.code]).toEqual([400, 'captcha_failed']);
    const resend = await visitor().auth.resend({ type: 'signup', email: uniqueEmail('resend') });
    expect([resend.error?.status, resend.error?.code]).toEqual([400, 'captcha_failed']);
    const signIn = await visitor().auth.signInWithPassword(account('client'));
    expect([signIn.error?.status, signIn.error?.code]).toEqual([400, 'captcha_failed']);
    expect(signIn.data.session).toBeNull();
    expect(backend.inbox.list(account('client').email)).toHaveLength(0);
  });

  it('still refreshes a session (the refresh grant needs no token)', async () => {
    const client = visitor();
    const signedIn = await client.auth.signInWithPassword({
      ...account('member'),
      options: { captchaToken: TURNSTILE_DUMMY_TOKEN },
    });
    expect(signedIn.error).toBeNull();
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.access_token).toBeTruthy();
  });

  it('lets a caller with the service-role key through, as GoTrue does', async () => {
    const email = uniqueEmail('service-signup');
    const { error } = await backend.serviceClient().auth.signUp({ email, password: 'Fresh#Password1' });
    expect(error).toBeNull();
  });
});

describe("with Turnstile's test token", () => {
  const captchaToken = TURNSTILE_DUMMY_TOKEN;

  it('signs up and mails the confirmation link', async () => {
    const email = uniqueEmail('captcha-signup');
    const { error, data } = await visitor().auth.signUp({
      email,
      password: 'Fresh#Password1',
      options: { captchaToken },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(backend.inbox.list(email)).toHaveLength(1);
  });

  it('sends the reset mail and the confirmation again, and signs in', async () => {
    const reset = await visitor().auth.resetPasswordForEmail(account('client').email, { captchaToken });
    expect(reset.error).toBeNull();
    expect(backend.inbox.list(account('client').email)).toHaveLength(1);

    const email = uniqueEmail('captcha-resend');
    expect(
      (await visitor().auth.signUp({ email, password: 'Fresh#Password1', options: { captchaToken } })).error,
    ).toBeNull();
    // The same account may have one confirmation mail a minute: let that minute pass.
    await backend.db.query(
      `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
      [email],
    );
    const resend = await visitor().auth.resend({ type: 'signup', email, options: { captchaToken } });
    expect(resend.error).toBeNull();
    expect(backend.inbox.list(email)).toHaveLength(2);

    const signIn = await visitor().auth.signInWithPassword({ ...account('client'), options: { captchaToken } });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session).not.toBeNull();
  });
});

describe('when the provider refuses the token', () => {
  it('refuses with captcha_failed and the provider’s error codes', async () => {
    await setMode('refuse');
    const email = uniqueEmail('refused');
    const { error } = await visitor().auth.signUp({
      email,
      password: 'Fresh#Password1',
      options: { captchaToken: TURNSTILE_DUMMY_TOKEN },
    });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('captcha_failed');
    expect(error?.message).toBe('captcha protection: request disallowed (invalid-input-response)');
    expect(backend.inbox.list(email)).toHaveLength(0);
  });

  it('answers 500 when the provider does not answer', async () => {
    await setMode('unavailable');
    const response = await backend.fetch('/auth/v1/recover', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
        [CLIENT_HEADER]: '198.51.100.7',
      },
      body: JSON.stringify({
        email: account('client').email,
        gotrue_meta_security: { captcha_token: TURNSTILE_DUMMY_TOKEN },
      }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 'unexpected_failure',
      message: 'captcha verification process failed',
    });
  });

  it('keeps the switch to the service-role key', async () => {
    const refused = await backend.fetch('/captcha/__mode', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'refuse' }),
    });
    expect(refused.status).toBe(401);
  });
});

describe('a script flooding sign-ups without solving the CAPTCHA', () => {
  it('does not use up the hourly e-mail allowance: a real visitor still gets their mail', async () => {
    const allowance = loadAuthConfig().rateLimit.emailSent;
    const flood = await Promise.all(
      Array.from({ length: allowance }, (_, n) =>
        visitor().auth.signUp({ email: uniqueEmail(`flood-${n}`), password: 'Fresh#Password1' }),
      ),
    );
    expect(flood.every(({ error }) => error?.code === 'captcha_failed')).toBe(true);

    const email = uniqueEmail('real-visitor');
    const { error } = await visitor().auth.signUp({
      email,
      password: 'Fresh#Password1',
      options: { captchaToken: TURNSTILE_DUMMY_TOKEN },
    });
    expect(error).toBeNull();
    expect(backend.inbox.list(email)).toHaveLength(1);
  });
});
