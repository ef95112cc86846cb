/**
 * `/auth/v1`: the GoTrue endpoints supabase-js uses for e-mail and password
 * accounts and TOTP factors (AUTH `internal/api/{signup,token,user,logout,
 * recover,verify,mfa}.go`). What config.toml says is obeyed: with
 * confirmations on, sign-up sends a confirmation mail (to the local inbox)
 * and signs nobody in until the link is used.
 */
import bcrypt from 'bcryptjs';
import type { AuthConfig } from '../config.ts';
import { isDatabaseError } from '../db.ts';
import { bearerToken, verifyJwt } from '../jwt.ts';
import {
  CLIENT_ADDRESS_HEADER,
  headerValue,
  PayloadTooLargeError,
  type LocalRequest,
  type LocalResponse,
} from '../http.ts';
import { verifyCaptcha } from './captcha.ts';
import {
  allowedRedirect,
  checkFrequency,
  deliver,
  jsonBody,
  mailVariables,
  ok,
  optionalString,
  queueMail,
  requireUser,
  startSession,
  type Outbox,
} from './common.ts';
import { AuthError, authErrorResponse, errors, versionHeaders } from './errors.ts';
import { tokenSettings, type AuthContext } from './context.ts';
import { handleFactors } from './mfa.ts';
import { authorize, callback, linkIdentityAuthorize, pkceGrant, unlinkIdentity } from './oauth.ts';
import { requestLimitOf } from './rate-limit.ts';
import {
  accessTokenResponse,
  activeRefreshToken,
  confirmEmail,
  confirmEmailChange,
  consumeRecovery,
  createUser,
  deleteSessions,
  factorsOf,
  findRefreshToken,
  identitiesOf,
  keepOnlyEmailIdentity,
  mintRefreshToken,
  newEmailToken,
  emailTokenHash,
  revokeRefreshToken,
  revokeSessionTokens,
  sessionById,
  setEmailChange,
  updateUser,
  userByEmail,
  userByEmailToken,
  userById,
  userJson,
  type EmailTokenKind,
  type UserRow,
} from './store.ts';

/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords. */
const MAX_PASSWORD_BYTES = 72;
/** GoTrue's bcrypt cost. */
const BCRYPT_COST = 10;
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Routes that the Supabase gateway leaves open (no apikey). */
export function isOpenAuthRoute(req: LocalRequest): boolean {
  const path = req.segments.slice(2).join('/');
  if (req.method === 'GET' && ['verify', 'authorize', 'callback'].includes(path)) return true;
  // A provider may come back with a form post (response_mode=form_post).
  return req.method === 'POST' && path === 'callback';
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
    settings: { GET: async () => ok(req, settings(ctx.config)) },
    // HS256 only: no public keys to publish, exactly what GoTrue answers then.
    '.well-known/jwks.json': { GET: async () => ok(req, { keys: [] }) },
    signup: { POST: () => signup(req, ctx) },
    token: { POST: () => token(req, ctx) },
    user: { GET: () => getUser(req, ctx), PUT: () => putUser(req, ctx) },
    logout: { POST: () => logout(req, ctx) },
    recover: { POST: () => recover(req, ctx) },
    invite: { POST: () => invite(req, ctx) },
    resend: { POST: () => resend(req, ctx) },
    verify: { GET: () => verifyGet(req, ctx), POST: () => verifyPost(req, ctx) },
    authorize: { GET: () => authorize(req, ctx) },
    callback: { GET: () => callback(req, ctx), POST: () => callback(req, ctx) },
    'user/identities/authorize': { GET: () => linkIdentityAuthorize(req, ctx) },
  };
  if (req.segments.length === 5 && path.startsWith('user/identities/') && path !== 'user/identities/authorize') {
    if (req.method !== 'DELETE') throw errors.methodNotAllowed();
    return unlinkIdentity(req, ctx, req.segments[4] ?? '');
  }
  // GoTrue's router checks the CAPTCHA before the sign-up limit and the
  // password grant's, and after the recover and resend limits (auth/captcha.ts).
  const captcha = captchaCheckOf(req, path);
  if (captcha === 'before-limit') await checkCaptcha(req, ctx);
  const limit = requestLimitOf(req, path);
  // As GoTrue's router: factor routes count once the caller is authenticated.
  if (limit && !path.startsWith('factors/')) ctx.limits.checkRequest(req, limit);
  if (captcha === 'after-limit') await checkCaptcha(req, ctx);
  if (path === 'factors' || path.startsWith('factors/')) {
    const { user, session, claims } = await requireUser(req, ctx);
    if (!session) throw errors.sessionNotFound();
    if (limit) ctx.limits.checkRequest(req, limit);
    return handleFactors(req, ctx, { user, session, claims, body: () => jsonBody(req) }, req.segments.slice(3));
  }
  const endpoint = endpoints[path];
  if (!endpoint) throw errors.notFound();
  const handler = endpoint[req.method];
  if (!handler) throw errors.methodNotAllowed();
  return handler();
}

