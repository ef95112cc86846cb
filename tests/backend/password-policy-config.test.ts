/**
 * The browser's password policy and the server's are one
 * (docs/decisions/126-password-policy-on-the-server.md): config.toml's
 * `[auth]` minimum and `password_requirements`, and the character sets the
 * local backend (like GoTrue) checks, equal the definition the checklist uses.
 */
import { describe, expect, it } from 'vitest';
import { loadAuthConfig, passwordRequiredCharacters } from '../../supabase/local/config.ts';
import { PASSWORD_MIN_LENGTH, PASSWORD_REQUIREMENTS, PASSWORD_RULES } from '../../src/lib/session/password-policy.ts';

describe('password policy', () => {
  it('config.toml sets the same minimum and requirements as the browser', () => {
    const config = loadAuthConfig();
    expect(config.minimumPasswordLength).toBe(PASSWORD_MIN_LENGTH);
    expect(config.passwordRequiredCharacters).toEqual(passwordRequiredCharacters(PASSWORD_REQUIREMENTS));
    expect(config.passwordRequiredCharacters).toEqual(
      PASSWORD_RULES.filter(({ rule }) => rule !== 'length').map(({ characters }) => characters),
    );
  });

  it('refuses a value GoTrue does not know', () => {
    expect(() => passwordRequiredCharacters('uppercase_special')).toThrow(/password_requirements/);
  });
});
