/**
 * `/auth/v1/factors`: TOTP multi-factor authentication as GoTrue serves it
 * (AUTH `internal/api/mfa.go`): enrol (secret, otpauth URI, SVG QR code),
 * challenge, verify (raises the session to aal2 and issues new tokens) and
 * unenrol. Phone factors are refused: this project has no SMS provider
 * (config.toml [auth.mfa.phone] enroll_enabled = false).
 */
import type { LocalRequest, LocalResponse } from '../http.ts';
import type { Claims } from '../jwt.ts';
import { AuthError, errors, versionHeaders } from './errors.ts';
import { tokenSettings, type AuthContext } from './context.ts';
import {
  accessTokenResponse,
  addAmrClaim,
  challengeOfFactor,
  createChallenge,
  createFactor,
  deleteAal1Sessions,
  deleteChallenge,
  deleteExpiredFactors,
  deleteFactor,
  deleteUnverifiedFactors,
  downgradeSessionsOfFactor,
  factorById,
  factorsOf,
  markChallengeVerified,
  markFactorVerified,
  mintRefreshToken,
  raiseSessionToAal2,
  revokeSessionTokens,
  userById,
  type FactorRow,
  type SessionRow,
  type UserRow,
} from './store.ts';
import { generateTotpSecret, otpauthUri, qrCodeSvg, totpStepOf } from './totp.ts';

/** GoTrue's MFA challenge expiry duration (seconds). */
const CHALLENGE_EXPIRY_SECONDS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Same limits GoTrue's database columns put on them. */
const MAX_NAME_LENGTH = 255;

export interface FactorRequest {
  user: UserRow;
  session: SessionRow;
  claims: Claims;
  body: () => Promise<Record<string, unknown>>;
}

const ok = (req: LocalRequest, value: unknown): LocalResponse => ({
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8', ...versionHeaders(req) },
  body: JSON.stringify(value),
});

export async function handleFactors(
  req: LocalRequest,
  ctx: AuthContext,
  who: FactorRequest,
  rest: string[],
): Promise<LocalResponse> {
  const [factorId, action, ...extra] = rest;
  if (extra.length > 0) throw errors.notFound();
  if (factorId === undefined) {
    if (req.method !== 'POST') throw errors.methodNotAllowed();
    return enroll(req, ctx, who);
  }
  const factor = await loadFactor(ctx, who.user, factorId);
  if (action === undefined) {
    if (req.method !== 'DELETE') throw errors.methodNotAllowed();
    return unenroll(req, ctx, who, factor);
  }
  if (req.method !== 'POST') throw errors.methodNotAllowed();
  if (action === 'challenge') return challenge(req, ctx, who, factor);
  if (action === 'verify') return verify(req, ctx, who, factor);
  throw errors.notFound();
}

async function loadFactor(ctx: AuthContext, user: UserRow, id: string): Promise<FactorRow> {
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const factor = await ctx.db.transaction((tx) => factorById(tx, id));
  if (!factor || factor.user_id !== user.id) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return factor;
}

function stringField(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw errors.badJson(`json: cannot unmarshal into field ${key} of type string`);
  return value;
}

