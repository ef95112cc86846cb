/**
 * supabase/config.toml is safe to `supabase config push` to a hosted project
 * (docs/decisions/066-production-build-and-deploy-configuration.md): what
 * differs per environment comes from `env(NAME)`, and no pushed setting is a
 * local address or opens the project wider than the app needs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isLocalUrl } from '../../scripts/build-env.ts';
import { parseToml } from '../../supabase/local/config.ts';
import { DEFAULT_MAIL_PORT } from '../../stand-ins/inbox/inbox.ts';

const toml = readFileSync('supabase/config.toml', 'utf8');

/** `key = value` lines of one [section] (not its subsections), comments dropped. */
function section(name: string): Map<string, string> {
  const entries = new Map<string, string>();
  let current = '';
  for (const raw of toml.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      current = header[1] ?? '';
      continue;
    }
    const pair = /^([a-z_]+)\s*=\s*(.+)$/.exec(line);
    if (pair && current === name) entries.set(pair[1] ?? '', pair[2] ?? '');
  }
  return entries;
}

const strings = (value: string) => [...value.matchAll(/"([^"]*)"/g)].map((match) => match[1] ?? '');

describe('supabase/config.toml', () => {
  it('takes the site URL and the redirect allow-list from the environment', () => {
    const auth = section('auth');
    expect(auth.get('site_url')).toBe('"env(SUPABASE_AUTH_SITE_URL)"');
    expect(strings(auth.get('additional_redirect_urls') ?? '')).toEqual([
      'env(SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS)',
    ]);
  });

  it('pushes no local address in any [api] or [auth] setting', () => {
    for (const name of ['api', 'auth', 'auth.email', 'auth.mfa', 'auth.mfa.totp', 'auth.rate_limit']) {
      for (const [key, value] of section(name)) {
        for (const text of strings(value)) {
          if (/^https?:\/\//.test(text)) expect(isLocalUrl(text), `[${name}] ${key} = ${text}`).toBe(false);
          expect(text, `[${name}] ${key}`).not.toMatch(/localhost|127\.0\.0\.1|\[::1\]/);
        }
      }
    }
  });

  it('exposes only the public schema over REST (no GraphQL) and no anonymous sign-ins', () => {
    expect(strings(section('api').get('schemas') ?? '')).toEqual(['public']);
    expect(section('auth').get('enable_anonymous_sign_ins') ?? 'false').toBe('false');
  });

  it('limits auth mail for the whole project and requests per address ([auth.rate_limit], pushed with the rest of [auth])', () => {
    const limits = parseToml(toml)['auth.rate_limit'];
    expect(limits).toEqual({
      email_sent: 60,
      sms_sent: 30,
      anonymous_users: 30,
      token_refresh: 150,
      sign_in_sign_ups: 30,
      token_verifications: 30,
    });
  });

  it("keeps the local inbox under the CLI's current name, on the port the local backend serves it on", () => {
    const tables = parseToml(toml);
    expect(tables).not.toHaveProperty('inbucket');
    expect(tables.local_smtp).toEqual({ enabled: true, port: DEFAULT_MAIL_PORT });
    expect(DEFAULT_MAIL_PORT).toBe(54324);
  });
});
