/**
 * What the server keeps between requests, with supabase/config.toml's real
 * `[auth.rate_limit]` numbers (docs/decisions/128-auth-rate-limits-and-local-backend-fidelity.md):
 * the project's hourly e-mail allowance, per-address limits on sign-up and
 * reset requests and on guessing e-mailed or TOTP codes, and a TOTP code that
 * answers only once. Each scenario speaks from its own client address, so the
 * per-address buckets of one do not touch another.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { REQUEST_BURST } from '../../supabase/local/auth/rate-limit.ts';
import { loadAuthConfig } from '../../supabase/local/config.ts';
import { LOCAL_ADMIN_FACTOR_ID, LOCAL_ADMIN_TOTP_SECRET, LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { account, startTestBackend, type TestBackend } from './helpers.ts';

const CLIENT_HEADER = 'x-test-client-address';
const limits = loadAuthConfig().rateLimit;
let backend: TestBackend;

beforeAll(async () => {
  // Reset requests for unknown addresses are printed for the developer; keep the output clean.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  // config.toml's limits, not the relaxed ones other suites run with.
  backend = await startTestBackend({ relaxedAuthLimits: false, testClientAddressHeader: CLIENT_HEADER });
});

afterAll(async () => {
  await backend?.stop();
  vi.mocked(console.log).mockRestore();
});

type Answer = { status: number; code: string | undefined; message: string | undefined };

async function auth(
  address: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer & { json: Record<string, unknown> }> {
  const response = await fetch(`${backend.url}/auth/v1/${path}`, {
    method,
    headers: {
      apikey: LOCAL_ANON_KEY,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      [CLIENT_HEADER]: address,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return {
    status: response.status,
    code: typeof json.code === 'string' ? json.code : undefined,
    message: typeof json.message === 'string' ? json.message : undefined,
    json,
  };
}

/** The admin signed in with its password from `address`: an aal1 access token. */
async function adminToken(address: string): Promise<string> {
  const signedIn = await auth(address, 'POST', 'token?grant_type=password', account('admin'));
  expect(signedIn.status).toBe(200);
  return String(signedIn.json.access_token);
}

async function challenge(address: string, token: string): Promise<string> {
  const created = await auth(address, 'POST', `factors/${LOCAL_ADMIN_FACTOR_ID}/challenge`, {}, token);
  expect(created.status).toBe(200);
  return String(created.json.id);
}

