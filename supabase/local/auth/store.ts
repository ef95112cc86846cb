/**
 * auth.users, auth.sessions and auth.refresh_tokens: reads, writes and the
 * JSON GoTrue answers with (AUTH `internal/models/user.go`, tokens/service.go).
 * Runs as the superuser, like GoTrue's own database role.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { TEXT_PARAMS, type Tx } from '../db.ts';
import { signJwt } from '../jwt.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
}

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  aal: string;
  factor_id: string | null;
}

export interface AmrEntry {
  method: string;
  timestamp: number;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
  confirmation_sent_at, recovery_sent_at, email_change, email_change_sent_at, email_change_confirm_status,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous`;

const opts = { serializers: TEXT_PARAMS };

export async function userByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
    opts,
  );
  return rows[0] ?? null;
}

export async function userById(tx: Tx, id: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
    opts,
  );
  return rows[0] ?? null;
}

export async function createUser(
  tx: Tx,
  email: string,
  passwordHash: string,
  metadata: Record<string, unknown>,
  confirmed: boolean,
): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, case when $6 = 'true' then now() end,
       $4::jsonb, $5::jsonb, now(), now(), case when $6 = 'true' then now() end)
     returning ${USER_COLUMNS}`,
    [
      randomUUID(),
      email,
      passwordHash,
      JSON.stringify({ provider: 'email', providers: ['email'] }),
      JSON.stringify(metadata),
      confirmed ? 'true' : 'false',
    ],
    opts,
  );
  const user = rows[0];
  if (!user) throw new Error('insert into auth.users returned no row');
  return user;
}

export async function updateUser(
  tx: Tx,
  id: string,
  changes: { email?: string; passwordHash?: string; metadata?: Record<string, unknown>; signedIn?: boolean },
): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users set
       email = coalesce($2, email),
       encrypted_password = coalesce($3, encrypted_password),
       raw_user_meta_data = coalesce($4::jsonb, raw_user_meta_data),
       last_sign_in_at = case when $5 = 'true' then now() else last_sign_in_at end,
       updated_at = now()
     where id = $1
     returning ${USER_COLUMNS}`,
    [
      id,
      changes.email ?? null,
      changes.passwordHash ?? null,
      changes.metadata ? JSON.stringify(changes.metadata) : null,
      changes.signedIn ? 'true' : 'false',
    ],
    opts,
  );
  const user = rows[0];
  if (!user) throw new Error(`auth.users ${id} vanished during an update`);
  return user;
}

// --- sessions and refresh tokens -----------------------------------------------------

/**
 * E-mailed token hashes are stored hashed once more, so a copy of the
 * database cannot be turned into working links.
 */
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * GoTrue's token hash for an e-mailed one-time code: hex SHA-224 of the
 * address followed by the code (crypto.GenerateTokenHash).
 */
export function emailTokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

/** A six-digit code and its token hash for `email`. */
export function newEmailToken(email: string): { otp: string; tokenHash: string } {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { otp, tokenHash: emailTokenHash(email, otp) };
}

const SESSION_COLUMNS = `id, user_id, created_at, coalesce(aal, 'aal1') as aal, factor_id::text as factor_id`;

