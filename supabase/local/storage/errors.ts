/**
 * Storage's error body `{ statusCode, code, error, message }`. Like the
 * Storage server, the HTTP status is 400 for every refusal and 500 for a
 * failure; the status the error stands for (404, 403, 413, 415...) is the
 * `statusCode` string of the body, which supabase-js reports as
 * `error.statusCode` beside `error.status` (the HTTP one).
 */
import type { DatabaseError } from '../db.ts';
import { jsonResponse, type LocalResponse } from '../http.ts';

export class StorageError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly error: string;
  /** The HTTP status sent: 400, or 500 for a failure, unless the error says otherwise. */
  readonly httpStatus: number;
  readonly headers: Record<string, string>;

  constructor(options: {
    statusCode: number;
    code: string;
    message: string;
    error?: string;
    httpStatus?: number;
    headers?: Record<string, string>;
  }) {
    super(options.message);
    this.statusCode = options.statusCode;
    this.code = options.code;
    this.error = options.error ?? options.code;
    this.httpStatus = options.httpStatus ?? (options.statusCode === 500 ? 500 : 400);
    this.headers = options.headers ?? {};
  }

  toResponse(): LocalResponse {
    return jsonResponse(
      this.httpStatus,
      { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message },
      this.headers,
    );
  }
}

export const storageErrors = {
  noSuchBucket: () =>
    new StorageError({ statusCode: 404, code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' }),
  noSuchKey: () =>
    new StorageError({ statusCode: 404, code: 'NoSuchKey', error: 'not_found', message: 'Object not found' }),
  /** The row exists but its file does not (what the Storage server's renderer answers). */
  fileNotFound: () =>
    new StorageError({
      statusCode: 404,
      code: 'NoSuchKey',
      error: 'Not found',
      message: 'The resource was not found',
      headers: { 'Cache-Control': 'no-store' },
    }),
  accessDenied: (message = 'Access denied') =>
    new StorageError({ statusCode: 403, code: 'AccessDenied', error: 'Unauthorized', message }),
  invalidJwt: (message = 'Invalid JWT') => new StorageError({ statusCode: 400, code: 'InvalidJWT', message }),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError({ statusCode: 400, code: 'InvalidSignature', message }),
  expiredSignature: () =>
    new StorageError({ statusCode: 400, code: 'ExpiredToken', message: 'The provided token has expired.' }),
  invalidKey: (key: string) => new StorageError({ statusCode: 400, code: 'InvalidKey', message: `Invalid key: ${key}` }),
  keyAlreadyExists: () =>
    new StorageError({
      statusCode: 409,
      code: 'KeyAlreadyExists',
      error: 'Duplicate',
      message: 'The resource already exists',
    }),
  entityTooLarge: (entity = 'object') =>
    new StorageError({
      statusCode: 413,
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: `The ${entity} exceeded the maximum allowed size`,
    }),
  invalidMimeType: (mimeType: string) =>
    new StorageError({
      statusCode: 415,
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: `mime type ${mimeType} is not supported`,
    }),
  noContent: (message = 'No content provided') =>
    new StorageError({ statusCode: 400, code: 'InvalidRequest', message }),
  invalidParameter: (name: string) =>
    new StorageError({ statusCode: 400, code: 'InvalidParameter', message: `Invalid Parameter ${name}` }),
  /** A request body that does not match the route's schema (the server's validation error). */
  validation: (message: string) =>
    new StorageError({ statusCode: 400, code: 'InvalidRequest', error: 'Bad Request', message }),
  /** No route: the Storage server's not-found handler, a real 404. */
  routeNotFound: (method: string, path: string) =>
    new StorageError({
      statusCode: 404,
      code: 'InvalidRequest',
      error: 'Not Found',
      message: `Route ${method}:${path} not found`,
      httpStatus: 404,
    }),
  internal: () => new StorageError({ statusCode: 500, code: 'InternalError', message: 'Internal server error' }),
};

/** How the Storage server words a Postgres error met while running a request's statement. */
export function fromDatabaseError(error: DatabaseError): StorageError {
  switch (error.code) {
    case '42501':
      return storageErrors.accessDenied(
        error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message,
      );
    case '23505':
      return new StorageError({
        statusCode: 409,
        code: 'ResourceAlreadyExists',
        error: 'Duplicate',
        message: 'The resource already exists',
      });
    case '22P02':
      return new StorageError({ statusCode: 400, code: 'InvalidParameter', message: error.message });
    default:
      return new StorageError({
        statusCode: 500,
        code: 'DatabaseError',
        message: `database error, code: ${error.code}`,
      });
  }
}
