/**
 * The smallest Data API client: plain fetch against PostgREST's URL grammar.
 * Public pages use it to read flags, record page loads and store leads, so
 * they never download supabase-js (the performance budget in
 * docs/product-rules.md). Signed-in screens use ./client.
 */
import { env } from '@/config/env';
import { DataApiError } from './errors';

type RestOptions = {
  signal?: AbortSignal;
  /** A user's access token; the anon key otherwise. */
  accessToken?: string;
};

function headers(options: RestOptions, extra: Record<string, string> = {}): Record<string, string> {
  return {
    apikey: env.supabaseAnonKey,
    Authorization: `Bearer ${options.accessToken ?? env.supabaseAnonKey}`,
    'Accept-Profile': 'public',
    ...extra,
  };
}

async function failure(response: Response): Promise<DataApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    body = { message: `HTTP ${response.status}` };
  }
  return new DataApiError(body, response.status);
}

/** GET /rest/v1/{table}?{query}; `query` is PostgREST's grammar, e.g. select=a,b&order=a.asc. */
export async function restSelect<T>(table: string, query: string, options: RestOptions = {}): Promise<T[]> {
  const response = await fetch(`${env.supabaseUrl}/rest/v1/${table}?${query}`, {
    headers: headers(options, { Accept: 'application/json' }),
    signal: options.signal,
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T[];
}

/** POST /rest/v1/{table} with `Prefer: return=minimal` (no read-back needed). */
export async function restInsert(
  table: string,
  row: Record<string, unknown>,
  options: RestOptions = {},
): Promise<void> {
  const response = await fetch(`${env.supabaseUrl}/rest/v1/${table}`, {
    method: 'POST',
    headers: headers(options, {
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
      Prefer: 'return=minimal',
    }),
    body: JSON.stringify(row),
    signal: options.signal,
    keepalive: true,
  });
  if (!response.ok) throw await failure(response);
}

/**
 * POST /rest/v1/rpc/{fn} with the arguments as one JSON object; the function's
 * JSON result, or undefined for a void function (204).
 */
export async function restRpc<T>(
  fn: string,
  args: Record<string, unknown>,
  options: RestOptions & { keepalive?: boolean } = {},
): Promise<T> {
  const response = await fetch(`${env.supabaseUrl}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: headers(options, {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
    }),
    body: JSON.stringify(args),
    signal: options.signal,
    keepalive: options.keepalive,
  });
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
