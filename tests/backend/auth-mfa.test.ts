/**
 * TOTP factors through supabase-js's `auth.mfa` against the local backend:
 * enrolment rules and response, challenge and verify (aal2, amr), wrong,
 * reused and expired codes, unenrolment, and the seeded admin's factor.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { LOCAL_ADMIN_FACTOR_ID, LOCAL_ADMIN_TOTP_SECRET } from '../../supabase/local/keys.ts';
import { signUpConfirmed, startTestBackend, verifySecondFactor, type Client, type TestBackend } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

const claimsOf = async (client: Client) => decodeJwt((await client.auth.getSession()).data.session?.access_token ?? '');

async function enrolled(client: Client, friendlyName = 'Phone app') {
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName,
    issuer: 'Olea Mediterranean',
  });
  if (error) throw error;
  return data;
}

/** A code from a time step that is neither the previous, current nor next one. */
const staleCode = (secret: string) => totpCode(secret, Date.now() - 5 * 60_000);

describe('enrolment', () => {
  it('returns a real secret, its otpauth URI and an SVG QR code; the factor starts unverified', async () => {
    const { client, email } = await signUpConfirmed(backend, 'enrol');
    const factor = await enrolled(client);
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toBe(
      `otpauth://totp/Olea%20Mediterranean:${encodeURIComponent(email)}?algorithm=SHA1&digits=6&issuer=Olea+Mediterranean&period=30&secret=${factor.totp.secret}`,
    );
    // supabase-js prefixes the SVG GoTrue returns with a data URI scheme.
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<?xml version="1.0"?>\n<svg')).toBe(true);

    const { data: user } = await client.auth.getUser();
    expect(user.user?.factors).toEqual([
      expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'unverified', friendly_name: 'Phone app' }),
    ]);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('holds every factor to the rules: type, name, issuer for totp, a number for phone; phone is off', async () => {
    const { client } = await signUpConfirmed(backend, 'rules');
    const enroll = (body: Record<string, unknown>) => client.auth.mfa.enroll(body as never);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ friendlyName: 'A', issuer: 'Olea' }, 400, 'validation_failed'],
      [{ factorType: 'sms', friendlyName: 'A' }, 400, 'validation_failed'],
      [{ factorType: 'totp', issuer: 'Olea' }, 400, 'validation_failed'],
      [{ factorType: 'totp', friendlyName: 'A' }, 400, 'validation_failed'],
      [{ factorType: 'phone', friendlyName: 'A' }, 400, 'validation_failed'],
      [{ factorType: 'phone', friendlyName: 'A', phone: '+15555550100' }, 422, 'mfa_phone_enroll_not_enabled'],
    ];
    for (const [body, status, code] of cases) {
      const { error } = await enroll(body);
      expect(error, JSON.stringify(body)).toMatchObject({ status, code });
    }
    const { data } = await client.auth.getUser();
    expect(data.user?.factors ?? []).toEqual([]);

    await enrolled(client, 'Same name');
    const clash = await enroll({ factorType: 'totp', friendlyName: 'Same name', issuer: 'Olea' });
    expect(clash.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
  });

  it('needs a signed-in session', async () => {
    const anon = await backend.client().auth.mfa.enroll({ factorType: 'totp', friendlyName: 'x', issuer: 'y' });
    // supabase-js sends the anon key, which names no user: GoTrue's 403 bad_jwt.
    expect(anon.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});

describe('challenge and verify', () => {
  it('a right code verifies the factor and raises the session to aal2 with totp in amr', async () => {
    const { client } = await signUpConfirmed(backend, 'verify');
    const factor = await enrolled(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: 'totp', expires_at: expect.any(Number) });
    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: totpCode(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = await claimsOf(client);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as Array<{ method: string }>).map((entry) => entry.method)).toEqual(['totp', 'otp']);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const list = await client.auth.mfa.listFactors();
    expect(list.data?.totp.map((f) => f.id)).toEqual([factor.id]);

    // The refreshed session stays at aal2.
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal2');
  });

  it('refuses a wrong code, a stale code, a reused challenge and an expired one (422), leaving aal1', async () => {
    const { client } = await signUpConfirmed(backend, 'wrong');
    const factor = await enrolled(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    const challengeId = challenge.data?.id ?? '';
    const wrong = await client.auth.mfa.verify({ factorId: factor.id, challengeId, code: '000000' });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    const stale = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId,
      code: staleCode(factor.totp.secret),
    });
    expect(stale.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const letters = await client.auth.mfa.verify({ factorId: factor.id, challengeId, code: 'abcdef' });
    expect(letters.error?.code).toBe('mfa_verification_failed');
    expect((await claimsOf(client)).aal).toBe('aal1');
    const { data } = await client.auth.getUser();
    expect(data.user?.factors?.[0]?.status).toBe('unverified');

    const code = totpCode(factor.totp.secret);
    expect((await client.auth.mfa.verify({ factorId: factor.id, challengeId, code })).error).toBeNull();
    const replay = await client.auth.mfa.verify({ factorId: factor.id, challengeId, code });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });

    const unknown = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code,
    });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });

    const old = await client.auth.mfa.challenge({ factorId: factor.id });
    await backend.db.query(`update auth.mfa_challenges set created_at = now() - interval '6 minutes' where id = $1`, [
      old.data?.id,
    ]);
    const expired = await client.auth.mfa.verify({ factorId: factor.id, challengeId: old.data?.id ?? '', code });
    expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
  });

  it('another account cannot challenge or remove my factor (404 mfa_factor_not_found)', async () => {
    const owner = await signUpConfirmed(backend, 'owner');
    const factor = await enrolled(owner.client);
    const stranger = await signUpConfirmed(backend, 'stranger');
    expect((await stranger.client.auth.mfa.challenge({ factorId: factor.id })).error).toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
    });
    expect((await stranger.client.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({ status: 404 });
    expect((await stranger.client.auth.mfa.challenge({ factorId: 'not-a-uuid' })).error).toMatchObject({ status: 404 });
  });

  it('signs the account out where it is still at aal1 once a factor is verified', async () => {
    const { client, email, password } = await signUpConfirmed(backend, 'aal1-out');
    const other = backend.client();
    await other.auth.signInWithPassword({ email, password });
    const factor = await enrolled(client);
    await verifySecondFactor(client, factor.id, factor.totp.secret);
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await client.auth.getUser()).error).toBeNull();
  });
});

