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

/**
 * What an Edge Function answered when supabase-js reports an error: its
 * status and JSON body (`FunctionsHttpError` carries the Response as
 * `context`), or a null status when nothing answered (`FunctionsFetchError`).
 */
export async function functionErrorAnswer(error: unknown): Promise<{ status: number | null; body: unknown }> {
  const context = (error as { context?: { status?: unknown; json?: () => Promise<unknown> } } | null)?.context;
  const status = typeof context?.status === 'number' ? context.status : null;
  const body = typeof context?.json === 'function' ? await context.json().catch(() => null) : null;
  return { status, body };
}
