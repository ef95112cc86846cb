import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PageViews from '@/integrations/analytics/page-views';
import { deviceOf, languageOf, referrerHostOf } from '@/integrations/analytics/page-views';

let recordPageView: typeof PageViews.recordPageView;
let recordFormSeen: typeof PageViews.recordFormSeen;
let recordNotFound: typeof PageViews.recordNotFound;

beforeEach(async () => {
  // Fresh module: "the first view of a page load" is module state.
  vi.resetModules();
  ({ recordPageView, recordFormSeen, recordNotFound } = await import('@/integrations/analytics/page-views'));
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]?.trim()}=; max-age=0`;
  });
});

function fakeWindow(url: string, referrer = '', innerWidth = 1280) {
  const location = new URL(url) as unknown as Location;
  return { location, innerWidth, document: { referrer } };
}

describe('recordPageView', () => {
  it('sends the path without its query, language, device and the outside referrer host, once per call', async () => {
    const call = vi.fn(() => Promise.resolve(undefined as never));
    await expect(
      recordPageView(
        fakeWindow('https://olea.test/fr/teams?utm=x#a', 'https://www.Google.ca/search?q=olive', 375),
        call,
      ),
    ).resolves.toBe(true);
    expect(call).toHaveBeenCalledExactlyOnceWith(
      'record_page_view',
      { path: '/fr/teams', language: 'fr', device: 'phone', referrer_host: 'www.google.ca' },
      { keepalive: true },
    );
    // In-app navigation: no referrer.
    await recordPageView(fakeWindow('https://olea.test/privacy', 'https://www.google.ca/', 800), call);
    expect(call).toHaveBeenLastCalledWith(
      'record_page_view',
      { path: '/privacy', language: 'en', device: 'tablet', referrer_host: null },
      { keepalive: true },
    );
  });

  it('writes no cookie and nothing to storage, and is sent whatever the cookie answer', async () => {
    localStorage.setItem('cookie-consent', 'declined');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const call = vi.fn(() => Promise.resolve(undefined as never));
    await recordPageView(fakeWindow('https://olea.test/'), call);
    await recordFormSeen('contact', fakeWindow('https://olea.test/contact'), call);
    expect(call).toHaveBeenCalledTimes(2);
    expect(call).toHaveBeenLastCalledWith(
      'record_page_view',
      { path: '/contact', language: 'en', device: 'desktop', referrer_host: null, kind: 'form_seen', form: 'contact' },
      { keepalive: true },
    );
    expect(setItem).not.toHaveBeenCalled();
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(1);
    expect(sessionStorage.length).toBe(0);
  });

  it('reports the 404 page as a 404 of its path, without a referrer', async () => {
    const call = vi.fn(() => Promise.resolve(undefined as never));
    await expect(
      recordNotFound(fakeWindow('https://olea.test/fr/evil.example/phish?x=1', 'https://evil.example/'), call),
    ).resolves.toBe(true);
    expect(call).toHaveBeenCalledWith(
      'record_page_view',
      { path: '/fr/evil.example/phish', language: 'fr', device: 'desktop', referrer_host: null, kind: 'not_found' },
      { keepalive: true },
    );
  });

  it('never throws when sending fails', async () => {
    const call = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(recordPageView(fakeWindow('https://olea.test/'), call)).resolves.toBe(false);
  });
});

describe('parts of a page view', () => {
  it('classes the viewport, reads the language from the path and keeps only outside referrer hosts', () => {
    expect([deviceOf(375), deviceOf(639), deviceOf(640), deviceOf(1023), deviceOf(1024)]).toEqual([
      'phone',
      'phone',
      'tablet',
      'tablet',
      'desktop',
    ]);
    expect([languageOf('/fr'), languageOf('/fr/x'), languageOf('/fresh'), languageOf('/')]).toEqual([
      'fr',
      'fr',
      'en',
      'en',
    ]);
    expect(referrerHostOf('https://olea.test/x', 'olea.test')).toBeNull();
    expect(referrerHostOf('', 'olea.test')).toBeNull();
    expect(referrerHostOf('not a url', 'olea.test')).toBeNull();
    expect(referrerHostOf('https://duckduckgo.com/', 'olea.test')).toBe('duckduckgo.com');
  });
});
