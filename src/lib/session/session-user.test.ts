import { describe, expect, it } from 'vitest';
import { sessionVouchesForAddress, toSessionUser, type AuthUser } from './session-user';

const base = { id: 'u1', email: 'marta@example.com', aud: 'authenticated', app_metadata: {}, created_at: '' };

describe('toSessionUser names', () => {
  it('prefers the names the person typed', () => {
    const user = { ...base, user_metadata: { first_name: 'Rita', last_name: 'Request' } } as unknown as AuthUser;
    expect(toSessionUser(user)).toMatchObject({ firstName: 'Rita', lastName: 'Request' });
  });

  it("splits a provider's whole name when the account has none of its own", () => {
    const user = {
      ...base,
      user_metadata: {},
      identities: [{ provider: 'azure', identity_data: { full_name: 'Marta  de Oliveira', email: base.email } }],
    } as unknown as AuthUser;
    expect(toSessionUser(user)).toMatchObject({ firstName: 'Marta', lastName: 'de Oliveira' });
  });

  it("uses a provider's given and family names when it sends them", () => {
    const user = {
      ...base,
      user_metadata: {},
      identities: [{ provider: 'google', identity_data: { name: 'Jo Li', given_name: 'Jo', family_name: 'Li Wen' } }],
    } as unknown as AuthUser;
    expect(toSessionUser(user)).toMatchObject({ firstName: 'Jo', lastName: 'Li Wen' });
  });

  it('has no names when neither the account nor a provider gives one', () => {
    expect(toSessionUser({ ...base, user_metadata: {} } as unknown as AuthUser)).toMatchObject({
      firstName: null,
      lastName: null,
    });
  });
});

describe('sessionVouchesForAddress', () => {
  const token = (claims: unknown) => ({ access_token: `x.${btoa(JSON.stringify(claims))}.y` });
  it('is true for a provider or mailed-link session, false for a password or a broken token', () => {
    expect(sessionVouchesForAddress(token({ amr: [{ method: 'oauth', timestamp: 1 }] }))).toBe(true);
    expect(sessionVouchesForAddress(token({ amr: [{ method: 'otp', timestamp: 1 }] }))).toBe(true);
    expect(sessionVouchesForAddress(token({ amr: [{ method: 'password', timestamp: 1 }] }))).toBe(false);
    expect(sessionVouchesForAddress({ access_token: 'nonsense' })).toBe(false);
  });
});