/** Six digits that are none of the codes the factor accepts now (or a step either side of that). */
function wrongCode(seed: number): string {
  const now = Date.now();
  const valid = new Set([-2, -1, 0, 1, 2].map((step) => totpCode(LOCAL_ADMIN_TOTP_SECRET, now + step * 30_000)));
  for (let candidate = seed; ; candidate += 1) {
    const code = String(candidate % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

describe('config.toml [auth.rate_limit]', () => {
  it('holds the numbers these tests are written for', () => {
    expect(limits).toMatchObject({ emailSent: 60, signInSignUps: 30, tokenVerifications: 30, tokenRefresh: 150 });
  });
});

describe('the project-wide e-mail allowance', () => {
  it(`sends ${limits.emailSent} auth mails in an hour, and the next request is refused (429 over_email_send_rate_limit) with nothing sent`, async () => {
    const count = limits.emailSent + 1;
    await backend.db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'flood-' || n || '@example.com', '', now(),
         '{"provider":"email","providers":["email"]}', '{}', now(), now()
       from generate_series(1, $1::int) n`,
      [count],
    );
    const answers: Answer[] = [];
    for (let n = 1; n <= count; n += 1) {
      // Each request from its own address: only the project's allowance counts here.
      answers.push(await auth(`198.51.100.${n}`, 'POST', 'recover', { email: `flood-${n}@example.com` }));
    }
    expect(answers.slice(0, limits.emailSent).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[limits.emailSent]).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(backend.inbox.list(`flood-${limits.emailSent}@example.com`)).toHaveLength(1);
    expect(backend.inbox.list(`flood-${count}@example.com`)).toHaveLength(0);
    // Nothing was stored for the refused mail: no reset token anyone could use.
    const rows = await backend.db.query<{ recovery_token: string | null }>(
      `select recovery_token from auth.users where email = $1`,
      [`flood-${count}@example.com`],
    );
    expect(rows[0]?.recovery_token ?? '').toBe('');
  });
});

describe('one client address', () => {
  it(`may ask for sign-ups and password resets ${REQUEST_BURST} times at once, then gets 429 over_request_rate_limit`, async () => {
    const answers: Answer[] = [];
    // Unknown addresses: no mail is sent, so only the per-address limit counts.
    for (let n = 0; n < 2 * REQUEST_BURST; n += 1) {
      answers.push(await auth('203.0.113.10', 'POST', 'recover', { email: `nobody-${n}@example.com` }));
    }
    expect(answers.slice(0, REQUEST_BURST).every((answer) => answer.status === 200)).toBe(true);
    expect(answers.slice(REQUEST_BURST)).toContainEqual(
      expect.objectContaining({ status: 429, code: 'over_request_rate_limit' }),
    );
    const signUp = await auth('203.0.113.10', 'POST', 'signup', {
      email: 'late-signup@example.com',
      password: 'Request#Pass1',
    });
    expect(signUp).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // Another address is not affected.
    expect((await auth('203.0.113.11', 'POST', 'recover', { email: 'nobody@example.com' })).status).toBe(200);
  });

  it('guessing an e-mailed six-digit code reaches 429 over_request_rate_limit', async () => {
    const answers: Answer[] = [];
    for (let n = 0; n < 2 * REQUEST_BURST; n += 1) {
      const token = String(n).padStart(6, '0');
      answers.push(await auth('203.0.113.20', 'POST', 'verify', { type: 'email', email: 'member@example.com', token }));
    }
    expect(answers.slice(0, REQUEST_BURST).every((answer) => answer.status === 403)).toBe(true);
    expect(answers.slice(REQUEST_BURST)).toContainEqual(
      expect.objectContaining({ status: 429, code: 'over_request_rate_limit' }),
    );
  });

  it('300 TOTP guesses on one challenge reach 429 over_request_rate_limit after the first 30', async () => {
    const address = '203.0.113.30';
    const token = await adminToken(address);
    const challengeId = await challenge(address, token);
    const answers: Answer[] = [];
    for (let n = 0; n < 300; n += 1) {
      answers.push(
        await auth(
          address,
          'POST',
          `factors/${LOCAL_ADMIN_FACTOR_ID}/verify`,
          { challenge_id: challengeId, code: wrongCode(n * 7919) },
          token,
        ),
      );
    }
    const first = answers.slice(0, REQUEST_BURST);
    expect(first.every((answer) => answer.status === 422 && answer.code === 'mfa_verification_failed')).toBe(true);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited[0]).toMatchObject({ code: 'over_request_rate_limit' });
    // The bucket refills at 30 per 5 minutes: nearly every guess past the burst is refused.
    expect(limited.length).toBeGreaterThan(250);
  });
});

describe('a TOTP code', () => {
  it('answers once: the same code on a new challenge is refused, the next code is accepted', async () => {
    const address = '203.0.113.40';
    const code = totpCode(LOCAL_ADMIN_TOTP_SECRET);
    const first = await adminToken(address);
    const used = await auth(
      address,
      'POST',
      `factors/${LOCAL_ADMIN_FACTOR_ID}/verify`,
      { challenge_id: await challenge(address, first), code },
      first,
    );
    expect(used.status).toBe(200);

    // Someone who saw that code signs in again with the password and replays it.
    const second = await adminToken(address);
    const replayed = await auth(
      address,
      'POST',
      `factors/${LOCAL_ADMIN_FACTOR_ID}/verify`,
      { challenge_id: await challenge(address, second), code },
      second,
    );
    expect(replayed).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(replayed.message).toMatch(/already used/);

    const next = await auth(
      address,
      'POST',
      `factors/${LOCAL_ADMIN_FACTOR_ID}/verify`,
      { challenge_id: await challenge(address, second), code: totpCode(LOCAL_ADMIN_TOTP_SECRET, Date.now() + 30_000) },
      second,
    );
    expect(next.status).toBe(200);
  });
});
