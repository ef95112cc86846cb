/**
 * Sign-in with Microsoft (azure) and Google as GoTrue does it (AUTH
 * `internal/api/{external,linking,identity,token}.go`, `models/flow_state.go`,
 * `models/linking.go`): `/authorize` keeps a flow state and sends the browser
 * to the identity provider with a signed `state`; the provider comes back to
 * `/callback`, which finds, links or creates the account and (PKCE) redirects
 * with a one-time auth code that `/token?grant_type=pkce` exchanges for a
 * session. The providers themselves are behind `ctx.identityProviders`
 * (./providers.ts); locally no request leaves the machine, the stand-in of
 * stand-ins/identity-providers answers. Signing in this way never grants a
 * role.
 */
import { createHash, randomUUID } from 'node:crypto';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../config.ts';
import { isDatabaseError, type Tx } from '../db.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import { signJwt, verifyJwt } from '../jwt.ts';
import type { AuthContext } from './context.ts';
import { AuthError, errors } from './errors.ts';
import type { ProviderClaims } from './providers.ts';
import {
  allowedRedirect,
  deliver,
  jsonBody,
  ok,
  optionalString,
  queueMail,
  requireUser,
  startSession,
  type Outbox,
} from './common.ts';
import {
  createExternalUser,
  deleteIdentity,
  identitiesOf,
  identityByProviderId,
  insertIdentity,
  syncProviders,
  touchIdentity,
  updateUser,
  userByEmail,
  userById,
  type UserRow,
} from './store.ts';

/** GoTrue's flow state lifetime (FlowStateExpiryDuration: 5 minutes). */
const FLOW_STATE_SECONDS = 300;

interface FlowState {
  id: string;
  provider: OAuthProvider;
  codeChallenge: string;
  method: 's256' | 'plain';
  /** Set once the callback has signed someone in. */
  authCode: string | null;
  userId: string | null;
  createdAt: number;
}

/**
 * GoTrue keeps flow states in auth.flow_state; the local backend keeps them
 * in memory, one store per database: a restart forgets sign-ins under way,
 * which only means starting them again.
 */
interface OAuthMemory {
  flows: Map<string, FlowState>;
}
const memories = new WeakMap<object, OAuthMemory>();

function memoryOf(ctx: AuthContext): OAuthMemory {
  let memory = memories.get(ctx.db);
  if (!memory) {
    memory = { flows: new Map() };
    memories.set(ctx.db, memory);
  }
  const now = Date.now();
  for (const [id, flow] of memory.flows) if (now - flow.createdAt > FLOW_STATE_SECONDS * 1000) memory.flows.delete(id);
  return memory;
}

function providerOf(raw: string | null): OAuthProvider {
  if (!raw) throw errors.validation('Unsupported provider: Provider  could not be found');
  const provider = raw.toLowerCase();
  if (!(OAUTH_PROVIDERS as readonly string[]).includes(provider)) {
    throw errors.validation(`Unsupported provider: Provider ${raw} could not be found`);
  }
  return provider as OAuthProvider;
}

function checkEnabled(ctx: AuthContext, provider: OAuthProvider): void {
  if (!ctx.config.external[provider].enabled) throw errors.validation('Unsupported provider: provider is not enabled');
}

const redirect = (location: string, status = 302): LocalResponse => ({ status, headers: { Location: location } });

/** The redirect URI registered with the providers: this project's callback. */
const callbackUrl = (ctx: AuthContext): string => `${ctx.publicUrl}/auth/v1/callback`;

// --- /authorize and /user/identities/authorize -----------------------------------------------

/**
 * The URL the browser goes to next: the provider, with a signed
 * state naming the flow, the provider, where to return and, for linking, the
 * account the identity is for.
 */
async function startFlow(
  req: LocalRequest,
  ctx: AuthContext,
  provider: OAuthProvider,
  linkingTargetId: string | null,
): Promise<string> {
  const redirectTo = allowedRedirect(ctx, req.query.get('redirect_to'));
  const challenge = req.query.get('code_challenge') ?? '';
  const rawMethod = (req.query.get('code_challenge_method') ?? '').toLowerCase();
  let flowStateId = '';
  if (challenge !== '' || rawMethod !== '') {
    if (challenge === '' || rawMethod === '') {
      throw errors.validation('PKCE flow requires code_challenge_method and code_challenge');
    }
    if (rawMethod !== 's256' && rawMethod !== 'plain') {
      throw errors.validation('code challenge method not supported');
    }
    if (challenge.length < 43 || challenge.length > 128) {
      throw errors.validation('code challenge has to be between 43 and 128 characters');
    }
    const flow: FlowState = {
      id: randomUUID(),
      provider,
      codeChallenge: challenge,
      method: rawMethod,
      authCode: null,
      userId: null,
      createdAt: Date.now(),
    };
    memoryOf(ctx).flows.set(flow.id, flow);
    flowStateId = flow.id;
  }
  const now = Math.floor(Date.now() / 1000);
  const state = await signJwt({
    iat: now,
    exp: now + FLOW_STATE_SECONDS,
    provider,
    referrer: redirectTo,
    site_url: ctx.config.siteUrl,
    flow_state_id: flowStateId,
    ...(linkingTargetId ? { linking_target_id: linkingTargetId } : {}),
  });
  return ctx.identityProviders.authorizeUrl(provider, { state, redirectUri: callbackUrl(ctx) });
}

