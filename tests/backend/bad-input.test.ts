/**
 * Malformed and hostile requests: each is answered with a 4xx and a body of
 * the shape the real service uses (PostgREST, GoTrue or the gateway), never
 * a 500, and nothing in the database changes.
 */
import { request as httpRequest } from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from '../../supabase/local/keys.ts';
import { ACCOUNT_IDS, snapshot, startTestBackend, type Client, type TestBackend } from './helpers.ts';

type Shape = 'postgrest' | 'gotrue' | 'gateway';

interface Case {
  name: string;
  status: number;
  shape: Shape;
  code?: string;
  send: () => Promise<{ status: number; body: string }>;
}

let backend: TestBackend;
let admin: Client;
let adminToken: string;
let before: unknown;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.signIn('admin');
  adminToken = (await admin.auth.getSession()).data.session?.access_token ?? '';
  before = await snapshot(admin);
});

afterAll(async () => {
  await backend?.stop();
});

const sign = (claims: Record<string, unknown>, secret = LOCAL_JWT_SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));

async function call(path: string, init: RequestInit & { apikey?: string | null } = {}) {
  const response = await backend.fetch(path, init);
  return { status: response.status, body: await response.text() };
}

/** Lazily: the admin's token exists only once beforeAll has run. */
const asAdmin =
  (init: RequestInit = {}) =>
  (): RequestInit => ({
    ...init,
    headers: {
      Authorization: `Bearer ${adminToken}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });

/** Sends the request target byte for byte (fetch would normalise `..`). */
function raw(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(backend.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: 'GET', headers: { apikey: LOCAL_ANON_KEY } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const rest = (path: string, init?: RequestInit | (() => RequestInit)) => () =>
  call(`/rest/v1/${path}`, typeof init === 'function' ? init() : init);
const deepOr = `or=(${'and('.repeat(20)}name.eq.x${')'.repeat(20)})`;

const cases: Case[] = [
  // Identifiers: every one is looked up in the catalog before it is quoted.
  { name: 'unknown table', status: 404, shape: 'postgrest', code: 'PGRST205', send: rest('no_such_table') },
  {
    name: 'unknown column in select',
    status: 400,
    shape: 'postgrest',
    code: '42703',
    send: rest('feature_flags?select=password'),
  },
  {
    name: 'SQL in select',
    status: 400,
    shape: 'postgrest',
    send: rest('feature_flags?select=name,(select%20encrypted_password%20from%20auth.users)'),
  },
  {
    name: 'statement injection in select',
    status: 400,
    shape: 'postgrest',
    code: '42703',
    send: rest('feature_flags?select=name;drop%20table%20public.feature_flags'),
  },
  {
    name: 'quote breaking in select',
    status: 400,
    shape: 'postgrest',
    code: '42703',
    send: rest('feature_flags?select=%22name%22%22;%20drop%20table%20x;%20--%22'),
  },
  {
    name: 'cast in select',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST100',
    send: rest('feature_flags?select=name::text'),
  },
  {
    name: 'embedded resource',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST200',
    send: rest('feature_flags?select=*,user_roles(*)'),
  },
  {
    name: 'SQL in a filter column',
    status: 400,
    shape: 'postgrest',
    code: '42703',
    send: rest('feature_flags?name);delete%20from%20feature_flags;--=eq.x'),
  },
  {
    name: 'unknown operator',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST100',
    send: rest('feature_flags?name=sql.1=1'),
  },
  {
    name: 'filter without operator',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST100',
    send: rest('feature_flags?name=teams'),
  },
  {
    name: 'SQL in a uuid value',
    status: 400,
    shape: 'postgrest',
    code: '22P02',
    send: rest("feature_flags?id=eq.1'%20or%20'1'='1"),
  },
  {
    name: 'SQL in a boolean value',
    status: 400,
    shape: 'postgrest',
    code: '22P02',
    send: rest('feature_flags?enabled=eq.true;drop%20table%20x'),
  },
  {
    name: 'unbalanced in list',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST100',
    send: rest('feature_flags?name=in.(a,b'),
  },
  {
    name: 'bad is value',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST100',
    send: rest('feature_flags?description=is.maybe'),
  },
  {
    name: 'SQL in a logic tree',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST100',
    send: rest('feature_flags?or=(name.eq.a,1=1)'),
  },
  {
    name: 'logic tree nested too deeply',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST100',
    send: rest(`feature_flags?${deepOr}`),
  },
  {
    name: 'SQL in order',
    status: 400,
    shape: 'postgrest',
    code: '42703',
    send: rest('feature_flags?order=name;drop%20table%20feature_flags'),
  },
  {
    name: 'bad order direction',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST100',
    send: rest('feature_flags?order=name.sideways'),
  },
  {
    name: 'order by unknown column',
    status: 400,
    shape: 'postgrest',
    code: '42703',
    send: rest('feature_flags?order=(select%201)'),
  },
  { name: 'negative limit', status: 400, shape: 'postgrest', code: 'PGRST100', send: rest('feature_flags?limit=-1') },
  {
    name: 'limit that is SQL',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST100',
    send: rest('feature_flags?limit=1;drop%20table%20x'),
  },
  {
    name: 'huge offset',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST100',
    send: rest('feature_flags?offset=99999999999999999999'),
  },
  // Bodies.
  {
    name: 'invalid JSON',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST102',
    send: rest('feature_flags', asAdmin({ method: 'POST', body: '{"name":' })),
  },
  {
    name: 'scalar JSON body',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST102',
    send: rest('feature_flags', asAdmin({ method: 'POST', body: '42' })),
  },
  {
    name: 'array with mismatched keys',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST102',
    send: rest(
      'feature_flags',
      asAdmin({ method: 'POST', body: JSON.stringify([{ name: 'a' }, { description: '/' }]) }),
    ),
  },
  {
    name: 'unknown column in a body',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST204',
    send: rest(
      'feature_flags?name=eq.teams',
      asAdmin({ method: 'PATCH', body: JSON.stringify({ 'enabled"=true--': true }) }),
    ),
  },
  {
    name: 'array body for PATCH',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST102',
    send: rest('feature_flags?name=eq.teams', asAdmin({ method: 'PATCH', body: '[{"enabled":true}]' })),
  },
  {
    name: 'wrong type in a body',
    status: 400,
    shape: 'postgrest',
    code: '22P02',
    send: rest('feature_flags?name=eq.teams', asAdmin({ method: 'PATCH', body: JSON.stringify({ enabled: 'maybe' }) })),
  },
  {
    name: 'SQL in a body value stays a value',
    status: 400,
    shape: 'postgrest',
    code: '23514',
    send: rest(
      'feature_flags?name=eq.teams',
      asAdmin({
        method: 'PATCH',
        body: JSON.stringify({ description: "'); drop table feature_flags; --".repeat(100) }),
      }),
    ),
  },
  {
    name: 'JSON nested thousands deep',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST102',
    send: rest('feature_flags', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"name":"x","description":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    }),
  },
  {
    name: 'body over 1 MB',
    status: 413,
    shape: 'postgrest',
    send: rest('feature_flags', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x', description: 'x'.repeat(1_100_000) }),
    }),
  },
  {
    name: 'non-JSON content type',
    status: 415,
    shape: 'postgrest',
    code: 'PGRST107',
    send: rest('feature_flags', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'name=x',
    }),
  },
  // Keys and tokens.
  {
    name: 'missing apikey',
    status: 401,
    shape: 'gateway',
    send: () => call('/rest/v1/feature_flags', { apikey: null }),
  },
  {
    name: 'apikey that is not a JWT',
    status: 401,
    shape: 'gateway',
    send: () => call('/rest/v1/feature_flags', { apikey: 'not-a-key' }),
  },
  {
    name: 'apikey signed with another secret',
    status: 401,
    shape: 'gateway',
    send: async () =>
      call('/rest/v1/feature_flags', { apikey: await sign({ role: 'anon' }, 'another-secret-another-secret-123') }),
  },
  {
    name: 'user token as apikey',
    status: 401,
    shape: 'gateway',
    send: () => call('/rest/v1/feature_flags', { apikey: adminToken }),
  },
  {
    name: 'garbage bearer token',
    status: 401,
    shape: 'postgrest',
    code: 'PGRST301',
    send: rest('feature_flags', { headers: { Authorization: 'Bearer garbage' } }),
  },
  {
    name: 'expired bearer token',
    status: 401,
    shape: 'postgrest',
    code: 'PGRST303',
    send: async () =>
      call('/rest/v1/feature_flags', {
        headers: {
          Authorization: `Bearer ${await sign({ role: 'authenticated', sub: ACCOUNT_IDS.admin, exp: Math.floor(Date.now() / 1000) - 60 })}`,
        },
      }),
  },
  {
    name: 'bearer token with a wrong secret',
    status: 401,
    shape: 'postgrest',
    code: 'PGRST301',
    send: async () =>
      call('/rest/v1/user_roles', {
        headers: {
          Authorization: `Bearer ${await sign({ role: 'service_role' }, 'guessed-secret-guessed-secret-12')}`,
        },
      }),
  },
  {
    name: 'validly signed token for the superuser role',
    status: 401,
    shape: 'postgrest',
    code: '42501',
    send: async () =>
      call('/rest/v1/user_roles', { headers: { Authorization: `Bearer ${await sign({ role: 'postgres' })}` } }),
  },
  {
    name: 'alg none token',
    status: 401,
    shape: 'postgrest',
    code: 'PGRST301',
    send: () =>
      call('/rest/v1/user_roles', {
        headers: {
          Authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`,
        },
      }),
  },
  // Paths, methods, negotiation.
  {
    name: 'path traversal',
    status: 404,
    shape: 'postgrest',
    code: 'PGRST125',
    send: () => raw('/rest/v1/../../auth/v1/admin/users'),
  },
  {
    name: 'encoded path traversal',
    status: 404,
    shape: 'postgrest',
    code: 'PGRST125',
    send: () => raw('/rest/v1/feature_flags%2F..%2Fuser_roles'),
  },
  {
    name: 'nested path',
    status: 404,
    shape: 'postgrest',
    code: 'PGRST125',
    send: rest('feature_flags/extra/segments'),
  },
  {
    name: 'unknown function',
    status: 404,
    shape: 'postgrest',
    code: 'PGRST202',
    send: rest('rpc/pg_sleep', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"seconds":10}',
    }),
  },
  {
    name: 'SQL in a function name',
    status: 404,
    shape: 'postgrest',
    code: 'PGRST202',
    send: rest('rpc/simple_admin_unlock(password)%3Bselect%201', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    }),
  },
  {
    name: 'unknown function argument',
    status: 404,
    shape: 'postgrest',
    code: 'PGRST202',
    send: rest('rpc/simple_admin_unlock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"password":"x","extra":"y"}',
    }),
  },
  {
    name: 'private schema profile',
    status: 406,
    shape: 'postgrest',
    code: 'PGRST106',
    send: rest('simple_admin_secret', { headers: { 'Accept-Profile': 'private' } }),
  },
  {
    name: 'unsupported media type',
    status: 406,
    shape: 'postgrest',
    code: 'PGRST107',
    send: rest('feature_flags', { headers: { Accept: 'text/csv' } }),
  },
  {
    name: 'unsupported method',
    status: 405,
    shape: 'postgrest',
    code: 'PGRST117',
    send: rest('feature_flags', asAdmin({ method: 'PUT', body: '{}' })),
  },
  {
    name: 'strict handling of unknown preferences',
    status: 400,
    shape: 'postgrest',
    code: 'PGRST122',
    send: rest('feature_flags', { headers: { Prefer: 'handling=strict, evil=1' } }),
  },
  // Auth.
  {
    name: 'auth: invalid JSON',
    status: 400,
    shape: 'gotrue',
    code: 'bad_json',
    send: () =>
      call('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
        body: '{"email":',
      }),
  },
  {
    name: 'auth: unknown grant type',
    status: 400,
    shape: 'gotrue',
    code: 'validation_failed',
    send: () =>
      call('/auth/v1/token?grant_type=client_credentials', {
        method: 'POST',
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
        body: '{}',
      }),
  },
  {
    name: 'auth: garbage bearer',
    status: 403,
    shape: 'gotrue',
    code: 'bad_jwt',
    send: () =>
      call('/auth/v1/user', { headers: { Authorization: 'Bearer x.y.z', 'X-Supabase-Api-Version': '2024-01-01' } }),
  },
  {
    name: 'auth: wrong-secret token',
    status: 403,
    shape: 'gotrue',
    code: 'bad_jwt',
    send: async () =>
      call('/auth/v1/user', {
        headers: {
          Authorization: `Bearer ${await sign({ sub: ACCOUNT_IDS.admin, role: 'authenticated' }, 'guessed-secret-guessed-secret-12')}`,
          'X-Supabase-Api-Version': '2024-01-01',
        },
      }),
  },
  {
    name: 'auth: missing bearer',
    status: 401,
    shape: 'gotrue',
    code: 'no_authorization',
    send: () => call('/auth/v1/user', { headers: { 'X-Supabase-Api-Version': '2024-01-01' } }),
  },
  {
    name: 'auth: sign-up body over 1 MB',
    status: 413,
    shape: 'gotrue',
    send: () =>
      call('/auth/v1/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({
          email: 'big@example.com',
          password: 'Big#Password1',
          data: { blob: 'x'.repeat(1_100_000) },
        }),
      }),
  },
  {
    name: 'auth: NUL in a refresh token',
    status: 400,
    shape: 'gotrue',
    code: 'bad_json',
    send: () =>
      call('/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
        body: '{"refresh_token":"a\\u0000b"}',
      }),
  },
  {
    name: 'auth: metadata nested thousands deep',
    status: 400,
    shape: 'gotrue',
    code: 'bad_json',
    send: () =>
      call('/auth/v1/signup', {
        method: 'POST',
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
        body: `{"email":"deep@example.com","password":"Deep#Password1","data":{"x":${'['.repeat(3000)}${']'.repeat(3000)}}}`,
      }),
  },
  {
    name: 'auth: unknown endpoint',
    status: 404,
    shape: 'gotrue',
    code: 'not_found',
    send: () => call('/auth/v1/admin/users', { headers: { 'X-Supabase-Api-Version': '2024-01-01' } }),
  },
  {
    name: 'auth: missing apikey',
    status: 401,
    shape: 'gateway',
    send: () => call('/auth/v1/settings', { apikey: null }),
  },
  {
    name: 'auth: SQL in the e-mail',
    status: 400,
    shape: 'gotrue',
    code: 'invalid_credentials',
    send: () =>
      call('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({ email: "admin@example.com' or '1'='1", password: 'x' }),
      }),
  },
];

