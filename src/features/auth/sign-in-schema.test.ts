import { describe, expect, it } from 'vitest';
import { checkEmail, checkSignIn } from './sign-in-schema';

describe('checkSignIn', () => {
  it('returns the trimmed address with the password as typed', () => {
    expect(checkSignIn({ email: '  ada@example.com ', password: ' secret ' })).toEqual({
      ok: true,
      values: { email: 'ada@example.com', password: ' secret ' },
    });
  });

  it('names each invalid field with its catalog key', () => {
    expect(checkSignIn({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'emailRequired', password: 'passwordRequired' },
    });
    expect(checkSignIn({ email: 'not-an-address', password: 'x' })).toEqual({
      ok: false,
      errors: { email: 'emailInvalid' },
    });
  });
});

describe('checkEmail', () => {
  it('applies the sign-in rule to one address', () => {
    expect(checkEmail(' ada@example.com')).toEqual({ ok: true, email: 'ada@example.com' });
    expect(checkEmail('')).toEqual({ ok: false, error: 'emailRequired' });
    expect(checkEmail('nom@exemple')).toEqual({ ok: false, error: 'emailInvalid' });
  });
});
