/**
 * `/auth/v1`: the GoTrue endpoints supabase-js uses for e-mail and password
 * accounts (AUTH `internal/api/{signup,token,user,logout,recover,verify}.go`).
 * Sign-up confirms at once (config.toml: enable_confirmations = false).
 */
import bcrypt from 'bcryptjs';
import { isDatabaseError, type LocalDatabase, type Tx } from '../db.ts';
import {
  headerValue,
  jsonResponse,
  jsonProblem,
  PayloadTooLargeError,
  type LocalRequest,
  type LocalResponse,
} from '../http.ts';
import { bearerToken, verifyJwt, type Claims } from '../jwt.ts';
import { AuthError, authErrorResponse, errors, versionHeaders } from './errors.ts';
import {
  accessTokenResponse,
  activeRefreshToken,
  consumeRecoveryToken,
  createSession,
  createUser,
  deleteSessions,
  findRefreshToken,
  mintRefreshToken,
  revokeRefreshToken,
  revokeSessionTokens,
  sessionById,
  setRecoveryToken,
  updateUser,
  userByEmail,
  userById,
  userJson,
  type SessionRow,
  type TokenSettings,
  type UserRow,
} from './store.ts';

/** config.toml [auth] minimum_password_length. */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords. */
const MAX_PASSWORD_BYTES = 72;
/** GoTrue's bcrypt cost. */
const BCRYPT_COST = 10;
/** config.toml [auth] site_url, where links go when redirect_to is not allowed. */
const SITE_URL = 'http://localhost:4173';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuthContext {
  db: LocalDatabase;
  /** Messages for the developer (reset links). */
  notice: (line: string) => void;
  /** Unexpected failures (bugs): always printed, on stderr. */
  logError: (line: string) => void;
  publicUrl: string;
  jwtExpiry: number;
  /** Seconds during which a just-rotated refresh token still answers (config.toml: 10). */
  refreshTokenReuseInterval: number;
}

/** Routes that the Supabase gateway leaves open (no apikey). */
export function isOpenAuthRoute(req: LocalRequest): boolean {
  return req.segments.length === 3 && req.segments[2] === 'verify' && req.method === 'GET';
}

export async function handleAuth(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  try {
    return await route(req, ctx);
  } catch (error) {
    if (error instanceof AuthError) return authErrorResponse(req, error);
    if (error instanceof PayloadTooLargeError) return authErrorResponse(req, errors.payloadTooLarge());
    // Data Postgres refuses (bad encoding, a value too long for its column):
    // the request's fault, not the server's.
    if (isDatabaseError(error) && /^2[12]/.test(error.code)) {
      return authErrorResponse(req, errors.validation(error.message));
    }
    ctx.logError(`auth: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return authErrorResponse(req, errors.unexpected());
  }
}

async function route(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const path = req.segments.slice(2).join('/');
  if (req.suspiciousPath) throw errors.notFound();
  const endpoints: Record<string, Partial<Record<string, () => Promise<LocalResponse>>>> = {
    health: { GET: async () => ok(req, { version: 'local', name: 'GoTrue', description: 'Local GoTrue stand-in' }) },
    settings: { GET: async () => ok(req, settings()) },
    // HS256 only: no public keys to publish, exactly what GoTrue answers then.
    '.well-known/jwks.json': { GET: async () => ok(req, { keys: [] }) },
    signup: { POST: () => signup(req, ctx) },
    token: { POST: () => token(req, ctx) },
    user: { GET: () => getUser(req, ctx), PUT: () => putUser(req, ctx) },
    logout: { POST: () => logout(req, ctx) },
    recover: { POST: () => recover(req, ctx) },
    verify: { GET: () => verify(req, ctx) },
  };
  const endpoint = endpoints[path];
  if (!endpoint) throw errors.notFound();
  const handler = endpoint[req.method];
  if (!handler) throw errors.methodNotAllowed();
  return handler();
}

function ok(req: LocalRequest, value: unknown, status = 200): LocalResponse {
  return jsonResponse(status, value, versionHeaders(req));
}

function settings(): Record<string, unknown> {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      twitch: false,
      twitter: false,
      slack_oidc: false,
      spotify: false,
      workos: false,
      zoom: false,
      email: true,
      phone: false,
    },
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

function tokenSettings(ctx: AuthContext): TokenSettings {
  return { issuer: `${ctx.publicUrl}/auth/v1`, expirySeconds: ctx.jwtExpiry };
}

// --- request bodies -----------------------------------------------------------------

async function jsonBody(req: LocalRequest): Promise<Record<string, unknown>> {
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

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw errors.badJson(`${key} must be a string`);
  return value;
}

function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL.test(email)) throw errors.emailInvalid();
  return email;
}

function checkPassword(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw errors.validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`, 422);
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw errors.weakPassword(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, ['length']);
  }
}