export async function createSession(tx: Tx, userId: string, amrMethod: string): Promise<SessionRow> {
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, amr_method, aal) values ($1, $2, $3, 'aal1')
     returning ${SESSION_COLUMNS}`,
    [randomUUID(), userId, amrMethod],
    opts,
  );
  const session = rows[0];
  if (!session) throw new Error('insert into auth.sessions returned no row');
  await addAmrClaim(tx, session.id, amrMethod);
  return session;
}

export async function sessionById(tx: Tx, id: string): Promise<SessionRow | null> {
  const { rows } = await tx.query<SessionRow>(`select ${SESSION_COLUMNS} from auth.sessions where id = $1`, [id], opts);
  return rows[0] ?? null;
}

/** Records (or refreshes) one way the session was authenticated. */
export async function addAmrClaim(tx: Tx, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
    opts,
  );
}

/** The `amr` claim: most recent first, as GoTrue orders it. */
export async function amrClaims(tx: Tx, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await tx.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::int as timestamp
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
    opts,
  );
  return rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }));
}

export async function raiseSessionToAal2(tx: Tx, sessionId: string, factorId: string): Promise<SessionRow> {
  const { rows } = await tx.query<SessionRow>(
    `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1
     returning ${SESSION_COLUMNS}`,
    [sessionId, factorId],
    opts,
  );
  const session = rows[0];
  if (!session) throw new Error(`auth.sessions ${sessionId} vanished`);
  return session;
}

/**
 * After a successful second factor GoTrue signs the account out everywhere it
 * is still at aal1 (models.InvalidateSessionsWithAALLessThan).
 */
export async function deleteAal1Sessions(tx: Tx, userId: string): Promise<void> {
  await tx.query(`delete from auth.sessions where user_id = $1 and coalesce(aal, 'aal1') < 'aal2'`, [userId], opts);
}

/** Removing a factor lowers the sessions it raised (factor.DowngradeSessionsToAAL1). */
export async function downgradeSessionsOfFactor(tx: Tx, factorId: string): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1 returning id`,
    [factorId],
    opts,
  );
  for (const row of rows) {
    await tx.query(
      `delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'totp'`,
      [row.id],
      opts,
    );
  }
}

export async function mintRefreshToken(tx: Tx, session: SessionRow, parent: string | null): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`,
    [token, session.user_id, session.id, parent],
    opts,
  );
  await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [session.id], opts);
  return token;
}

export interface RefreshTokenRow {
  token: string;
  session_id: string;
  revoked: boolean;
  /** Seconds since it was last changed (i.e. revoked), for the reuse interval. */
  revoked_seconds_ago: number;
}

export async function findRefreshToken(tx: Tx, token: string): Promise<RefreshTokenRow | null> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select token, session_id::text as session_id, revoked,
            extract(epoch from now() - updated_at)::float8 as revoked_seconds_ago
     from auth.refresh_tokens where token = $1`,
    [token],
    opts,
  );
  return rows[0] ?? null;
}

/** The session's current (newest unrevoked) refresh token. */
export async function activeRefreshToken(tx: Tx, sessionId: string): Promise<string | null> {
  const { rows } = await tx.query<{ token: string }>(
    `select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
    [sessionId],
    opts,
  );
  return rows[0]?.token ?? null;
}

export async function revokeRefreshToken(tx: Tx, token: string): Promise<void> {
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [token], opts);
}

/** Reuse of an old token outside the reuse interval: the whole family goes. */
export async function revokeSessionTokens(tx: Tx, sessionId: string): Promise<void> {
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`,
    [sessionId],
    opts,
  );
}

export async function deleteSessions(
  tx: Tx,
  userId: string,
  scope: 'global' | 'local' | 'others',
  currentSessionId: string | null,
): Promise<void> {
  if (scope === 'global') {
    await tx.query(`delete from auth.sessions where user_id = $1`, [userId], opts);
  } else if (scope === 'local') {
    await tx.query(`delete from auth.sessions where user_id = $1 and id = $2`, [userId, currentSessionId], opts);
  } else {
    await tx.query(
      `delete from auth.sessions where user_id = $1 and id is distinct from $2`,
      [userId, currentSessionId],
      opts,
    );
  }
}

export type EmailTokenKind = 'signup' | 'recovery' | 'email_change';

/** Stores the token hash of a confirmation or recovery mail and stamps when it was sent. */
export async function setEmailToken(
  tx: Tx,
  userId: string,
  kind: 'signup' | 'recovery' | 'invite',
  tokenHash: string,
): Promise<void> {
  // An invite's token is a confirmation token, stamped as an invite too (GoTrue's sendInvite).
  const sql =
    kind === 'signup'
      ? `update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1`
      : kind === 'invite'
        ? `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now() where id = $1`
        : `update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`;
  await tx.query(sql, [userId, hashToken(tokenHash)], opts);
}

