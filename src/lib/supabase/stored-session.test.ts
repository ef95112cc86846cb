import { describe, expect, it } from 'vitest';
import { authStorageKey, hasStoredSession, readStoredSession } from './stored-session';

const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

describe('authStorageKey', () => {
  it('is supabase-js default key: the first label of the project host', () => {
    expect(authStorageKey('https://abcdefgh.supabase.co')).toBe('sb-abcdefgh-auth-token');
    expect(authStorageKey('http://127.0.0.1:54570')).toBe('sb-127-auth-token');
  });
});

describe('hasStoredSession', () => {
  const url = 'https://abcdefgh.supabase.co';

  it('is true when the auth key holds a value', () => {
    expect(hasStoredSession(url, storage({ 'sb-abcdefgh-auth-token': '{"access_token":"x"}' }))).toBe(true);
  });

  it('is false without the key, or with another project’s key', () => {
    expect(hasStoredSession(url, storage({}))).toBe(false);
    expect(hasStoredSession(url, storage({ 'sb-other-auth-token': '{}' }))).toBe(false);
  });

  it('is false when storage is missing or refuses to be read', () => {
    expect(hasStoredSession(url, undefined)).toBe(false);
    expect(
      hasStoredSession(url, {
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe(false);
  });
});

describe('readStoredSession', () => {
  const url = 'https://abcdefgh.supabase.co';
  const now = 1_800_000_000_000;
  const stored = (value: unknown) => storage({ 'sb-abcdefgh-auth-token': JSON.stringify(value) });
  const session = { access_token: 'token', expires_at: now / 1000 + 3600, user: { id: 'user-1' } };

  it('gives the token, the user and the expiry of a session that is still valid', () => {
    expect(readStoredSession(url, stored(session), now)).toEqual({
      accessToken: 'token',
      userId: 'user-1',
      expiresAt: now + 3_600_000,
    });
  });

  it('is null for a token about to expire, or expired (supabase-js refreshes it first)', () => {
    expect(readStoredSession(url, stored({ ...session, expires_at: now / 1000 + 30 }), now)).toBeNull();
    expect(readStoredSession(url, stored({ ...session, expires_at: now / 1000 - 10 }), now)).toBeNull();
  });

  it('is null without a session, with a malformed one, or when storage refuses to be read', () => {
    expect(readStoredSession(url, storage({}), now)).toBeNull();
    expect(readStoredSession(url, storage({ 'sb-abcdefgh-auth-token': '{not json' }), now)).toBeNull();
    expect(readStoredSession(url, stored({ ...session, user: null }), now)).toBeNull();
    expect(readStoredSession(url, stored({ ...session, access_token: 1 }), now)).toBeNull();
    expect(
      readStoredSession(
        url,
        {
          getItem: () => {
            throw new Error('SecurityError');
          },
        },
        now,
      ),
    ).toBeNull();
  });
});