// --- sign-up and sign-in -------------------------------------------------------------

async function signup(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const body = await jsonBody(req);
  const rawEmail = optionalString(body, 'email');
  const password = optionalString(body, 'password');
  if (optionalString(body, 'phone')) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  if (!rawEmail) throw errors.validation('To signup, please provide your email');
  if (!password) throw errors.validation('Signup requires a valid password', 422);
  const email = normaliseEmail(rawEmail);
  checkPassword(password);
  const data = body.data ?? {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw errors.badJson('data must be an object');
  }
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  const response = await ctx.db.transaction(async (tx) => {
    if (await userByEmail(tx, email)) throw errors.userExists();
    const user = await createUser(tx, email, passwordHash, data as Record<string, unknown>);
    return startSession(tx, ctx, user, 'password');
  });
  return ok(req, response);
}

async function startSession(
  tx: Tx,
  ctx: AuthContext,
  user: UserRow,
  method: string,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const session = await createSession(tx, user.id, method);
  const refreshToken = await mintRefreshToken(tx, session, null);
  return accessTokenResponse(user, session, refreshToken, tokenSettings(ctx), extra);
}

async function token(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const grantType = req.query.get('grant_type');
  if (grantType === 'password') return passwordGrant(req, ctx);
  if (grantType === 'refresh_token') return refreshGrant(req, ctx);
  throw errors.validation('unsupported_grant_type');
}

async function passwordGrant(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const body = await jsonBody(req);
  const rawEmail = optionalString(body, 'email');
  const password = optionalString(body, 'password') ?? '';
  if (!rawEmail) {
    if (optionalString(body, 'phone')) throw errors.invalidCredentials();
    throw errors.validation('missing email or phone');
  }
  const email = rawEmail.trim().toLowerCase();
  // Read, then compare outside the database queue: bcrypt is the slow part.
  const user = await ctx.db.transaction((tx) => userByEmail(tx, email));
  const hash = user?.encrypted_password ?? '';
  const matches = hash !== '' && password !== '' && (await bcrypt.compare(password, hash));
  if (!user || !matches) throw errors.invalidCredentials();
  if (user.banned_until && user.banned_until.getTime() > Date.now()) throw errors.userBanned();
  if (!user.email_confirmed_at) throw errors.emailNotConfirmed();

  const weak =
    [...password].length < MIN_PASSWORD_LENGTH
      ? {
          weak_password: {
            reasons: ['length'],
            message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
          },
        }
      : {};
  const response = await ctx.db.transaction(async (tx) => {
    const signedIn = await updateUser(tx, user.id, { signedIn: true });
    return startSession(tx, ctx, signedIn, 'password', weak);
  });
  return ok(req, response);
}

/**
 * Rotating single-use refresh tokens (GoTrue tokens/service.go): each use
 * revokes the token and returns a new one. A revoked token used again within
 * the reuse interval gets the session's current token; later, it revokes the
 * whole session's tokens and fails with refresh_token_already_used.
 */
async function refreshGrant(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const body = await jsonBody(req);
  const presented = optionalString(body, 'refresh_token');
  if (!presented) throw errors.validation('refresh_token required');
  const outcome = await ctx.db.transaction(async (tx): Promise<Record<string, unknown> | AuthError> => {
    const row = await findRefreshToken(tx, presented);
    if (!row) return errors.refreshNotFound();
    const session = await sessionById(tx, row.session_id);
    if (!session) return errors.refreshNotFound();
    const user = await userById(tx, session.user_id);
    if (!user) return errors.refreshNotFound();
    if (user.banned_until && user.banned_until.getTime() > Date.now()) return errors.userBanned();
    if (row.revoked) {
      const current = await activeRefreshToken(tx, session.id);
      if (current && row.revoked_seconds_ago <= ctx.refreshTokenReuseInterval) {
        return accessTokenResponse(user, session, current, tokenSettings(ctx));
      }
      await revokeSessionTokens(tx, session.id);
      return errors.refreshAlreadyUsed();
    }
    await revokeRefreshToken(tx, row.token);
    const next = await mintRefreshToken(tx, session, row.token);
    return accessTokenResponse(user, session, next, tokenSettings(ctx));
  });
  // Returned, not thrown, so that the family revocation above is committed.
  if (outcome instanceof AuthError) throw outcome;
  return ok(req, outcome);
}