/** GET /authorize?provider=…&redirect_to=…&code_challenge=…&code_challenge_method=s256: signInWithOAuth. */
export async function authorize(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const provider = providerOf(req.query.get('provider'));
  checkEnabled(ctx, provider);
  return redirect(await startFlow(req, ctx, provider, null));
}

/** GET /user/identities/authorize (signed in): linkIdentity. */
export async function linkIdentityAuthorize(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const { user } = await requireUser(req, ctx);
  if (!ctx.config.enableManualLinking) throw manualLinkingDisabled();
  const provider = providerOf(req.query.get('provider'));
  checkEnabled(ctx, provider);
  const url = await startFlow(req, ctx, provider, user.id);
  if (req.query.get('skip_http_redirect') === 'true') return ok(req, { url });
  return redirect(url);
}

const manualLinkingDisabled = () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');

// --- /callback ------------------------------------------------------------------------------

interface ExternalState {
  provider: OAuthProvider;
  referrer: string;
  flowStateId: string;
  linkingTargetId: string | null;
}

/** loadExternalState: a state that is not ours, or expired, is refused before anything else. */
async function loadState(req: LocalRequest, form: URLSearchParams | null): Promise<ExternalState> {
  const raw = form?.get('state') ?? req.query.get('state') ?? '';
  if (raw === '') throw new AuthError(400, 'bad_oauth_callback', 'OAuth state parameter missing');
  const verified = await verifyJwt(raw);
  if (!verified.ok) throw new AuthError(400, 'bad_oauth_state', 'OAuth callback with invalid state');
  const { claims } = verified;
  if (typeof claims.provider !== 'string' || !(OAUTH_PROVIDERS as readonly string[]).includes(claims.provider)) {
    throw new AuthError(400, 'bad_oauth_state', 'OAuth callback with invalid state (missing provider)');
  }
  return {
    provider: claims.provider as OAuthProvider,
    referrer: typeof claims.referrer === 'string' ? claims.referrer : '',
    flowStateId: typeof claims.flow_state_id === 'string' ? claims.flow_state_id : '',
    linkingTargetId: typeof claims.linking_target_id === 'string' ? claims.linking_target_id : null,
  };
}

/** GoTrue's oauthErrorMap, then the error in the query and the fragment (redirectErrors). */
function errorRedirect(redirectTo: string, error: AuthError | { error: string; description: string }): LocalResponse {
  const params = new URLSearchParams();
  if (error instanceof AuthError) {
    const mapped: Record<number, string> = {
      400: 'invalid_request',
      401: 'unauthorized_client',
      403: 'access_denied',
      500: 'server_error',
      503: 'temporarily_unavailable',
    };
    const accessDenied = ['signup_disabled', 'user_banned', 'provider_email_needs_verification'].includes(error.code);
    params.set('error', accessDenied ? 'access_denied' : (mapped[error.status] ?? 'server_error'));
    params.set('error_code', error.code);
    params.set('error_description', error.message);
  } else {
    // An error the provider answered with has no GoTrue error code.
    params.set('error', error.error);
    params.set('error_description', error.description);
  }
  const url = new URL(redirectTo);
  for (const [key, value] of params) url.searchParams.set(key, value);
  url.hash = params.toString();
  return redirect(url.href);
}

