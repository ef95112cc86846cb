/**
 * The parts of `supabase/config.toml` the local backend obeys, so that the
 * file the Supabase CLI and hosted deploys read is also what shapes local auth
 * (confirmations, e-mail templates and subjects, redirect allow-list, MFA).
 *
 * The reader understands the TOML this repository writes: `[a.b]` tables,
 * `key = value` with strings, booleans, integers and arrays of strings, and
 * `#` comments. Anything else is an error, so a config the backend cannot
 * read never passes silently.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(here, '../..');
export const CONFIG_FILE = join(REPO_ROOT, 'supabase/config.toml');

type TomlValue = string | number | boolean | string[];
export type TomlTables = Record<string, Record<string, TomlValue>>;

export function parseToml(text: string): TomlTables {
  const tables: TomlTables = { '': {} };
  let current = '';
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = stripComment(rawLine).trim();
    if (line === '') return;
    const where = `config.toml line ${index + 1}`;
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (header?.[1]) {
      current = header[1];
      tables[current] ??= {};
      return;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(line);
    if (!pair?.[1] || pair[2] === undefined) throw new Error(`${where}: cannot read "${line}"`);
    (tables[current] ??= {})[pair[1]] = parseValue(pair[2].trim(), where);
  });
  return tables;
}

function stripComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (char === '"' && line[i - 1] !== '\\') inString = !inString;
    if (char === '#' && !inString) return line.slice(0, i);
  }
  return line;
}

function parseValue(raw: string, where: string): TomlValue {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^-?\d+$/.test(raw)) return Number(raw);
  if (raw.startsWith('"')) return parseString(raw, where);
  if (raw.startsWith('[') && raw.endsWith(']')) {
    const inner = raw.slice(1, -1).trim();
    if (inner === '') return [];
    return inner
      .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
      .map((item) => item.trim())
      .filter((item) => item !== '')
      .map((item) => parseString(item, where));
  }
  throw new Error(`${where}: unsupported value ${raw}`);
}

function parseString(raw: string, where: string): string {
  if (!/^"(?:[^"\\]|\\.)*"$/.test(raw)) throw new Error(`${where}: expected a double-quoted string, got ${raw}`);
  return JSON.parse(raw) as string;
}

/** GoTrue durations as config.toml writes them: "60s", "1m0s", "1h". */
export function parseDurationSeconds(value: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value.trim());
  if (!match || value.trim() === '') throw new Error(`Unsupported duration "${value}"`);
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

export type EmailKind = 'confirmation' | 'recovery' | 'email_change' | 'invite';
export const EMAIL_KINDS: readonly EmailKind[] = ['confirmation', 'recovery', 'email_change', 'invite'];

export interface EmailTemplateConfig {
  subject: string;
  /** Absolute path of the HTML template. */
  contentPath: string;
}

/**
 * `[auth.rate_limit]` (GoTrue's RATE_LIMIT_*): e-mails and SMS per hour for the
 * whole project, anonymous sign-ins per hour per address, the rest per
 * 5 minutes per address (auth/rate-limit.ts says which routes count where).
 */
export interface RateLimitConfig {
  emailSent: number;
  smsSent: number;
  anonymousUsers: number;
  tokenRefresh: number;
  signInSignUps: number;
  tokenVerifications: number;
}

export interface AuthConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
  enableSignup: boolean;
  enableConfirmations: boolean;
  secureEmailChange: boolean;
  minimumPasswordLength: number;
  /**
   * The character sets a password must each draw from (GoTrue's
   * password_required_characters), from `[auth] password_requirements`.
   */
  passwordRequiredCharacters: string[];
  /** Seconds between two e-mails of one kind to one account (GoTrue's max_frequency). */
  emailMaxFrequency: number;
  /** Lifetime of e-mailed links, seconds (GoTrue's otp_expiry). */
  otpExpiry: number;
  templates: Record<EmailKind, EmailTemplateConfig>;
  rateLimit: RateLimitConfig;
  /** `[auth] enable_manual_linking`: linkIdentity / unlinkIdentity (GoTrue refuses them otherwise). */
  enableManualLinking: boolean;
  /**
   * `[auth.external.azure]` and `[auth.external.google]`. Locally the
   * stand-in identity provider answers for both, so client ids and secrets
   * are read only to say whether they are set.
   */
  external: Record<OAuthProvider, ExternalProviderConfig>;
  /** `[auth.captcha]` (GoTrue's security.captcha): checked before sign-ups, mails and password sign-ins. */
  captcha: CaptchaConfig;
  mfa: {
    maxEnrolledFactors: number;
    totpEnroll: boolean;
    totpVerify: boolean;
    phoneEnroll: boolean;
    phoneVerify: boolean;
  };
}

