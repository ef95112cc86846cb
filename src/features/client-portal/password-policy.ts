/**
 * The client password policy: at least 8 characters, one uppercase letter and
 * one special character. The client sign-in page computes it but enforces it
 * only in request-access mode, where no password is typed, so sign-in itself is
 * never blocked by it.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export type PasswordPolicy = { minLength: boolean; uppercase: boolean; special: boolean; ok: boolean };

export function checkPasswordPolicy(password: string): PasswordPolicy {
  const minLength = password.length >= PASSWORD_MIN_LENGTH;
  const uppercase = /[A-Z]/.test(password);
  const special = [...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c));
  return { minLength, uppercase, special, ok: minLength && uppercase && special };
}

export type ClientLoginMode = 'sign-in' | 'request';

/** The catalog key to show, or null: the policy applies in request mode only. */
export function passwordPolicyError(mode: ClientLoginMode, password: string): 'passwordPolicy' | null {
  if (mode !== 'request') return null;
  return checkPasswordPolicy(password).ok ? null : 'passwordPolicy';
}
