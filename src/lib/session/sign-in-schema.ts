import { z } from '@/lib/validation/zod';
import type { Messages } from '@/i18n/messages/en';

export type SignInErrorKey = keyof Messages['auth']['errors'];

const key = (k: SignInErrorKey) => k;

/** Email and password required, email well formed; messages are catalog keys. */
export const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, key('emailRequired'))
    .max(254, key('emailInvalid'))
    .pipe(z.email(key('emailInvalid'))),
  password: z.string().min(1, key('passwordRequired')),
});

export type SignInValues = z.infer<typeof signInSchema>;
