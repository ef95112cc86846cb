/**
 * HS256 JWTs signed with the fixed local secret, as GoTrue issues them and as
 * PostgREST and GoTrue verify them.
 */
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { LOCAL_JWT_SECRET } from './keys.ts';

const key = new TextEncoder().encode(LOCAL_JWT_SECRET);

export type Claims = JWTPayload & Record<string, unknown>;

export async function signJwt(claims: Claims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid'; message: string };

/** Never throws: a token is either valid (with its claims) or it is not. */
export async function verifyJwt(token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return { ok: true, claims: payload as Claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      return { ok: false, reason: 'expired', message: 'token has invalid claims: token is expired' };
    }
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return { ok: false, reason: 'invalid', message: 'signature is invalid' };
    }
    return { ok: false, reason: 'invalid', message: 'token is malformed' };
  }
}

/**
 * Like verifyJwt, but a refusal carries the verifier's own wording (e.g.
 * `"exp" claim timestamp check failed`), which the Storage server passes on
 * in its error messages.
 */
export async function verifyJwtReason(
  token: string,
): Promise<{ ok: true; claims: Claims } | { ok: false; message: string }> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return { ok: true, claims: payload as Claims };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : 'Invalid JWT' };
  }
}

/** The `Authorization: Bearer <token>` value, or null when absent/malformed. */
export function bearerToken(header: string | undefined): string | null | undefined {
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
