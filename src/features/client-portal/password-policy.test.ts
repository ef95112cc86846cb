import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, passwordPolicyError } from '@/features/client-portal/password-policy';

describe('checkPasswordPolicy', () => {
  it('accepts 8+ characters with an uppercase letter and a special character', () => {
    expect(checkPasswordPolicy('Olive#oil')).toEqual({ minLength: true, uppercase: true, special: true, ok: true });
  });

  it.each([
    ['too short', 'Ab#1234', { minLength: false, uppercase: true, special: true }],
    ['no uppercase', 'olive#oil', { minLength: true, uppercase: false, special: true }],
    ['no special character', 'OliveOil1', { minLength: true, uppercase: true, special: false }],
    ['a special character outside the list', 'OliveOil_-+', { minLength: true, uppercase: true, special: false }],
  ])('refuses a password with %s', (_label, password, expected) => {
    expect(checkPasswordPolicy(password)).toEqual({ ...expected, ok: false });
  });

  it('knows every special character of the spec', () => {
    for (const c of '!@#$%^&*(),.?":{}|<>') expect(checkPasswordPolicy(`Abcdefg${c}`).special).toBe(true);
  });
});

describe('passwordPolicyError', () => {
  it('is enforced only in request mode', () => {
    expect(passwordPolicyError('request', 'weak')).toBe('passwordPolicy');
    expect(passwordPolicyError('request', 'Strong#Pass')).toBeNull();
    expect(passwordPolicyError('sign-in', 'weak')).toBeNull();
  });
});
