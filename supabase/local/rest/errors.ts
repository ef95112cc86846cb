/**
 * PostgREST's error body `{code, message, details, hint}` and its mapping of
 * Postgres SQLSTATEs to HTTP statuses (PostgREST `Error.hs`; see
 * PostgREST's documented error format).
 */
import type { DatabaseError } from '../db.ts';
import { jsonResponse, type LocalResponse } from '../http.ts';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** A request we refuse before touching the database. */
export class RestError extends Error {
  readonly status: number;
  readonly body: PostgrestErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.body = { code, message, details, hint };
    this.headers = headers;
  }

  toResponse(): LocalResponse {
    return jsonResponse(this.status, this.body, this.headers);
  }
}

export const parseError = (what: string, details: string | null = null): RestError =>
  new RestError(400, 'PGRST100', `failed to parse ${what}`, details);

/** HTTP status for a SQLSTATE, as PostgREST decides it. */
export function statusForSqlState(code: string, role: ApiRole): number {
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom?.[1]) {
    const status = Number(custom[1]);
    if (status >= 100 && status <= 599) return status;
  }
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  if (code === '42P17') return 500;
  const klass = code.slice(0, 2);
  if (['08', '53'].includes(klass)) return 503;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(klass)) {
    return 500;
  }
  if (['0L', '0P', '28'].includes(klass)) return 403;
  return 400;
}

export function databaseErrorResponse(error: DatabaseError, role: ApiRole): LocalResponse {
  const status = statusForSqlState(error.code, role);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return jsonResponse(
    status,
    { code: error.code, message: error.message, details: error.detail || null, hint: error.hint || null },
    headers,
  );
}

export function internalErrorResponse(): LocalResponse {
  return jsonResponse(500, {
    code: 'PGRST000',
    message: 'The local backend failed to answer this request',
    details: null,
    hint: 'See the backend console for the cause.',
  });
}
