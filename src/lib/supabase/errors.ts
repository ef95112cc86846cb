/** The error shape PostgREST answers with ({code, message, details, hint}). */
export class DataApiError extends Error {
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;
  readonly status: number | undefined;

  constructor(body: { message?: unknown; code?: unknown; details?: unknown; hint?: unknown }, status?: number) {
    super(typeof body.message === 'string' && body.message ? body.message : 'Request failed');
    this.name = 'DataApiError';
    this.code = typeof body.code === 'string' ? body.code : '';
    this.details = typeof body.details === 'string' ? body.details : null;
    this.hint = typeof body.hint === 'string' ? body.hint : null;
    this.status = status;
  }
}

/** Turns supabase-js's `{ data, error }` into data or a thrown DataApiError. */
export function unwrap<T>(result: {
  data: T | null;
  error: { message: string; code?: string; details?: string | null; hint?: string | null } | null;
  status?: number;
}): T {
  if (result.error) throw new DataApiError(result.error, result.status);
  return result.data as T;
}
