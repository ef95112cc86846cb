import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Analytics from '@/integrations/analytics/record-page-load';
import { pageLoadEvent } from '@/integrations/analytics/record-page-load';

let recordPageLoad: typeof Analytics.recordPageLoad;

beforeEach(async () => {
  // Fresh module: "once per page load" is module state.
  vi.resetModules();
  ({ recordPageLoad } = await import('@/integrations/analytics/record-page-load'));
});

afterEach(() => {
  localStorage.clear();
});

function fakeWindow(pathname: string, userAgent = 'Mozilla/5.0 (Test)', storage: Storage = localStorage) {
  return { location: { pathname } as Location, navigator: { userAgent } as Navigator, localStorage: storage };
}

describe('recordPageLoad', () => {
  it('inserts one app_initialized row with the pathname and user agent', async () => {
    const insert = vi.fn(() => Promise.resolve());
    await expect(recordPageLoad(insert, fakeWindow('/fr/teams'))).resolves.toBe(true);
    expect(insert).toHaveBeenCalledExactlyOnceWith('analytics_events', {
      name: 'app_initialized',
      pathname: '/fr/teams',
      user_agent: 'Mozilla/5.0 (Test)',
    });
  });

  it('sends it only once per page load', async () => {
    const insert = vi.fn(() => Promise.resolve());
    await recordPageLoad(insert, fakeWindow('/'));
    await recordPageLoad(insert, fakeWindow('/privacy'));
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when cookie consent was declined', async () => {
    localStorage.setItem('cookie-consent', 'declined');
    const insert = vi.fn(() => Promise.resolve());
    await expect(recordPageLoad(insert, fakeWindow('/'))).resolves.toBe(false);
    expect(insert).not.toHaveBeenCalled();
  });

  it('sends it when consent was accepted or not yet given', async () => {
    localStorage.setItem('cookie-consent', 'accepted');
    const insert = vi.fn(() => Promise.resolve());
    await recordPageLoad(insert, fakeWindow('/'));
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it('still works when storage is blocked', async () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    const insert = vi.fn(() => Promise.resolve());
    await recordPageLoad(insert, fakeWindow('/', 'UA', blocked));
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it('never throws and warns (not errors) when the insert fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const insert = vi.fn(() => Promise.reject(new Error('HTTP 500')));
    await expect(recordPageLoad(insert, fakeWindow('/'))).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});

describe('pageLoadEvent', () => {
  it('truncates to the table’s check constraints, by code point', () => {
    const event = pageLoadEvent(`/${'é'.repeat(3000)}`, '😀'.repeat(600));
    expect(Array.from(event.pathname)).toHaveLength(2048);
    expect(Array.from(event.user_agent ?? '')).toHaveLength(512);
    expect(event.user_agent).toBe('😀'.repeat(512));
  });

  it('stores an empty user agent as null and an empty path as /', () => {
    expect(pageLoadEvent('', '')).toEqual({ name: 'app_initialized', pathname: '/', user_agent: null });
  });
});
