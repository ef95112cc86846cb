/**
 * The production-build guard of scripts/build-env.ts
 * (docs/decisions/066-production-build-and-deploy-configuration.md): a build
 * for a hosted backend refuses to start, naming the variable, when something
 * visitors' browsers need is missing or local; local builds keep their
 * defaults.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLocalUrl, isPublicHost, isReleaseMode, resolvePublicEnv } from './build-env.ts';
import { LOCAL_ANON_KEY } from '../supabase/local/keys.ts';

// A directory without .env files, so only what a test passes counts.
const root = mkdtempSync(join(tmpdir(), 'build-env-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const HOSTED = {
  VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.hosted-anon-key.signature',
  VITE_HUBSPOT_PORTAL_ID: '1234567',
  VITE_HUBSPOT_CONTACT_FORM_ID: '11111111-2222-3333-4444-555555555555',
  VITE_HUBSPOT_B2B_FORM_ID: '66666666-7777-8888-9999-000000000000',
  VITE_HUBSPOT_FORMS_API: 'https://api.hsforms.com/submissions/v3/integration/submit',
  VITE_HUBSPOT_SCRIPT_URL: 'https://js.hsforms.net/forms/embed/v2.js',
  VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID: '123456789',
  VITE_SITE_URL: 'https://oleathyme.example.com',
  VITE_CAPTCHA_SITE_KEY: '0x4AAAAAAAhosted-site-key',
  VITE_CAPTCHA_SCRIPT_URL: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
};

const build = (overrides: Record<string, string>, mode = 'production') =>
  resolvePublicEnv(mode, root, { ...HOSTED, ...overrides });

describe('a production build for a hosted backend', () => {
  it('builds when everything is set', () => {
    expect(build({})).toMatchObject(HOSTED);
  });

  it.each([
    'VITE_SUPABASE_ANON_KEY',
    'VITE_HUBSPOT_PORTAL_ID',
    'VITE_HUBSPOT_CONTACT_FORM_ID',
    'VITE_HUBSPOT_B2B_FORM_ID',
    'VITE_HUBSPOT_FORMS_API',
    'VITE_HUBSPOT_SCRIPT_URL',
    'VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID',
    'VITE_SITE_URL',
  ])('refuses without %s, naming it', (name) => {
    expect(() => build({ [name]: '' })).toThrow(new RegExp(`${name} is not set`));
  });

  it.each([
    ['VITE_HUBSPOT_FORMS_API', 'http://127.0.0.1:54321/hubspot/forms'],
    ['VITE_HUBSPOT_SCRIPT_URL', 'http://localhost:54321/hubspot/js/embed.js'],
    ['VITE_SITE_URL', 'http://localhost:4173'],
    ['VITE_SITE_URL', 'http://[::1]:4173'],
  ])('refuses when %s points at a local address (%s)', (name, value) => {
    expect(() => build({ [name]: value })).toThrow(new RegExp(`${name} points at a local address`));
  });

  it('refuses the local anon key and the local HubSpot placeholders', () => {
    expect(() => build({ VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY })).toThrow(
      /VITE_SUPABASE_ANON_KEY is the local development value/,
    );
    expect(() => build({ VITE_HUBSPOT_PORTAL_ID: 'local-portal' })).toThrow(/VITE_HUBSPOT_PORTAL_ID is the local/);
  });

  it('lists every problem at once', () => {
    expect(() => build({ VITE_SUPABASE_ANON_KEY: '', VITE_HUBSPOT_FORMS_API: '', VITE_SITE_URL: '' })).toThrow(
      /VITE_SUPABASE_ANON_KEY[\s\S]*VITE_HUBSPOT_FORMS_API[\s\S]*VITE_SITE_URL/,
    );
  });
});

describe("the CAPTCHA widget (config.toml's [auth.captcha] is on)", () => {
  it('a hosted build gets the real Turnstile script, and refuses without a real site key', () => {
    expect(build({ VITE_CAPTCHA_SCRIPT_URL: '' })).toMatchObject({
      VITE_CAPTCHA_SITE_KEY: HOSTED.VITE_CAPTCHA_SITE_KEY,
      VITE_CAPTCHA_SCRIPT_URL: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    });
    expect(() => build({ VITE_CAPTCHA_SITE_KEY: '' })).toThrow(/VITE_CAPTCHA_SITE_KEY is not set/);
    expect(() => build({ VITE_CAPTCHA_SITE_KEY: '1x00000000000000000000AA' })).toThrow(
      /VITE_CAPTCHA_SITE_KEY is a Turnstile test key/,
    );
    expect(() => build({ VITE_CAPTCHA_SCRIPT_URL: 'http://127.0.0.1:54321/captcha/turnstile/v0/api.js' })).toThrow(
      /VITE_CAPTCHA_SCRIPT_URL must be https:\/\/ on a public host/,
    );
  });

  it("a local build gets Turnstile's test key and the local backend's stand-in script", () => {
    const local = resolvePublicEnv('production', root, {
      VITE_SUPABASE_URL: '',
      VITE_CAPTCHA_SITE_KEY: '',
      VITE_CAPTCHA_SCRIPT_URL: '',
      LOCAL_SUPABASE_PORT: '54999',
    });
    expect(local.VITE_CAPTCHA_SITE_KEY).toBe('1x00000000000000000000AA');
    expect(local.VITE_CAPTCHA_SCRIPT_URL).toBe('http://127.0.0.1:54999/captcha/turnstile/v0/api.js');
  });
});

describe('a release build in any mode but development', () => {
  it.each(['production', 'staging', 'preview'])(
    '%s with only VITE_SUPABASE_URL set is refused, naming each variable',
    (mode) => {
      const only = Object.fromEntries(Object.keys(HOSTED).map((name) => [name, '']));
      const attempt = () =>
        resolvePublicEnv(mode, root, { ...only, VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co' });
      expect(attempt).toThrow(new RegExp(`Refusing a ${mode} build`));
      for (const name of [
        'VITE_SUPABASE_ANON_KEY',
        'VITE_HUBSPOT_PORTAL_ID',
        'VITE_HUBSPOT_FORMS_API',
        'VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID',
      ]) {
        expect(attempt).toThrow(new RegExp(`${name} is not set`));
      }
    },
  );

  it('refuses a staging build carrying the local anon key, HubSpot URL and portal', () => {
    const attempt = () =>
      build(
        {
          VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
          VITE_HUBSPOT_PORTAL_ID: 'local-portal',
          VITE_HUBSPOT_FORMS_API: 'http://127.0.0.1:54321/hubspot/forms',
        },
        'staging',
      );
    expect(attempt).toThrow(/VITE_SUPABASE_ANON_KEY is the local development value/);
    expect(attempt).toThrow(/VITE_HUBSPOT_PORTAL_ID is the local development value/);
    expect(attempt).toThrow(/VITE_HUBSPOT_FORMS_API points at a local address/);
  });

  it('refuses an http:// backend', () => {
    expect(() => build({ VITE_SUPABASE_URL: 'http://abcdefghijklmnop.supabase.co' })).toThrow(
      /VITE_SUPABASE_URL must be an https:\/\/ URL/,
    );
  });

  it.each([
    ['VITE_HUBSPOT_FORMS_API', 'https://169.254.169.254/latest/meta-data'],
    ['VITE_HUBSPOT_FORMS_API', 'https://100.64.0.1/forms'],
    ['VITE_HUBSPOT_SCRIPT_URL', 'https://[fe80::1]/embed.js'],
    ['VITE_HUBSPOT_SCRIPT_URL', 'https://[fd12:3456::1]/embed.js'],
    ['VITE_HUBSPOT_SCRIPT_URL', 'https://hubspot-proxy/embed.js'],
    ['VITE_SUPABASE_URL', 'https://169.254.10.20'],
  ])('refuses %s on a non-public host (%s)', (name, value) => {
    expect(() => build({ [name]: value })).toThrow(new RegExp(`${name} points at a private, loopback or link-local`));
  });

  it('refuses http:// HubSpot URLs on a public host', () => {
    expect(() => build({ VITE_HUBSPOT_SCRIPT_URL: 'http://js.hsforms.net/forms/embed/v2.js' })).toThrow(
      /VITE_HUBSPOT_SCRIPT_URL must be an https:\/\/ URL/,
    );
  });

  it.each(['0', '1.5', 'one', '-3'])('refuses the subscription type id "%s"', (value) => {
    expect(() => build({ VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID: value })).toThrow(
      /VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID must be a whole number above 0/,
    );
  });

  it('`npm run build -- --mode staging` with only VITE_SUPABASE_URL stops before building, naming what is missing', () => {
    const outDir = join(root, 'staging-dist');
    const blank = Object.fromEntries(Object.keys(HOSTED).map((name) => [name, '']));
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/build.ts', '--mode', 'staging', '--outDir', outDir],
      {
        env: { ...process.env, ...blank, VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/Refusing a staging build/);
    expect(result.stderr).toMatch(/VITE_SUPABASE_ANON_KEY is not set/);
    expect(result.stderr).toMatch(/VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID is not set/);
    expect(result.stderr).toMatch(/\.env\.staging/);
    expect(existsSync(outDir)).toBe(false);
  });

  it('only development and test are local modes', () => {
    expect(isReleaseMode('development')).toBe(false);
    expect(isReleaseMode('test')).toBe(false);
    expect(isReleaseMode('production')).toBe(true);
    expect(isReleaseMode('staging')).toBe(true);
  });
});

describe('isPublicHost', () => {
  it.each([
    ['api.hsforms.com', true],
    ['8.8.8.8', true],
    ['[2606:4700::1111]', true],
    ['localhost', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.0.10', false],
    ['169.254.169.254', false],
    ['127.0.0.1', false],
    ['0.0.0.0', false],
    ['[::1]', false],
    ['[::ffff:7f00:1]', false],
    ['[fe80::1]', false],
    ['intranet', false],
    ['forms.internal', false],
  ])('%s → %s', (host, expected) => {
    expect(isPublicHost(host)).toBe(expected);
  });
});

describe('builds that keep the local defaults', () => {
  it('a production build for the local backend (no VITE_SUPABASE_URL) fills in the local stand-ins', () => {
    const env = resolvePublicEnv('production', root, {
      VITE_SUPABASE_URL: '',
      VITE_SUPABASE_ANON_KEY: '',
      VITE_HUBSPOT_FORMS_API: '',
      VITE_SITE_URL: '',
      LOCAL_SUPABASE_PORT: '54399',
    });
    expect(env.VITE_SUPABASE_URL).toBe('http://127.0.0.1:54399');
    expect(env.VITE_SUPABASE_ANON_KEY).toBe(LOCAL_ANON_KEY);
    expect(env.VITE_HUBSPOT_FORMS_API).toBe('http://127.0.0.1:54399/hubspot/forms');
  });

  it('a staging build for the local backend (empty VITE_SUPABASE_URL, as the test suite builds) keeps the stand-ins', () => {
    const env = resolvePublicEnv('staging', root, { VITE_SUPABASE_URL: '', LOCAL_SUPABASE_PORT: '54399' });
    expect(env.VITE_SUPABASE_URL).toBe('http://127.0.0.1:54399');
    expect(env.VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID).toBe('1');
  });

  it('a development server against a hosted project is not refused', () => {
    expect(() => build({ VITE_SUPABASE_ANON_KEY: '', VITE_SITE_URL: '' }, 'development')).not.toThrow();
  });
});

describe('isLocalUrl', () => {
  it.each([
    ['http://localhost:4173', true],
    ['http://app.localhost', true],
    ['http://127.0.0.1:54321', true],
    ['http://127.8.9.10', true],
    ['http://[::1]:3000', true],
    ['http://0.0.0.0:8080', true],
    ['http://192.168.1.20', true],
    ['http://10.0.0.5', true],
    ['https://abcdefghijklmnop.supabase.co', false],
    ['https://oleathyme.example.com', false],
    ['https://172.32.0.1', false],
  ])('%s → %s', (url, local) => {
    expect(isLocalUrl(url)).toBe(local);
  });
});
