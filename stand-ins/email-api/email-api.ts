/**
 * Stands in for Resend, the email API the `deliver-outbox` function sends
 * through (`POST /emails`, docs/decisions/115-mail-outbox-and-delivery.md):
 * every accepted mail lands in the local inbox (../inbox), beside the auth
 * mails. The local backend mounts it at /email-api (supabase/local/server.ts)
 * and gives its functions `EMAIL_API_URL` and `RESEND_API_KEY`.
 *
 *   POST /email-api/emails      Authorization: Bearer <this backend's key>;
 *                               {from, to, subject, html, text} → 200 {id}.
 *                               A repeated Idempotency-Key answers the first
 *                               id and delivers nothing more (as Resend does
 *                               for 24 hours).
 *   GET  /email-api/__mode      {mode, requests, delivered}
 *   PUT  /email-api/__mode      {mode}: 'ok' (default), 'server-error' (500),
 *                               'rate-limited' (429), 'unavailable' (503).
 * The control endpoint needs the service-role key (Authorization: Bearer or
 * apikey), so a browser on the page cannot switch the stand-in off.
 *
 * The API key is made at random when the backend starts and is given only to
 * the functions' environment (`RESEND_API_KEY`), as a hosted project holds it
 * in `supabase secrets`: a key in the repository would let anything on the
 * machine put a convincing mail (a fake password reset) in the local inbox
 * (docs/decisions/187-local-secrets-site-address-and-function-files.md).
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { headerValue, jsonResponse, type LocalRequest, type LocalResponse } from '../../supabase/local/http.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import type { Inbox } from '../inbox/inbox.ts';

/** A fresh API key, shaped like the provider's (`re_…`). */
export function newEmailApiKey(): string {
  return `re_local_${randomBytes(24).toString('base64url')}`;
}

export const EMAIL_API_MODES = {
  ok: null,
  'server-error': { status: 500, name: 'internal_server_error', message: 'The stand-in was told to fail.' },
  'rate-limited': { status: 429, name: 'rate_limit_exceeded', message: 'Too many requests (stand-in).' },
  unavailable: { status: 503, name: 'service_unavailable', message: 'The stand-in is unavailable.' },
} as const;

export type EmailApiMode = keyof typeof EMAIL_API_MODES;

export class EmailApiStandIn {
  mode: EmailApiMode = 'ok';
  /** Every POST /emails received, whatever the answer. */
  requests = 0;
  /** Mails put in the inbox. */
  delivered = 0;
  private readonly idempotency = new Map<string, string>();

  /** The only key `POST /emails` accepts; the backend puts it in the functions' environment. */
  readonly apiKey: string;

  constructor(
    private readonly inbox: Inbox,
    apiKey: string = newEmailApiKey(),
  ) {
    if (apiKey.length < 16) throw new Error('The email API stand-in needs a key of at least 16 characters.');
    this.apiKey = apiKey;
  }

  async handle(req: LocalRequest): Promise<LocalResponse> {
    const path = req.segments.slice(1).join('/');
    if (path === '__mode') return this.control(req);
    if (path !== 'emails' || req.method !== 'POST')
      return error(404, 'not_found', 'The requested endpoint does not exist.');
    this.requests += 1;
    const key = /^Bearer\s+(.+)$/i.exec(headerValue(req.headers, 'authorization') ?? '')?.[1];
    if (!key || !sameKey(key, this.apiKey)) return error(401, 'missing_api_key', 'Missing or invalid API key.');
    const failure = EMAIL_API_MODES[this.mode];
    if (failure) return error(failure.status, failure.name, failure.message);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await req.readBody()).toString('utf8')) as Record<string, unknown>;
    } catch {
      return error(422, 'validation_error', 'The body must be JSON.');
    }
    const to = (Array.isArray(body.to) ? body.to : [body.to]).filter(
      (value): value is string => typeof value === 'string',
    );
    const { from, subject, html, text } = body;
    if (
      typeof from !== 'string' ||
      typeof subject !== 'string' ||
      to.length === 0 ||
      to.length > 50 ||
      (typeof html !== 'string' && typeof text !== 'string')
    ) {
      return error(422, 'validation_error', 'from, to, subject and html or text are required.');
    }
    const idempotencyKey = headerValue(req.headers, 'idempotency-key');
    const earlier = idempotencyKey ? this.idempotency.get(idempotencyKey) : undefined;
    if (earlier) return jsonResponse(200, { id: earlier });
    const id = randomUUID();
    if (idempotencyKey) this.idempotency.set(idempotencyKey, id);
    for (const address of to) {
      this.inbox.deliver({
        to: address,
        subject,
        html: typeof html === 'string' ? html : '',
        ...(typeof text === 'string' ? { text } : {}),
      });
      this.delivered += 1;
    }
    return jsonResponse(200, { id });
  }

  private async control(req: LocalRequest): Promise<LocalResponse> {
    const bearer = /^Bearer\s+(.+)$/i.exec(headerValue(req.headers, 'authorization') ?? '')?.[1];
    if (bearer !== LOCAL_SERVICE_ROLE_KEY && headerValue(req.headers, 'apikey') !== LOCAL_SERVICE_ROLE_KEY) {
      return error(401, 'unauthorized', 'The service-role key is required.');
    }
    if (req.method === 'PUT') {
      let mode: unknown;
      try {
        mode = (JSON.parse((await req.readBody()).toString('utf8')) as { mode?: unknown }).mode;
      } catch {
        mode = undefined;
      }
      if (typeof mode !== 'string' || !Object.hasOwn(EMAIL_API_MODES, mode)) {
        return error(422, 'validation_error', `mode must be one of ${Object.keys(EMAIL_API_MODES).join(', ')}.`);
      }
      this.mode = mode as EmailApiMode;
    } else if (req.method !== 'GET') {
      return error(405, 'method_not_allowed', 'GET or PUT.');
    }
    return jsonResponse(200, { mode: this.mode, requests: this.requests, delivered: this.delivered });
  }
}

/** Compares digests, so the time taken says nothing about the key. */
function sameKey(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function error(status: number, name: string, message: string): LocalResponse {
  return jsonResponse(status, { statusCode: status, name, message });
}