async function enroll(req: LocalRequest, ctx: AuthContext, who: FactorRequest): Promise<LocalResponse> {
  // A factor is enrolled only on an account whose address is confirmed: a
  // factor chosen before the owner proved the mailbox would lock the owner
  // out (docs/decisions/183-first-confirmation-resets-what-came-before.md).
  if (!who.user.email_confirmed_at && !who.user.phone_confirmed_at) {
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  }
  const body = await who.body();
  const factorType = stringField(body, 'factor_type');
  const friendlyName = stringField(body, 'friendly_name').trim();
  const issuer = stringField(body, 'issuer').trim();
  const phone = stringField(body, 'phone').trim();
  if (!['totp', 'phone', 'webauthn'].includes(factorType)) {
    throw errors.validation('factor_type needs to be totp, phone, or webauthn');
  }
  // The enrolment rules this project holds every factor to: a name, and what
  // each type needs (a phone number, an issuer for the authenticator app).
  if (friendlyName === '') throw errors.validation('A friendly name is required to enroll a factor');
  if (friendlyName.length > MAX_NAME_LENGTH || issuer.length > MAX_NAME_LENGTH) {
    throw errors.validation(`friendly_name and issuer cannot be longer than ${MAX_NAME_LENGTH} characters`);
  }
  if (factorType === 'phone') {
    if (phone === '') throw errors.validation('Phone number required to enroll Phone factor');
    if (!ctx.config.mfa.phoneEnroll) {
      throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    }
  }
  if (factorType === 'webauthn') {
    throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  if (issuer === '') throw errors.validation('An issuer is required to enroll a TOTP factor');
  if (!ctx.config.mfa.totpEnroll)
    throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');

  const secret = generateTotpSecret();
  const uri = otpauthUri(issuer, who.user.email ?? '', secret);
  const factor = await ctx.db.transaction(async (tx) => {
    await deleteExpiredFactors(tx, who.user.id);
    const existing = await factorsOf(tx, who.user.id);
    if (existing.some((candidate) => candidate.friendly_name === friendlyName)) {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    if (existing.length >= ctx.config.mfa.maxEnrolledFactors) {
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    const verified = existing.filter((candidate) => candidate.status === 'verified').length;
    if (verified > 0 && who.session.aal !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    return createFactor(tx, who.user.id, 'totp', friendlyName, secret);
  });
  return ok(req, {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name,
    totp: { qr_code: qrCodeSvg(uri), secret, uri },
  });
}

async function challenge(
  req: LocalRequest,
  ctx: AuthContext,
  _who: FactorRequest,
  factor: FactorRow,
): Promise<LocalResponse> {
  if (factor.factor_type !== 'totp') {
    throw new AuthError(422, `mfa_${factor.factor_type}_verify_not_enabled`, 'MFA verification is disabled');
  }
  if (!ctx.config.mfa.totpVerify) {
    throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  }
  const created = await ctx.db.transaction((tx) => createChallenge(tx, factor.id));
  return ok(req, {
    id: created.id,
    type: 'totp',
    expires_at: Math.floor(created.created_at.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS,
  });
}

async function verify(
  req: LocalRequest,
  ctx: AuthContext,
  who: FactorRequest,
  factor: FactorRow,
): Promise<LocalResponse> {
  const body = await who.body();
  const challengeId = stringField(body, 'challenge_id');
  const code = stringField(body, 'code');
  if (challengeId !== '' && !UUID.test(challengeId)) {
    throw errors.badJson('uuid: incorrect UUID format in string');
  }
  if (code === '') throw errors.validation('Code needs to be non-empty');
  if (factor.factor_type !== 'totp' || !ctx.config.mfa.totpVerify) {
    throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  }
  const outcome = await ctx.db.transaction(async (tx): Promise<Record<string, unknown> | AuthError> => {
    const found = challengeId === '' ? null : await challengeOfFactor(tx, factor.id, challengeId);
    if (!found) {
      return new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    // A challenge answers once: GoTrue refuses a verified one with this (odd) code.
    if (found.verified_at) {
      return new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (found.age_seconds > CHALLENGE_EXPIRY_SECONDS) {
      await deleteChallenge(tx, found.id);
      return new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    const step = factor.secret ? totpStepOf(factor.secret, code) : null;
    if (step === null) {
      return new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    }
    // A code answers once, even on a new challenge: whoever saw it (over a
    // shoulder, in a phishing page) cannot replay it within its 90 seconds.
    const { rows } = await tx.query<{ last_totp_step: string | null }>(
      `select last_totp_step::text from auth.mfa_factors where id = $1 for update`,
      [factor.id],
    );
    const lastStep = rows[0]?.last_totp_step;
    if (ctx.refuseReusedTotp && lastStep != null && step <= Number(lastStep)) {
      return new AuthError(
        422,
        'mfa_verification_failed',
        'Invalid TOTP code entered: this code was already used, enter the next one',
      );
    }
    await tx.query(`update auth.mfa_factors set last_totp_step = $2 where id = $1`, [factor.id, step]);
    await markChallengeVerified(tx, found.id);
    if (factor.status !== 'verified') await markFactorVerified(tx, factor.id);
    await addAmrClaim(tx, who.session.id, 'totp');
    const session = await raiseSessionToAal2(tx, who.session.id, factor.id);
    // The aal1 refresh token of this session must not mint aal2 tokens.
    await revokeSessionTokens(tx, session.id);
    const refreshToken = await mintRefreshToken(tx, session, null);
    await deleteAal1Sessions(tx, who.user.id);
    await deleteUnverifiedFactors(tx, who.user.id, 'totp');
    const user = (await userById(tx, who.user.id)) ?? who.user;
    return accessTokenResponse(tx, user, session, refreshToken, tokenSettings(ctx));
  });
  // Returned, not thrown, so nothing of a failed attempt is half-written.
  if (outcome instanceof AuthError) throw outcome;
  return ok(req, outcome);
}

async function unenroll(
  req: LocalRequest,
  ctx: AuthContext,
  who: FactorRequest,
  factor: FactorRow,
): Promise<LocalResponse> {
  if (factor.status === 'verified' && who.session.aal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.db.transaction(async (tx) => {
    await deleteFactor(tx, factor.id);
    await downgradeSessionsOfFactor(tx, factor.id);
  });
  return ok(req, { id: factor.id });
}
