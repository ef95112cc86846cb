import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardEarly, takeEarly } from '@/lib/early/early-queries';
import { sessionKeys } from '@/lib/session/session-keys';
import { EARLY_QUERIES, roleKey, startEarlyQueries } from './early-start';

const session = { accessToken: 'token', userId: 'user-a', expiresAt: Date.now() + 3_600_000 };

afterEach(() => {
  discardEarly();
  vi.unstubAllGlobals();
});

describe('early start', () => {
  it('asks for the role under the role query’s own key', () => {
    expect(roleKey('u')).toEqual(sessionKeys.role('u'));
  });

  it('starts the role and the documents of the dashboard with the stored token, in both languages', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        urls.push(url);
        expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token');
        return Promise.resolve(new Response('[]', { status: 200 }));
      }),
    );
    expect(startEarlyQueries('/fr/client/dashboard', session)).toBe(true);
    expect(urls.some((url) => url.includes('/rest/v1/user_roles?') && url.includes('user_id=eq.user-a'))).toBe(true);
    expect(urls.some((url) => url.includes('/rest/v1/documents?'))).toBe(true);
    const fresh = vi.fn(() => Promise.resolve([]));
    await takeEarly(['client-portal', 'documents'], fresh, Date.now(), 'user-a');
    expect(fresh).not.toHaveBeenCalled();
  });

  it('starts nothing on a public page, a sign-in page, or without a stored session', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(startEarlyQueries('/', session)).toBe(false);
    expect(startEarlyQueries('/client/login', session)).toBe(false);
    expect(startEarlyQueries('/client/dashboard', null)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts the admin dashboard’s figures on the dashboard only', () => {
    expect(EARLY_QUERIES.adminPortal?.('/admin-portal/dashboard')).toHaveLength(1);
    expect(EARLY_QUERIES.adminPortal?.('/admin-portal/leads')).toEqual([]);
  });

  it('starts the admin figures only for an admin at aal2: never for another staff role or before the second factor', async () => {
    const token = (aal: string) => `e30.${btoa(JSON.stringify({ aal })).replace(/=+$/, '')}.sig`;
    const run = async (role: string, aal: string) => {
      const urls: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) => {
          urls.push(url);
          const body = url.includes('/rest/v1/user_roles?') ? JSON.stringify([{ role }]) : '{}';
          return Promise.resolve(new Response(body, { status: 200 }));
        }),
      );
      startEarlyQueries('/admin-portal/dashboard', { ...session, accessToken: token(aal) });
      // The role's answer, then what it starts.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setTimeout(resolve, 0));
      discardEarly();
      return urls.some((url) => url.includes('/rpc/admin_dashboard'));
    };
    expect(await run('admin', 'aal2')).toBe(true);
    expect(await run('editor', 'aal2')).toBe(false);
    expect(await run('account_manager', 'aal2')).toBe(false);
    expect(await run('admin', 'aal1')).toBe(false);
  });
});