/** GET or POST /callback?code=…&state=… (or ?error=…&state=…) from the identity provider. */
export async function callback(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const form = req.method === 'POST' ? new URLSearchParams((await req.readBody()).toString('utf8')) : null;
  const value = (key: string) => form?.get(key) ?? req.query.get(key) ?? '';
  const state = await loadState(req, form);
  const redirectTo = state.referrer || ctx.config.siteUrl;
  try {
    const providerError = value('error');
    if (providerError !== '') {
      return errorRedirect(redirectTo, {
        error: providerError,
        description: value('error_description') || 'The identity provider refused the sign-in',
      });
    }
    checkEnabled(ctx, state.provider);
    const code = value('code');
    const claims = code ? await ctx.identityProviders.exchangeCode(state.provider, code, callbackUrl(ctx)) : null;
    if (!claims) throw new AuthError(500, 'unexpected_failure', 'Unable to exchange external code');
    let flow: FlowState | null = null;
    if (state.flowStateId !== '') {
      flow = memoryOf(ctx).flows.get(state.flowStateId) ?? null;
      if (!flow || flow.authCode !== null) {
        throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      }
    }
    const outbox: Outbox = [];
    const user = await ctx.db.transaction((tx) =>
      state.linkingTargetId
        ? linkToUser(tx, state.linkingTargetId, state.provider, claims)
        : signInOrSignUp(tx, ctx, state.provider, claims, outbox, redirectTo),
    );
    deliver(ctx, outbox);
    if (!user) {
      // The account's address is not confirmed: no session. GoTrue says a
      // mail went only when one did; none goes when the address belongs to
      // another account (the new account then has no address).
      throw new AuthError(
        422,
        'provider_email_needs_verification',
        outbox.length > 0
          ? `Unverified email with ${state.provider}. A confirmation email has been sent to your ${state.provider} email`
          : `Unverified email with ${state.provider}. Verify the email with ${state.provider} in order to sign in`,
      );
    }
    if (flow) {
      flow.userId = user.id;
      flow.authCode = randomUUID();
      const url = new URL(redirectTo);
      url.searchParams.set('code', flow.authCode);
      return redirect(url.href);
    }
    // Implicit flow: the session in the fragment.
    const session = await ctx.db.transaction((tx) => startSession(tx, ctx, user, 'oauth'));
    const url = new URL(redirectTo);
    url.hash = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      provider_token: '',
      refresh_token: String(session.refresh_token),
      token_type: 'bearer',
    }).toString();
    return redirect(url.href);
  } catch (error) {
    if (error instanceof AuthError) return errorRedirect(redirectTo, error);
    // A database rule refused what the sign-in would store (GoTrue passes a
    // Postgres error on as server_error with its message).
    if (isDatabaseError(error)) return errorRedirect(redirectTo, { error: 'server_error', description: error.message });
    throw error;
  }
}

/**
 * models.DetermineAccountLinking + createAccountFromExternalIdentity: the
 * identity's own account; else, for an address the provider says is
 * verified (or any address when confirmations are off, GoTrue's
 * autoconfirm), the account whose identities or address hold it, the
 * identity now linked to it; else a new account, without the address when
 * another account holds it. A new account whose address is unverified, with
 * confirmations on, gets a confirmation mail and no session (null).
 */
async function signInOrSignUp(
  tx: Tx,
  ctx: AuthContext,
  provider: OAuthProvider,
  claims: ProviderClaims,
  outbox: Outbox,
  redirectTo: string,
): Promise<UserRow | null> {
  const existing = await identityByProviderId(tx, provider, claims.providerId);
  if (existing) {
    const user = await userById(tx, existing.user_id);
    if (!user) throw new AuthError(500, 'unexpected_failure', 'Identity without a user');
    checkNotBanned(user);
    await touchIdentity(tx, existing.id, claims.identityData);
    return finishSignIn(tx, ctx, await syncProviders(tx, user), claims, outbox, redirectTo);
  }
  const email = claims.email !== '' ? claims.email : null;
  const verified = claims.emailVerified || !ctx.config.enableConfirmations;
  if (email && verified) {
    const { rows } = await tx.query<{ user_id: string }>(
      `select distinct user_id::text as user_id from auth.identities where email = lower($1)`,
      [email],
    );
    if (rows.length > 1) {
      throw new AuthError(
        500,
        'unexpected_failure',
        'Multiple accounts with the same email address in the same linking domain detected: default',
      );
    }
    const candidate = rows[0] ? await userById(tx, rows[0].user_id) : await userByEmail(tx, email);
    if (candidate) {
      checkNotBanned(candidate);
      await insertIdentity(tx, candidate.id, provider, claims.providerId, claims.identityData);
      return finishSignIn(tx, ctx, await syncProviders(tx, candidate), claims, outbox, redirectTo);
    }
  }
  if (!ctx.config.enableSignup) throw new AuthError(403, 'signup_disabled', 'Signups not allowed for this instance');
  const taken = email ? await userByEmail(tx, email) : null;
  const user = await createExternalUser(tx, taken ? null : email, provider, claims.identityData, false);
  await insertIdentity(tx, user.id, provider, claims.providerId, claims.identityData);
  return finishSignIn(tx, ctx, user, claims, outbox, redirectTo);
}