/** A pending address change: one token for the new address, one for the current (secure change). */
export async function setEmailChange(
  tx: Tx,
  userId: string,
  newEmail: string,
  tokenNew: string,
  tokenCurrent: string | null,
): Promise<void> {
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_sent_at = now(), email_change_confirm_status = 0
     where id = $1`,
    [userId, newEmail, hashToken(tokenNew), tokenCurrent === null ? null : hashToken(tokenCurrent)],
    opts,
  );
}

export interface TokenMatch {
  user: UserRow;
  /** When the mail holding the token was sent. */
  sentAt: Date | null;
  /** For email_change: which of the two links it was. */
  which?: 'new' | 'current';
}

/** The user a token hash belongs to, for one kind of link (GoTrue's verifyTokenHash lookup). */
export async function userByEmailToken(tx: Tx, kind: EmailTokenKind, tokenHash: string): Promise<TokenMatch | null> {
  const hashed = hashToken(tokenHash);
  const sql = {
    signup: `select id, confirmation_sent_at as sent_at, null as which from auth.users
      where confirmation_token = $1 and deleted_at is null`,
    recovery: `select id, recovery_sent_at as sent_at, null as which from auth.users
      where recovery_token = $1 and deleted_at is null`,
    email_change: `select id, email_change_sent_at as sent_at,
        case when email_change_token_new = $1 then 'new' else 'current' end as which
      from auth.users where (email_change_token_new = $1 or email_change_token_current = $1) and deleted_at is null`,
  }[kind];
  const { rows } = await tx.query<{ id: string; sent_at: Date | null; which: 'new' | 'current' | null }>(
    `${sql} limit 1`,
    [hashed],
    opts,
  );
  const row = rows[0];
  if (!row) return null;
  const user = await userById(tx, row.id);
  return user ? { user, sentAt: row.sent_at, ...(row.which ? { which: row.which } : {}) } : null;
}

/** signupVerify: the address is confirmed and the link used up. */
export async function confirmEmail(tx: Tx, userId: string): Promise<UserRow> {
  await tx.query(
    `update auth.users set confirmation_token = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
       updated_at = now() where id = $1`,
    [userId],
    opts,
  );
  return mustUser(tx, userId);
}

/** recoverVerify: the link is used up, and following it also confirms the address. */
export async function consumeRecovery(tx: Tx, userId: string): Promise<UserRow> {
  await tx.query(
    `update auth.users set recovery_token = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
       updated_at = now() where id = $1`,
    [userId],
    opts,
  );
  return mustUser(tx, userId);
}

/**
 * emailChangeVerify. With a token for each address, the first link only marks
 * itself used (returns null); the second applies the change.
 */
export async function confirmEmailChange(
  tx: Tx,
  userId: string,
  which: 'new' | 'current',
  secure: boolean,
): Promise<UserRow | null> {
  const user = await mustUser(tx, userId);
  const { rows } = await tx.query<{ token_new: string | null; token_current: string | null }>(
    `select email_change_token_new as token_new, email_change_token_current as token_current from auth.users where id = $1`,
    [userId],
    opts,
  );
  const pending = rows[0];
  const otherPending = which === 'new' ? pending?.token_current : pending?.token_new;
  if (secure && (user.email_change_confirm_status ?? 0) === 0 && otherPending) {
    const column = which === 'new' ? 'email_change_token_new' : 'email_change_token_current';
    await tx.query(
      `update auth.users set ${column} = null, email_change_confirm_status = 1 where id = $1`,
      [userId],
      opts,
    );
    return null;
  }
  await tx.query(
    `update auth.users set email = email_change, email_change = null, email_change_token_new = null,
       email_change_token_current = null, email_change_sent_at = null, email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1`,
    [userId],
    opts,
  );
  return mustUser(tx, userId);
}

async function mustUser(tx: Tx, id: string): Promise<UserRow> {
  const user = await userById(tx, id);
  if (!user) throw new Error(`auth.users ${id} vanished`);
  return user;
}

// --- MFA factors ----------------------------------------------------------------------

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  secret: string | null;
  phone: string | null;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, secret,
  phone, created_at, updated_at, last_challenged_at`;

export async function factorsOf(tx: Tx, userId: string): Promise<FactorRow[]> {
  const { rows } = await tx.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
    opts,
  );
  return rows;
}

export async function factorById(tx: Tx, id: string): Promise<FactorRow | null> {
  const { rows } = await tx.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1`,
    [id],
    opts,
  );
  return rows[0] ?? null;
}

/** Unverified factors older than GoTrue's factor expiry (a day) are dropped before enrolment. */
export async function deleteExpiredFactors(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - interval '1 day'`,
    [userId],
    opts,
  );
}

