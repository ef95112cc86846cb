/**
 * What every Edge Function here answers and checks the same way: the Deno
 * runtime's environment, JSON answers with CORS headers, the preflight, a
 * constant-time comparison of secrets and the UUID shape. Supabase bundles
 * `_shared` with each function that imports it (it is not a function itself).
 */

export interface DenoEnv {
  env: { get(name: string): string | undefined };
}

/** Deno's global, typed by what the caller needs (absent under plain Node). */
export function deno<T extends DenoEnv = DenoEnv>(): T | undefined {
  return (globalThis as unknown as { Deno?: T }).Deno;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ALLOW_HEADERS = 'authorization, x-client-info, apikey, content-type';

/**
 * CORS for a function called with a bearer header (never a cookie), so
 * answering any origin grants nothing, as Supabase's own APIs do. `extraHeaders`
 * are request headers the function also accepts.
 */
export function corsHeaders(extraHeaders: readonly string[] = []): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': [ALLOW_HEADERS, ...extraHeaders].join(', '),
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
  };
}

/** A JSON answer with the function's CORS headers (and any others). */
export function json(
  status: number,
  value: unknown,
  cors: Record<string, string>,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { ...cors, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The answer to a CORS preflight. */
export function preflight(cors: Record<string, string>): Response {
  return new Response(null, { status: 204, headers: cors });
}

/** Equal strings, compared in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return difference === 0;
}
