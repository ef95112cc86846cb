/**
 * Auth flows that go through e-mail, through supabase-js against the local
 * backend: sign-up with confirmation, verify by token hash, resend, password
 * recovery, address change, the per-address mail limit, the inbox's Mailpit
 * API, and bad input answered as GoTrue answers it, with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  ACCOUNT_IDS,
  latestMail,
  mailedTokenHash,
  signUpConfirmed,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ mailPort: 0 });
});

afterAll(async () => {
  await backend?.stop();
});

const jsonHeaders = { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' };

async function usersCount(): Promise<number> {
  const rows = await backend.db.query<{ n: number }>('select count(*)::int as n from auth.users');
  return Number(rows[0]?.n);
}

describe('sign-up with confirmation', () => {
  it('creates an unconfirmed account, mails a link in the chosen language, and signs nobody in', async () => {
    for (const locale of ['en', 'fr'] as const) {
      const email = uniqueEmail(`confirm-${locale}`);
      const redirect = `http://localhost:4173${locale === 'fr' ? '/fr' : ''}/client/confirm`;
      const { data, error } = await backend.client().auth.signUp({
        email,
        password: 'Request#Pass1',
        options: { emailRedirectTo: redirect, data: { first_name: 'Ana', last_name: 'Lima', locale } },
      });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      // Only the language stays with an unconfirmed account (docs/decisions/125-accounts-set-up-from-the-inbox.md).
      expect(data.user).toMatchObject({ email, user_metadata: { locale } });
      expect(data.user?.email_confirmed_at).toBeUndefined();
      expect(data.user?.confirmation_sent_at).toEqual(expect.any(String));

      const mail = latestMail(backend, email);
      expect(mail.subject).toBe(locale === 'fr' ? 'Confirmez votre adresse courriel' : 'Confirm your email address');
      expect(mail.html).toContain(`href="${redirect}?token_hash=`);
      expect(mail.text).toContain(locale === 'fr' ? 'Bonjour,' : 'Hello,');
      expect(mail.text).not.toContain('Ana');

      const early = await backend.client().auth.signInWithPassword({ email, password: 'Request#Pass1' });
      expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
    }
  });

  it('confirms once with the token hash (verifyOtp), then the link is spent', async () => {
    const { client, email, password } = await signUpConfirmed(backend, 'once');
    const { data } = await client.auth.getUser();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    const session = await client.auth.getSession();
    expect(session.data.session?.user.email).toBe(email);

    const tokenHash = mailedTokenHash(backend, email, 'signup');
    const replay = await backend.client().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(replay.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
    const signIn = await backend.client().auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
  });

  it('refuses a malformed, unknown, wrongly typed or expired token hash with nothing changed', async () => {
    const email = uniqueEmail('badtoken');
    await backend.client().auth.signUp({ email, password: 'Request#Pass1' });
    const tokenHash = mailedTokenHash(backend, email, 'signup');
    const verify = (body: unknown) =>
      backend.fetch('/auth/v1/verify', { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });

    for (const body of [
      { type: 'signup', token_hash: 'not-a-token' },
      { type: 'signup', token_hash: 'f'.repeat(56) },
      { type: 'recovery', token_hash: tokenHash },
      { type: 'email_change', token_hash: tokenHash },
    ]) {
      const response = await verify(body);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: 'otp_expired', message: 'Email link is invalid or has expired' });
    }
    const noType = await verify({ token_hash: tokenHash });
    expect(noType.status).toBe(400);
    expect(((await noType.json()) as { code: string }).code).toBe('validation_failed');
    const both = await verify({ type: 'signup', token_hash: tokenHash, token: '123456', email });
    expect(both.status).toBe(400);
    const badType = await verify({ type: 'sorcery', token_hash: tokenHash });
    expect(((await badType.json()) as { message: string }).message).toBe('Invalid email verification type');
    const notJson = await backend.fetch('/auth/v1/verify', { method: 'POST', headers: jsonHeaders, body: '{"type":' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { code: string }).code).toBe('bad_json');

    // An hour later the link is dead too.
    await backend.db.query(
      `update auth.users set confirmation_sent_at = now() - interval '61 minutes' where email = $1`,
      [email],
    );
    const expired = await verify({ type: 'signup', token_hash: tokenHash });
    expect(expired.status).toBe(403);
    const rows = await backend.db.query<{ confirmed: boolean }>(
      'select email_confirmed_at is not null as confirmed from auth.users where email = $1',
      [email],
    );
    expect(rows[0]?.confirmed).toBe(false);
  });

  it('refuses a wrong six-digit code given with the address (type email)', async () => {
    const email = uniqueEmail('code');
    await backend.client().auth.signUp({ email, password: 'Request#Pass1' });
    const wrong = await backend.client().auth.verifyOtp({ email, token: '000000', type: 'email' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('a second sign-up: unconfirmed gets the mail again (once a minute), confirmed gets a look-alike', async () => {
    const email = uniqueEmail('twice');
    await backend.client().auth.signUp({ email, password: 'Request#Pass1', options: { data: { first_name: 'A' } } });
    const count = await usersCount();
    const again = await backend
      .client()
      .auth.signUp({ email, password: 'Other#Pass2', options: { data: { first_name: 'B' } } });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(await usersCount()).toBe(count);
    expect(backend.inbox.list(email)).toHaveLength(1);

    await backend.db.query(
      `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
      [email],
    );
    const later = await backend
      .client()
      .auth.signUp({ email, password: 'Other#Pass2', options: { data: { first_name: 'B' } } });
    expect(later.error).toBeNull();
    // Nothing the first sign-up typed comes back.
    expect(later.data.user?.user_metadata).toEqual({});
    expect(backend.inbox.list(email)).toHaveLength(2);
    expect(await usersCount()).toBe(count);

    // The first link died when the second was sent.
    const first = backend.inbox.list(email)[1]?.HTML ?? '';
    const firstHash = /token_hash=([0-9a-f]+)/.exec(first)?.[1] ?? '';
    const stale = await backend.client().auth.verifyOtp({ token_hash: firstHash, type: 'signup' });
    expect(stale.error?.code).toBe('otp_expired');
  });

  it('resend: mails the confirmation again for an unconfirmed account, nothing for others', async () => {
    const email = uniqueEmail('resend');
    await backend.client().auth.signUp({ email, password: 'Request#Pass1' });
    const tooSoon = await backend.client().auth.resend({ type: 'signup', email });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    await backend.db.query(
      `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
      [email],
    );
    const resent = await backend.client().auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: 'http://localhost:4173/fr/client/confirm' },
    });
    expect(resent.error).toBeNull();
    expect(latestMail(backend, email).html).toContain('http://localhost:4173/fr/client/confirm?token_hash=');

    const before = backend.inbox.list().length;
    expect((await backend.client().auth.resend({ type: 'signup', email: 'ghost@example.com' })).error).toBeNull();
    expect((await backend.client().auth.resend({ type: 'signup', email: 'member@example.com' })).error).toBeNull();
    expect(backend.inbox.list()).toHaveLength(before);
  });

  it('refuses oversized bodies (413) and weak or missing passwords, creating nothing', async () => {
    const count = await usersCount();
    const huge = await backend.client().auth.signUp({
      email: uniqueEmail('huge'),
      password: 'Request#Pass1',
      options: { data: { first_name: 'x'.repeat(1_100_000) } },
    });
    expect(huge.error).toMatchObject({ status: 413, code: 'request_entity_too_large' });
    const weak = await backend.client().auth.signUp({ email: uniqueEmail('weak'), password: 'Short1!' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const notObject = await backend.fetch('/auth/v1/signup', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ email: uniqueEmail('arr'), password: 'Request#Pass1', data: [1, 2] }),
    });
    expect(notObject.status).toBe(400);
    expect(await usersCount()).toBe(count);
  });
});

describe('password recovery', () => {
  it('answers {} for known and unknown addresses; the mailed token signs in once, at aal1', async () => {
    const { email } = await signUpConfirmed(backend, 'recover', { first_name: 'Zoé', locale: 'fr' });
    const unknown = await backend.client().auth.resetPasswordForEmail(uniqueEmail('nobody'));
    const known = await backend.client().auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:4173/fr/reset-password',
    });
    expect(unknown).toEqual({ data: {}, error: null });
    expect(known).toEqual(unknown);
    const mail = latestMail(backend, email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
    expect(mail.html).toContain('http://localhost:4173/fr/reset-password?token_hash=');

    const client = backend.client();
    const tokenHash = mailedTokenHash(backend, email, 'recovery');
    const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    const updated = await client.auth.updateUser({ password: 'Recovered#Pass9' });
    expect(updated.error).toBeNull();
    const signIn = await backend.client().auth.signInWithPassword({ email, password: 'Recovered#Pass9' });
    expect(signIn.error).toBeNull();
    const replay = await backend.client().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(replay.error?.code).toBe('otp_expired');
  });

  it('limits reset mails to one a minute per address (429 over_email_send_rate_limit)', async () => {
    const { email } = await signUpConfirmed(backend, 'ratelimit');
    expect((await backend.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await backend.client().auth.resetPasswordForEmail(email);
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(backend.inbox.list(email).filter((m) => m.Subject === 'Reset your password')).toHaveLength(1);
  });

  it('refuses a malformed address (400) and a missing one', async () => {
    const malformed = await backend.client().auth.resetPasswordForEmail('not an address');
    expect(malformed.error).toMatchObject({ status: 400, code: 'email_address_invalid' });
    const missing = await backend.fetch('/auth/v1/recover', { method: 'POST', headers: jsonHeaders, body: '{}' });
    expect(missing.status).toBe(400);
  });

  it('a password change signs every other session out', async () => {
    const { client, email, password } = await signUpConfirmed(backend, 'others');
    const other = backend.client();
    await other.auth.signInWithPassword({ email, password });
    expect((await client.auth.updateUser({ password: 'Another#Pass3' })).error).toBeNull();
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await client.auth.getUser()).error).toBeNull();
  });
});

describe('address change', () => {
  it('needs both links (old and new address), then the account has the new address', async () => {
    const { client, email } = await signUpConfirmed(backend, 'change', { first_name: 'C', locale: 'en' });
    const newEmail = uniqueEmail('changed');
    const asked = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: 'http://localhost:4173/client/confirm' },
    );
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email, new_email: newEmail });
    expect(latestMail(backend, newEmail).subject).toBe('Confirm your new email address');
    expect(latestMail(backend, email).subject).toBe('Confirm your new email address');

    const first = await backend.client().auth.verifyOtp({
      token_hash: mailedTokenHash(backend, newEmail, 'email_change'),
      type: 'email_change',
    });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const second = await backend.client().auth.verifyOtp({
      token_hash: mailedTokenHash(backend, email, 'email_change'),
      type: 'email_change',
    });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
  });

  it('refuses an address another account has (422 email_exists)', async () => {
    const { client } = await signUpConfirmed(backend, 'taken');
    const taken = await client.auth.updateUser({ email: 'member@example.com' });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('the seeded admin (verified factor) at aal1', () => {
  it('cannot change its password or address without aal2 (401 insufficient_aal)', async () => {
    const admin = await backend.signIn('admin', { aal: 'aal1' });
    const password = await admin.auth.updateUser({ password: 'Stolen#Pass1' });
    expect(password.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    const address = await admin.auth.updateUser({ email: 'thief@example.com' });
    expect(address.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    const still = await backend.client().auth.signInWithPassword(account('admin'));
    expect(still.error).toBeNull();
    expect(still.data.user?.id).toBe(ACCOUNT_IDS.admin);
  });
});

describe('the local inbox (Mailpit API)', () => {
  it('lists newest first, reads one message, searches by recipient and deletes', async () => {
    const url = backend.mailUrl ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const email = uniqueEmail('inbox');
    await backend.client().auth.signUp({ email, password: 'Request#Pass1' });

    const list = (await (await fetch(`${url}/api/v1/messages`)).json()) as {
      total: number;
      messages: Array<{ ID: string; To: Array<{ Address: string }>; Subject: string; Created: string }>;
    };
    expect(list.messages[0]).toMatchObject({ To: [{ Address: email }], Subject: 'Confirm your email address' });
    const created = list.messages.map((m) => m.Created);
    expect([...created].sort().reverse()).toEqual(created);

    const id = list.messages[0]?.ID ?? '';
    const one = (await (await fetch(`${url}/api/v1/message/${id}`)).json()) as { Text: string; HTML: string };
    expect(one.HTML).toContain('token_hash=');
    expect(one.Text).toContain('Confirm my email address (http://localhost:4173');

    const search = (await (await fetch(`${url}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json()) as {
      messages: unknown[];
    };
    expect(search.messages).toHaveLength(1);
    const page = await fetch(`${url}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(email);
    expect((await fetch(`${url}/api/v1/message/nope`)).status).toBe(404);

    expect((await fetch(`${url}/api/v1/messages`, { method: 'DELETE' })).status).toBe(200);
    const after = (await (await fetch(`${url}/api/v1/messages`)).json()) as { total: number };
    expect(after.total).toBe(0);
  });

  it('lets only the local sites read it from a browser: another origin gets no CORS header', async () => {
    const url = backend.mailUrl ?? '';
    await backend.client().auth.signUp({ email: uniqueEmail('cors'), password: 'Request#Pass1' });
    for (const origin of ['https://evil.example', 'http://localhost:9999', 'null']) {
      const read = await fetch(`${url}/api/v1/messages`, { headers: { Origin: origin } });
      expect(read.headers.get('access-control-allow-origin'), origin).toBeNull();
      const preflight = await fetch(`${url}/api/v1/messages`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'DELETE' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    // The dev site (npm run dev) is one of the local sites.
    const local = await fetch(`${url}/api/v1/messages`, { headers: { Origin: 'http://localhost:5173' } });
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});
