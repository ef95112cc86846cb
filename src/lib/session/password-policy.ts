/**
 * The account password policy, the one definition the browser's checklist,
 * its texts (both languages) and the server share
 * (docs/decisions/126-password-policy-on-the-server.md): at least
 * `PASSWORD_MIN_LENGTH` characters with a lowercase letter, an uppercase
 * letter, a digit and a symbol. It is GoTrue's `password_requirements =
 * "lower_upper_letters_digits_symbols"` with `minimum_password_length = 8` in
 * supabase/config.toml, so GoTrue refuses on sign-up and on every password
 * change exactly what this checklist refuses; a test holds the two together.
 * Sign-in is never blocked by it.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** The `[auth] password_requirements` value this policy is. */
export const PASSWORD_REQUIREMENTS = 'lower_upper_letters_digits_symbols';
/** GoTrue's symbol set for that value. */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

export type PasswordRule = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'symbol';

/** Each rule with the characters it asks for one of (none for the length). */
export const PASSWORD_RULES: ReadonlyArray<{ rule: PasswordRule; characters: string }> = [
  { rule: 'length', characters: '' },
  { rule: 'lowercase', characters: 'abcdefghijklmnopqrstuvwxyz' },
  { rule: 'uppercase', characters: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' },
  { rule: 'digit', characters: '0123456789' },
  { rule: 'symbol', characters: PASSWORD_SYMBOLS },
];

export type PasswordPolicy = { rules: Record<PasswordRule, boolean>; ok: boolean };

export function checkPasswordPolicy(password: string): PasswordPolicy {
  const rules = Object.fromEntries(
    PASSWORD_RULES.map(({ rule, characters }) => [
      rule,
      rule === 'length'
        ? [...password].length >= PASSWORD_MIN_LENGTH
        : [...characters].some((c) => password.includes(c)),
    ]),
  ) as Record<PasswordRule, boolean>;
  return { rules, ok: Object.values(rules).every(Boolean) };
}

/**
 * A rule's text in the page's language: the catalog's sentence with the
 * policy's own values put in ({min}, {symbols}), so no language can drift
 * from the policy.
 */
export function passwordRuleText(rule: PasswordRule, texts: Record<PasswordRule, string>): string {
  return texts[rule]
    .replace('{min}', String(PASSWORD_MIN_LENGTH))
    .replace('{symbols}', [...PASSWORD_SYMBOLS].join(' '));
}