export async function createFactor(
  tx: Tx,
  userId: string,
  type: 'totp',
  friendlyName: string,
  secret: string,
): Promise<FactorRow> {
  const { rows } = await tx.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
     values ($1, $2, $3, $4, 'unverified', $5) returning ${FACTOR_COLUMNS}`,
    [randomUUID(), userId, friendlyName, type, secret],
    opts,
  );
  const factor = rows[0];
  if (!factor) throw new Error('insert into auth.mfa_factors returned no row');
  return factor;
}

export async function deleteFactor(tx: Tx, id: string): Promise<void> {
  await tx.query(`delete from auth.mfa_factors where id = $1`, [id], opts);
}

export async function markFactorVerified(tx: Tx, id: string): Promise<void> {
  await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [id], opts);
}

/** After a factor is verified, the account's other unverified factors of that type go. */
export async function deleteUnverifiedFactors(tx: Tx, userId: string, type: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and factor_type::text = $2 and status = 'unverified'`,
    [userId, type],
    opts,
  );
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  age_seconds: number;
}

export async function createChallenge(tx: Tx, factorId: string): Promise<ChallengeRow> {
  const { rows } = await tx.query<ChallengeRow>(
    `insert into auth.mfa_challenges (id, factor_id) values ($1, $2)
     returning id, factor_id, created_at, verified_at, 0::float8 as age_seconds`,
    [randomUUID(), factorId],
    opts,
  );
  await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factorId], opts);
  const challenge = rows[0];
  if (!challenge) throw new Error('insert into auth.mfa_challenges returned no row');
  return challenge;
}

export async function challengeOfFactor(tx: Tx, factorId: string, challengeId: string): Promise<ChallengeRow | null> {
  const { rows } = await tx.query<ChallengeRow>(
    `select id, factor_id, created_at, verified_at, extract(epoch from now() - created_at)::float8 as age_seconds
     from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factorId],
    opts,
  );
  return rows[0] ?? null;
}

export async function deleteChallenge(tx: Tx, id: string): Promise<void> {
  await tx.query(`delete from auth.mfa_challenges where id = $1`, [id], opts);
}

export async function markChallengeVerified(tx: Tx, id: string): Promise<void> {
  await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [id], opts);
}

// --- JSON ---------------------------------------------------------------------------

const iso = (value: Date | null | undefined): string | undefined => (value ? value.toISOString() : undefined);

/** GoTrue's Factor JSON (models/factor.go); the secret never leaves. */
export function factorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    ...(factor.last_challenged_at ? { last_challenged_at: iso(factor.last_challenged_at) } : {}),
    phone: factor.phone ?? '',
  };
}

// --- identities (auth.identities) ------------------------------------------------------

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const IDENTITY_COLUMNS = `id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email`;

export async function identitiesOf(tx: Tx, userId: string): Promise<IdentityRow[]> {
  const { rows } = await tx.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
    opts,
  );
  return rows;
}

export async function identityByProviderId(tx: Tx, provider: string, providerId: string): Promise<IdentityRow | null> {
  const { rows } = await tx.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where provider = $1 and provider_id = $2`,
    [provider, providerId],
    opts,
  );
  return rows[0] ?? null;
}

export async function insertIdentity(
  tx: Tx,
  userId: string,
  provider: string,
  providerId: string,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, $5, now(), now(), now())`,
    [randomUUID(), providerId, userId, JSON.stringify(data), provider],
    opts,
  );
}

/** A sign-in with an identity refreshes what the provider said about the person. */
export async function touchIdentity(tx: Tx, id: string, data: Record<string, unknown>): Promise<void> {
  await tx.query(
    `update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now() where id = $1`,
    [id, JSON.stringify(data)],
    opts,
  );
}

export async function deleteIdentity(tx: Tx, id: string): Promise<void> {
  await tx.query(`delete from auth.identities where id = $1`, [id], opts);
}

/**
 * GoTrue's app_metadata.provider (how the account was first made) and
 * providers (every way it can sign in now).
 */
export async function syncProviders(tx: Tx, user: UserRow): Promise<UserRow> {
  const rows = await identitiesOf(tx, user.id);
  const providers = [
    ...new Set([...(user.encrypted_password && user.email ? ['email'] : []), ...rows.map((r) => r.provider)]),
  ];
  const current = user.raw_app_meta_data ?? {};
  const provider = typeof current.provider === 'string' ? current.provider : (providers[0] ?? 'email');
  await tx.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now()
     where id = $1`,
    [user.id, JSON.stringify({ provider, providers })],
    opts,
  );
  return mustUser(tx, user.id);
}