function checkShape(shape: Shape, body: unknown): void {
  expect(body).toBeTypeOf('object');
  const record = body as Record<string, unknown>;
  if (shape === 'postgrest') {
    expect(Object.keys(record).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(record.code).toBeTypeOf('string');
    expect(record.message).toBeTypeOf('string');
  } else if (shape === 'gotrue') {
    expect(record.code).toBeTypeOf('string');
    expect(record.message).toBeTypeOf('string');
  } else {
    expect(record.message).toBeTypeOf('string');
    expect(record.hint).toBeTypeOf('string');
  }
}

describe('hostile and malformed requests', () => {
  it('has at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('$name → $status', async ({ send, status, shape, code }) => {
    const response = await send();
    expect(response.status).toBe(status);
    const body = JSON.parse(response.body) as Record<string, unknown>;
    checkShape(shape, body);
    if (code) expect(body.code).toBe(code);
  });

  it('values are data, never SQL: a quote-laden filter value just matches nothing', async () => {
    const { data, error } = await backend.client().from('feature_flags').select('name').eq('name', "teams' or '1'='1");
    expect({ data, error }).toEqual({ data: [], error: null });
    const like = await backend
      .client()
      .from('feature_flags')
      .select('name')
      .like('name', "%'; drop table feature_flags; --");
    expect(like.data).toEqual([]);
  });

  it('left flags and roles exactly as they were', async () => {
    expect(await snapshot(admin)).toEqual(before);
    const count = await backend.db.query<{ n: number }>('select count(*)::int as n from auth.users');
    expect(count[0]?.n).toBeGreaterThanOrEqual(3);
  });
});
