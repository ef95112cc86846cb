import { describe, expect, it } from 'vitest';
import { AuthRateLimiter, REQUEST_BURST, requestLimitOf, TokenBuckets, UNLIMITED } from './rate-limit.ts';
import type { LocalRequest } from '../http.ts';

const request = (method: string, path: string, address = '192.0.2.1'): LocalRequest => {
  const url = new URL(`http://local/auth/v1/${path}`);
  return {
    method,
    segments: url.pathname.split('/').filter(Boolean),
    suspiciousPath: false,
    pathname: url.pathname,
    query: url.searchParams,
    headers: { 'cf-connecting-ip': address },
    readBody: async () => Buffer.alloc(0),
  };
};

const LIMITS = {
  emailSent: 60,
  smsSent: 30,
  anonymousUsers: 30,
  tokenRefresh: 150,
  signInSignUps: 30,
  tokenVerifications: 30,
};

describe('TokenBuckets', () => {
  it('allows a burst of its capacity, then refills at its rate, per key', () => {
    let now = 0;
    const buckets = new TokenBuckets(3, 1 / 10, () => now);
    expect([1, 2, 3, 4].map(() => buckets.take('a'))).toEqual([true, true, true, false]);
    expect(buckets.take('b')).toBe(true);
    now += 9_000;
    expect(buckets.take('a')).toBe(false);
    now += 1_000;
    expect(buckets.take('a')).toBe(true);
    expect(buckets.take('a')).toBe(false);
  });
});

describe('AuthRateLimiter', () => {
  it('counts e-mails for the whole project per hour: 60 at once, then one a minute', () => {
    let now = 0;
    const limiter = new AuthRateLimiter(LIMITS, () => now);
    for (let n = 0; n < 60; n += 1) limiter.spendEmail();
    expect(() => limiter.spendEmail()).toThrow(
      expect.objectContaining({ status: 429, code: 'over_email_send_rate_limit' }),
    );
    now += 60_000;
    expect(() => limiter.spendEmail()).not.toThrow();
  });

  it("counts requests per address with GoTrue's burst of 30, refilled at the limit per 5 minutes", () => {
    let now = 0;
    const limiter = new AuthRateLimiter(LIMITS, () => now);
    const verify = request('POST', 'verify');
    for (let n = 0; n < REQUEST_BURST; n += 1) limiter.checkRequest(verify, 'tokenVerifications');
    expect(() => limiter.checkRequest(verify, 'tokenVerifications')).toThrow(
      expect.objectContaining({ status: 429, code: 'over_request_rate_limit' }),
    );
    expect(() => limiter.checkRequest(request('POST', 'verify', '192.0.2.2'), 'tokenVerifications')).not.toThrow();
    now += 10_000; // 30 per 300 s: one more every 10 s
    expect(() => limiter.checkRequest(verify, 'tokenVerifications')).not.toThrow();
  });

  it('UNLIMITED never refuses', () => {
    const limiter = new AuthRateLimiter(UNLIMITED);
    for (let n = 0; n < 1000; n += 1) {
      limiter.spendEmail();
      limiter.checkRequest(request('POST', 'signup'), 'signInSignUps');
    }
  });
});

describe('requestLimitOf', () => {
  it.each([
    ['POST', 'signup', 'signInSignUps'],
    ['POST', 'recover', 'signInSignUps'],
    ['POST', 'resend', 'signInSignUps'],
    ['PUT', 'user', 'signInSignUps'],
    ['POST', 'token?grant_type=password', 'tokenRefresh'],
    ['POST', 'token?grant_type=refresh_token', 'tokenRefresh'],
    ['POST', 'token?grant_type=other', null],
    ['GET', 'verify', 'tokenVerifications'],
    ['POST', 'verify', 'tokenVerifications'],
    ['POST', 'factors/123/verify', 'tokenVerifications'],
    ['POST', 'factors/123/challenge', null],
    ['GET', 'user', null],
  ])('%s %s → %s', (method, path, expected) => {
    const req = request(method, path);
    expect(requestLimitOf(req, path.split('?')[0] ?? '')).toBe(expected);
  });
});