/**
 * signup.go for an unconfirmed account that has no `email` identity (a
 * provider opened it without a verified address): the identity is made for
 * the address, and every other one goes (models.RemoveUnconfirmedIdentities),
 * since nothing proved that whoever brought them owns the mailbox. An
 * account with a password already has its derived `email` identity.
 */
export async function keepOnlyEmailIdentity(tx: Tx, user: UserRow): Promise<void> {
  if (!user.email || user.encrypted_password) return;
  const rows = await identitiesOf(tx, user.id);
  if (rows.some((row) => row.provider === 'email')) return;
  await insertIdentity(tx, user.id, 'email', user.id, {
    sub: user.id,
    email: user.email,
    email_verified: false,
    phone_verified: false,
  });
  await tx.query(`delete from auth.identities where user_id = $1 and provider <> 'email'`, [user.id], opts);
  await tx.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`,
    [user.id, JSON.stringify({ provider: 'email', providers: ['email'] })],
    opts,
  );
}

/** A person new to the project, signed in by an identity provider: no password, and no role. */
export async function createExternalUser(
  tx: Tx,
  email: string | null,
  provider: string,
  metadata: Record<string, unknown>,
  confirmed: boolean,
): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, null, case when $5 = 'true' then now() end,
       $3::jsonb, $4::jsonb, now(), now())
     returning ${USER_COLUMNS}`,
    [
      randomUUID(),
      email,
      JSON.stringify({ provider, providers: [provider] }),
      JSON.stringify(metadata),
      confirmed ? 'true' : 'false',
    ],
    opts,
  );
  const user = rows[0];
  if (!user) throw new Error('insert into auth.users returned no row');
  return user;
}

/** GoTrue's Identity JSON. */
export function identityJson(identity: IdentityRow): Record<string, unknown> {
  const json: Record<string, unknown> = {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

/**
 * Every identity of the account as GoTrue lists it: the stored rows, and an
 * `email` one for a password account that has none stored (the seed inserts
 * users without auth.identities rows).
 */
export function identitiesJson(user: UserRow, rows: IdentityRow[]): Record<string, unknown>[] {
  const derived = user.email && user.encrypted_password && !rows.some((row) => row.provider === 'email');
  return [...(derived ? [emailIdentity(user)] : []), ...rows.map(identityJson)];
}

/** GoTrue's User JSON (fields tagged omitempty are left out when empty). */
export function userJson(
  user: UserRow,
  factors: FactorRow[] = [],
  identities: IdentityRow[] = [],
): Record<string, unknown> {
  const appMetadata = user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] };
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change ?? undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata,
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identitiesJson(user, identities),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
    // GoTrue omits the key when the account has no factor.
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

/**
 * The seed inserts users without auth.identities rows; GoTrue would show an
 * `email` identity for each, so one is derived from the user.
 */
function emailIdentity(user: UserRow): Record<string, unknown> {
  return {
    identity_id: user.id,
    id: user.id,
    user_id: user.id,
    identity_data: {
      email: user.email,
      email_verified: user.email_confirmed_at !== null,
      phone_verified: false,
      sub: user.id,
    },
    provider: 'email',
    last_sign_in_at: iso(user.last_sign_in_at),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    email: user.email,
  };
}

export interface TokenSettings {
  issuer: string;
  expirySeconds: number;
}

/** GoTrue's AccessTokenResponse with a freshly signed access token. */
export async function accessTokenResponse(
  tx: Tx,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  settings: TokenSettings,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const amr = await amrClaims(tx, session.id);
  const factors = await factorsOf(tx, user.id);
  const identities = await identitiesOf(tx, user.id);
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + settings.expirySeconds;
  const accessToken = await signJwt({
    iss: settings.issuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: expiresAt,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: session.aal,
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: settings.expirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, factors, identities),
    ...extra,
  };
}
