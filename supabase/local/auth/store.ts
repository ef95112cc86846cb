/**
 * auth.users, auth.sessions and auth.refresh_tokens: reads, writes and the
 * JSON GoTrue answers with (AUTH `internal/models/user.go`, tokens/service.go).
 * Runs as the superuser, like GoTrue's own database role.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
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
  amr_method: string;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
  confirmation_sent_at, recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, banned_until, is_anonymous`;

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
): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now(), $4::jsonb, $5::jsonb, now(), now(), now())
     returning ${USER_COLUMNS}`,
    [
      randomUUID(),
      email,
      passwordHash,
      JSON.stringify({ provider: 'email', providers: ['email'] }),
      JSON.stringify(metadata),
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

/** Recovery tokens travel by e-mail link; only their SHA-256 is stored. */
const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(tx: Tx, userId: string, amrMethod: string): Promise<SessionRow> {
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, amr_method) values ($1, $2, $3)
     returning id, user_id, created_at, amr_method`,
    [randomUUID(), userId, amrMethod],
    opts,
  );
  const session = rows[0];
  if (!session) throw new Error('insert into auth.sessions returned no row');
  return session;
}

export async function sessionById(tx: Tx, id: string): Promise<SessionRow | null> {
  const { rows } = await tx.query<SessionRow>(
    `select id, user_id, created_at, amr_method from auth.sessions where id = $1`,
    [id],
    opts,
  );
  return rows[0] ?? null;
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

export async function setRecoveryToken(tx: Tx, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`,
    [userId, hashToken(token)],
    opts,
  );
  return token;
}

/** The user of a recovery token sent within the last hour; consumes it. */
export async function consumeRecoveryToken(tx: Tx, token: string): Promise<UserRow | null> {
  const { rows } = await tx.query<{ id: string }>(
    `update auth.users set recovery_token = null, email_confirmed_at = coalesce(email_confirmed_at, now())
     where recovery_token = $1 and recovery_sent_at > now() - interval '1 hour'
     returning id`,
    [hashToken(token)],
    opts,
  );
  const id = rows[0]?.id;
  return id ? userById(tx, id) : null;
}

// --- JSON ---------------------------------------------------------------------------

const iso = (value: Date | null | undefined): string | undefined => (value ? value.toISOString() : undefined);

/** GoTrue's User JSON (fields tagged omitempty are left out when empty). */
export function userJson(user: UserRow): Record<string, unknown> {
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
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata,
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.email ? [emailIdentity(user)] : [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
    factors: [],
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
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  settings: TokenSettings,
  extra: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
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
    aal: 'aal1',
    amr: [{ method: session.amr_method, timestamp: Math.floor(session.created_at.getTime() / 1000) }],
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: settings.expirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
    ...extra,
  };
}
