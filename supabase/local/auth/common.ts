/**
 * What the auth routes share (./handler.ts for e-mail and password accounts,
 * ./oauth.ts for providers): reading request bodies, answering, the signed-in
 * user, the redirect allow-list, queueing and delivering auth mails and
 * starting a session. The router imports these; nothing here imports a route.
 */
import type { EmailKind } from '../config.ts';
import type { Tx } from '../db.ts';
import { headerValue, jsonProblem, jsonResponse, type LocalRequest, type LocalResponse } from '../http.ts';
import { bearerToken, verifyJwt, type Claims } from '../jwt.ts';
import type { MailVariables } from '../mail/mailer.ts';
import { tokenSettings, type AuthContext } from './context.ts';
import { AuthError, errors, versionHeaders } from './errors.ts';
import {
  accessTokenResponse,
  createSession,
  mintRefreshToken,
  newEmailToken,
  sessionById,
  setEmailToken,
  userById,
  type EmailTokenKind,
  type SessionRow,
  type UserRow,
} from './store.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ok(req: LocalRequest, value: unknown, status = 200): LocalResponse {
  return jsonResponse(status, value, versionHeaders(req));
}

export async function jsonBody(req: LocalRequest): Promise<Record<string, unknown>> {
  const raw = (await req.readBody()).toString('utf8');
  if (raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw errors.badJson(error instanceof Error ? error.message : 'invalid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.badJson('expected a JSON object');
  }
  const problem = jsonProblem(value);
  if (problem) throw errors.badJson(problem);
  return value as Record<string, unknown>;
}

export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw errors.badJson(`${key} must be a string`);
  return value;
}

export type Outbox = Array<{ kind: EmailKind; to: string; variables: MailVariables }>;

const TEMPLATE_OF: Record<'signup' | 'recovery' | 'email_change' | 'invite', EmailKind> = {
  signup: 'confirmation',
  recovery: 'recovery',
  email_change: 'email_change',
  invite: 'invite',
};

/** mail.go validateSentWithinFrequencyLimit: one mail of a kind per account per max_frequency. */
export function checkFrequency(ctx: AuthContext, sentAt: Date | null): void {
  const frequency = ctx.config.emailMaxFrequency;
  if (!sentAt) return;
  const left = Math.ceil((sentAt.getTime() + frequency * 1000 - Date.now()) / 1000);
  if (left > 0) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${left} seconds.`,
    );
  }
}

/**
 * Stores a fresh token for a confirmation or recovery mail and queues the
 * mail; it is delivered only once the transaction has committed.
 */
export async function queueMail(
  tx: Tx,
  ctx: AuthContext,
  outbox: Outbox,
  user: UserRow,
  kind: 'signup' | 'recovery' | 'invite',
  redirectTo: string,
): Promise<void> {
  // An invite is the service role's (mailer.go sendInvite): no frequency check.
  if (kind !== 'invite') checkFrequency(ctx, kind === 'signup' ? user.confirmation_sent_at : user.recovery_sent_at);
  ctx.limits.spendEmail();
  const email = user.email ?? '';
  const { otp, tokenHash } = newEmailToken(email);
  await setEmailToken(tx, user.id, kind, tokenHash);
  outbox.push({
    kind: TEMPLATE_OF[kind],
    to: email,
    variables: mailVariables(ctx, user, kind, otp, tokenHash, redirectTo),
  });
}

export function mailVariables(
  ctx: AuthContext,
  user: UserRow,
  type: EmailTokenKind | 'invite',
  otp: string,
  tokenHash: string,
  redirectTo: string,
  newEmail?: string,
): MailVariables {
  const confirmation = new URL(`${ctx.publicUrl}/auth/v1/verify`);
  confirmation.search = `token=${encodeURIComponent(tokenHash)}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
  return {
    SiteURL: ctx.config.siteUrl,
    ConfirmationURL: confirmation.href,
    Email: user.email ?? '',
    ...(newEmail ? { NewEmail: newEmail } : {}),
    Token: otp,
    TokenHash: tokenHash,
    Data: user.raw_user_meta_data ?? {},
    RedirectTo: redirectTo,
  };
}

export function deliver(ctx: AuthContext, outbox: Outbox): void {
  for (const mail of outbox) {
    const { subject } = ctx.mailer.send(mail.kind, mail.to, mail.variables);
    ctx.notice(`auth: sent "${subject}" to ${mail.to} (local inbox)`);
  }
}

export async function startSession(
  tx: Tx,
  ctx: AuthContext,
  user: UserRow,
  method: string,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const session = await createSession(tx, user.id, method);
  const refreshToken = await mintRefreshToken(tx, session, null);
  return accessTokenResponse(tx, user, session, refreshToken, tokenSettings(ctx), extra);
}

export interface Authenticated {
  user: UserRow;
  session: SessionRow | null;
  claims: Claims;
}

/** GoTrue's requireAuthentication + maybeLoadUserOrSession. */
export async function requireUser(req: LocalRequest, ctx: AuthContext): Promise<Authenticated> {
  const jwt = bearerToken(headerValue(req.headers, 'authorization'));
  if (!jwt) throw errors.noAuthorization();
  const verified = await verifyJwt(jwt);
  if (!verified.ok) throw errors.badJwt(`invalid JWT: unable to parse or verify signature, ${verified.message}`);
  const { claims } = verified;
  if (typeof claims.sub !== 'string' || claims.sub === '') throw errors.badJwt('invalid claim: missing sub claim');
  if (!UUID.test(claims.sub)) throw errors.badJwt('invalid claim: sub claim must be a UUID');
  const sub = claims.sub;
  const sessionId = typeof claims.session_id === 'string' && UUID.test(claims.session_id) ? claims.session_id : null;
  if (claims.session_id !== undefined && sessionId === null) throw errors.sessionNotFound();
  return ctx.db.transaction(async (tx) => {
    const user = await userById(tx, sub);
    if (!user) throw errors.userNotFound();
    let session: SessionRow | null = null;
    if (sessionId) {
      session = await sessionById(tx, sessionId);
      // A signed-out session's access token is dead even before it expires.
      if (!session || session.user_id !== user.id) throw errors.sessionNotFound();
    }
    return { user, session, claims };
  });
}

/**
 * GoTrue's redirect allow-list (utilities.GetReferrer): site_url and
 * additional_redirect_urls, plus, locally, any http page on this machine so
 * every dev and test port works. Anything else falls back to site_url.
 */
export function allowedRedirect(ctx: AuthContext, raw: string | null | undefined): string {
  const fallback = ctx.config.siteUrl;
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fallback;
  }
  if (url.username !== '' || url.password !== '') return fallback;
  const local = url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  const listed = [ctx.config.siteUrl, ...ctx.config.additionalRedirectUrls].some((allowed) => {
    try {
      return new URL(allowed).origin === url.origin;
    } catch {
      return false;
    }
  });
  // Serialising through URL also drops CR/LF, so nothing reaches the Location header raw.
  return local || listed ? url.href : fallback;
}
