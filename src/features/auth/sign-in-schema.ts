import { z } from '@/lib/validation/zod';
import type { Messages } from '@/i18n/messages/en';

export type SignInErrorKey = keyof Messages['auth']['errors'];

const key = (k: SignInErrorKey) => k;

/** An account's e-mail address: required and well formed (trimmed); messages are catalog keys. */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1, key('emailRequired')), z.maxLength(254, key('emailInvalid'))),
  z.email(key('emailInvalid')),
);

/** Email and password required, email well formed; messages are catalog keys. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, key('passwordRequired'))),
});

export type SignInValues = z.infer<typeof signInSchema>;

export type SignInFieldErrors = Partial<Record<keyof SignInValues, SignInErrorKey>>;

/** The sign-in form's check: the trimmed values, or a catalog key per invalid field. */
export function checkSignIn(
  values: SignInValues,
): { ok: true; values: SignInValues } | { ok: false; errors: SignInFieldErrors } {
  const checked = z.safeParse(signInSchema, values);
  if (checked.success) return { ok: true, values: checked.data };
  const errors: SignInFieldErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message as SignInErrorKey;
  }
  return { ok: false, errors };
}

/** One e-mail address checked by the sign-in form's rule: the trimmed address, or the catalog key of its problem. */
export function checkEmail(value: string): { ok: true; email: string } | { ok: false; error: SignInErrorKey } {
  const checked = z.safeParse(emailSchema, value);
  return checked.success
    ? { ok: true, email: checked.data }
    : { ok: false, error: checked.error.issues[0]?.message as SignInErrorKey };
}
