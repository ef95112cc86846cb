/**
 * supabase/seed.sql must sign in on the Supabase CLI's own stack (`supabase
 * start` / `db reset`, where GoTrue reads auth.users) as well as on the local
 * backend. GoTrue finds a user with `instance_id = '00000000-…'`, lower(email),
 * aud and is_sso_user = false, and scans the token and change columns below
 * into plain (non-null) strings: a null there fails every sign-in with a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNTS } from '../../supabase/local/keys.ts';
import { startTestBackend, type TestBackend } from './helpers.ts';

/** auth.users columns GoTrue's User model reads as non-null strings. */
const GOTRUE_STRING_COLUMNS = [
  'confirmation_token',
  'recovery_token',
  'email_change_token_current',
  'email_change_token_new',
  'email_change',
  'phone_change',
  'phone_change_token',
  'reauthentication_token',
];
const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

describe('seeded accounts', () => {
  it.each(LOCAL_ACCOUNTS.map((account) => [account.email, account] as const))(
    '%s has the shape GoTrue reads, an email identity and its documented password',
    async (email, account) => {
      const found = await backend.db.query<Record<string, unknown>>(
        `select u.*, extensions.crypt($2, u.encrypted_password) = u.encrypted_password as password_ok
         from auth.users u
         where u.instance_id = $3 and lower(u.email) = lower($1) and u.aud = 'authenticated' and not u.is_sso_user`,
        [email, account.password, ZERO_UUID],
      );
      expect(found).toHaveLength(1);
      const user = found[0] ?? {};
      expect(user.role).toBe('authenticated');
      expect(user.email_confirmed_at).not.toBeNull();
      expect(user.password_ok).toBe(true);
      expect(String(user.encrypted_password)).toMatch(/^\$2[aby]\$/);
      for (const column of GOTRUE_STRING_COLUMNS) expect(user[column], column).toBe('');
      expect(user.email_change_confirm_status).toBe(0);

      const identities = await backend.db.query<{ provider_id: string; sub: string; email: string }>(
        `select provider_id, identity_data->>'sub' as sub, identity_data->>'email' as email
         from auth.identities where user_id = $1 and provider = 'email'`,
        [String(user.id)],
      );
      expect(identities).toEqual([{ provider_id: String(user.id), sub: String(user.id), email }]);
    },
  );

  it('every seeded account signs in on the local backend', async () => {
    for (const account of LOCAL_ACCOUNTS) {
      const { data, error } = await backend.client().auth.signInWithPassword(account);
      expect(error, account.email).toBeNull();
      expect(data.user?.email).toBe(account.email);
    }
  });
});