/** Where a route checks the CAPTCHA, if it does (api.go: signup, recover, resend and /token but its pkce, refresh and id-token grants). */
function captchaCheckOf(req: LocalRequest, path: string): 'before-limit' | 'after-limit' | null {
  if (req.method !== 'POST') return null;
  if (path === 'signup') return 'before-limit';
  if (path === 'token') {
    const grant = req.query.get('grant_type') ?? '';
    return ['pkce', 'refresh_token', 'id_token'].includes(grant) ? null : 'before-limit';
  }
  return path === 'recover' || path === 'resend' ? 'after-limit' : null;
}

async function checkCaptcha(req: LocalRequest, ctx: AuthContext): Promise<void> {
  if (!ctx.config.captcha.enabled) return;
  await verifyCaptcha(req, ctx, await jsonBody(req), headerValue(req.headers, CLIENT_ADDRESS_HEADER) ?? '');
}

function settings(config: AuthConfig): Record<string, unknown> {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: config.external.azure.enabled,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: config.external.google.enabled,
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
    disable_signup: !config.enableSignup,
    mailer_autoconfirm: !config.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

// --- request bodies -----------------------------------------------------------------

function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL.test(email)) throw errors.emailInvalid();
  return email;
}

function checkPassword(ctx: AuthContext, password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw errors.validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`, 422);
  }
  const weak = passwordWeakness(ctx, password);
  if (weak) throw errors.weakPassword(weak.message, weak.reasons);
}

/** password.go checkPasswordStrength: the minimum length, then one character of each required set. */
function passwordWeakness(ctx: AuthContext, password: string): { reasons: string[]; message: string } | null {
  const minimum = ctx.config.minimumPasswordLength;
  const sets = ctx.config.passwordRequiredCharacters;
  const reasons: string[] = [];
  const messages: string[] = [];
  if ([...password].length < minimum) {
    reasons.push('length');
    messages.push(`Password should be at least ${minimum} characters.`);
  }
  if (sets.some((set) => set !== '' && ![...set].some((c) => password.includes(c)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length > 0 ? { reasons, message: messages.join(' ') } : null;
}

// --- sign-up and sign-in -------------------------------------------------------------

async function signup(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  if (!ctx.config.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const body = await jsonBody(req);
  const rawEmail = optionalString(body, 'email');
  const password = optionalString(body, 'password');
  if (optionalString(body, 'phone')) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  if (!rawEmail) throw errors.validation('To signup, please provide your email');
  if (!password) throw errors.validation('Signup requires a valid password', 422);
  const email = normaliseEmail(rawEmail);
  checkPassword(ctx, password);
  const data = body.data ?? {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw errors.badJson('data must be an object');
  }
  const metadata = data as Record<string, unknown>;
  const redirectTo = allowedRedirect(ctx, req.query.get('redirect_to'));
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  const outbox: Outbox = [];
  const response = await ctx.db.transaction(async (tx) => {
    const existing = await userByEmail(tx, email);
    if (existing?.email_confirmed_at) {
      // GoTrue neither says nor mails anything that would tell an address is
      // registered: a confirmed address gets an obfuscated user (autoconfirm
      // off) or user_already_exists (autoconfirm on).
      if (!ctx.config.enableConfirmations) throw errors.userExists();
      return obfuscatedUser(email, metadata);
    }
    if (existing) {
      // An unconfirmed account asking again: the confirmation mail is sent again.
      // An account that a provider opened without a verified address gets its
      // `email` identity now, and loses every other one (GoTrue's signup.go,
      // RemoveUnconfirmedIdentities); its password is left as it was.
      await keepOnlyEmailIdentity(tx, existing);
      await queueMail(tx, ctx, outbox, existing, 'signup', redirectTo);
      return userJson((await userById(tx, existing.id)) ?? existing);
    }
    const user = await createUser(tx, email, passwordHash, metadata, !ctx.config.enableConfirmations);
    if (!ctx.config.enableConfirmations) return startSession(tx, ctx, user, 'password');
    await queueMail(tx, ctx, outbox, user, 'signup', redirectTo);
    return userJson((await userById(tx, user.id)) ?? user);
  });
  deliver(ctx, outbox);
  return ok(req, response);
}

/**
 * POST /invite (invite.go, what `auth.admin.inviteUserByEmail` calls): the
 * service role invites an address. A new account is made without a password
 * (its metadata from `data`) and mailed an invite link (`type=invite`, which
 * confirms the address and signs in); an unconfirmed account is invited
 * again; a confirmed one is refused (422 email_exists). Answers the user.
 */
async function invite(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  await requireAdminKey(req);
  const body = await jsonBody(req);
  const rawEmail = optionalString(body, 'email');
  if (!rawEmail) throw errors.emailInvalid();
  const email = normaliseEmail(rawEmail);
  const data = body.data ?? {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw errors.badJson('data must be an object');
  const redirectTo = allowedRedirect(ctx, req.query.get('redirect_to') ?? optionalString(body, 'redirect_to'));
  const outbox: Outbox = [];
  const response = await ctx.db.transaction(async (tx) => {
    let user = await userByEmail(tx, email);
    if (user?.email_confirmed_at) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    if (!user) user = await createUser(tx, email, '', data as Record<string, unknown>, false);
    await queueMail(tx, ctx, outbox, user, 'invite', redirectTo);
    return userJson((await userById(tx, user.id)) ?? user);
  });
  deliver(ctx, outbox);
  return ok(req, response);
}

/** admin.go requireAdmin: a Bearer token whose role is service_role (or supabase_admin). */
async function requireAdminKey(req: LocalRequest): Promise<void> {
  const jwt = bearerToken(headerValue(req.headers, 'authorization'));
  if (!jwt) throw errors.noAuthorization();
  const verified = await verifyJwt(jwt);
  if (!verified.ok) throw errors.badJwt(`invalid JWT: unable to parse or verify signature, ${verified.message}`);
  if (!['service_role', 'supabase_admin'].includes(String(verified.claims.role))) {
    throw new AuthError(403, 'not_admin', 'User not allowed');
  }
}

/** signup.go sanitizeUser: a plausible user that is not the registered one. */
function obfuscatedUser(email: string, metadata: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: metadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

// --- e-mails ----------------------------------------------------------------------------

async function token(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const grantType = req.query.get('grant_type');
  if (grantType === 'password') return passwordGrant(req, ctx);
  if (grantType === 'refresh_token') return refreshGrant(req, ctx);
  if (grantType === 'pkce') return pkceGrant(req, ctx);
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

  const weakness = passwordWeakness(ctx, password);
  const weak = weakness ? { weak_password: weakness } : {};
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
        return accessTokenResponse(tx, user, session, current, tokenSettings(ctx));
      }
      await revokeSessionTokens(tx, session.id);
      return errors.refreshAlreadyUsed();
    }
    await revokeRefreshToken(tx, row.token);
    const next = await mintRefreshToken(tx, session, row.token);
    return accessTokenResponse(tx, user, session, next, tokenSettings(ctx));
  });
  // Returned, not thrown, so that the family revocation above is committed.
  if (outcome instanceof AuthError) throw outcome;
  return ok(req, outcome);
}

// --- the signed-in user ---------------------------------------------------------------

async function getUser(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const { user } = await requireUser(req, ctx);
  const [factors, identities] = await ctx.db.transaction(
    async (tx) => [await factorsOf(tx, user.id), await identitiesOf(tx, user.id)] as const,
  );
  return ok(req, userJson(user, factors, identities));
}

async function putUser(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const { user, session } = await requireUser(req, ctx);
  const body = await jsonBody(req);
  const changes: { passwordHash?: string; metadata?: Record<string, unknown> } = {};

  const password = optionalString(body, 'password');
  const rawEmail = optionalString(body, 'email');
  const newEmail = rawEmail !== undefined && rawEmail !== '' ? normaliseEmail(rawEmail) : undefined;
  const changesEmail = newEmail !== undefined && newEmail !== user.email;
  if (optionalString(body, 'phone')) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');

  // user.go: with a verified factor, a password or address change needs aal2.
  const factors = await ctx.db.transaction((tx) => factorsOf(tx, user.id));
  const hasMfa = factors.some((factor) => factor.status === 'verified');
  if (hasMfa && session?.aal !== 'aal2' && ((password !== undefined && password !== '') || changesEmail)) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  if (password !== undefined && password !== '') {
    checkPassword(ctx, password);
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

  const redirectTo = allowedRedirect(ctx, req.query.get('redirect_to'));
  const outbox: Outbox = [];
  const updated = await ctx.db.transaction(async (tx) => {
    if (changesEmail && newEmail) {
      const other = await userByEmail(tx, newEmail);
      if (other && other.id !== user.id) throw errors.emailExists();
    }
    let current = await updateUser(tx, user.id, changes);
    if (changes.passwordHash) {
      // user.UpdatePassword: pending links die and every other session is signed out.
      await tx.query(
        `update auth.users set confirmation_token = null, recovery_token = null, email_change_token_new = null,
           email_change_token_current = null where id = $1`,
        [user.id],
      );
      await deleteSessions(tx, user.id, 'others', session?.id ?? null);
    }
    if (changesEmail && newEmail) {
      checkFrequency(ctx, current.email_change_sent_at);
      ctx.limits.spendEmail();
      const forNew = newEmailToken(newEmail);
      const secure = ctx.config.secureEmailChange && Boolean(current.email);
      const forCurrent = secure ? newEmailToken(current.email ?? '') : null;
      await setEmailChange(tx, user.id, newEmail, forNew.tokenHash, forCurrent?.tokenHash ?? null);
      current = (await userById(tx, user.id)) ?? current;
      outbox.push({
        kind: 'email_change',
        to: newEmail,
        variables: mailVariables(ctx, current, 'email_change', forNew.otp, forNew.tokenHash, redirectTo, newEmail),
      });
      if (forCurrent) {
        outbox.push({
          kind: 'email_change',
          to: current.email ?? '',
          variables: mailVariables(
            ctx,
            current,
            'email_change',
            forCurrent.otp,
            forCurrent.tokenHash,
            redirectTo,
            newEmail,
          ),
        });
      }
    }
    return userJson(current, await factorsOf(tx, user.id), await identitiesOf(tx, user.id));
  });
  deliver(ctx, outbox);
  return ok(req, updated);
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

// --- links sent by e-mail ----------------------------------------------------------------

/** Answers `{}` whether or not the address has an account (recover.go). */
async function recover(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const body = await jsonBody(req);
  const rawEmail = optionalString(body, 'email');
  if (!rawEmail) throw errors.validation('Password recovery requires an email');
  const email = normaliseEmail(rawEmail);
  const redirectTo = allowedRedirect(ctx, req.query.get('redirect_to'));
  const outbox: Outbox = [];
  await ctx.db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    if (user) await queueMail(tx, ctx, outbox, user, 'recovery', redirectTo);
  });
  if (outbox.length === 0)
    ctx.notice(`auth: password reset requested for ${email}, which has no account; nothing sent`);
  deliver(ctx, outbox);
  return ok(req, {});
}

/** POST /resend {type: signup, email}: the confirmation mail again (resend.go). */
async function resend(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const body = await jsonBody(req);
  const type = optionalString(body, 'type');
  const rawEmail = optionalString(body, 'email');
  if (type !== 'signup') throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
  if (!rawEmail) throw errors.validation('Type provided requires an email address');
  const email = normaliseEmail(rawEmail);
  const options = body.options;
  const fromBody =
    typeof options === 'object' && options !== null
      ? (options as Record<string, unknown>).email_redirect_to
      : undefined;
  const redirectTo = allowedRedirect(
    ctx,
    req.query.get('redirect_to') ?? (typeof fromBody === 'string' ? fromBody : null),
  );
  const outbox: Outbox = [];
  await ctx.db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    // Unknown or already confirmed: nothing is sent and nothing is said.
    if (user && !user.email_confirmed_at) await queueMail(tx, ctx, outbox, user, 'signup', redirectTo);
  });
  deliver(ctx, outbox);
  return ok(req, {});
}

const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const;
type VerifyType = (typeof VERIFY_TYPES)[number];

type VerifyOutcome = { kind: 'session'; response: Record<string, unknown> } | { kind: 'half' };

/** verify.go verifyTokenHash + signupVerify / recoverVerify / emailChangeVerify. */
async function verifyToken(ctx: AuthContext, type: VerifyType, tokenHash: string): Promise<VerifyOutcome> {
  const expired = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
  return ctx.db.transaction(async (tx): Promise<VerifyOutcome> => {
    let match = null;
    let action: EmailTokenKind;
    if (type === 'email') {
      match = await userByEmailToken(tx, 'signup', tokenHash);
      action = 'signup';
      if (!match) {
        match = await userByEmailToken(tx, 'recovery', tokenHash);
        action = 'recovery';
      }
    } else {
      action = type === 'invite' ? 'signup' : type === 'magiclink' ? 'recovery' : type;
      match = await userByEmailToken(tx, action, tokenHash);
    }
    if (!match) throw expired();
    if (match.user.banned_until && match.user.banned_until.getTime() > Date.now()) {
      throw new AuthError(403, 'user_banned', 'User is banned');
    }
    const sentAt = match.sentAt?.getTime() ?? 0;
    if (sentAt + ctx.config.otpExpiry * 1000 < Date.now()) throw expired();
    let user: UserRow | null;
    if (action === 'signup') user = await confirmEmail(tx, match.user.id);
    else if (action === 'recovery') user = await consumeRecovery(tx, match.user.id);
    else user = await confirmEmailChange(tx, match.user.id, match.which ?? 'new', ctx.config.secureEmailChange);
    if (!user) return { kind: 'half' };
    return { kind: 'session', response: await startSession(tx, ctx, user, 'otp') };
  });
}

const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** POST /verify {type, token_hash} or {type, token, email}: what verifyOtp calls. */
async function verifyPost(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const body = await jsonBody(req);
  const type = optionalString(body, 'type') ?? '';
  const token = optionalString(body, 'token') ?? '';
  const tokenHash = optionalString(body, 'token_hash') ?? '';
  const email = optionalString(body, 'email') ?? '';
  if (type === '') throw errors.validation('Verify requires a verification type');
  if ((token === '' && tokenHash === '') || (token !== '' && tokenHash !== '')) {
    throw errors.validation('Verify requires either a token or a token hash');
  }
  let hash = tokenHash;
  if (token !== '') {
    if (email === '') throw errors.validation('Only an email address or phone number should be provided on verify');
    let normalised: string;
    try {
      normalised = normaliseEmail(email);
    } catch {
      throw errors.validation('Invalid email format', 422);
    }
    hash = emailTokenHash(normalised, token);
  } else if (email !== '' || optionalString(body, 'phone') || optionalString(body, 'redirect_to')) {
    throw errors.validation('Only the token_hash and type should be provided');
  }
  if (!(VERIFY_TYPES as readonly string[]).includes(type)) {
    throw errors.validation('Invalid email verification type');
  }
  const outcome = await verifyToken(ctx, type as VerifyType, hash);
  if (outcome.kind === 'half') return ok(req, { msg: SINGLE_CONFIRMATION, code: '200' });
  return ok(req, outcome.response);
}

/**
 * GET /verify: the ConfirmationURL link. It signs the user in and redirects
 * with the session in the fragment, or with the error there. E-mails of this
 * project link to the app's own pages instead (token_hash + a button), so a
 * mail scanner that prefetches links cannot use one up.
 */
async function verifyGet(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const redirectTo = allowedRedirect(ctx, req.query.get('redirect_to'));
  const tokenValue = req.query.get('token') ?? '';
  const type = req.query.get('type') ?? '';
  if (type === '') throw errors.validation('Verify requires a verification type');
  if (tokenValue === '') throw errors.validation('Verify requires a token or a token hash');
  let fragment: string;
  try {
    if (!(['signup', 'invite', 'recovery', 'magiclink', 'email_change'] as string[]).includes(type)) {
      throw errors.validation('Unsupported verification type');
    }
    const outcome = await verifyToken(ctx, type as VerifyType, tokenValue);
    if (outcome.kind === 'half') {
      fragment = new URLSearchParams({ message: SINGLE_CONFIRMATION }).toString();
    } else {
      const session = outcome.response;
      fragment = new URLSearchParams({
        access_token: String(session.access_token),
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: String(session.refresh_token),
        token_type: 'bearer',
        type,
      }).toString();
    }
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    fragment = new URLSearchParams({
      error: error.status === 403 ? 'access_denied' : 'invalid_request',
      error_code: error.code,
      error_description: error.message,
    }).toString();
  }
  return { status: 303, headers: { Location: `${redirectTo}#${fragment}` } };
}