describe('with a verified factor', () => {
  it('an aal1 session can neither add a factor (403) nor remove a verified one (422)', async () => {
    const { client, email, password } = await signUpConfirmed(backend, 'locked');
    const factor = await enrolled(client);
    await verifySecondFactor(client, factor.id, factor.totp.secret);

    const aal1 = backend.client();
    await aal1.auth.signInWithPassword({ email, password });
    const level = await aal1.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const add = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second', issuer: 'Olea' });
    expect(add.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const remove = await aal1.auth.mfa.unenroll({ factorId: factor.id });
    expect(remove.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    expect((await client.auth.mfa.listFactors()).data?.totp).toHaveLength(1);
  });

  it('removing the last factor at aal2 puts the session back to aal1 and the account to no factor', async () => {
    const { client } = await signUpConfirmed(backend, 'remove');
    const factor = await enrolled(client);
    await verifySecondFactor(client, factor.id, factor.totp.secret);
    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    const refreshed = await client.auth.refreshSession();
    const claims = decodeJwt(refreshed.data.session?.access_token ?? '');
    expect(claims.aal).toBe('aal1');
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ nextLevel: 'aal1' });
  });

  it('the seeded admin signs in at aal1 and reaches aal2 with the code of the printed secret', async () => {
    const admin = await backend.signIn('admin', { aal: 'aal1' });
    expect((await admin.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const factors = await admin.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([LOCAL_ADMIN_FACTOR_ID]);
    await verifySecondFactor(admin, LOCAL_ADMIN_FACTOR_ID, LOCAL_ADMIN_TOTP_SECRET);
    expect((await claimsOf(admin)).aal).toBe('aal2');
  });
});