/**
 * The end of createAccountFromExternalIdentity. An account whose address was
 * never confirmed loses its password now that an identity opens it (whoever
 * set that password never proved the mailbox); then the address is
 * confirmed when the provider vouches for it, or a confirmation mail goes.
 */
async function finishSignIn(
  tx: Tx,
  ctx: AuthContext,
  user: UserRow,
  claims: ProviderClaims,
  outbox: Outbox,
  redirectTo: string,
): Promise<UserRow | null> {
  if (user.email_confirmed_at) return updateUser(tx, user.id, { signedIn: true });
  await tx.query(`update auth.users set encrypted_password = null where id = $1`, [user.id]);
  await tx.query(`delete from auth.identities where user_id = $1 and provider = 'email'`, [user.id]);
  const current = await syncProviders(tx, user);
  if (!claims.emailVerified && ctx.config.enableConfirmations) {
    if (current.email) await queueMail(tx, ctx, outbox, current, 'signup', redirectTo);
    return null;
  }
  await tx.query(`update auth.users set email_confirmed_at = now() where id = $1`, [user.id]);
  return updateUser(tx, user.id, { signedIn: true });
}

function checkNotBanned(user: UserRow): void {
  if (user.banned_until && user.banned_until.getTime() > Date.now()) {
    throw new AuthError(403, 'user_banned', 'User is banned');
  }
}

/** linkIdentityToUser: the identity joins the signed-in account, unless it is someone's already. */
async function linkToUser(tx: Tx, targetId: string, provider: OAuthProvider, claims: ProviderClaims): Promise<UserRow> {
  const target = await userById(tx, targetId);
  if (!target) throw new AuthError(404, 'user_not_found', 'User not found');
  const existing = await identityByProviderId(tx, provider, claims.providerId);
  if (existing) {
    throw new AuthError(
      422,
      'identity_already_exists',
      existing.user_id === target.id ? 'Identity is already linked' : 'Identity is already linked to another user',
    );
  }
  await insertIdentity(tx, target.id, provider, claims.providerId, claims.identityData);
  const linked = await syncProviders(tx, target);
  return updateUser(tx, linked.id, { signedIn: true });
}

// --- /token?grant_type=pkce -----------------------------------------------------------------

function challengeOf(verifier: string, method: 's256' | 'plain'): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}

/** POST /token?grant_type=pkce {auth_code, code_verifier}: exchangeCodeForSession. */
export async function pkceGrant(req: LocalRequest, ctx: AuthContext): Promise<LocalResponse> {
  const body = await jsonBody(req);
  const authCode = optionalString(body, 'auth_code') ?? '';
  const verifier = optionalString(body, 'code_verifier') ?? '';
  if (authCode === '' || verifier === '') {
    throw errors.validation('invalid request: both auth code and code verifier should be non-empty');
  }
  const memory = memoryOf(ctx);
  const flow = [...memory.flows.values()].find((candidate) => candidate.authCode === authCode);
  if (!flow || !flow.userId) {
    throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  if (challengeOf(verifier, flow.method) !== flow.codeChallenge) {
    throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  // One exchange per code: the flow state goes with it.
  memory.flows.delete(flow.id);
  const userId = flow.userId;
  const session = await ctx.db.transaction(async (tx) => {
    const user = await userById(tx, userId);
    if (!user) throw errors.userNotFound();
    checkNotBanned(user);
    return startSession(tx, ctx, user, 'oauth');
  });
  return ok(req, session);
}

// --- DELETE /user/identities/{id} -------------------------------------------------------------

/** unlinkIdentity: any identity but the last one. */
export async function unlinkIdentity(req: LocalRequest, ctx: AuthContext, identityId: string): Promise<LocalResponse> {
  const { user } = await requireUser(req, ctx);
  if (!ctx.config.enableManualLinking) throw manualLinkingDisabled();
  const result = await ctx.db.transaction(async (tx) => {
    const rows = await identitiesOf(tx, user.id);
    const derivedEmail = Boolean(user.email && user.encrypted_password && !rows.some((r) => r.provider === 'email'));
    const count = rows.length + (derivedEmail ? 1 : 0);
    if (count <= 1) {
      throw new AuthError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
    }
    const identity = rows.find((row) => row.id === identityId);
    // The password account's derived `email` identity is not a stored row.
    if (!identity) throw new AuthError(404, 'identity_not_found', "Identity doesn't exist");
    await deleteIdentity(tx, identity.id);
    await syncProviders(tx, user);
    return {};
  });
  return ok(req, result);
}
