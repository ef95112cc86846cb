/**
 * Accounts are set up by whoever controls the inbox
 * (docs/decisions/125-accounts-set-up-from-the-inbox.md,
 * 126-password-policy-on-the-server.md, 127-auth-mails-carry-no-typed-text.md),
 * through supabase-js and HTTP against the local backend, as an attacker and
 * as the owner of the address would call it:
 * - someone who signs up first with another person's address and a password
 *   of their choosing neither keeps that password nor fills the request;
 * - signing up again with a pending address reveals nothing of the first
 *   sign-up and mails at most once a minute;
 * - the password policy holds on the server (sign-up and password change);
 * - auth mails hold nothing a requester typed beyond the address, whatever its size.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { latestMail, ok, signUpConfirmed, startTestBackend, uniqueEmail, type TestBackend } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ mailPort: 0 });
});

afterAll(async () => {
  await backend?.stop();
});

/** What the old request form put in the sign-up metadata, as an attacker would fill it. */
const ATTACKER_DETAILS = {
  first_name: 'Mallory',
  last_name: 'Intruder',
  company: 'Intruder Holdings',
  phone: '+1 555 0100',
  job_title: 'Impostor',
  locale: 'en',
};
const ATTACKER_PASSWORD = 'Attacker#Pass1';

