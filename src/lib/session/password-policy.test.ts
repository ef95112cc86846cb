import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, passwordRuleText, PASSWORD_RULES } from './password-policy';
import { unguessablePassword } from '@/lib/session/account-api';
import { en } from '@/i18n/messages/en';
import { fr } from '@/i18n/messages/fr';

describe('checkPasswordPolicy', () => {
  it('accepts 8+ characters with a lowercase and an uppercase letter, a digit and a symbol', () => {
    expect(checkPasswordPolicy('Olive#oil1')).toEqual({
      rules: { length: true, lowercase: true, uppercase: true, digit: true, symbol: true },
      ok: true,
    });
  });

  it.each([
    ['too short', 'Ab#1234', 'length'],
    ['no lowercase letter', 'OLIVE#OIL1', 'lowercase'],
    ['no uppercase letter', 'olive#oil1', 'uppercase'],
    ['no digit', 'Olive#oil', 'digit'],
    ['no symbol', 'OliveOil1', 'symbol'],
    ['a symbol outside the list', 'OliveOil1é€', 'symbol'],
  ])('refuses a password with %s', (_label, password, failed) => {
    const policy = checkPasswordPolicy(password);
    expect(policy.ok).toBe(false);
    expect(Object.entries(policy.rules).filter(([, met]) => !met)).toEqual([[failed, false]]);
  });

  it('knows every symbol GoTrue counts', () => {
    for (const c of '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~') {
      expect(checkPasswordPolicy(`Abcdefg1${c}`).rules.symbol).toBe(true);
    }
  });

  it('makes throwaway passwords that meet the policy and differ every time', () => {
    const a = unguessablePassword();
    expect(checkPasswordPolicy(a).ok).toBe(true);
    expect(a.length).toBeGreaterThanOrEqual(20);
    expect(unguessablePassword()).not.toBe(a);
  });
});

describe('passwordRuleText', () => {
  it('puts the policy values into both languages and has a text for every rule', () => {
    for (const catalog of [en, fr]) {
      const texts = catalog.auth.request.ruleTexts;
      for (const { rule } of PASSWORD_RULES) expect(passwordRuleText(rule, texts)).not.toMatch(/[{}]min|\{symbols\}/);
      expect(passwordRuleText('length', texts)).toContain('8');
      expect(passwordRuleText('symbol', texts)).toContain('! @ # $');
    }
  });
});