export const CAPTCHA_PROVIDERS = ['turnstile', 'hcaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export interface CaptchaConfig {
  enabled: boolean;
  provider: CaptchaProvider;
  /** From env(...); unset locally, Turnstile's always-pass test secret (the local stand-in obeys it). */
  secret: string;
}

/** Turnstile's documented always-pass test secret: what the local backend uses when none is set. */
export const LOCAL_CAPTCHA_SECRET = '1x0000000000000000000000000000000AA';

function captchaFrom(tables: TomlTables, env: NodeJS.ProcessEnv): CaptchaConfig {
  const provider = read(tables, 'auth.captcha', 'provider', 'hcaptcha');
  if (!(CAPTCHA_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(
      `config.toml [auth.captcha] provider must be turnstile or hcaptcha; got ${JSON.stringify(provider)}`,
    );
  }
  return {
    enabled: read(tables, 'auth.captcha', 'enabled', false),
    provider: provider as CaptchaProvider,
    secret: fromEnv(read(tables, 'auth.captcha', 'secret', ''), env) || LOCAL_CAPTCHA_SECRET,
  };
}

export const OAUTH_PROVIDERS = ['azure', 'google'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export interface ExternalProviderConfig {
  enabled: boolean;
  /** Filled from env(...); empty when the variable is unset (fine locally). */
  clientId: string;
  /** Azure: the tenant's authority, e.g. https://login.microsoftonline.com/<tenant-id>. */
  url: string;
  skipNonceCheck: boolean;
}

function externalFrom(tables: TomlTables, env: NodeJS.ProcessEnv): Record<OAuthProvider, ExternalProviderConfig> {
  const result = {} as Record<OAuthProvider, ExternalProviderConfig>;
  for (const provider of OAUTH_PROVIDERS) {
    const table = `auth.external.${provider}`;
    result[provider] = {
      enabled: read(tables, table, 'enabled', false),
      clientId: fromEnv(read(tables, table, 'client_id', ''), env) ?? '',
      url: fromEnv(read(tables, table, 'url', ''), env) ?? '',
      skipNonceCheck: read(tables, table, 'skip_nonce_check', false),
    };
  }
  return result;
}

function read<T extends TomlValue>(tables: TomlTables, table: string, key: string, fallback: T): T {
  const value = tables[table]?.[key];
  if (value === undefined) return fallback;
  if (typeof value !== typeof fallback || Array.isArray(value) !== Array.isArray(fallback)) {
    throw new Error(`config.toml [${table}] ${key} has the wrong type`);
  }
  return value as T;
}

/**
 * `env(NAME)` values are filled from the environment as the CLI does; unset,
 * the local backend uses the local site (the CLI would refuse to push them).
 */
const LOCAL_SITE_URL = 'http://localhost:4173';

function fromEnv(value: string, env: NodeJS.ProcessEnv): string | undefined {
  const match = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
  if (!match?.[1]) return value;
  const filled = env[match[1]];
  return filled === undefined || filled.trim() === '' ? undefined : filled.trim();
}

/** Defaults are GoTrue's when config.toml says nothing. */
export function authConfigFrom(tables: TomlTables, root = REPO_ROOT, env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const templates = {} as Record<EmailKind, EmailTemplateConfig>;
  for (const kind of EMAIL_KINDS) {
    const table = `auth.email.template.${kind}`;
    const contentPath = read(tables, table, 'content_path', '');
    if (contentPath === '') throw new Error(`config.toml [${table}] content_path is required by the local backend`);
    templates[kind] = {
      subject: read(tables, table, 'subject', ''),
      // The CLI resolves content_path from the project root (where supabase/ lives).
      contentPath: resolve(root, contentPath),
    };
  }
  return {
    siteUrl: fromEnv(read(tables, 'auth', 'site_url', LOCAL_SITE_URL), env) ?? LOCAL_SITE_URL,
    additionalRedirectUrls: read(tables, 'auth', 'additional_redirect_urls', [] as string[])
      .flatMap((entry) => (fromEnv(entry, env) ?? '').split(','))
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    enableSignup: read(tables, 'auth', 'enable_signup', true) && read(tables, 'auth.email', 'enable_signup', true),
    enableConfirmations: read(tables, 'auth.email', 'enable_confirmations', false),
    secureEmailChange: read(tables, 'auth.email', 'double_confirm_changes', true),
    minimumPasswordLength: read(tables, 'auth', 'minimum_password_length', 6),
    passwordRequiredCharacters: passwordRequiredCharacters(read(tables, 'auth', 'password_requirements', '')),
    emailMaxFrequency: parseDurationSeconds(read(tables, 'auth.email', 'max_frequency', '60s')),
    otpExpiry: read(tables, 'auth.email', 'otp_expiry', 3600),
    templates,
    rateLimit: rateLimitFrom(tables),
    enableManualLinking: read(tables, 'auth', 'enable_manual_linking', false),
    external: externalFrom(tables, env),
    captcha: captchaFrom(tables, env),
    mfa: {
      maxEnrolledFactors: read(tables, 'auth.mfa', 'max_enrolled_factors', 10),
      totpEnroll: read(tables, 'auth.mfa.totp', 'enroll_enabled', false),
      totpVerify: read(tables, 'auth.mfa.totp', 'verify_enabled', false),
      phoneEnroll: read(tables, 'auth.mfa.phone', 'enroll_enabled', false),
      phoneVerify: read(tables, 'auth.mfa.phone', 'verify_enabled', false),
    },
  };
}

/** The CLI's defaults when `[auth.rate_limit]` leaves a key out. */
function rateLimitFrom(tables: TomlTables): RateLimitConfig {
  const limit = (key: string, fallback: number) => {
    const value = read(tables, 'auth.rate_limit', key, fallback);
    if (!Number.isInteger(value) || value <= 0) {
      throw new Error(`config.toml [auth.rate_limit] ${key} must be a whole number above 0`);
    }
    return value;
  };
  return {
    emailSent: limit('email_sent', 2),
    smsSent: limit('sms_sent', 30),
    anonymousUsers: limit('anonymous_users', 30),
    tokenRefresh: limit('token_refresh', 150),
    signInSignUps: limit('sign_in_sign_ups', 30),
    tokenVerifications: limit('token_verifications', 30),
  };
}

export function loadAuthConfig(file = CONFIG_FILE): AuthConfig {
  return authConfigFrom(parseToml(readFileSync(file, 'utf8')));
}

export interface StorageConfig {
  /** The project-wide upload limit in bytes (`[storage] file_size_limit`); a bucket's own limit can only lower it. */
  fileSizeLimit: number;
}

/**
 * Sizes as config.toml writes them: "50MiB", "1MB", "512KiB", "1024".
 * Like the CLI, KB/MB/GB are read as the binary units (1024-based).
 */
export function parseSizeBytes(value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(value);
  if (!match?.[1]) throw new Error(`Unsupported size "${value}"`);
  const unit = (match[2] ?? 'b').toLowerCase()[0];
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  return Math.floor(Number(match[1]) * factor);
}

/** The CLI's default when config.toml says nothing. */
const DEFAULT_FILE_SIZE_LIMIT = '50MiB';

export function storageConfigFrom(tables: TomlTables): StorageConfig {
  return { fileSizeLimit: parseSizeBytes(read(tables, 'storage', 'file_size_limit', DEFAULT_FILE_SIZE_LIMIT)) };
}

export function loadStorageConfig(file = CONFIG_FILE): StorageConfig {
  return storageConfigFrom(parseToml(readFileSync(file, 'utf8')));
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
/** GoTrue's symbol set for lower_upper_letters_digits_symbols (the CLI's mapping). */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The Supabase CLI's `password_requirements` values, as the character sets GoTrue checks. */
export function passwordRequiredCharacters(requirements: string): string[] {
  switch (requirements) {
    case '':
      return [];
    case 'letters_digits':
      return [LOWER + UPPER, DIGITS];
    case 'lower_upper_letters_digits':
      return [LOWER, UPPER, DIGITS];
    case 'lower_upper_letters_digits_symbols':
      return [LOWER, UPPER, DIGITS, PASSWORD_SYMBOLS];
    default:
      throw new Error(
        `config.toml: [auth] password_requirements must be one of "", letters_digits, lower_upper_letters_digits, lower_upper_letters_digits_symbols; got ${JSON.stringify(requirements)}`,
      );
  }
}
