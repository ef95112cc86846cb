/**
 * GoTrue's verifyCaptcha middleware (AUTH `internal/api/middleware.go`): with
 * `[auth.captcha]` enabled, sign-up, recover, resend and the password grant
 * of `/token` need `gotrue_meta_security.captcha_token` in the JSON body,
 * which the provider's siteverify must accept
 * (docs/decisions/185-captcha-before-auth-mails.md). A caller holding the
 * service-role key skips it, as GoTrue's admin check does. Locally the
 * provider is the Turnstile stand-in (stand-ins/captcha), which the
 * composition root (../server.ts) hands over as `ctx.verifyCaptcha`.
 *
 * Answers, as GoTrue's:
 * - no token: 400 `captcha_failed`, "captcha protection: request disallowed (no captcha_token found)";
 * - refused: 400 `captcha_failed`, "captcha protection: request disallowed (<error codes>)";
 * - the provider did not answer: 500 `unexpected_failure`, "captcha verification process failed".
 */
import { headerValue, type LocalRequest } from '../http.ts';
import { bearerToken, verifyJwt } from '../jwt.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';

/** The provider's siteverify answer: the fields GoTrue reads. */
export interface SiteverifyAnswer {
  success: boolean;
  'error-codes': string[];
}

/**
 * What Auth asks the CAPTCHA provider (siteverify): secret and token in,
 * verdict out; null when the provider did not answer (down, or a 5xx). A
 * throw is a bug and is logged.
 */
export type CaptchaVerifier = (secret: string, token: string, remoteIp: string) => Promise<SiteverifyAnswer | null>;

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

async function holdsAdminKey(req: LocalRequest): Promise<boolean> {
  const jwt = bearerToken(headerValue(req.headers, 'authorization'));
  if (!jwt) return false;
  const verified = await verifyJwt(jwt);
  return verified.ok && typeof verified.claims.role === 'string' && ADMIN_ROLES.has(verified.claims.role);
}

/** The token a JSON body carries, trimmed ('' when none). */
export function captchaTokenOf(body: Record<string, unknown>): string {
  const security = body.gotrue_meta_security;
  if (typeof security !== 'object' || security === null) return '';
  const token = (security as Record<string, unknown>).captcha_token;
  return typeof token === 'string' ? token.trim() : '';
}

export async function verifyCaptcha(
  req: LocalRequest,
  ctx: AuthContext,
  body: Record<string, unknown>,
  remoteIp: string,
): Promise<void> {
  const { captcha } = ctx.config;
  if (!captcha.enabled) return;
  if (await holdsAdminKey(req)) return;
  const token = captchaTokenOf(body);
  if (token === '') {
    throw new AuthError(400, 'captcha_failed', 'captcha protection: request disallowed (no captcha_token found)');
  }
  let answer: SiteverifyAnswer | null;
  try {
    answer = await ctx.verifyCaptcha(captcha.secret, token, remoteIp);
  } catch (error) {
    ctx.logError(`auth: CAPTCHA check failed: ${String(error)}`);
    answer = null;
  }
  if (!answer) throw new AuthError(500, 'unexpected_failure', 'captcha verification process failed');
  if (!answer.success) {
    throw new AuthError(
      400,
      'captcha_failed',
      `captcha protection: request disallowed (${answer['error-codes'].join(', ')})`,
    );
  }
}
