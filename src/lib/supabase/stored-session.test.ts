import { describe, expect, it } from 'vitest';
import { authStorageKey, hasStoredSession } from './stored-session';

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
