/** What every auth endpoint gets: the database, settings and where mail goes. */
import type { AuthConfig } from '../config.ts';
import type { LocalDatabase } from '../db.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { CaptchaVerifier } from './captcha.ts';
import type { IdentityProviders } from './providers.ts';
import type { AuthRateLimiter } from './rate-limit.ts';
import type { TokenSettings } from './store.ts';

export interface AuthContext {
  db: LocalDatabase;
  /** Messages for the developer (reset links). */
  notice: (line: string) => void;
  /** Unexpected failures (bugs): always printed, on stderr. */
  logError: (line: string) => void;
  publicUrl: string;
  jwtExpiry: number;
  /** Seconds during which a just-rotated refresh token still answers (config.toml: 10). */
  refreshTokenReuseInterval: number;
  /** supabase/config.toml's auth settings. */
  config: AuthConfig;
  /** Where auth e-mails go (the local inbox). */
  mailer: Mailer;
  /** config.toml's [auth.rate_limit], kept in memory. */
  limits: AuthRateLimiter;
  /**
   * A TOTP code already accepted for a factor is refused after (RFC 6238
   * §5.2). Only sign-in heavy test backends turn this off.
   */
  refuseReusedTotp: boolean;
  /** The CAPTCHA provider's siteverify (locally, the Turnstile stand-in of stand-ins/captcha). */
  verifyCaptcha: CaptchaVerifier;
  /** Microsoft and Google (locally, the stand-in of stand-ins/identity-providers). */
  identityProviders: IdentityProviders;
}

export function tokenSettings(ctx: AuthContext): TokenSettings {
  return { issuer: `${ctx.publicUrl}/auth/v1`, expirySeconds: ctx.jwtExpiry };
}
