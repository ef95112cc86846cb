/**
 * Runs one Data API request the way PostgREST does: its own transaction,
 * switched to the API role of the caller (never the superuser), with the
 * request's JWT claims, method, path and headers visible to SQL through
 * transaction-local settings, so RLS policies and auth.uid() decide.
 */
import type { LocalDatabase, Tx } from '../db.ts';
import { TEXT_PARAMS } from '../db.ts';
import type { ApiRole } from './errors.ts';
import type { BuiltQuery, QueryResultRow } from './sql.ts';

export interface RequestIdentity {
  role: ApiRole;
  claims: Record<string, unknown>;
}

export interface RequestSettings {
  identity: RequestIdentity;
  method: string;
  path: string;
  headers: Record<string, string>;
  readOnly: boolean;
}

/** The role names we ever switch to; nothing from the request is spliced. */
const ROLE_SQL: Record<ApiRole, string> = {
  anon: 'set local role anon',
  authenticated: 'set local role authenticated',
  service_role: 'set local role service_role',
};

export function inRequestTransaction<T>(
  db: LocalDatabase,
  settings: RequestSettings,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (settings.readOnly) await tx.query('set transaction read only');
    const claims = settings.identity.claims;
    await tx.query(
      `select set_config('request.jwt.claims', $1, true),
              set_config('request.jwt.claim.sub', $2, true),
              set_config('request.jwt.claim.role', $3, true),
              set_config('request.method', $4, true),
              set_config('request.path', $5, true),
              set_config('request.headers', $6, true)`,
      [
        JSON.stringify(claims),
        typeof claims.sub === 'string' ? claims.sub : '',
        settings.identity.role,
        settings.method,
        settings.path,
        JSON.stringify(settings.headers),
      ],
      { serializers: TEXT_PARAMS },
    );
    // PGlite is one superuser session; `set local role` makes every statement
    // of the request run with the API role's rights (RLS, grants) and ends
    // with the transaction. (`set local session authorization`, which would
    // mimic PostgREST's `authenticator` login more closely, does not revert
    // at commit in PGlite 0.5, so it is not used.) Only SQL built here runs
    // in the transaction, so nothing can `reset role`.
    await tx.query(ROLE_SQL[settings.identity.role]);
    return work(tx);
  });
}

export async function runBuilt(tx: Tx, built: BuiltQuery): Promise<QueryResultRow> {
  const { rows } = await tx.query<QueryResultRow>(built.sql, built.params, { serializers: TEXT_PARAMS });
  return rows[0] ?? { total: null, page_total: 0, body: null };
}
