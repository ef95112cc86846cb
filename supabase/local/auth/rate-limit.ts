/**
 * GoTrue's rate limits (AUTH `internal/api/options.go`, `middleware.go`), with
 * the numbers of config.toml's `[auth.rate_limit]`
 * (docs/decisions/128-auth-rate-limits-and-local-backend-fidelity.md):
 *
 * - e-mails: one bucket for the whole project, `email_sent` per hour (burst
 *   `email_sent`); a request that would send one more answers 429
 *   `over_email_send_rate_limit` and sends, stores and creates nothing;
 * - requests, per client address: token buckets refilled at `N` per 5 minutes
 *   with GoTrue's burst of 30 — `sign_in_sign_ups` for sign-up, recovery,
 *   resend and user updates, `token_refresh` for the token endpoint (password,
 *   refresh and pkce grants), `token_verifications` for e-mailed links and codes
 *   (`/verify`) and TOTP codes (`/factors/{id}/verify`); over it, 429
 *   `over_request_rate_limit`.
 *
 * Buckets live in memory, as GoTrue's do: a restart forgets them.
 */
import { CLIENT_ADDRESS_HEADER, headerValue, type LocalRequest } from '../http.ts';
import type { RateLimitConfig } from '../config.ts';
import { AuthError } from './errors.ts';

/** GoTrue's burst for per-address limiters (`SetBurst(30)`). */
export const REQUEST_BURST = 30;
const FIVE_MINUTES = 5 * 60;
const ONE_HOUR = 60 * 60;

/** No limit at all: what sign-in heavy test suites run with. */
export const UNLIMITED: RateLimitConfig = {
  emailSent: Number.POSITIVE_INFINITY,
  smsSent: Number.POSITIVE_INFINITY,
  anonymousUsers: Number.POSITIVE_INFINITY,
  tokenRefresh: Number.POSITIVE_INFINITY,
  signInSignUps: Number.POSITIVE_INFINITY,
  tokenVerifications: Number.POSITIVE_INFINITY,
};

/** A token bucket per key: `capacity` tokens, refilled at `perSecond`. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; false (and nothing taken) when the bucket is empty. */
  take(key: string): boolean {
    if (!Number.isFinite(this.perSecond)) return true;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Full buckets say nothing: dropping them keeps memory bounded. */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.capacity) this.buckets.delete(key);
    }
  }
}

export type RequestLimit = 'signInSignUps' | 'tokenRefresh' | 'tokenVerifications';

export class AuthRateLimiter {
  private readonly email: TokenBuckets;
  private readonly requests: Record<RequestLimit, TokenBuckets>;

  constructor(config: RateLimitConfig, now: () => number = Date.now) {
    this.email = new TokenBuckets(config.emailSent, config.emailSent / ONE_HOUR, now);
    const perAddress = (limit: number) => new TokenBuckets(REQUEST_BURST, limit / FIVE_MINUTES, now);
    this.requests = {
      signInSignUps: perAddress(config.signInSignUps),
      tokenRefresh: perAddress(config.tokenRefresh),
      tokenVerifications: perAddress(config.tokenVerifications),
    };
  }

  /** middleware.go limitHandler: one request of `limit` from the caller's address. */
  checkRequest(req: LocalRequest, limit: RequestLimit): void {
    const address = headerValue(req.headers, CLIENT_ADDRESS_HEADER) ?? 'unknown';
    if (!this.requests[limit].take(address)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  }

  /** mail.go sendEmail: one more auth e-mail from the project. */
  spendEmail(): void {
    if (!this.email.take('project')) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    }
  }
}

/** The per-address limit a route of `/auth/v1` counts against (api.go's router), or null. */
export function requestLimitOf(req: LocalRequest, path: string): RequestLimit | null {
  const { method } = req;
  if (method === 'POST' && (path === 'signup' || path === 'recover' || path === 'resend')) return 'signInSignUps';
  if (method === 'PUT' && path === 'user') return 'signInSignUps';
  if (method === 'POST' && path === 'token') {
    // Unsupported grants are refused before any limit is counted.
    const grant = req.query.get('grant_type');
    return grant === 'password' || grant === 'refresh_token' || grant === 'pkce' ? 'tokenRefresh' : null;
  }
  if ((method === 'GET' || method === 'POST') && path === 'verify') return 'tokenVerifications';
  if (method === 'POST' && /^factors\/[^/]+\/verify$/.test(path)) return 'tokenVerifications';
  return null;
}