// --- the signed-in user ---------------------------------------------------------------

interface Authenticated {
  user: UserRow;
  session: SessionRow | null;
  claims: Claims;
}

/** GoTrue's requireAuthentication + maybeLoadUserOrSession. */
async function requireUser(req: LocalRequest, ctx: AuthContext): Promise<Authenticated> {
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

async function getUser(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const { user } = await requireUser(req, ctx);
  return ok(req, userJson(user));
}

async function putUser(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const { user } = await requireUser(req, ctx);
  const body = await jsonBody(req);
  const changes: { email?: string; passwordHash?: string; metadata?: Record<string, unknown> } = {};

  const password = optionalString(body, 'password');
  if (password !== undefined) {
    checkPassword(password);
    if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
      throw errors.samePassword();
    }
    changes.passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  }
  if (body.data !== undefined && body.data !== null) {
    if (typeof body.data !== 'object' || Array.isArray(body.data)) throw errors.badJson('data must be an object');
    // GoTrue merges top-level keys; a null value removes the key.
    const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
    for (const [key, value] of Object.entries(body.data as Record<string, unknown>)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    changes.metadata = merged;
  }
  const rawEmail = optionalString(body, 'email');
  if (rawEmail !== undefined) {
    const email = normaliseEmail(rawEmail);
    if (email !== user.email) changes.email = email;
  }
  if (optionalString(body, 'phone')) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');

  const updated = await ctx.db.transaction(async (tx) => {
    if (changes.email) {
      const other = await userByEmail(tx, changes.email);
      if (other && other.id !== user.id) throw errors.emailExists();
    }
    return updateUser(tx, user.id, changes);
  });
  return ok(req, userJson(updated));
}

async function logout(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const scope = req.query.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw errors.validation('Unsupported logout scope');
  }
  const { user, session } = await requireUser(req, ctx);
  await ctx.db.transaction((tx) => deleteSessions(tx, user.id, scope, session?.id ?? null));
  return { status: 204, headers: versionHeaders(req) };
}

// --- password recovery ---------------------------------------------------------------------

/** GoTrue's redirect allow-list, locally: the site and any local dev origin. */
function allowedRedirect(raw: string | null | undefined): string {
  if (!raw) return SITE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return SITE_URL;
  }
  // Serialising through URL also drops CR/LF, so nothing reaches the Location header raw.
  return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname) && url.username === '' && url.password === ''
    ? url.href
    : SITE_URL;
}

/** Answers `{}` whether or not the address has an account (no enumeration). */
async function recover(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const body = await jsonBody(req);
  const rawEmail = optionalString(body, 'email');
  if (!rawEmail) throw errors.validation('Password recovery requires an email', 422);
  const email = normaliseEmail(rawEmail);
  const redirectTo = allowedRedirect(req.query.get('redirect_to'));
  const tokenValue = await ctx.db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    return user ? setRecoveryToken(tx, user.id) : null;
  });
  if (tokenValue) {
    const link = `${ctx.publicUrl}/auth/v1/verify?token=${tokenValue}&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`;
    ctx.notice(`auth: password reset link for ${email} (valid 1 hour): ${link}`);
  } else {
    ctx.notice(`auth: password reset requested for ${email}, which has no account; nothing sent`);
  }
  return ok(req, {});
}

/** The e-mailed link: signs the user in and redirects with the session in the hash. */
async function verify(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const redirectTo = allowedRedirect(req.query.get('redirect_to'));
  const tokenValue = req.query.get('token') ?? '';
  const type = req.query.get('type');
  const session =
    type === 'recovery' && tokenValue !== ''
      ? await ctx.db.transaction(async (tx) => {
          const user = await consumeRecoveryToken(tx, tokenValue);
          return user ? startSession(tx, ctx, user, 'recovery') : null;
        })
      : null;
  let fragment: string;
  if (session) {
    const params = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      token_type: 'bearer',
      type: 'recovery',
    });
    fragment = params.toString();
  } else {
    fragment = new URLSearchParams({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    }).toString();
  }
  return { status: 303, headers: { Location: `${redirectTo}#${fragment}` } };
}
