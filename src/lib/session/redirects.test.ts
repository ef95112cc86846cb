import { describe, expect, it } from 'vitest';
import { canOpen, destinationAfterSignIn, homeFor, safeFromPath, signInHref } from '@/lib/session/redirects';

describe('safeFromPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeFromPath('/admin-portal/sections')).toBe('/admin-portal/sections');
    expect(safeFromPath('/fr/client/dashboard?tab=2#orders')).toBe('/fr/client/dashboard?tab=2#orders');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab hiding a second slash', '/\t/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'admin-portal'],
    ['a dot segment before a second slash', '/.//evil.example'],
    ['a parent segment before a second slash', '/a/..//evil.example'],
    ['an escaped dot segment', '/%2e//evil.example'],
    ['an escaped dot segment, upper case', '/%2E//evil.example/x'],
    ['a dot segment before a backslash', '/./\\evil.example'],
    ['two dot segments', '/././/evil.example'],
    ['nothing', ''],
    ['null', null],
  ])('refuses %s', (_label, raw) => {
    expect(safeFromPath(raw)).toBeNull();
  });
});

describe('canOpen', () => {
  it('lets only staff into the admin portal (its sections decide per role)', () => {
    expect(canOpen('/admin-portal/feature-flags', 'admin')).toBe(true);
    expect(canOpen('/admin-portal/orders', 'account_manager')).toBe(true);
    expect(canOpen('/admin-portal/content', 'editor')).toBe(true);
    expect(canOpen('/admin-portal/feature-flags', 'client')).toBe(false);
    expect(canOpen('/admin-portal', null)).toBe(false);
  });

  it('lets only clients into the client dashboard, in both languages', () => {
    expect(canOpen('/client/dashboard', 'client')).toBe(true);
    expect(canOpen('/fr/client/dashboard', 'client')).toBe(true);
    expect(canOpen('/client/dashboard', 'admin')).toBe(false);
    expect(canOpen('/client/dashboard', 'account_manager')).toBe(false);
    expect(canOpen('/fr/client/dashboard?x=1', null)).toBe(false);
  });

  it('never sends anyone back to a sign-in page', () => {
    expect(canOpen('/admin/login', 'admin')).toBe(false);
    expect(canOpen('/fr/client/login', 'client')).toBe(false);
  });

  it('lets anyone open public pages', () => {
    expect(canOpen('/fr/insights/news', null)).toBe(true);
    expect(canOpen('/', 'client')).toBe(true);
  });
});

describe('destinationAfterSignIn (decision 001)', () => {
  it('returns to `from` when the account may open it', () => {
    expect(destinationAfterSignIn('/admin-portal/sections', 'admin', 'en')).toBe('/admin-portal/sections');
    expect(destinationAfterSignIn('/fr/client/dashboard', 'client', 'fr')).toBe('/fr/client/dashboard');
  });

  it("otherwise goes to the role's home, in the page's language", () => {
    expect(destinationAfterSignIn('/admin-portal/sections', 'client', 'en')).toBe('/client/dashboard');
    expect(destinationAfterSignIn('/admin-portal/sections', 'client', 'fr')).toBe('/fr/client/dashboard');
    expect(destinationAfterSignIn(null, 'admin', 'fr')).toBe('/admin-portal/dashboard');
    expect(destinationAfterSignIn('/client/dashboard', null, 'en')).toBe('/client/account');
    expect(destinationAfterSignIn(null, null, 'fr')).toBe('/fr/client/account');
  });

  it('ignores a `from` pointing off the site', () => {
    expect(destinationAfterSignIn('https://evil.example', 'admin', 'en')).toBe('/admin-portal/dashboard');
    expect(destinationAfterSignIn('//evil.example', null, 'en')).toBe('/client/account');
  });

  it.each(['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example', '/./\\evil.example'])(
    "sends a `from` that normalises to another host (%s) to the role's home",
    (from) => {
      expect(destinationAfterSignIn(from, 'admin', 'en')).toBe('/admin-portal/dashboard');
      expect(destinationAfterSignIn(from, 'client', 'fr')).toBe('/fr/client/dashboard');
      expect(destinationAfterSignIn(from, null, 'en')).toBe('/client/account');
    },
  );

  it("sends a `from` the site has no page for to the role's home", () => {
    expect(destinationAfterSignIn('/no-such-page', 'client', 'en')).toBe('/client/dashboard');
    expect(destinationAfterSignIn('/fr/admin-portal/sections', 'admin', 'fr')).toBe('/admin-portal/dashboard');
  });

  it('keeps a `from` whose dot segments resolve to a page the account may open', () => {
    expect(destinationAfterSignIn('/x/../admin-portal/sections', 'admin', 'en')).toBe('/admin-portal/sections');
  });
});

describe('signInHref', () => {
  it('carries the location in `from`, in the right language', () => {
    expect(signInHref('en', '/admin-portal/sections?x=1')).toBe('/admin/login?from=%2Fadmin-portal%2Fsections%3Fx%3D1');
    expect(signInHref('fr', '/fr/client/dashboard')).toBe('/fr/admin/login?from=%2Ffr%2Fclient%2Fdashboard');
    expect(signInHref('fr')).toBe('/fr/admin/login');
  });
});

describe('homeFor', () => {
  it('sends every staff role to the admin dashboard, a client to theirs, anyone else to their request', () => {
    for (const role of ['admin', 'account_manager', 'editor'] as const) {
      expect(homeFor(role, 'en')).toBe('/admin-portal/dashboard');
    }
    expect(homeFor('client', 'fr')).toBe('/fr/client/dashboard');
    expect(homeFor(null, 'en')).toBe('/client/account');
  });
});