/** A minute passes for the per-address mail limit (GoTrue's max_frequency). */
async function aMinuteLater(email: string): Promise<void> {
  await backend.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`, [
    email,
  ]);
}

function mailedSignupHash(email: string): string {
  const found = /token_hash=([0-9a-f]+)(?:&amp;|&)type=signup/.exec(latestMail(backend, email).html);
  if (!found?.[1]) throw new Error(`no confirmation link was mailed to ${email}`);
  return found[1];
}

describe('pre-registration takeover', () => {
  it('the owner who confirms from the inbox sets the password and the request; the first sign-up keeps neither', async () => {
    const victim = uniqueEmail('victim');
    // 1. The attacker signs up first with the victim's address and a password of their choosing.
    const early = await backend.client().auth.signUp({
      email: victim,
      password: ATTACKER_PASSWORD,
      options: { data: ATTACKER_DETAILS },
    });
    expect(early.error).toBeNull();

    // 2. Later the victim requests access: the form signs up with a throwaway password.
    await aMinuteLater(victim);
    const own = await backend.client().auth.signUp({
      email: victim,
      password: `${crypto.randomUUID()}aA1!`,
      options: { data: { locale: 'fr' } },
    });
    expect(own.error).toBeNull();
    expect(JSON.stringify(own.data)).not.toMatch(/Mallory|Intruder|0100|Impostor/);

    // 3. The victim opens the link from their own inbox.
    const owner = backend.client();
    expect(
      (await owner.auth.verifyOtp({ token_hash: mailedSignupHash(victim), type: 'signup' })).error,
      'verify',
    ).toBeNull();

    // Meanwhile the attacker's password opens nothing: the confirmation removed it.
    const attacker = backend.client();
    const attackerSignIn = await attacker.auth.signInWithPassword({ email: victim, password: ATTACKER_PASSWORD });
    expect(attackerSignIn.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const forged = await attacker.rpc('submit_access_request', {
      first_name: 'Mallory',
      last_name: 'Intruder',
      company: 'Intruder Holdings',
      phone: '+1 555 0100',
    });
    expect(forged.error).not.toBeNull();

    // 4. The victim chooses the password and sends the request's details.
    expect((await owner.auth.updateUser({ password: 'Owner#Chosen2' })).error, 'set the password').toBeNull();
    ok(
      await owner.rpc('submit_access_request', {
        first_name: 'Vera',
        last_name: 'Owner',
        company: 'Olive Grove Ltd',
        job_title: 'Buyer',
        phone: '+1 555 0111',
        company_size: '11-50',
        industry: 'retail',
        locale: 'fr',
      }),
      'send the request',
    );

    // The attacker's password no longer signs in; the owner's does.
    const replay = await backend.client().auth.signInWithPassword({ email: victim, password: ATTACKER_PASSWORD });
    expect(replay.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const ownerSignIn = await backend.client().auth.signInWithPassword({ email: victim, password: 'Owner#Chosen2' });
    expect(ownerSignIn.error).toBeNull();

    // Staff see the owner's details and nothing of the attacker's.
    const admin = await backend.signIn('admin');
    const row = ok(await admin.from('access_requests').select('*').eq('email', victim).single(), 'request');
    expect(row).toMatchObject({
      first_name: 'Vera',
      last_name: 'Owner',
      company: 'Olive Grove Ltd',
      phone: '+1 555 0111',
      job_title: 'Buyer',
      company_size: '11-50',
      industry: 'retail',
      locale: 'fr',
      status: 'pending',
    });
    const listed = ok(await admin.rpc('admin_list_accounts', { search: victim }), 'list');
    expect(JSON.stringify([row, listed])).not.toMatch(/Mallory|Intruder|0100|Impostor/);
  });

  it('a password session cannot send or change a request, and unconfirmed or anonymous callers cannot either', async () => {
    const { client, email, password } = await signUpConfirmed(backend, 'pwsession', { locale: 'en' });
    expect((await client.auth.updateUser({ password: 'Owner#Chosen3' })).error, 'set the password').toBeNull();
    expect(password).not.toBe('Owner#Chosen3');
    const viaPassword = backend.client();
    expect(
      (await viaPassword.auth.signInWithPassword({ email, password: 'Owner#Chosen3' })).error,
      'sign in',
    ).toBeNull();
    const refused = await viaPassword.rpc('submit_access_request', {
      first_name: 'A',
      last_name: 'B',
      company: 'C',
    });
    expect(refused.error).toMatchObject({ code: '42501' });
    const anon = await backend.client().rpc('submit_access_request', { first_name: 'A', last_name: 'B', company: 'C' });
    expect(anon.error).not.toBeNull();

    // From the mailed link's session: sent, with each field capped.
    const tooLong = await client.rpc('submit_access_request', {
      first_name: 'x'.repeat(101),
      last_name: 'B',
      company: 'C',
    });
    expect(tooLong.error).toMatchObject({ code: '22001' });
    const unknownIndustry = await client.rpc('submit_access_request', {
      first_name: 'A',
      last_name: 'B',
      company: 'C',
      industry: 'piracy',
    });
    expect(unknownIndustry.error).toMatchObject({ code: '22023' });
    ok(await client.rpc('submit_access_request', { first_name: 'A', last_name: 'B', company: 'C' }), 'send');
    const rows = await backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.access_requests where email = $1',
      [email],
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });
});

describe('what came before the first confirmation', () => {
  it('the first sign-up cannot use the moment after the owner confirms to enrol a factor and keep the account', async () => {
    const victim = uniqueEmail('window');
    expect((await backend.client().auth.signUp({ email: victim, password: ATTACKER_PASSWORD })).error).toBeNull();
    await aMinuteLater(victim);
    const form = await backend.client().auth.signUp({ email: victim, password: `${crypto.randomUUID()}aA1!` });
    expect(form.error).toBeNull();
    const owner = backend.client();
    expect((await owner.auth.verifyOtp({ token_hash: mailedSignupHash(victim), type: 'signup' })).error).toBeNull();

    // Between the owner's verification and the owner's new password, the attacker tries
    // their password, and with a session would enrol and verify a TOTP factor at aal1.
    const attacker = backend.client();
    const signIn = await attacker.auth.signInWithPassword({ email: victim, password: ATTACKER_PASSWORD });
    expect(signIn.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const enrolled = await attacker.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Mallory', issuer: 'x' });
    if (enrolled.data) {
      const challenge = await attacker.auth.mfa.challenge({ factorId: enrolled.data.id });
      await attacker.auth.mfa.verify({
        factorId: enrolled.data.id,
        challengeId: challenge.data?.id ?? '',
        code: totpCode(enrolled.data.totp.secret),
      });
    }
    expect(enrolled.error).not.toBeNull();

    // The owner's session stands: the password is set and no factor stands in the way.
    expect((await owner.auth.updateUser({ password: 'Owner#Chosen4' })).error).toBeNull();
    const { data } = await owner.auth.getUser();
    expect(data.user?.factors ?? []).toEqual([]);
    expect(
      (await backend.client().auth.signInWithPassword({ email: victim, password: 'Owner#Chosen4' })).error,
    ).toBeNull();
  });

  it('refuses to enrol a factor on an account whose address is not confirmed (400 email_not_confirmed)', async () => {
    const { client, id } = await signUpConfirmed(backend, 'unconfirmed-factor', { locale: 'en' });
    // An account whose address went back to unconfirmed while a session stayed open.
    await backend.db.query(`update auth.users set email_confirmed_at = null where id = $1`, [id]);
    const token = (await client.auth.getSession()).data.session?.access_token ?? '';
    const response = await backend.fetch('/auth/v1/factors', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ factor_type: 'totp', friendly_name: 'Phone', issuer: 'Test' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'email_not_confirmed' });
    const viaJs = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone 2', issuer: 'Test' });
    expect(viaJs.error).toMatchObject({ code: 'email_not_confirmed' });
  });
});

describe('signing up again with a pending address', () => {
  it('returns nothing of the first sign-up and mails at most once a minute', async () => {
    const email = uniqueEmail('pending');
    const first = await backend.client().auth.signUp({
      email,
      password: 'First#Pass1',
      options: {
        data: {
          first_name: 'Alice',
          last_name: 'Secret',
          company: 'Acme Confidential',
          phone: '+1 555 0199',
          locale: 'fr',
        },
      },
    });
    expect(first.error).toBeNull();
    expect(backend.inbox.list(email)).toHaveLength(1);

    const soon = await backend.client().auth.signUp({ email, password: 'Second#Pass2' });
    expect(soon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(backend.inbox.list(email)).toHaveLength(1);

    await aMinuteLater(email);
    const later = await backend.client().auth.signUp({ email, password: 'Second#Pass2' });
    expect(later.error).toBeNull();
    expect(JSON.stringify(later.data)).not.toMatch(/Alice|Secret|Acme|0199/);
    expect(backend.inbox.list(email)).toHaveLength(2);
    const again = await backend.client().auth.signUp({ email, password: 'Second#Pass2' });
    expect(again.error).toMatchObject({ status: 429 });
    expect(backend.inbox.list(email)).toHaveLength(2);

    // Nothing of it is stored either: the metadata of an unconfirmed account is its language only.
    const stored = await backend.db.query<{ meta: Record<string, unknown> }>(
      'select raw_user_meta_data as meta from auth.users where email = $1',
      [email],
    );
    expect(stored[0]?.meta).toEqual({ locale: 'fr' });
    const requests = await backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.access_requests where email = $1',
      [email],
    );
    expect(Number(requests[0]?.n)).toBe(0);
  });
});

describe('the password policy on the server', () => {
  const weakShape = {
    code: 422,
    error_code: 'weak_password',
    weak_password: { reasons: expect.arrayContaining(['characters']) as unknown },
  };

  it('refuses a weak password on sign-up and on a password change (422 weak_password)', async () => {
    const signup = await backend.fetch('/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('weakapi'), password: 'aaaaaaaa' }),
    });
    expect(signup.status).toBe(422);
    expect(await signup.json()).toMatchObject(weakShape);

    const viaJs = await backend.client().auth.signUp({ email: uniqueEmail('weakjs'), password: 'Olive#oil' });
    expect(viaJs.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['characters'] });

    const { client } = await signUpConfirmed(backend, 'weakput', { locale: 'en' });
    const token = (await client.auth.getSession()).data.session?.access_token ?? '';
    const put = await backend.fetch('/auth/v1/user', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ password: 'aaaaaaaa' }),
    });
    expect(put.status).toBe(422);
    expect(await put.json()).toMatchObject(weakShape);
    const short = await client.auth.updateUser({ password: 'aA1!' });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect((await client.auth.updateUser({ password: 'Olive#oil1' })).error).toBeNull();
  });
});

describe('auth mails', () => {
  it('no template reads the metadata but its locale', () => {
    // The templates config.toml gives GoTrue (the portal's own mails are the outbox's).
    const root = join(import.meta.dirname, '../..');
    const dir = join(root, 'supabase/templates');
    const config = readFileSync(join(root, 'supabase/config.toml'), 'utf8');
    const templates = [...config.matchAll(/content_path = "\.\/supabase\/templates\/([\w.-]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    expect(templates.sort()).toEqual(['confirmation.html', 'email_change.html', 'invite.html', 'recovery.html']);
    for (const name of templates) {
      const uses = readFileSync(join(dir, name), 'utf8').match(/\.Data\.\w+/g) ?? [];
      // The staff invite is English only and reads no metadata at all.
      expect(new Set(uses), name).toEqual(new Set(name === 'invite.html' ? [] : ['.Data.locale']));
    }
  });

  it('hold no text the requester typed beyond the address, and stay small with a huge name', async () => {
    const email = uniqueEmail('phish');
    const lure = '<a href="https://evil.example/login">Your account is suspended - click here</a>';
    const signedUp = await backend.client().auth.signUp({
      email,
      password: 'Request#Pass1',
      options: { data: { first_name: lure, last_name: 'Lure', company: 'Lure Inc', locale: 'en' } },
    });
    expect(signedUp.error).toBeNull();
    const mail = latestMail(backend, email);
    expect(`${mail.html}\n${mail.text}`).not.toMatch(/suspended|evil\.example|Lure/);
    expect(mail.text).toContain(email);

    const big = uniqueEmail('bigname');
    const huge = await backend.client().auth.signUp({
      email: big,
      password: 'Request#Pass1',
      options: { data: { first_name: 'x'.repeat(196_000), locale: 'fr' } },
    });
    expect(huge.error).toBeNull();
    const bigMail = latestMail(backend, big);
    expect(bigMail.subject).toBe('Confirmez votre adresse courriel');
    expect(bigMail.html).not.toContain('xxxxxxxxxx');
    expect(Buffer.byteLength(bigMail.html)).toBeLessThan(5_000);
    const stored = await backend.db.query<{ size: number }>(
      'select octet_length(raw_user_meta_data::text)::int as size from auth.users where email = $1',
      [big],
    );
    expect(Number(stored[0]?.size)).toBeLessThan(100);
  });
});
