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
