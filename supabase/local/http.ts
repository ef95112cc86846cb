/**
 * Small HTTP plumbing shared by the services: a parsed request, a plain
 * response value, body reading with a size limit, and CORS.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** Larger bodies are refused with 413 before they are buffered. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface LocalRequest {
  method: string;
  /** Decoded path segments, empty segments dropped. */
  segments: string[];
  /** True when a segment is `.`/`..` or hides a separator: never routed. */
  suspiciousPath: boolean;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /**
   * The body, at most `maxBytes` (default MAX_BODY_BYTES); throws
   * PayloadTooLargeError beyond. Read once: the first call's limit holds.
   */
  readBody(maxBytes?: number): Promise<Buffer>;
}

export interface LocalResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * Deeper JSON is refused before it reaches Postgres: PGlite's parser runs on
 * a fixed WebAssembly stack and overflows on a few thousand nested arrays.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * What Postgres would choke on in a parsed JSON body: nesting deeper than
 * MAX_JSON_DEPTH, or a NUL character (text and jsonb cannot hold one).
 * Iterative, so a hostile document cannot overflow our own stack either.
 */
export function jsonProblem(value: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    if (typeof item.value === 'string') {
      if (item.value.includes('\0')) return 'JSON strings cannot contain NUL (\\u0000)';
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_JSON_DEPTH) return `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [key, child] of Object.entries(item.value)) {
      if (key.includes('\0')) return 'JSON keys cannot contain NUL (\\u0000)';
      stack.push({ value: child, depth: item.depth + 1 });
    }
  }
  return null;
}

export class PayloadTooLargeError extends Error {
  constructor(limit = MAX_BODY_BYTES) {
    super(`The request body exceeds the limit of ${limit} bytes`);
  }
}

export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): LocalResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

/** First value of a header, lower-cased name. */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Parses the request target without normalising it: `..` segments are
 * reported, not resolved, so `/rest/v1/../x` can never reach another route.
 */
export function parseRequest(req: IncomingMessage): LocalRequest {
  const target = req.url ?? '/';
  const queryAt = target.indexOf('?');
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : target.slice(queryAt + 1);
  const segments: string[] = [];
  let suspiciousPath = !rawPath.startsWith('/');
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      suspiciousPath = true;
      decoded = raw;
    }
    if (decoded === '.' || decoded === '..' || /[/\\\0]/.test(decoded)) suspiciousPath = true;
    segments.push(decoded);
  }
  let body: Promise<Buffer> | undefined;
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    segments,
    suspiciousPath,
    pathname: rawPath,
    query: new URLSearchParams(rawQuery),
    headers: req.headers,
    readBody: (maxBytes = MAX_BODY_BYTES) => (body ??= readBody(req, maxBytes)),
  };
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const declared = Number(headerValue(req.headers, 'content-length') ?? '0');
    if (Number.isFinite(declared) && declared > maxBytes) {
      // Drain without buffering so the client still reads our 413.
      req.resume();
      reject(new PayloadTooLargeError(maxBytes));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > maxBytes) {
        failed = true;
        chunks.length = 0;
        reject(new PayloadTooLargeError(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolvePromise(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!failed) {
        failed = true;
        reject(error);
      }
    });
  });
}

// --- Gateway ----------------------------------------------------------------

/** The header Cloudflare sets in front of hosted Supabase (docs/decisions/060-client-address-from-cf-connecting-ip.md). */
export const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip';

/**
 * What hosted Supabase's edge does to every request: `cf-connecting-ip`
 * holds the address of the connection, whatever the client sent under that
 * name. `private.request_client_address()` reads it from `request.headers`.
 *
 * @param testHeader tests only (a server option, never set from the
 *   environment): a request header that stands for the address, so one test
 *   process can act as several clients.
 */
export function setGatewayClientAddress(
  req: LocalRequest,
  socketAddress: string | undefined,
  testHeader?: string,
): LocalRequest {
  const fromTest = testHeader ? headerValue(req.headers, testHeader) : undefined;
  const address = fromTest ?? normaliseSocketAddress(socketAddress);
  const headers: IncomingHttpHeaders = { ...req.headers };
  if (testHeader) delete headers[testHeader];
  if (address) headers[CLIENT_ADDRESS_HEADER] = address;
  else delete headers[CLIENT_ADDRESS_HEADER];
  return { ...req, headers };
}

/** `::ffff:127.0.0.1` (IPv4 on a dual-stack socket) is 127.0.0.1. */
function normaliseSocketAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

// --- CORS -------------------------------------------------------------------

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

/** Every header supabase-js (auth, postgrest, storage) and the lead forms send. */
const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
  'content-type',
  'x-supabase-api-version',
  'x-retry-count',
  'prefer',
  'accept',
  'accept-profile',
  'content-profile',
  'range',
  'x-client-ip',
  // Storage uploads.
  'x-upsert',
  'x-metadata',
  'cache-control',
].join(', ');

export function corsHeaders(origin: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { Vary: 'Origin' };
  // Reflect only local development origins; never with credentials.
  if (origin && LOCAL_ORIGIN.test(origin)) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Expose-Headers'] =
      'Content-Range, X-Supabase-Api-Version, Content-Location, Preference-Applied, X-Total-Count, ' +
      // Storage downloads.
      'Content-Disposition, Content-Length, ETag';
  }
  return headers;
}

export function preflightHeaders(origin: string | undefined): Record<string, string> {
  const headers = corsHeaders(origin);
  if (headers['Access-Control-Allow-Origin']) {
    headers['Access-Control-Allow-Methods'] = 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD';
    headers['Access-Control-Allow-Headers'] = ALLOWED_HEADERS;
    headers['Access-Control-Max-Age'] = '600';
  }
  return headers;
}
