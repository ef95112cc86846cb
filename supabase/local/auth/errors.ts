/**
 * GoTrue's error bodies. With `X-Supabase-Api-Version: 2024-01-01` (every
 * auth-js request sends it) the body is `{code, message}` and the header is
 * echoed, which is how auth-js knows to read `code`; without it the legacy
 * `{code: <status>, error_code, msg}` shape is used (AUTH `internal/api/errors.go`).
 */
import { headerValue, jsonResponse, type LocalRequest, type LocalResponse } from '../http.ts';

const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** The API version the request asked for, when it is one we speak. */
export function requestedApiVersion(req: LocalRequest): string | null {
  const value = headerValue(req.headers, 'x-supabase-api-version');
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return null;
  return value.trim() >= API_VERSION_2024 ? API_VERSION_2024 : null;
}

export function versionHeaders(req: LocalRequest): Record<string, string> {
  const version = requestedApiVersion(req);
  return version ? { [API_VERSION_HEADER]: version } : {};
}

export function authErrorResponse(req: LocalRequest, error: AuthError): LocalResponse {
  const version = requestedApiVersion(req);
  const headers = { ...versionHeaders(req), 'x-sb-error-code': error.code };
  if (version) {
    return jsonResponse(error.status, { code: error.code, message: error.message, ...error.extra }, headers);
  }
  return jsonResponse(
    error.status,
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    headers,
  );
}

// The errors GoTrue answers for the flows we implement (apierrors/errorcode.go).
export const errors = {
  validation: (message: string, status = 400) => new AuthError(status, 'validation_failed', message),
  badJson: (message: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${message}`),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  emailInvalid: () => new AuthError(400, 'email_address_invalid', 'Unable to validate email address: invalid format'),
  weakPassword: (message: string, reasons: string[]) =>
    new AuthError(422, 'weak_password', message, { weak_password: { reasons } }),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  userExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  refreshNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshAlreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (message: string) => new AuthError(403, 'bad_jwt', message),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
  payloadTooLarge: () => new AuthError(413, 'request_entity_too_large', 'Request body too large (max 1048576 bytes)'),
  unexpected: () => new AuthError(500, 'unexpected_failure', 'Unexpected failure, see the backend console'),
};
